/// The type-erased part of an ``ItemTemplate``, shared by every item made from it: the kind, and
/// what to do with a host given an item's content.
///
/// A class rather than a protocol existential or a set of closures: an item is then its ID,
/// one reference to this and its inline ``ItemContent``, copied with one retain; a template made
/// once costs no allocation per item. Abstract: ``HostedTemplate`` is the only subclass.
// @unchecked, and no lock needed: immutable, like its subclass; every stored property is a `let`
// of a Sendable type (a non-final class cannot be checked as Sendable).
@usableFromInline class AnyItemTemplate: @unchecked Sendable {
  /// The host type of the items' kind.
  @usableFromInline let hostType: any AnyObject.Type

  /// Where the template was declared: templates of one kind from different declarations may
  /// configure a host differently, so an item moving between them is reconfigured.
  @usableFromInline let declaration: TemplateDeclaration

  /// Compares a new item (first template and content) with the item of its ID in the previous
  /// collection: kind and content in one call, contents read in place. A stored function rather
  /// than a method: it is built in the template's inlinable initializer, so it is specialized
  /// for the concrete types, where a class method of the generic subclass would run
  /// unspecialized code, several times slower in a diff that calls it once per item.
  @usableFromInline let matcher: Matcher

  /// The type of ``matcher``.
  @usableFromInline typealias Matcher =
    @Sendable (
      AnyItemTemplate, UnsafePointer<ItemContent>, AnyItemTemplate, UnsafePointer<ItemContent>
    ) -> ItemMatch

  @usableFromInline init(hostType: any AnyObject.Type, declaration: TemplateDeclaration, matcher: @escaping Matcher) {
    self.hostType = hostType
    self.declaration = declaration
    self.matcher = matcher
  }

  /// The style of the items' kind.
  @usableFromInline var anyStyle: any Hashable & Sendable { ItemKind.DefaultStyle() }

  /// The items' kind: host type and style.
  final var kind: ItemKind { ItemKind(hostType: hostType, style: anyStyle) }

  /// Whether `other` is this template or one made by the same declaration with the same types
  /// and style: a host configured by one shows an item of the other after applying its content.
  /// - Parameter other: Another template.
  /// - Returns: `true` when moving an item between the two needs no more than a content change.
  final func isSameTemplate(as other: AnyItemTemplate) -> Bool {
    self === other
      || (ObjectIdentifier(type(of: self)) == ObjectIdentifier(type(of: other)) && declaration == other.declaration
        && kind == other.kind)
  }

  /// `content`, as text, for diagnostics.
  @usableFromInline func describe(_ content: ItemContent) -> String { "" }

  /// A new host for the items' kind.
  func makeHost() -> AnyObject { self }

  /// Shows an item with `content` in `host`: binds the element's store for a bound template,
  /// then applies the content. Called when the host is dequeued and again when the content
  /// changes.
  @usableFromInline func configure(_ host: AnyObject, _ content: ItemContent) {}

  /// Stops showing an item in `host`: unbinds the element's store, or calls the host's
  /// `prepareForReuse()`.
  func release(_ host: AnyObject) {}
}
