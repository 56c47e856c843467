/// Where a ``Send`` delivers its actions: an effect's record, or a closure. Either case is one
/// reference, and the enum keeps its case in the reference's spare bits, so a `Send` is one
/// word wide.
@usableFromInline enum SendChannel<Action: Sendable>: Sendable {
  /// The `Send` of a `.run` effect: its record delivers to the store.
  case effect(EffectTaskRecord<Action>)
  /// A `Send` made from a closure, or mapped from another `Send`.
  case closure(SendClosure<Action>)
}

/// A closure a ``Send`` delivers to, and whom it tells of actions dropped after cancellation.
@usableFromInline final class SendClosure<Action: Sendable>: Sendable {
  @usableFromInline let deliver: @Sendable (Action) async -> Void
  let dropped: (@Sendable (Action) -> Void)?

  @usableFromInline init(deliver: @escaping @Sendable (Action) async -> Void, dropped: (@Sendable (Action) -> Void)?) {
    self.deliver = deliver
    self.dropped = dropped
  }
}
