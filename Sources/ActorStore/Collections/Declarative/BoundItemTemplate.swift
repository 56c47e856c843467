/// One kind of declared item that shows state of a list element through the element's child
/// store, declared once: its host type, style, registry and configure step.
///
/// An item made with ``item(id:element:content:)`` binds its host to the element's store with
/// `registry.bind(_:to: element)` before `configure` runs, and unbinds it with
/// `registry.unbind(_:)` when the item leaves the screen or the collection. All the items
/// declared for one element share the element's single store, keyed by the *element's* ID; when
/// the element leaves the state, its effects are cancelled (by `forEach`) and, once the new
/// collection no longer declares its items, their hosts are unbound and the store is evicted.
/// An item whose element changes under the same item ID is reconfigured: its host is bound to
/// the new element's store. A template's identity is where it is declared, as for
/// ``ItemTemplate``: a bound template made again for each collection (it captures the registry)
/// is the same template each time.
///
/// ```swift
/// let toggle = BoundItemTemplate(in: registry, makeHost: ToggleHost.init) { (host, title: String) in
///   host.title = title
/// }
/// toggle.item(id: "wifi-toggle", element: "wifi", content: "Wi-Fi")
/// ```
public struct BoundItemTemplate<ElementID: Hashable & Sendable, Content: Equatable & Sendable>: Sendable {
  @usableFromInline let storage: AnyItemTemplate

  /// Declares items whose hosts bind to element stores of `registry`.
  /// - Parameters:
  ///   - style: What hosts of these items are made with; part of the ``kind``.
  ///   - registry: The registry holding the elements' stores.
  ///   - makeHost: Makes a host when the kind has none to reuse.
  ///   - configure: Applies an item's content to a host, after its store is bound.
  ///   - fileID: Where the template is declared, with `line` and `column`: its identity, as for
  ///     ``ItemTemplate``; leave the default.
  ///   - line: The declaration's line.
  ///   - column: The declaration's column.
  @inlinable public init<Host: StoreHost & SendableMetatype, Style: Hashable & Sendable>(
    style: Style, in registry: ChildStoreRegistry<ElementID, Host.State, Host.Action>,
    makeHost: @escaping @Sendable () -> Host, configure: @escaping @Sendable (Host, Content) -> Void,
    fileID: String = #fileID, line: UInt = #line, column: UInt = #column
  ) {
    storage = HostedTemplate<Host, Style, ElementContent<ElementID, Content>>(
      style: style, declaration: TemplateDeclaration(fileID: fileID, line: line, column: column), make: makeHost,
      attach: { registry.bind($0, to: $1.element) }, apply: { configure($0, $1.content) },
      detach: { registry.unbind($0) })
  }

  /// Declares items of the default style whose hosts bind to element stores of `registry`.
  /// - Parameters:
  ///   - registry: The registry holding the elements' stores.
  ///   - makeHost: Makes a host when the kind has none to reuse.
  ///   - configure: Applies an item's content to a host, after its store is bound.
  ///   - fileID: Where the template is declared, with `line` and `column`: its identity; leave
  ///     the default.
  ///   - line: The declaration's line.
  ///   - column: The declaration's column.
  @inlinable public init<Host: StoreHost & SendableMetatype>(
    in registry: ChildStoreRegistry<ElementID, Host.State, Host.Action>, makeHost: @escaping @Sendable () -> Host,
    configure: @escaping @Sendable (Host, Content) -> Void, fileID: String = #fileID, line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      style: ItemKind.DefaultStyle(), in: registry, makeHost: makeHost, configure: configure, fileID: fileID,
      line: line, column: column)
  }

  /// The host type and style of the items.
  public var kind: ItemKind { storage.kind }

  /// An item of this kind showing the element `element`.
  /// - Parameters:
  ///   - id: The item's identity; unique in the collection (the element's ID is not enough when
  ///     the element shows as several items).
  ///   - element: The ID of the element whose store the host binds to.
  ///   - content: What the item shows besides the store's state; a change reconfigures its
  ///     host.
  /// - Returns: The item.
  @inlinable public func item<ItemID: Hashable & Sendable>(
    id: ItemID, element: ElementID, content: Content
  ) -> ItemModel<ItemID> {
    ItemModel(id: id, template: storage, content: ItemContent(ElementContent(element: element, content: content)))
  }
}

/// A bound item's content: the element it shows and what it shows besides the element's state.
/// Both take part in the comparison, so a new element under the same item ID rebinds the host.
@usableFromInline
struct ElementContent<ElementID: Hashable & Sendable, Content: Equatable & Sendable>: Equatable,
  Sendable, CustomStringConvertible
{
  @usableFromInline let element: ElementID
  @usableFromInline let content: Content

  @inlinable init(element: ElementID, content: Content) {
    self.element = element
    self.content = content
  }

  /// The content alone: diagnostics show what the app declared as the item's content; the
  /// element is the item's binding.
  @usableFromInline var description: String { "\(content)" }
}
