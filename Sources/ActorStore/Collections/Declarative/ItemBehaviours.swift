/// The behaviours of an ``ItemModel``, kept out of line: most items have none, and an item is
/// then its ID plus one reference.
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
