/// One declared item of a heterogeneous collection: its ID, its kind, its content, how to show
/// that content in a host, and optional behaviours. Epoxy's `ItemModel`, or one widget of a
/// decomposed cell.
///
/// - ``id`` identifies the item across updates (Epoxy's `dataID`); it must be unique in the
///   whole ``DeclaredCollection``.
/// - ``kind`` is the reuse identity, host type + style: hosts are dequeued per kind, and an item
///   whose kind changes under the same ID is replaced rather than reconfigured.
/// - The content is `Equatable`: a diff reconfigures an item exactly when its content changed,
///   or when it now comes from another template of its kind (see ``ItemTemplate`` for what
///   makes two templates the same).
/// - `configure` applies the content to a host; it runs when a host is dequeued for the item
///   and again on each content change, on the same host.
/// - An item may show state of a list element: made from a ``BoundItemTemplate`` (or with
///   ``init(id:style:content:element:in:makeHost:configure:fileID:line:column:)``), its host binds to the element's
///   child store in a ``ChildStoreRegistry``, keyed by the *element's* ID, so every item an element
///   is decomposed into shares that element's one store.
/// - Items are made from an ``ItemTemplate``, declared once per kind, or with an initializer
///   below, which makes a template for the one item. Either way the item holds its ID, a
///   reference to the template and its content: content of plain data up to 16 bytes is stored
///   in the item, so items made from a shared template allocate nothing; other content (a
///   `String`) takes one small box per item. The initializers allocate one template per item;
///   prefer templates for long lists, and share behaviours with ``actions(_:)``.
///
/// ```swift
/// final class TitleHost: ItemHost {
///   var text = ""
///   func prepareForReuse() { text = "" }
/// }
/// let title = ItemTemplate(makeHost: TitleHost.init) { (host, text: String) in host.text = text }
/// let header = title.item(id: "title", content: "Choose a country")
///   .didSelect { id in print("tapped", id) }
/// ```
public struct ItemModel<ItemID: Hashable & Sendable>: Sendable {
  /// The item's identity across updates.
  public let id: ItemID
  @usableFromInline let template: AnyItemTemplate
  /// The content, and in its out-of-line slot the behaviours: an item is 48 bytes for a
  /// two-word ID.
  @usableFromInline let content: ItemContent

  @inlinable init(id: ItemID, template: AnyItemTemplate, content: ItemContent) {
    self.id = id
    self.template = template
    self.content = content
  }

  /// Creates an item shown by a host that holds no store, with a template of its own; for
  /// many items of one kind, make them from one ``ItemTemplate`` instead.
  /// - Parameters:
  ///   - id: The item's identity; unique in the collection.
  ///   - style: What hosts of this item are made with; part of the ``kind``.
  ///   - content: What the item shows; a change reconfigures its host.
  ///   - makeHost: Makes a host when the item's kind has none to reuse.
  ///   - configure: Applies `content` to a host.
  ///   - fileID: Where the item is declared, with `line` and `column`: the identity of its
  ///     template (see ``ItemTemplate``); leave the default.
  ///   - line: The declaration's line.
  ///   - column: The declaration's column.
  @inlinable public init<Host: ItemHost, Style: Hashable & Sendable, Content: Equatable & Sendable>(
    id: ItemID, style: Style, content: Content, makeHost: @escaping @Sendable () -> Host,
    configure: @escaping @Sendable (Host, Content) -> Void, fileID: String = #fileID, line: UInt = #line,
    column: UInt = #column
  ) {
    self = ItemTemplate(
      style: style, makeHost: makeHost, configure: configure, fileID: fileID, line: line, column: column
    ).item(id: id, content: content)
  }

