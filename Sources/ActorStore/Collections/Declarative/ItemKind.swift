/// The reuse identity of a declared item: the type of host (cell) that shows it and the style
/// that host was made with.
///
/// Two items of the same kind can share a host: the collection reconfigures the host when the
/// item's content changes. Items of different kinds never share one, so an item whose kind
/// changes under the same ID is replaced (deleted and inserted), never reconfigured. On Apple
/// platforms a kind is a cell registration (a cell class plus a reuse identifier derived from
/// the style), as Epoxy derives its reuse identifier from the view type and the style's hash.
public struct ItemKind: Hashable, Sendable, CustomStringConvertible {
  /// The style of items that declare none.
  public struct DefaultStyle: Hashable, Sendable, CustomStringConvertible {
    /// Creates the default style.
    @inlinable public init() {}

    /// `default`.
    public var description: String { "default" }
  }

  /// The type of host that shows items of this kind.
  public let hostType: any AnyObject.Type
  /// The style hosts of this kind are made with.
  public let style: any Hashable & Sendable
  /// `style.hashValue`, computed once: kinds are compared once per surviving item in a diff.
  @usableFromInline let styleHash: Int

  /// Creates the kind of items shown by `hostType` hosts made with `style`.
  /// - Parameters:
  ///   - hostType: The host (cell) type.
  ///   - style: What the host is made with beyond its type (fonts, insets); part of the reuse
  ///     identity, so hosts of one type but different styles are never reused for each other.
  @inlinable public init(hostType: any AnyObject.Type, style: any Hashable & Sendable = DefaultStyle()) {
    self.hostType = hostType
    self.style = style
    styleHash = style.hashValue
  }

  /// Whether both kinds have the same host type and equal styles.
  /// - Parameters:
  ///   - lhs: A kind.
  ///   - rhs: Another kind.
  /// - Returns: `true` when a host of one can show an item of the other.
  @inlinable public static func == (lhs: ItemKind, rhs: ItemKind) -> Bool {
    ObjectIdentifier(lhs.hostType) == ObjectIdentifier(rhs.hostType) && lhs.styleHash == rhs.styleHash
      && Self.isEqual(lhs.style, rhs.style)
  }

  /// Hashes the host type and the style.
  /// - Parameter hasher: The hasher to feed.
  @inlinable public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(hostType))
    hasher.combine(styleHash)
  }

  /// `Host` or `Host(style)`.
  public var description: String {
    style is DefaultStyle ? "\(hostType)" : "\(hostType)(\(style))"
  }

  @inlinable static func isEqual<Style: Hashable>(_ lhs: Style, _ rhs: any Hashable & Sendable) -> Bool {
    (rhs as? Style) == lhs
  }
}
