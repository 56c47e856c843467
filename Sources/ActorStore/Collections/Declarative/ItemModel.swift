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
  @usableFromInline let storage: ItemStorage
  @usableFromInline var behaviours: ItemBehaviours<ItemID>?

  /// Creates an item shown by a host that holds no store.
  /// - Parameters:
  ///   - id: The item's identity; unique in the collection.
  ///   - style: What hosts of this item are made with; part of the ``kind``.
  ///   - content: What the item shows; a change reconfigures its host.
  ///   - makeHost: Makes a host when the item's kind has none to reuse.
  ///   - configure: Applies `content` to a host.
  @inlinable public init<Host: ItemHost, Style: Hashable & Sendable, Content: Equatable & Sendable>(
    id: ItemID, style: Style, content: Content, makeHost: @escaping @Sendable () -> Host,
    configure: @escaping @Sendable (Host, Content) -> Void
  ) {
    self.id = id
    storage = HostedItem(
      style: style, content: content, make: makeHost, apply: configure, attach: { _ in },
      detach: { $0.prepareForReuse() }, matcher: HostedItem<Host, Style, Content>.match)
  }

  /// Creates an item of the default style shown by a host that holds no store.
  /// - Parameters:
  ///   - id: The item's identity; unique in the collection.
  ///   - content: What the item shows; a change reconfigures its host.
  ///   - makeHost: Makes a host when the item's kind has none to reuse.
  ///   - configure: Applies `content` to a host.
  @inlinable public init<Host: ItemHost, Content: Equatable & Sendable>(
    id: ItemID, content: Content, makeHost: @escaping @Sendable () -> Host,
    configure: @escaping @Sendable (Host, Content) -> Void
  ) {
    self.init(id: id, style: ItemKind.DefaultStyle(), content: content, makeHost: makeHost, configure: configure)
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
  @inlinable public init<
    Host: StoreHost & SendableMetatype, ElementID: Hashable & Sendable, Style: Hashable & Sendable,
    Content: Equatable & Sendable
  >(
    id: ItemID, style: Style, content: Content, element: ElementID,
    in registry: ChildStoreRegistry<ElementID, Host.State, Host.Action>, makeHost: @escaping @Sendable () -> Host,
    configure: @escaping @Sendable (Host, Content) -> Void
  ) {
    self.id = id
    storage = HostedItem(
      style: style, content: content, make: makeHost, apply: configure, attach: { registry.bind($0, to: element) },
      detach: { registry.unbind($0) }, matcher: HostedItem<Host, Style, Content>.match)
  }

  /// Creates an item of the default style that shows state of a list element through the
  /// element's child store; see ``init(id:style:content:element:in:makeHost:configure:)``.
  /// - Parameters:
  ///   - id: The item's identity; unique in the collection.
  ///   - content: What the item shows besides the store's state; a change reconfigures its
  ///     host.
  ///   - element: The ID of the element whose store the host binds to.
  ///   - registry: The registry holding the elements' stores.
  ///   - makeHost: Makes a host when the item's kind has none to reuse.
  ///   - configure: Applies `content` to a host, after its store is bound.
  @inlinable public init<
    Host: StoreHost & SendableMetatype, ElementID: Hashable & Sendable, Content: Equatable & Sendable
  >(
    id: ItemID, content: Content, element: ElementID,
    in registry: ChildStoreRegistry<ElementID, Host.State, Host.Action>, makeHost: @escaping @Sendable () -> Host,
    configure: @escaping @Sendable (Host, Content) -> Void
  ) {
    self.init(
      id: id, style: ItemKind.DefaultStyle(), content: content, element: element, in: registry, makeHost: makeHost,
      configure: configure)
  }

  /// The host type and style that show the item.
  public var kind: ItemKind { ItemKind(hostType: storage.hostType, style: storage.anyStyle) }

  /// Whether `other` has the same ``kind``, without building either kind.
  /// - Parameter other: Another item, usually the same ID in the previous collection.
  /// - Returns: `true` when a host that showed `other` can show this item.
  @inlinable public func hasSameKind(as other: ItemModel) -> Bool { storage.matcher(storage, other.storage) != .replaced }

  /// Whether `other` has the same ``kind`` and equal content (of the same type).
  /// - Parameter other: Another item, usually the same ID in the previous collection.
  /// - Returns: `true` when a host showing `other` needs no reconfigure to show this item.
  @inlinable public func hasSameContent(as other: ItemModel) -> Bool { storage.matcher(storage, other.storage) == .same }

  /// The content, as text, for diagnostics and tests.
  public var contentDescription: String { storage.contentDescription }

  /// A new host of this item's kind.
  /// - Returns: The host, from the item's `makeHost`.
  public func makeHost() -> AnyObject { storage.makeHost() }

  /// Shows this item in `host`: binds the element's store for a bound item, then applies the
  /// content. A host of another kind is reported and left as it was.
  /// - Parameter host: A host of this item's ``kind``.
  public func configure(_ host: AnyObject) { storage.configure(host) }

  /// Stops showing this item in `host`: unbinds the element's store for a bound item, or
  /// calls the host's `prepareForReuse()`.
  /// - Parameter host: The host that showed this item.
  public func release(_ host: AnyObject) { storage.release(host) }

  /// Called when the item is tapped (selected).
  public var didSelectAction: (@Sendable (ItemID) -> Void)? { behaviours?.didSelect }
  /// Called when a host starts showing the item on screen.
  public var willDisplayAction: (@Sendable (ItemID) -> Void)? { behaviours?.willDisplay }
  /// Called when the item's host leaves the screen, or the item leaves the collection.
  public var didEndDisplayingAction: (@Sendable (ItemID) -> Void)? { behaviours?.didEndDisplaying }

  /// The same item, calling `action` when it is tapped.
  /// - Parameter action: Receives the item's ID.
  /// - Returns: The item with the behaviour set.
  public func didSelect(_ action: @escaping @Sendable (ItemID) -> Void) -> ItemModel {
    with(didSelect: action, willDisplay: willDisplayAction, didEndDisplaying: didEndDisplayingAction)
  }

  /// The same item, calling `action` when a host starts showing it on screen.
  /// - Parameter action: Receives the item's ID.
  /// - Returns: The item with the behaviour set.
  public func willDisplay(_ action: @escaping @Sendable (ItemID) -> Void) -> ItemModel {
    with(didSelect: didSelectAction, willDisplay: action, didEndDisplaying: didEndDisplayingAction)
  }

  /// The same item, calling `action` when its host leaves the screen or the item leaves the
  /// collection.
  /// - Parameter action: Receives the item's ID.
  /// - Returns: The item with the behaviour set.
  public func didEndDisplaying(_ action: @escaping @Sendable (ItemID) -> Void) -> ItemModel {
    with(didSelect: didSelectAction, willDisplay: willDisplayAction, didEndDisplaying: action)
  }

  private func with(
    didSelect: (@Sendable (ItemID) -> Void)?, willDisplay: (@Sendable (ItemID) -> Void)?,
    didEndDisplaying: (@Sendable (ItemID) -> Void)?
  ) -> ItemModel {
    var item = self
    item.behaviours = ItemBehaviours(didSelect: didSelect, willDisplay: willDisplay, didEndDisplaying: didEndDisplaying)
    return item
  }
}