  /// Creates an item of the default style shown by a host that holds no store, with a template
  /// of its own.
  /// - Parameters:
  ///   - id: The item's identity; unique in the collection.
  ///   - content: What the item shows; a change reconfigures its host.
  ///   - makeHost: Makes a host when the item's kind has none to reuse.
  ///   - configure: Applies `content` to a host.
  ///   - fileID: Where the item is declared, with `line` and `column`: the identity of its
  ///     template; leave the default.
  ///   - line: The declaration's line.
  ///   - column: The declaration's column.
  @inlinable public init<Host: ItemHost, Content: Equatable & Sendable>(
    id: ItemID, content: Content, makeHost: @escaping @Sendable () -> Host,
    configure: @escaping @Sendable (Host, Content) -> Void, fileID: String = #fileID, line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      id: id, style: ItemKind.DefaultStyle(), content: content, makeHost: makeHost, configure: configure,
      fileID: fileID, line: line, column: column)
  }

  /// Creates an item that shows state of a list element through the element's child store,
  /// with a template of its own; see ``BoundItemTemplate`` for the binding rules, and for
  /// making many such items from one declaration.
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
  ///   - fileID: Where the item is declared, with `line` and `column`: the identity of its
  ///     template; leave the default.
  ///   - line: The declaration's line.
  ///   - column: The declaration's column.
  @inlinable public init<
    Host: StoreHost & SendableMetatype, ElementID: Hashable & Sendable, Style: Hashable & Sendable,
    Content: Equatable & Sendable
  >(
    id: ItemID, style: Style, content: Content, element: ElementID,
    in registry: ChildStoreRegistry<ElementID, Host.State, Host.Action>, makeHost: @escaping @Sendable () -> Host,
    configure: @escaping @Sendable (Host, Content) -> Void, fileID: String = #fileID, line: UInt = #line,
    column: UInt = #column
  ) {
    self = BoundItemTemplate(
      style: style, in: registry, makeHost: makeHost, configure: configure, fileID: fileID, line: line, column: column
    ).item(id: id, element: element, content: content)
  }

  /// Creates an item of the default style that shows state of a list element through the
  /// element's child store; see ``init(id:style:content:element:in:makeHost:configure:fileID:line:column:)``.
  /// - Parameters:
  ///   - id: The item's identity; unique in the collection.
  ///   - content: What the item shows besides the store's state; a change reconfigures its
  ///     host.
  ///   - element: The ID of the element whose store the host binds to.
  ///   - registry: The registry holding the elements' stores.
  ///   - makeHost: Makes a host when the item's kind has none to reuse.
  ///   - configure: Applies `content` to a host, after its store is bound.
  ///   - fileID: Where the item is declared, with `line` and `column`: the identity of its
  ///     template; leave the default.
  ///   - line: The declaration's line.
  ///   - column: The declaration's column.
  @inlinable public init<
    Host: StoreHost & SendableMetatype, ElementID: Hashable & Sendable, Content: Equatable & Sendable
  >(
    id: ItemID, content: Content, element: ElementID,
    in registry: ChildStoreRegistry<ElementID, Host.State, Host.Action>, makeHost: @escaping @Sendable () -> Host,
    configure: @escaping @Sendable (Host, Content) -> Void, fileID: String = #fileID, line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      id: id, style: ItemKind.DefaultStyle(), content: content, element: element, in: registry, makeHost: makeHost,
      configure: configure, fileID: fileID, line: line, column: column)
  }

  /// The host type and style that show the item.
  public var kind: ItemKind { template.kind }

  /// Whether `other` has the same ``kind``, without building either kind.
  /// - Parameter other: Another item, usually the same ID in the previous collection.
  /// - Returns: `true` when a host that showed `other` can show this item.
  @inlinable public func hasSameKind(as other: ItemModel) -> Bool { match(other) != .replaced }

  /// Whether `other` has the same template (see ``hasSameTemplate(as:)``) and equal content.
  /// - Parameter other: Another item, usually the same ID in the previous collection.
  /// - Returns: `true` when a host showing `other` needs no reconfigure to show this item.
  @inlinable public func hasSameContent(as other: ItemModel) -> Bool { match(other) == .same }

  /// Whether `other` comes from the same template: the same object, or one made by the same
  /// declaration (file, line and column) with the same kind and content type. Items of one
  /// kind from different templates share hosts but may configure them differently.
  /// - Parameter other: Another item, usually the same ID in the previous collection.
  /// - Returns: `true` when a host configured with `other` needs at most its content applied.
  public func hasSameTemplate(as other: ItemModel) -> Bool { template.isSameTemplate(as: other.template) }

  /// How this item relates to `old`, the item of its ID in the previous collection.
  @inlinable func match(_ old: ItemModel) -> ItemMatch {
    withUnsafePointer(to: self) { new in withUnsafePointer(to: old) { old in Self.match(new, old) } }
  }

  /// Where the content of the item at `item` is.
  @inlinable static func contentPointer(_ item: UnsafePointer<ItemModel>) -> UnsafePointer<ItemContent> {
    // `content` is a stored property, so the pointer always exists.
    item.pointer(to: \.content)!
  }

  /// How the item at `new` relates to `old`, the item of its ID in the previous collection,
  /// both read in place: a copy of each would retain its template, and the reference count of
  /// a template shared by thousands of items costs more than the comparison.
  @inlinable static func match(_ new: UnsafePointer<ItemModel>, _ old: UnsafePointer<ItemModel>) -> ItemMatch {
    Unmanaged.passUnretained(new.pointee.template)._withUnsafeGuaranteedRef { newTemplate in
      Unmanaged.passUnretained(old.pointee.template)._withUnsafeGuaranteedRef { oldTemplate in
        newTemplate.matcher(newTemplate, contentPointer(new), oldTemplate, contentPointer(old))
      }
    }
  }

  /// The content, as text, for diagnostics and tests.
  public var contentDescription: String { template.describe(content) }

  /// A new host of this item's kind.
  /// - Returns: The host, from the item's `makeHost`.
  public func makeHost() -> AnyObject { template.makeHost() }

  /// Shows this item in `host`: binds the element's store for a bound item, then applies the
  /// content. A host of another kind is reported and left as it was.
  /// - Parameter host: A host of this item's ``kind``.
  public func configure(_ host: AnyObject) { template.configure(host, content) }

  /// Shows this item in `host`, which shows `old`, for a reconfigure listed in a
  /// ``CollectionUpdate``. From the same template, it applies the new content (and binds the
  /// new element, for a bound item); from another template of the same kind, it first releases
  /// the host from `old` (`prepareForReuse()`, or an unbind), so nothing the old template set
  /// stays on the host, then configures it as a freshly dequeued one.
  /// - Parameters:
  ///   - host: The host showing `old`.
  ///   - old: The item the host was last configured with; the same ID and ``kind``.
  public func reconfigure(_ host: AnyObject, from old: ItemModel) {
    if !hasSameTemplate(as: old) { old.release(host) }
    configure(host)
  }

  /// Stops showing this item in `host`: unbinds the element's store for a bound item, or
  /// calls the host's `prepareForReuse()`.
  /// - Parameter host: The host that showed this item.
  public func release(_ host: AnyObject) { template.release(host) }

  /// Called when the item is tapped (selected).
  public var didSelectAction: (@Sendable (ItemID) -> Void)? { behaviours?.didSelect }
  /// Called when a host starts showing the item on screen.
  public var willDisplayAction: (@Sendable (ItemID) -> Void)? { behaviours?.willDisplay }
  /// Called when the item's host leaves the screen, or the item leaves the collection.
  public var didEndDisplayingAction: (@Sendable (ItemID) -> Void)? { behaviours?.didEndDisplaying }

  /// The same item, with `actions` as its behaviours (replacing any set before): every item
  /// given one ``ItemActions`` shares it, so a long list costs no behaviours object per item.
  /// - Parameter actions: The behaviours.
  /// - Returns: The item with those behaviours.
  @inlinable public func actions(_ actions: ItemActions<ItemID>) -> ItemModel {
    ItemModel(id: id, template: template, content: content.with(behaviours: actions.behaviours))
  }

  /// The item's behaviours, if it has any.
  @inlinable var behaviours: ItemBehaviours<ItemID>? {
    content.behavioursBox as? ItemBehaviours<ItemID>
  }

  /// The same item, calling `action` when it is tapped. Makes a behaviours object for this item;
  /// for many items, share one ``ItemActions`` with ``actions(_:)``.
  /// - Parameter action: Receives the item's ID.
  /// - Returns: The item with the behaviour set.
  public func didSelect(_ action: @escaping @Sendable (ItemID) -> Void) -> ItemModel {
    with(didSelect: action, willDisplay: willDisplayAction, didEndDisplaying: didEndDisplayingAction)
  }

  /// The same item, calling `action` when a host starts showing it on screen. Makes a behaviours
  /// object for this item; for many items, share one ``ItemActions`` with ``actions(_:)``.
  /// - Parameter action: Receives the item's ID.
  /// - Returns: The item with the behaviour set.
  public func willDisplay(_ action: @escaping @Sendable (ItemID) -> Void) -> ItemModel {
    with(didSelect: didSelectAction, willDisplay: action, didEndDisplaying: didEndDisplayingAction)
  }

  /// The same item, calling `action` when its host leaves the screen or the item leaves the
  /// collection. Makes a behaviours object for this item; for many items, share one
  /// ``ItemActions`` with ``actions(_:)``.
  /// - Parameter action: Receives the item's ID.
  /// - Returns: The item with the behaviour set.
  public func didEndDisplaying(_ action: @escaping @Sendable (ItemID) -> Void) -> ItemModel {
    with(didSelect: didSelectAction, willDisplay: willDisplayAction, didEndDisplaying: action)
  }

  private func with(
    didSelect: (@Sendable (ItemID) -> Void)?, willDisplay: (@Sendable (ItemID) -> Void)?,
    didEndDisplaying: (@Sendable (ItemID) -> Void)?
  ) -> ItemModel {
    ItemModel(
      id: id, template: template,
      content: content.with(
        behaviours: ItemBehaviours(didSelect: didSelect, willDisplay: willDisplay, didEndDisplaying: didEndDisplaying)))
  }
}
