/// The effects one ``Store/send(_:fileID:filePath:line:column:)`` started: everything its action
/// (and the actions it synchronously produced) launched, and transitively every effect started
/// by actions those effects sent.
///
/// ```swift
/// // SwiftUI: cancelled with the view, the effects go with it.
/// .task { await store.send(.onAppear).finish() }
/// ```
public struct StoreTask: Hashable, Sendable {
  let record: EffectRecord?
  let registry: EffectRegistry?
  /// Set for a send made from synchronous code to a store on another executor, which the store
  /// has yet to process: the handle then forwards to the task the processed send gets.
  let pending: PendingSend?

  @usableFromInline init(record: EffectRecord?, registry: EffectRegistry?) {
    self.record = record
    self.registry = registry
    pending = nil
  }

  init(pending: PendingSend) {
    record = nil
    registry = nil
    self.pending = pending
  }

  /// Cancels every effect this send started, transitively, and returns once the cancel is
  /// final, as TCA's `StoreTask.cancel()`: none of their actions is reduced afterwards, whatever
  /// thread the effects and the store run on. If the store is, on another thread, reducing an
  /// action one of these effects sent, this suspends until that batch has ended. A send the store
  /// has not processed yet (made from synchronous code to a store on another executor) has its
  /// effects cancelled as it is processed.
  ///
  /// ```swift
  /// let task = store.send(.startTimer)
  /// await task.cancel()
  /// ```
  nonisolated(nonsending) public func cancel() async {
    if let pending { return await pending.cancelAwaitingDelivery() }
    guard let record, let registry else { return }
    await registry.cancelAwaitingDelivery(record)
  }

  /// Cancels every effect this send started, transitively, from synchronous code (a
  /// `viewDidDisappear`, a `deinit`), without waiting: their tasks are cancelled and no action of
  /// theirs begins to be reduced after it returns. Called on the store's own executor (a
  /// main-actor store's from the main actor, or from a reducer), it is final, as the awaited
  /// `await cancel()` is; from another thread, an action of theirs the store is reducing at that
  /// moment may still finish its batch. It never blocks: `await cancel()` where that batch must
  /// be over.
  public func cancel() {
    if let pending { return pending.cancel() }
    guard let record, let registry else { return }
    registry.cancel(record, transitively: true)
  }

  /// Waits until every effect this send started has finished, transitively (first, for a send
  /// the store has not processed yet, until it is processed). Cancelling the waiting task
  /// cancels those effects. Runs on the caller's executor: awaited on the main actor, it resumes
  /// there without another hop.
  nonisolated(nonsending) public func finish() async {
    if let pending { return await pending.finish() }
    guard let record, let registry else { return }
    await withTaskCancellationHandler {
      await registry.waitUntilTransitivelyFinished(record.node)
    } onCancel: {
      registry.cancel(record, transitively: true)
    }
  }

  /// Whether `cancel()` was called (or the effects were cancelled with their store).
  public var isCancelled: Bool {
    if let pending { return pending.isCancelled }
    guard let record, let registry else { return false }
    return registry.isCancelledAsSend(record)
  }

  /// Whether every effect this send started has finished; `false` while the send itself waits
  /// to be processed.
  public var hasFinished: Bool {
    if let pending { return pending.hasFinished }
    guard let record, let registry else { return true }
    return registry.isTransitivelyFinished(record)
  }

  /// Tasks are equal when they track the same send.
  public static func == (lhs: StoreTask, rhs: StoreTask) -> Bool {
    lhs.record === rhs.record && lhs.pending === rhs.pending
  }

  /// Hashes the identity of the tracked send.
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(record.map(ObjectIdentifier.init))
    hasher.combine(pending.map(ObjectIdentifier.init))
  }
}
