extension IdentifiedArray {
  /// The ids of the elements, in order: a view that shares the array's storage, so getting it is
  /// O(1).
  @inlinable
  public var ids: IDs { IDs(order: order) }

  /// The ids of an ``IdentifiedArray`` in order, sharing its storage.
  public struct IDs: RandomAccessCollection, Sendable {
    /// Positions are `Int` offsets from `0`.
    public typealias Index = Int
    /// The valid positions, `0..<count`.
    public typealias Indices = Range<Int>

    @usableFromInline let order: OrderedIDs<ID>

    @inlinable
    init(order: OrderedIDs<ID>) {
      self.order = order
    }

    /// Always `0`.
    @inlinable
    public var startIndex: Int { 0 }

    /// The number of ids.
    @inlinable
    public var endIndex: Int { order.count }

    /// The id at `position`, with the cost of the array's positional subscript. Traps outside
    /// `0..<count`.
    /// - Parameter position: The index of the id.
    @inlinable
    public subscript(position: Int) -> ID {
      precondition(
        position >= 0 && position < order.count,
        "IdentifiedArray.IDs index \(position) is outside 0..<\(order.count)")
      return order.idOfSlot[order.slot(at: position)]
    }

    /// Walks the ids in order without a lookup per id.
    public struct Iterator: IteratorProtocol {
      @usableFromInline var slots: OrderedIDs<ID>.SlotIterator
      @usableFromInline let idOfSlot: [ID]

      @inlinable
      init(order: OrderedIDs<ID>) {
        slots = order.makeSlotIterator()
        idOfSlot = order.idOfSlot
      }

      /// The next id, or `nil` at the end.
      /// - Returns: The next id in order.
      @inlinable
      public mutating func next() -> ID? {
        guard let slot = slots.next() else { return nil }
        return idOfSlot[slot]
      }
    }

    /// An iterator over the ids in order.
    /// - Returns: A new iterator.
    @inlinable
    public func makeIterator() -> Iterator {
      Iterator(order: order)
    }
  }
}

extension IdentifiedArray.IDs: Equatable, Hashable {
  /// Equal when both hold the same ids in the same order (as swift-identified-collections'
  /// `ids`, an ordered set, are): what lets a feature compare `old.ids == new.ids`. O(1) when no
  /// structural change separates the two (the ids of one array before and after its elements
  /// were edited), else O(n).
  /// - Parameters:
  ///   - lhs: Some ids.
  ///   - rhs: Other ids.
  /// - Returns: Whether they are the same ids in the same order.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.order.identity === rhs.order.identity || (lhs.count == rhs.count && lhs.elementsEqual(rhs))
  }

  /// Hashes the ids in order.
  /// - Parameter hasher: The hasher.
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for id in self { hasher.combine(id) }
  }
}
