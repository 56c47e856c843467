import ActorStore

/// Seed 003's `Header` primitive: a line of bold text.
public final class HeaderHost: ItemHost {
  /// The text shown.
  public var text = ""

  /// Creates an empty header.
  public init() {}

  /// Clears the text.
  public func prepareForReuse() { text = "" }
}
