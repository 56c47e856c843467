/// Where a ``Send`` delivers its actions, and whom it tells of those dropped.
///
/// A class so that a `Send` is one reference wide; an effect's task body extends it, so that
/// an effect's `Send` costs no allocation of its own.
// `@unchecked` only because the class is not final: its properties, and its subclass's, are
// `let`s of `Sendable` types, so no lock is needed.
@usableFromInline class SendChannel<Action: Sendable>: @unchecked Sendable {
  /// Delivers an action. It is handed the channel itself, so that an effect's delivery reads
  /// what it needs from its task body and captures nothing: no closure context to allocate.
  @usableFromInline let deliver: @Sendable (Action, SendChannel<Action>) async -> Void
  /// Told of each action dropped because the task was cancelled, when the store is traced.
  @usableFromInline let dropped: (@Sendable (Action) -> Void)?

  @usableFromInline init(
    deliver: @escaping @Sendable (Action, SendChannel<Action>) async -> Void, dropped: (@Sendable (Action) -> Void)?
  ) {
    self.deliver = deliver
    self.dropped = dropped
  }
}
