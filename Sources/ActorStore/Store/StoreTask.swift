/// The effects one ``Store/send(_:fileID:filePath:line:column:)`` started: everything its action
/// (and the actions it synchronously produced) launched, and transitively every effect started
/// by actions those effects sent.
///
/// ```swift
/// // SwiftUI: cancelled with the view, the effects go with it.
/// .task { await store.send(.onAppear).finish() }
/// ```
public struct StoreTask: Hashable, Sendable {
  @usableFromInline let record: EffectRecord?
  @usableFromInline let registry: EffectRegistry?

  @usableFromInline init(record: EffectRecord?, registry: EffectRegistry?) {
    self.record = record
    self.registry = registry
  }

  /// Cancels every effect this send started, transitively. Final once it returns, whatever
  /// thread the effects run on: none of their actions is reduced afterwards.
  ///
  /// If the store is, on another thread, reducing an action one of these effects sent, the call
  /// waits for that batch to end (it is never longer than one batch). Do not call it while
  /// holding a lock that the store's reducers take.
  public func cancel() {
    guard let record, let registry else { return }
    registry.cancel(record, transitively: true, waitingForDelivery: true)
  }

  /// Waits until every effect this send started has finished, transitively. Cancelling the
  /// waiting task cancels those effects. Runs on the caller's executor: awaited on the main
  /// actor, it resumes there without another hop.
  nonisolated(nonsending) public func finish() async {
    guard let record, let registry else { return }
    await withTaskCancellationHandler {
      await registry.waitUntilTransitivelyFinished(record.node)
    } onCancel: {
      registry.cancel(record, transitively: true)
    }
  }

  /// Whether ``cancel()`` was called (or the effects were cancelled with their store).
  public var isCancelled: Bool {
    guard let record, let registry else { return false }
    return registry.isCancelledAsSend(record)
  }

  /// Whether every effect this send started has finished.
  public var hasFinished: Bool {
    guard let record, let registry else { return true }
    return registry.isTransitivelyFinished(record)
  }

  /// Tasks are equal when they track the same send.
  public static func == (lhs: StoreTask, rhs: StoreTask) -> Bool { lhs.record === rhs.record }

  /// Hashes the identity of the tracked send.
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(record.map(ObjectIdentifier.init))
  }
}
