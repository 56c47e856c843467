extension IdentifiedArray {
  /// Moves the element at `source` so that it ends up at index `destination`, like removing it
  /// and inserting it there. O(B + n / B).
  ///
  /// An index outside `0..<count` is reported as an issue and nothing moves.
  /// - Parameters:
  ///   - source: The current index of the element.
  ///   - destination: Its index after the move.
  @inlinable
  public mutating func move(from source: Int, to destination: Int) {
    guard source >= 0, source < count, destination >= 0, destination < count else {
      reportIssue(
        """
        IdentifiedArray.move: index \(source) or \(destination) is outside 0..<\(count); \
        nothing moved
        """)
      return
    }
    guard source != destination else { return }
    let slot = order.slot(at: source)
    order.moveSlot(slot, to: destination)
  }

  /// Moves the element with `id` so that it ends up at index `destination`. O(B + n / B).
  ///
  /// An absent `id` or an index outside `0..<count` is reported as an issue and nothing moves.
  /// - Parameters:
  ///   - id: The id of the element to move.
  ///   - destination: Its index after the move.
  @inlinable
  public mutating func move(id: ID, to destination: Int) {
    guard let source = index(id: id) else {
      reportIssue("IdentifiedArray.move: no element has id \(id); nothing moved")
      return
    }
    move(from: source, to: destination)
  }

  /// Moves the elements at `sourceOffsets`, keeping their relative order, to just before the
  /// element that is at `destination` before the move (at the end when `destination == count`),
  /// as SwiftUI's `onMove` describes a drag. O(n).
  ///
  /// An offset outside `0..<count` or a destination outside `0...count` is reported as an issue
  /// and nothing moves.
  /// - Parameters:
  ///   - sourceOffsets: The indices of the elements to move.
  ///   - destination: The index, before the move, that the moved elements go in front of.
  public mutating func move(
    fromOffsets sourceOffsets: some Sequence<Int>, toOffset destination: Int
  ) {
    var isMoved = [Bool](repeating: false, count: count)
    for offset in sourceOffsets {
      guard offset >= 0, offset < count else {
        reportIssue("IdentifiedArray.move: offset \(offset) is outside 0..<\(count); nothing moved")
        return
      }
      isMoved[offset] = true
    }
    guard destination >= 0, destination <= count else {
      reportIssue(
        "IdentifiedArray.move: destination \(destination) is outside 0...\(count); nothing moved")
      return
    }
    let slots = Array(order.makeSlotIterator())
    let indices = slots.indices
    let reordered =
      indices[..<destination].filter { !isMoved[$0] } + indices.filter { isMoved[$0] }
      + indices[destination...].filter { !isMoved[$0] }
    guard !reordered.elementsEqual(indices) else { return }
    order.reorder(reordered.map { slots[$0] })
  }

  /// Sorts the elements in place with `areInIncreasingOrder`. O(n log n). If it throws, the
  /// array is left unchanged.
  /// - Parameter areInIncreasingOrder: Whether its first argument belongs before its second.
  @inlinable
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    let slots = Array(order.makeSlotIterator())
    // A valid slot always holds a value outside an in-place edit.
    let sorted = try slots.sorted { try areInIncreasingOrder(values[$0]!, values[$1]!) }
    guard sorted != slots else { return }
    order.reorder(sorted)
  }
}
