/// Sends actions from an effect back into its store.
///
/// `await send(action)` returns once the store has processed the action (and every action it
/// synchronously produced). Once the effect is cancelled, sends are dropped: a cancelled effect
/// never delivers another action.
public struct Send<Action: Sendable>: Sendable {
  @usableFromInline let deliver: @Sendable (Action) async -> Void
  /// Told of each action dropped because the task was cancelled, when the store is traced.
  @usableFromInline let dropped: (@Sendable (Action) -> Void)?

  /// Creates a `Send` from a delivery closure, e.g. to test an effect's operation in isolation.
  /// - Parameter deliver: Receives each action.
  public init(_ deliver: @escaping @Sendable (Action) async -> Void) {
    self.init(deliver, dropped: nil)
  }

  @usableFromInline init(_ deliver: @escaping @Sendable (Action) async -> Void, dropped: (@Sendable (Action) -> Void)?) {
    self.deliver = deliver
    self.dropped = dropped
  }

  /// Delivers `action` unless the current task is cancelled.
  /// - Parameter action: The action to deliver.
  @inlinable
  public func callAsFunction(_ action: Action) async {
    guard !Task.isCancelled else {
      dropped?(action)
      return
    }
    await deliver(action)
  }

  /// A `Send` for actions of type `T` that feeds this one through `transform`.
  func map<T: Sendable>(_ transform: @escaping @Sendable (T) -> Action) -> Send<T> {
    let deliver = self.deliver
    var mappedDrop: (@Sendable (T) -> Void)?
    if let dropped { mappedDrop = { @Sendable value in dropped(transform(value)) } }
    return Send<T>({ await deliver(transform($0)) }, dropped: mappedDrop)
  }
}
