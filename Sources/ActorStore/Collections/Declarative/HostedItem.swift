/// The ``ItemBody`` of every item: typed content and host, erased once behind the protocol.
@usableFromInline struct HostedItem<Host: AnyObject, Content: Equatable & Sendable>: ItemBody {
  @usableFromInline let content: Content
  let make: @Sendable () -> Host
  let apply: @Sendable (Host, Content) -> Void
  /// Runs before `apply`: binds the element's store for bound items, nothing otherwise.
  let attach: @Sendable (Host) -> Void
  /// Unbinds the element's store for bound items; calls `prepareForReuse()` otherwise.
  let detach: @Sendable (Host) -> Void

  @usableFromInline init(
    content: Content, make: @escaping @Sendable () -> Host, apply: @escaping @Sendable (Host, Content) -> Void,
    attach: @escaping @Sendable (Host) -> Void, detach: @escaping @Sendable (Host) -> Void
  ) {
    self.content = content
    self.make = make
    self.apply = apply
    self.attach = attach
    self.detach = detach
  }

  @inlinable func hasSameContent(as other: any ItemBody) -> Bool {
    guard let other = other as? Self else { return false }
    return content == other.content
  }

  @usableFromInline var contentDescription: String { "\(content)" }

  @usableFromInline func makeHost() -> AnyObject { make() }

  @usableFromInline func configure(_ host: AnyObject) {
    guard let host = typed(host, "configure") else { return }
    attach(host)
    apply(host, content)
  }

  @usableFromInline func release(_ host: AnyObject) {
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
