/// Sends actions from an effect back into its store.
///
/// `await send(action)` returns once the store has processed the action (and every action it
/// synchronously produced). Once the effect is cancelled, sends are dropped: a cancelled effect
/// never delivers another action.
public struct Send<Action: Sendable>: Sendable {
  /// Where actions go. One reference, so that a `Send` an effect holds across its suspensions
  /// takes one word of the effect's frame.
  @usableFromInline let channel: SendChannel<Action>

  /// Creates a `Send` from a delivery closure, e.g. to test an effect's operation in isolation.
  /// - Parameter deliver: Receives each action.
  public init(_ deliver: @escaping @Sendable (Action) async -> Void) {
    self.init(SendChannel(deliver: { action, _ in await deliver(action) }, dropped: nil))
  }

  @usableFromInline init(_ channel: SendChannel<Action>) {
    self.channel = channel
  }

  /// Delivers `action` unless the current task is cancelled.
  /// - Parameter action: The action to deliver.
  @inlinable
  public func callAsFunction(_ action: Action) async {
    guard !Task.isCancelled else {
      channel.dropped?(action)
      return
    }
    await channel.deliver(action, channel)
  }

  /// A `Send` for actions of type `T` that feeds this one through `transform`.
  func map<T: Sendable>(_ transform: @escaping @Sendable (T) -> Action) -> Send<T> {
    let base = channel
    var mappedDrop: (@Sendable (T) -> Void)?
    if let dropped = base.dropped { mappedDrop = { @Sendable value in dropped(transform(value)) } }
    let deliver: @Sendable (T, SendChannel<T>) async -> Void = { value, _ in
      await base.deliver(transform(value), base)
    }
    return Send<T>(SendChannel(deliver: deliver, dropped: mappedDrop))
  }
}
