import ActorStore

/// An item identified by ID and kind, so that a kind change reads as another item.
struct KindedItem<ItemID: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
  let id: ItemID
  let kind: ItemKind

  var description: String { "\(id) (\(kind))" }
}
