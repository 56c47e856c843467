/// One kind of declared item, declared once: its host type, style and configure step. Items
/// made from it (``item(id:content:)``) carry only their ID and content, so declaring a long
/// list allocates nothing per item when the content is small (see ``ItemModel``).
///
/// The counterpart of a `UICollectionView.CellRegistration`: made once, used for every item of
/// its kind. Items made from one template share its ``kind`` and compare by content alone.
///
/// A template's identity is where it is declared (file, line and column), not the object: a
/// template made again by the same declaration (in a function called for each collection) is
/// the same template, so re-declaring a collection reconfigures nothing that did not change;
/// an item that moves to a template declared elsewhere, of the same kind, is reconfigured even
/// when its content is equal, so its host shows the new template's rendering. What a template
/// captures is not compared: a value that changes how one declaration configures its hosts
/// belongs in the content (or, when hosts must not be shared, in the style).
///
/// ```swift
/// let title = ItemTemplate(style: TextStyle.body, makeHost: TitleHost.init) { (host, text: String) in
///   host.text = text
/// }
/// let collection = DeclaredCollection<Int, String> {
///   SectionModel(id: 0) {
///     for country in ["France", "Japan"] { title.item(id: country, content: country) }
///   }
/// }
/// ```
public struct ItemTemplate<Content: Equatable & Sendable>: Sendable {
  @usableFromInline let storage: AnyItemTemplate

  /// Declares items shown by hosts that hold no store.
  /// - Parameters:
  ///   - style: What hosts of these items are made with; part of the ``kind``.
  ///   - makeHost: Makes a host when the kind has none to reuse.
  ///   - configure: Applies an item's content to a host; runs when a host is dequeued for the
  ///     item and again on each content change, on the same host.
  ///   - fileID: Where the template is declared, with `line` and `column`: the template's
  ///     identity (see the type's documentation); leave the default.
  ///   - line: The declaration's line.
  ///   - column: The declaration's column.
  @inlinable public init<Host: ItemHost, Style: Hashable & Sendable>(
    style: Style, makeHost: @escaping @Sendable () -> Host, configure: @escaping @Sendable (Host, Content) -> Void,
    fileID: String = #fileID, line: UInt = #line, column: UInt = #column
  ) {
    storage = HostedTemplate<Host, Style, Content>(
      style: style, declaration: TemplateDeclaration(fileID: fileID, line: line, column: column), make: makeHost,
      attach: nil, apply: configure, detach: { $0.prepareForReuse() })
  }

  /// Declares items of the default style shown by hosts that hold no store.
  /// - Parameters:
  ///   - makeHost: Makes a host when the kind has none to reuse.
  ///   - configure: Applies an item's content to a host.
  ///   - fileID: Where the template is declared, with `line` and `column`: its identity; leave
  ///     the default.
  ///   - line: The declaration's line.
  ///   - column: The declaration's column.
  @inlinable public init<Host: ItemHost>(
    makeHost: @escaping @Sendable () -> Host, configure: @escaping @Sendable (Host, Content) -> Void,
    fileID: String = #fileID, line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      style: ItemKind.DefaultStyle(), makeHost: makeHost, configure: configure, fileID: fileID, line: line,
      column: column)
  }

  /// The host type and style of the items.
  public var kind: ItemKind { storage.kind }

  /// An item of this kind.
  /// - Parameters:
  ///   - id: The item's identity; unique in the collection.
  ///   - content: What the item shows; a change reconfigures its host.
  /// - Returns: The item.
  @inlinable public func item<ItemID: Hashable & Sendable>(id: ItemID, content: Content) -> ItemModel<ItemID> {
    ItemModel(id: id, template: storage, content: ItemContent(content))
  }
}
