/// What every ``ItemBehaviours`` is, whatever its item ID type: how an item's out-of-line slot
/// (``ItemContent/box``) tells behaviours from content.
// @unchecked, and no lock needed: no stored state (a non-final class cannot be checked as
// Sendable); its only subclass is immutable.
@usableFromInline class AnyItemBehaviours: @unchecked Sendable {
  @usableFromInline init() {}
}

/// The behaviours of an ``ItemModel``, kept out of line in its content's slot: most items have
/// none. Shared by every item given the same ``ItemActions``.
// @unchecked, and no lock needed: immutable, every stored property a `let` of a Sendable type
// (the superclass is not final, so the compiler cannot check it).
@usableFromInline final class ItemBehaviours<ItemID: Hashable & Sendable>: AnyItemBehaviours, @unchecked Sendable {
  let didSelect: (@Sendable (ItemID) -> Void)?
  let willDisplay: (@Sendable (ItemID) -> Void)?
  let didEndDisplaying: (@Sendable (ItemID) -> Void)?

  @usableFromInline init(
    didSelect: (@Sendable (ItemID) -> Void)?, willDisplay: (@Sendable (ItemID) -> Void)?,
    didEndDisplaying: (@Sendable (ItemID) -> Void)?
  ) {
    self.didSelect = didSelect
    self.willDisplay = willDisplay
    self.didEndDisplaying = didEndDisplaying
    super.init()
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
