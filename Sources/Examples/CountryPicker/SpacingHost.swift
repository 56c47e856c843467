import ActorStore

/// Seed 003's `Spacing` primitive: empty space of a height, optionally with a separator line.
public final class SpacingHost: ItemHost {
  /// What a spacing shows.
  public struct Content: Equatable, Sendable {
    /// The height in points.
    public var height: Int
    /// Whether a separator line is drawn at the bottom.
    public var separator: Bool

    /// Creates a spacing's content.
    /// - Parameters:
    ///   - height: The height in points.
    ///   - separator: Whether a separator line is drawn at the bottom.
    public init(height: Int, separator: Bool) {
      self.height = height
      self.separator = separator
    }
  }

  /// The content shown, `nil` while reusable.
  public var content: Content?

  /// Creates an empty spacing.
  public init() {}

  /// Clears the content.
  public func prepareForReuse() { content = nil }
}
