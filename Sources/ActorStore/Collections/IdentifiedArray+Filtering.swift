extension IdentifiedArray {
  /// The elements that satisfy `isIncluded`, in order, as an identified array with the same id
  /// function (TCA's `IdentifiedArray.filter`). O(n).
  /// - Parameter isIncluded: Decides, for each element in order, whether it is kept.
  /// - Returns: The kept elements.
  @inlinable
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
    var kept = Self(id: extractID)
    for element in self where try isIncluded(element) { kept.append(element) }
    return kept
  }

  /// Removes the elements at `offsets` (e.g. SwiftUI's `onDelete` index set), keeping the order
  /// of the rest. Each offset counts once; an offset outside `0..<count` is reported as an issue
  /// and ignored, so nothing is lost. O(k · (B + n / B)) for k offsets, O(n) at most.
  /// - Parameter offsets: Indexes into the array as it is before the call.
  @inlinable
  public mutating func remove(atOffsets offsets: some Sequence<Int>) {
    var doomed: Set<Int> = []
    var outside: [Int] = []
    for offset in offsets {
      if offset >= 0, offset < count { doomed.insert(offset) } else { outside.append(offset) }
    }
    if !outside.isEmpty {
      reportIssue(
        """
        IdentifiedArray.remove(atOffsets:): \(outside.map(String.init).joined(separator: ", ")) \
        outside 0..<\(count); ignored.
        """)
    }
    let ids = doomed.map { extractID(self[$0]) }
    if ids.count <= count / 8 {
      for id in ids { remove(id: id) }
    } else {
      let doomedIDs = Set(ids)
      let extractID = extractID
      removeAll { doomedIDs.contains(extractID($0)) }
    }
  }
}
