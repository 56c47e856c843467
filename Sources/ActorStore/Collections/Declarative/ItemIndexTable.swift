/// The index of a ``DeclaredCollection``'s items by ID: an open-addressing hash table of 32-bit
/// positions in the collection's item array, which holds the IDs themselves.
///
/// About 5.3 bytes per item (a load factor of 3/4 with no power-of-two rounding), where a
/// `Dictionary` from ID to path repeats every ID beside its path, in buckets at a load factor of
/// 3/8 to 3/4: 24 to 64 bytes per item for a two-word ID. Probing compares IDs read from the
/// items, one more memory access than a dictionary's on a hit; a collection is looked up by ID
/// about once per edit in a diff (see ``Snapshot/update(from:changedItems:)``), so the size wins.
///
/// Invariant: every slot is ``empty`` or the position of an item whose ID hashes to a slot at or
/// before it in its probe run (linear probing, wrapping at the end); no two slots hold items with
/// equal IDs.
@usableFromInline struct ItemIndexTable: Sendable {
  @usableFromInline static var empty: Int32 { -1 }

  @usableFromInline var slots: [Int32]

  /// A table for up to `count` items, all slots empty.
  @inlinable init(capacityFor count: Int) {
    precondition(count < Int(Int32.max), "ItemIndexTable: more than 2^31 - 1 items")
    slots = [Int32](repeating: Self.empty, count: count == 0 ? 0 : count + count / 3 + 1)
  }

  /// The slot where `hash`'s probe run starts: the hash scaled to the table's size by a
  /// multiplication, as any size is allowed.
  @inlinable func start(of hash: Int) -> Int {
    Int(truncatingIfNeeded: UInt(bitPattern: hash).multipliedFullWidth(by: UInt(slots.count)).high)
  }

  /// The position of the item whose ID is `id`, or `nil`.
  /// - Parameters:
  ///   - id: The ID to find.
  ///   - idAt: The ID of the item at a position.
  @inlinable func position<ItemID: Hashable>(of id: ItemID, idAt: (Int) -> ItemID) -> Int? {
    guard !slots.isEmpty else { return nil }
    var slot = start(of: id.hashValue)
    while true {
      let position = slots[slot]
      if position == Self.empty { return nil }
      if idAt(Int(position)) == id { return Int(position) }
      slot += 1
      if slot == slots.count { slot = 0 }
    }
  }

  /// Records `position` for `id` unless the table holds an item with that ID.
  /// - Parameters:
  ///   - position: The item's position; the table must have room for it.
  ///   - id: Its ID.
  ///   - idAt: The ID of the item at a recorded position.
  /// - Returns: The position already recorded for `id`, or `nil` when `position` was recorded.
  @inlinable mutating func insert<ItemID: Hashable>(_ position: Int, id: ItemID, idAt: (Int) -> ItemID) -> Int? {
    var slot = start(of: id.hashValue)
    while true {
      let existing = slots[slot]
      if existing == Self.empty {
        slots[slot] = Int32(truncatingIfNeeded: position)
        return nil
      }
      if idAt(Int(existing)) == id { return Int(existing) }
      slot += 1
      if slot == slots.count { slot = 0 }
    }
  }
}
