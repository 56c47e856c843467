import Synchronization

/// A store tree's trace: numbers events and hands them to the sink.
///
/// A traced store keeps one in its engine and its effect registry; an untraced one keeps `nil`
/// there, so tracing off costs one predictable branch per action and nothing else.
@usableFromInline final class StoreTracer: Sendable {
  // Two optionals rather than an enum: reaching the buffer on the per-action path is then a
  // field load, with no payload to extract and retain.
  /// Written in place: the buffer never blocks. Stores keep their action events typed until
  /// a batch ends when tracing into one (see ``StoreEngine/traceAction(_:from:)``).
  let buffer: StoreTraceBuffer?
  /// Delivers to any other sink on its own queue.
  private let relay: TraceRelay?
  /// The events this store tree recorded into `buffer`, which other trees may share.
  private let recorded = Atomic<UInt64>(0)

  /// Creates the tracer for `sink`; issues the sink causes later go to the current reporter.
  @usableFromInline init(sink: any StoreTraceSink) {
    buffer = sink as? StoreTraceBuffer
    relay = buffer == nil ? TraceRelay(sink: sink, reporter: IssueReporting.current) : nil
  }

  @usableFromInline func emit(_ kind: __owned StoreTraceEvent.Kind) {
    if let buffer {
      recorded.add(1, ordering: .relaxed)
      buffer.record(kind)
    } else {
      relay?.emit(kind)
    }
  }

  /// Traces an action entering the store; inlined so that boxing the action happens where its
  /// type is known.
  @inlinable func actionReceived<Action: Sendable>(_ action: Action, from source: StoreTraceEvent.ActionSource) {
    emit(.actionReceived(action: action, source: source))
  }

  /// Traces an action that will never be reduced.
  func actionDropped<Action: Sendable>(_ action: Action, because reason: StoreTraceEvent.DropReason) {
    emit(.actionDropped(action: action, reason: reason))
  }

  /// Hands a batch's action events, numbered already, to the buffer.
  func record(_ batch: some TracedActionBatch) {
    recorded.add(UInt64(batch.count), ordering: .relaxed)
    buffer?.record(batch)
  }

  /// Resumes once every event so far reached the sink.
  func flush() async {
    await relay?.flush()
  }

  var statistics: StoreTraceStatistics {
    if buffer != nil {
      let count = recorded.load(ordering: .relaxed)
      return StoreTraceStatistics(emitted: count, delivered: count)
    }
    return relay?.statistics ?? StoreTraceStatistics()
  }
}
