/// The behaviours of an ``ItemModel``, kept out of line: most items have none, and an item is
/// then its ID plus one reference. Shared by every item given the same ``ItemActions``.
@usableFromInline final class ItemBehaviours<ItemID: Hashable & Sendable>: Sendable {
  @usableFromInline let didSelect: (@Sendable (ItemID) -> Void)?
  @usableFromInline let willDisplay: (@Sendable (ItemID) -> Void)?
  @usableFromInline let didEndDisplaying: (@Sendable (ItemID) -> Void)?

  @usableFromInline init(
    didSelect: (@Sendable (ItemID) -> Void)?, willDisplay: (@Sendable (ItemID) -> Void)?,
    didEndDisplaying: (@Sendable (ItemID) -> Void)?
  ) {
    self.didSelect = didSelect
    self.willDisplay = willDisplay
    self.didEndDisplaying = didEndDisplaying
  }
}

/// Behaviours made once and given to many items with ``ItemModel/actions(_:)``: the items share
/// them, where ``ItemModel/didSelect(_:)`` and its siblings make a behaviours object for each
/// item. The actions receive the item's ID, so one set serves a whole list.
///
/// ```swift
/// let rowActions = ItemActions<RowID>(didSelect: { id in open(id) })
/// title.item(id: row.id, content: row.title).actions(rowActions)
/// ```
public struct ItemActions<ItemID: Hashable & Sendable>: Sendable {
  @usableFromInline let behaviours: ItemBehaviours<ItemID>

  /// Creates a set of behaviours.
  /// - Parameters:
  ///   - didSelect: Called when an item is tapped (selected).
  ///   - willDisplay: Called when a host starts showing an item on screen.
  ///   - didEndDisplaying: Called when an item's host leaves the screen, or the item leaves the
  ///     collection.
  public init(
    didSelect: (@Sendable (ItemID) -> Void)? = nil, willDisplay: (@Sendable (ItemID) -> Void)? = nil,
    didEndDisplaying: (@Sendable (ItemID) -> Void)? = nil
  ) {
    behaviours = ItemBehaviours(didSelect: didSelect, willDisplay: willDisplay, didEndDisplaying: didEndDisplaying)
  }
}
