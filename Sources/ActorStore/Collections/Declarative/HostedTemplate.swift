/// The storage of every ``ItemTemplate`` and ``BoundItemTemplate``: typed style, host and
/// content type, erased once behind ``AnyItemTemplate``.
// @unchecked, and no lock needed: immutable; every stored property is a `let` of a Sendable type
// (the superclass is not final, so the compiler cannot check it).
@usableFromInline final class HostedTemplate<
  Host: AnyObject & SendableMetatype, Style: Hashable & Sendable, Content: Equatable & Sendable
>: AnyItemTemplate, @unchecked Sendable {
  @usableFromInline let style: Style
  let make: @Sendable () -> Host
  /// Runs before `apply`: binds the element's store for bound templates; `nil` otherwise.
  let attach: (@Sendable (Host, Content) -> Void)?
  let apply: @Sendable (Host, Content) -> Void
  /// Unbinds the element's store for bound templates; calls `prepareForReuse()` otherwise.
  let detach: @Sendable (Host) -> Void

  @inlinable convenience init(
    style: Style, declaration: TemplateDeclaration, make: @escaping @Sendable () -> Host,
    attach: (@Sendable (Host, Content) -> Void)?, apply: @escaping @Sendable (Host, Content) -> Void,
    detach: @escaping @Sendable (Host) -> Void
  ) {
    // `match` is referenced here, in inlinable code, so clients store its specialization.
    self.init(
      style: style, declaration: declaration, make: make, attach: attach, apply: apply, detach: detach,
      matcher: Self.match)
  }

  @usableFromInline init(
    style: Style, declaration: TemplateDeclaration, make: @escaping @Sendable () -> Host,
    attach: (@Sendable (Host, Content) -> Void)?, apply: @escaping @Sendable (Host, Content) -> Void,
    detach: @escaping @Sendable (Host) -> Void, matcher: @escaping Matcher
  ) {
    self.style = style
    self.make = make
    self.attach = attach
    self.apply = apply
    self.detach = detach
    super.init(hostType: Host.self, declaration: declaration, matcher: matcher)
  }

  override var anyStyle: any Hashable & Sendable { style }

  @usableFromInline override func describe(_ content: ItemContent) -> String {
    "\(content.read(as: Content.self))"
  }

  /// How a new item (`new`, a template of these very types, with `newContent`) relates to the
  /// item of its ID in the previous collection.
  @inlinable static func match(
    _ new: AnyItemTemplate, _ newContent: UnsafePointer<ItemContent>, _ old: AnyItemTemplate,
    _ oldContent: UnsafePointer<ItemContent>
  ) -> ItemMatch {
    // Items made from one template share it: same kind, same content type, no style to compare.
    if new !== old {
      let new = unsafeDowncast(new, to: Self.self)
      guard ObjectIdentifier(type(of: old)) == ObjectIdentifier(Self.self) else {
        // Another content type may still share the host and style: then it is a content change.
        let sameKind =
          ObjectIdentifier(old.hostType) == ObjectIdentifier(Host.self) && ItemKind.isEqual(new.style, old.anyStyle)
        return sameKind ? .changed : .replaced
      }
      guard unsafeDowncast(old, to: Self.self).style == new.style else { return .replaced }
      // Another declaration of the kind configures the host its own way, whatever the content;
      // the same declaration made again (a template per collection) changes nothing.
      guard new.declaration == old.declaration else { return .changed }
    }
    return ItemContent.read(Content.self, at: newContent) == ItemContent.read(Content.self, at: oldContent)
      ? .same : .changed
  }

  override func makeHost() -> AnyObject { make() }

  @usableFromInline override func configure(_ host: AnyObject, _ content: ItemContent) {
    guard let host = typed(host, "configure") else { return }
    let content = content.read(as: Content.self)
    attach?(host, content)
    apply(host, content)
  }

  override func release(_ host: AnyObject) {
    guard let host = typed(host, "release") else { return }
    detach(host)
  }

  private func typed(_ host: AnyObject, _ operation: String) -> Host? {
    guard let host = host as? Host else {
      reportIssue(
        "ItemModel: asked to \(operation) a \(type(of: host)) for an item shown by \(Host.self) hosts; "
          + "left the host as it was. Dequeue hosts by the item's kind.")
      return nil
    }
    return host
  }
}
