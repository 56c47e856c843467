extension IdentifiedArray {
  /// Appends `element` unless an element already has its id (a duplicate is reported as an
  /// issue). Amortized O(1).
  /// - Parameter element: The element to add.
  /// - Returns: Whether it was added, and the index of the element with its id.
  @inlinable
  @discardableResult
  public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
    insert(element, at: count)
  }

  /// Appends each element of `elements` in order, skipping (and reporting) those whose id is
  /// already present.
  /// - Parameter elements: The elements to add.
  @inlinable
  public mutating func append(contentsOf elements: some Sequence<Element>) {
    for element in elements { append(element) }
  }

  /// Inserts `element` at `index` unless an element already has its id (a duplicate is reported
  /// as an issue and nothing changes). O(B + n / B).
  ///
  /// An `index` outside `0...count` is reported as an issue and clamped into that range.
  /// - Parameters:
  ///   - element: The element to add.
  ///   - index: Where to insert it.
  /// - Returns: Whether it was inserted, and the index of the element with its id.
  @inlinable
  @discardableResult
  public mutating func insert(_ element: Element, at index: Int) -> (inserted: Bool, index: Int) {
    let position = Swift.min(Swift.max(index, 0), count)
    if position != index {
      reportIssue(
        "IdentifiedArray.insert: index \(index) is outside 0...\(count); inserting at \(position)")
    }
    let id = extractID(element)
    let (inserted, slot) = order.insert(id, at: position)
    guard inserted else { return rejectDuplicate(id, at: slot) }
    values.append(element)
    return (true, position)
  }

  @usableFromInline
  func rejectDuplicate(_ id: ID, at slot: Int) -> (inserted: Bool, index: Int) {
    let index = order.position(ofSlot: slot)
    reportIssue("IdentifiedArray: duplicate id \(id) already at index \(index); not inserted")
    return (false, index)
  }

  /// Replaces the element with `element`'s id in place, or appends `element` when none has it.
  /// O(1) expected.
  /// - Parameter element: The new element.
  /// - Returns: The element it replaced, or `nil` when it was appended.
  @inlinable
  @discardableResult
  public mutating func updateOrAppend(_ element: Element) -> Element? {
    guard let slot = order.slot(of: extractID(element)) else {
      append(element)
      return nil
    }
    var replaced: Element? = element
    swap(&values[slot], &replaced)
    return replaced
  }
}
