/// A declared section: an ID and its items, in order. Epoxy's `SectionModel`.
public struct SectionModel<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
  /// The section's identity across updates; unique in the collection.
  public let id: SectionID
  /// The section's items, in order.
  public var items: [ItemModel<ItemID>]

  /// Creates a section from a list of items.
  /// - Parameters:
  ///   - id: The section's identity.
  ///   - items: Its items, in order.
  @inlinable public init(id: SectionID, items: [ItemModel<ItemID>]) {
    self.id = id
    self.items = items
  }

  /// Creates a section whose items are declared with `if`/`else`, `for`, optionals and arrays.
  /// - Parameters:
  ///   - id: The section's identity.
  ///   - items: Declares the items, in order.
  @inlinable public init(id: SectionID, @ItemsBuilder<ItemID> items: () -> [ItemModel<ItemID>]) {
    self.init(id: id, items: items())
  }
}
