import ActorStore

/// A row of text. Its style (``Style``) is part of the item kind: a title row and a value row
/// are made differently, so they never reuse each other's hosts.
public final class LabelRowHost: ItemHost {
  /// How the row is made: fonts and accessories on Apple platforms.
  public enum Style: Hashable, Sendable {
    /// A section title.
    case sectionTitle
    /// A title with a value on the trailing side and a disclosure indicator.
    case value
  }

  /// The text shown.
  public var text = ""

  /// Creates an empty row.
  public init() {}

  /// Clears the text.
  public func prepareForReuse() { text = "" }
}
