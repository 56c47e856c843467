import ActorStore

/// A row that is a button; taps arrive through the item's `didSelect`.
public final class ButtonRowHost: ItemHost {
  /// The button's title.
  public var title = ""

  /// Creates an empty button row.
  public init() {}

  /// Clears the title.
  public func prepareForReuse() { title = "" }
}
