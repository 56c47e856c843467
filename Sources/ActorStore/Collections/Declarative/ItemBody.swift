/// The type-erased part of an ``ItemModel``: its content and what to do with its host.
///
/// One existential per item instead of one closure per operation: a declared collection of
/// 100 000 items then costs one allocation per item at most.
@usableFromInline protocol ItemBody: Sendable {
  /// Whether `other` holds content of the same type and equal to this one.
  func hasSameContent(as other: any ItemBody) -> Bool
  /// The content, for diagnostics.
  var contentDescription: String { get }
  /// A new host for this item's kind.
  func makeHost() -> AnyObject
  /// Shows this item in `host`: binds the element's store if the item has one, then applies
  /// the content. Called when the host is dequeued and again when the content changes.
  func configure(_ host: AnyObject)
  /// Stops showing this item in `host`: unbinds the element's store, or calls the host's
  /// `prepareForReuse()`.
  func release(_ host: AnyObject)
}
