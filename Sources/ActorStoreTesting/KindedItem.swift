import ActorStore

/// An item identified by ID and kind, so that a kind change reads as another item.
@usableFromInline
struct KindedItem<ItemID: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
  @usableFromInline let id: ItemID
  @usableFromInline let kind: ItemKind

  @inlinable init(id: ItemID, kind: ItemKind) {
    self.id = id
    self.kind = kind
  }

  @usableFromInline var description: String { "\(id) (\(kind))" }
}
