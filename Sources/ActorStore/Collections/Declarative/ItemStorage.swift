/// The type-erased part of an ``ItemModel``: its kind, its content and what to do with its host.
///
/// A class rather than a protocol existential or a set of closures: an item is then its ID plus
/// one reference, copied with one retain. Abstract: ``HostedItem`` is the only subclass.
// @unchecked, and no lock needed: immutable, like its subclass; every stored property is a `let`
// of a Sendable type (a non-final class cannot be checked as Sendable).
@usableFromInline class ItemStorage: @unchecked Sendable {
  /// The host type of the item's kind.
  @usableFromInline let hostType: any AnyObject.Type

  /// Compares a new item (first argument) with the item of its ID in the previous collection:
  /// kind and content in one call. A stored function rather than a method: it is built in
  /// `ItemModel`'s inlinable initializer, so it is specialized for the item's concrete types,
  /// where a class method of the generic subclass would run unspecialized code, several times
  /// slower in a diff that calls it once per item.
  @usableFromInline let matcher: @Sendable (ItemStorage, ItemStorage) -> ItemMatch

  @usableFromInline init(
    hostType: any AnyObject.Type, matcher: @escaping @Sendable (ItemStorage, ItemStorage) -> ItemMatch
  ) {
    self.hostType = hostType
    self.matcher = matcher
  }

  /// The style of the item's kind.
  @usableFromInline var anyStyle: any Hashable & Sendable { ItemKind.DefaultStyle() }

  /// The content, for diagnostics.
  @usableFromInline var contentDescription: String { "" }


  /// A new host for this item's kind.
  @usableFromInline func makeHost() -> AnyObject { self }

  /// Shows this item in `host`: binds the element's store if the item has one, then applies
  /// the content. Called when the host is dequeued and again when the content changes.
  @usableFromInline func configure(_ host: AnyObject) {}

  /// Stops showing this item in `host`: unbinds the element's store, or calls the host's
  /// `prepareForReuse()`.
  @usableFromInline func release(_ host: AnyObject) {}
}
