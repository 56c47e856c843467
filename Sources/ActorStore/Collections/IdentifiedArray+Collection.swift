extension IdentifiedArray: RandomAccessCollection {
  /// Positions are `Int` offsets from `0`.
  public typealias Index = Int
  /// The valid positions, `0..<count`.
  public typealias Indices = Range<Int>

  /// Always `0`.
  @inlinable
  public var startIndex: Int { 0 }

  /// `count`.
  @inlinable
  public var endIndex: Int { count }

  /// The element at `position`: O(1) while every chunk is full, else O(log(n / B)).
  ///
  /// Like `Array`, a position outside `0..<count` traps. Editing the element in place
  /// (`array[0].count += 1`, as with swift-identified-collections) mutates it without copying
  /// it; an edit that changes its id is reported as an issue, as with
  /// ``subscript(id:)``. Setting a whole element requires it to keep the id at that position:
  /// one with another id is reported as an issue and the array is left unchanged.
  /// - Parameter position: The index of the element.
  @inlinable
  public subscript(position: Int) -> Element {
    get {
      checkIndex(position)
      // A valid slot always holds a value outside an in-place edit.
      return values[order.slot(at: position)]!
    }
    set {
      checkIndex(position)
      let slot = order.slot(at: position)
      let id = extractID(values[slot]!)
      let newID = extractID(newValue)
      guard newID == id else {
        reportIssue(
          """
          IdentifiedArray[\(position)]: the assigned element has id \(newID), not \(id); the \
          array is left unchanged
          """)
        return
      }
      values[slot] = newValue
    }
    _modify {
      checkIndex(position)
      let slot = order.slot(at: position)
      let id = extractID(values[slot]!)
      defer { settleEdit(ofSlot: slot, formerly: id) }
      yield &values[slot]!
    }
  }

  @inlinable
  func checkIndex(_ index: Int) {
    precondition(
      index >= 0 && index < count, "IdentifiedArray index \(index) is outside 0..<\(count)")
  }

  /// Walks the elements in order, chunk by chunk, without a lookup per element.
  public struct Iterator: IteratorProtocol {
    @usableFromInline var slots: OrderedIDs<ID>.SlotIterator
    @usableFromInline let values: ChunkedValues<Element>

    @inlinable
    init(slots: OrderedIDs<ID>.SlotIterator, values: ChunkedValues<Element>) {
      self.slots = slots
      self.values = values
    }

    /// The next element, or `nil` at the end.
    /// - Returns: The next element in order.
    @inlinable
    public mutating func next() -> Element? {
      guard let slot = slots.next() else { return nil }
      return values[slot]
    }
  }

  /// An iterator over the elements in order.
  /// - Returns: A new iterator.
  @inlinable
  public func makeIterator() -> Iterator {
    Iterator(slots: order.makeSlotIterator(), values: values)
  }
}
