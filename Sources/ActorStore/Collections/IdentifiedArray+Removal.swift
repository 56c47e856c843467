extension IdentifiedArray {
  /// Removes the element with `id`, if any. O(B + n / B).
  /// - Parameter id: The id of the element to remove.
  /// - Returns: The removed element, or `nil` when none had `id`.
  @inlinable
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    guard let slot = order.remove(id) else { return nil }
    return takeValue(vacating: slot)
  }

  /// Removes the element at `index`. O(B + n / B).
  ///
  /// Like `Array`, an index outside `0..<count` is a programming error and traps: there is no
  /// element to return.
  /// - Parameter index: The position of the element to remove.
  /// - Returns: The removed element.
  @inlinable
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    checkIndex(index)
    // A valid slot always holds a value outside an in-place edit.
    return removeSlot(order.slot(at: index))!
  }

  /// Removes the first element. O(B + n / B).
  ///
  /// Like `Array`, an empty array is a programming error and traps.
  /// - Returns: The removed element.
  @inlinable
  @discardableResult
  public mutating func removeFirst() -> Element {
    precondition(!isEmpty, "removeFirst() on an empty IdentifiedArray")
    return remove(at: 0)
  }

  /// Removes the last element. O(B + n / B).
  ///
  /// Like `Array`, an empty array is a programming error and traps.
  /// - Returns: The removed element.
  @inlinable
  @discardableResult
  public mutating func removeLast() -> Element {
    precondition(!isEmpty, "removeLast() on an empty IdentifiedArray")
    return remove(at: count - 1)
  }

  @inlinable
  @discardableResult
  mutating func removeSlot(_ slot: Int) -> Element? {
    order.removeSlot(slot)
    return takeValue(vacating: slot)
  }

  /// Mirrors `OrderedIDs.vacate(_:)` on the values: the last slot moves into `slot`.
  @inlinable
  mutating func takeValue(vacating slot: Int) -> Element? {
    values.swapAt(slot, values.count - 1)
    return values.removeLast()
  }

  /// Removes every element for which `shouldBeRemoved` returns `true`, keeping the order of the
  /// rest. O(n). If `shouldBeRemoved` throws, the array is left unchanged.
  /// - Parameter shouldBeRemoved: Decides, for each element in order, whether it goes.
  @inlinable
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    var doomed: [ID] = []
    for element in self where try shouldBeRemoved(element) { doomed.append(extractID(element)) }
    // One removal costs O(B + n / B); rebuilding costs n hash insertions: removing one by one
    // wins while few elements go.
    if doomed.count <= count / 8 {
      for id in doomed { remove(id: id) }
    } else {
      let doomedIDs = Set(doomed)
      let extractID = extractID
      self = filter { !doomedIDs.contains(extractID($0)) }
    }
  }

  /// Removes every element. O(n) to release them.
  @inlinable
  public mutating func removeAll() {
    order = OrderedIDs()
    values = ChunkedValues()
  }
}
