/// A host (cell) for declared items that hold no store: a spacing, a title, a separator.
///
/// The collection dequeues a host of the item's ``ItemKind``, configures it with the item's
/// content, reconfigures it when the content changes, and calls ``prepareForReuse()`` when the
/// item leaves the screen or the collection, before the host shows another item of its kind.
/// Items that keep state in a child store use a ``StoreHost`` instead (see
/// ``ItemModel/init(id:style:content:element:in:makeHost:configure:fileID:line:column:)``).
///
/// It refines `SendableMetatype` because items are `Sendable` and their closures name the host
/// type; any class conforms, unless it declares the conformance isolated to an actor.
public protocol ItemHost: AnyObject, SendableMetatype {
  /// Stops showing the current item: drop what it set up, so the host can show another one.
  func prepareForReuse()
}
