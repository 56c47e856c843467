/// Sends actions from an effect back into its store.
///
/// `await send(action)` returns once the store has processed the action (and every action it
/// synchronously produced). Once the effect is cancelled, sends are dropped: a cancelled effect
/// never delivers another action.
public struct Send<Action: Sendable>: Sendable {
  /// Where actions go. One word, so that a `Send` an effect holds across its suspensions takes
  /// one word of the effect's frame.
  @usableFromInline let channel: SendChannel<Action>

  /// Creates a `Send` from a delivery closure, e.g. to test an effect's operation in isolation.
  /// - Parameter deliver: Receives each action.
  public init(_ deliver: @escaping @Sendable (Action) async -> Void) {
    self.init(closure: SendClosure(deliver: deliver, dropped: nil))
  }

  @usableFromInline init(effect record: EffectTaskRecord<Action>) {
    channel = .effect(record)
  }

  init(closure: SendClosure<Action>) {
    channel = .closure(closure)
  }

  /// Delivers `action` unless the current task is cancelled. Runs on the caller's executor up to
  /// the hop onto the store, and returns there once the store has processed the action.
  /// - Parameter action: The action to deliver.
  @inlinable
  nonisolated(nonsending) public func callAsFunction(_ action: Action) async {
    guard !Task.isCancelled else { return drop(action) }
    await deliver(action)
  }

  /// Delivers `action` like ``callAsFunction(_:)``, and has a store of a main-actor tree
  /// (``StoreExecutor/mainActor``) apply the state change it makes within `transaction`, on the
  /// main actor: `send(_:animation:)` (with SwiftUI) is this around `withAnimation`. A store
  /// running elsewhere publishes its states to the main actor later, so there the action is
  /// delivered as by ``callAsFunction(_:)``.
  /// - Parameters:
  ///   - action: The action to deliver.
  ///   - transaction: Runs the update it is given, once, synchronously.
  nonisolated(nonsending) public func callAsFunction(
    _ action: Action, within transaction: @escaping @MainActor @Sendable (_ update: () -> Void) -> Void
  ) async {
    guard !Task.isCancelled else { return drop(action) }
    SendTransaction.markUsed()
    await SendTransaction.$current.withValue(transaction) { await deliver(action) }
  }

  /// Delivers `action`, cancelled or not. Specialized in the client but never inlined: the hop
  /// onto the store then lives in this function's frame, allocated for the call only, and not in
  /// the frame of every effect closure that sends, which an effect holds while it sleeps (see
  /// Docs/Stress-and-Benchmarks.md on a sleeping effect's memory).
  @inlinable @inline(never)
  nonisolated(nonsending) func deliver(_ action: Action) async {
    switch channel {
    case .effect(let record): await record.receiver.receive(action, from: record, on: record.isolation)
    case .closure(let closure): await closure.deliver(action)
    }
  }

  /// Tells the channel that `action` was dropped because the task was cancelled.
  @usableFromInline
  func drop(_ action: Action) {
    switch channel {
    case .effect(let record): record.dropped(action)
    case .closure(let closure): closure.dropped?(action)
    }
  }

  /// A `Send` for actions of type `T` that feeds this one through `transform`.
  func map<T: Sendable>(_ transform: @escaping @Sendable (T) -> Action) -> Send<T> {
    let base = self
    let closure = SendClosure<T>(
      deliver: { value in await base.deliver(transform(value)) }, dropped: { value in base.drop(transform(value)) })
    return Send<T>(closure: closure)
  }
}
