/// The storage of every ``ItemModel``: typed style, content and host, erased once behind
/// ``ItemStorage``.
// @unchecked, and no lock needed: immutable; every stored property is a `let` of a Sendable type
// (the superclass is not final, so the compiler cannot check it).
@usableFromInline final class HostedItem<
  Host: AnyObject & SendableMetatype, Style: Hashable & Sendable, Content: Equatable & Sendable
>: ItemStorage, @unchecked Sendable {
  @usableFromInline let style: Style
  @usableFromInline let content: Content
  let make: @Sendable () -> Host
  let apply: @Sendable (Host, Content) -> Void
  /// Runs before `apply`: binds the element's store for bound items, nothing otherwise.
  let attach: @Sendable (Host) -> Void
  /// Unbinds the element's store for bound items; calls `prepareForReuse()` otherwise.
  let detach: @Sendable (Host) -> Void

  @usableFromInline init(
    style: Style, content: Content, make: @escaping @Sendable () -> Host,
    apply: @escaping @Sendable (Host, Content) -> Void, attach: @escaping @Sendable (Host) -> Void,
    detach: @escaping @Sendable (Host) -> Void, matcher: @escaping @Sendable (ItemStorage, ItemStorage) -> ItemMatch
  ) {
    self.style = style
    self.content = content
    self.make = make
    self.apply = apply
    self.attach = attach
    self.detach = detach
    super.init(hostType: Host.self, matcher: matcher)
  }

  @usableFromInline override var anyStyle: any Hashable & Sendable { style }

  @usableFromInline override var contentDescription: String { "\(content)" }

  /// How `new` relates to `old`; `new` is a `HostedItem` of these very types. Stored as each
  /// item's ``ItemStorage/matcher`` by `ItemModel`'s initializers.
  @inlinable static func match(_ new: ItemStorage, _ old: ItemStorage) -> ItemMatch {
    let new = unsafeDowncast(new, to: Self.self)
    guard ObjectIdentifier(type(of: old)) == ObjectIdentifier(Self.self) else {
      // Another content type may still share the host and style: then it is a content change.
      let sameKind =
        ObjectIdentifier(old.hostType) == ObjectIdentifier(Host.self) && ItemKind.isEqual(new.style, old.anyStyle)
      return sameKind ? .changed : .replaced
    }
    let old = unsafeDowncast(old, to: Self.self)
    guard old.style == new.style else { return .replaced }
    return old.content == new.content ? .same : .changed
  }

  @usableFromInline override func makeHost() -> AnyObject { make() }

  @usableFromInline override func configure(_ host: AnyObject) {
    guard let host = typed(host, "configure") else { return }
    attach(host)
    apply(host, content)
  }

  @usableFromInline override func release(_ host: AnyObject) {
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
