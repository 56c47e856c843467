/// One declared item of a heterogeneous collection: its ID, its kind, its content, how to show
/// that content in a host, and optional behaviours. Epoxy's `ItemModel`, or one widget of a
/// decomposed cell.
///
/// - ``id`` identifies the item across updates (Epoxy's `dataID`); it must be unique in the
///   whole ``DeclaredCollection``.
/// - ``kind`` is the reuse identity, host type + style: hosts are dequeued per kind, and an item
///   whose kind changes under the same ID is replaced rather than reconfigured.
/// - The content is `Equatable`: a diff reconfigures an item exactly when its content changed.
/// - `configure` applies the content to a host; it runs when a host is dequeued for the item
///   and again on each content change, on the same host.
/// - An item may show state of a list element: created with
///   ``init(id:style:content:element:in:makeHost:configure:)``, its host binds to the element's
///   child store in a ``ChildStoreRegistry``, keyed by the *element's* ID, so every item an element
///   is decomposed into shares that element's one store.
///
/// ```swift
/// final class TitleHost: ItemHost {
///   var text = ""
///   func prepareForReuse() { text = "" }
/// }
/// let title = ItemModel(id: "title", content: "Choose a country", makeHost: TitleHost.init) { host, text in
///   host.text = text
/// }
/// .didSelect { id in print("tapped", id) }
/// ```
public struct ItemModel<ItemID: Hashable & Sendable>: Sendable {
  /// The item's identity across updates.
  public let id: ItemID
  /// The host type and style that show the item.
  public let kind: ItemKind
  @usableFromInline let body: any ItemBody
  /// Called when the item is tapped (selected).
  public private(set) var didSelectAction: (@Sendable (ItemID) -> Void)?
  /// Called when a host starts showing the item on screen.
  public private(set) var willDisplayAction: (@Sendable (ItemID) -> Void)?
  /// Called when the item's host leaves the screen, or the item leaves the collection.
  public private(set) var didEndDisplayingAction: (@Sendable (ItemID) -> Void)?

  /// Creates an item shown by a host that holds no store.
  /// - Parameters:
  ///   - id: The item's identity; unique in the collection.
  ///   - style: What hosts of this item are made with; part of the ``kind``.
  ///   - content: What the item shows; a change reconfigures its host.
  ///   - makeHost: Makes a host when the item's kind has none to reuse.
  ///   - configure: Applies `content` to a host.
  @inlinable public init<Host: ItemHost, Content: Equatable & Sendable>(
    id: ItemID, style: any Hashable & Sendable = ItemKind.DefaultStyle(), content: Content,
    makeHost: @escaping @Sendable () -> Host, configure: @escaping @Sendable (Host, Content) -> Void
  ) {
    self.id = id
    kind = ItemKind(hostType: Host.self, style: style)
    body = HostedItem(content: content, make: makeHost, apply: configure, attach: { _ in }) { $0.prepareForReuse() }
  }

  /// Creates an item that shows state of a list element through the element's child store.
  ///
  /// Its host is bound with `registry.bind(_:to: element)` before `configure` runs, and
  /// unbound with `registry.unbind(_:)` when the item leaves the screen or the collection. All
  /// the items declared for one element share the element's single store; when the element
  /// leaves the state, its effects are cancelled (by `forEach`) and, once the new collection no
  /// longer declares its items, their hosts are unbound and the store is evicted.
  /// - Parameters:
  ///   - id: The item's identity; unique in the collection (the element's ID is not enough when
  ///     the element shows as several items).
  ///   - style: What hosts of this item are made with; part of the ``kind``.
  ///   - content: What the item shows besides the store's state; a change reconfigures its
  ///     host.
  ///   - element: The ID of the element whose store the host binds to.
  ///   - registry: The registry holding the elements' stores.
  ///   - makeHost: Makes a host when the item's kind has none to reuse.
  ///   - configure: Applies `content` to a host, after its store is bound.
  @inlinable public init<Host: StoreHost & SendableMetatype, ElementID: Hashable & Sendable, Content: Equatable & Sendable>(
    id: ItemID, style: any Hashable & Sendable = ItemKind.DefaultStyle(), content: Content,
    element: ElementID, in registry: ChildStoreRegistry<ElementID, Host.State, Host.Action>,
    makeHost: @escaping @Sendable () -> Host, configure: @escaping @Sendable (Host, Content) -> Void
  ) {
    self.id = id
    kind = ItemKind(hostType: Host.self, style: style)
    body = HostedItem(
      content: content, make: makeHost, apply: configure, attach: { registry.bind($0, to: element) },
      detach: { registry.unbind($0) })
  }

  /// Whether `other` has content of the same type, equal to this item's.
  /// - Parameter other: Another item, usually the same ID in the previous collection.
  /// - Returns: `true` when a host showing `other` needs no reconfigure to show this item.
  @inlinable public func hasSameContent(as other: ItemModel) -> Bool {
    body.hasSameContent(as: other.body)
  }

  /// The content, as text, for diagnostics and tests.
  public var contentDescription: String { body.contentDescription }

  /// A new host of this item's kind.
  /// - Returns: The host, from the item's `makeHost`.
  public func makeHost() -> AnyObject { body.makeHost() }

  /// Shows this item in `host`: binds the element's store for a bound item, then applies the
  /// content. A host of another kind is reported and left as it was.
  /// - Parameter host: A host of this item's ``kind``.
  public func configure(_ host: AnyObject) { body.configure(host) }

  /// Stops showing this item in `host`: unbinds the element's store for a bound item, or
  /// calls the host's `prepareForReuse()`.
  /// - Parameter host: The host that showed this item.
  public func release(_ host: AnyObject) { body.release(host) }

  /// The same item, calling `action` when it is tapped.
  /// - Parameter action: Receives the item's ID.
  /// - Returns: The item with the behaviour set.
  public func didSelect(_ action: @escaping @Sendable (ItemID) -> Void) -> ItemModel {
    var item = self
    item.didSelectAction = action
    return item
  }

  /// The same item, calling `action` when a host starts showing it on screen.
  /// - Parameter action: Receives the item's ID.
  /// - Returns: The item with the behaviour set.
  public func willDisplay(_ action: @escaping @Sendable (ItemID) -> Void) -> ItemModel {
    var item = self
    item.willDisplayAction = action
    return item
  }

  /// The same item, calling `action` when its host leaves the screen or the item leaves the
  /// collection.
  /// - Parameter action: Receives the item's ID.
  /// - Returns: The item with the behaviour set.
  public func didEndDisplaying(_ action: @escaping @Sendable (ItemID) -> Void) -> ItemModel {
    var item = self
    item.didEndDisplayingAction = action
    return item
  }
}
