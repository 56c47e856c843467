/// A store tree's trace: numbers events and hands them to the sink.
///
/// A traced store keeps one in its engine and its effect registry; an untraced one keeps `nil`
/// there, so tracing off costs one predictable branch per action and nothing else.
@usableFromInline final class StoreTracer: Sendable {
  private enum Destination {
    /// Written in place: the buffer never blocks.
    case buffer(StoreTraceBuffer)
    /// Delivered on the relay's queue.
    case relay(TraceRelay)
  }

  private let destination: Destination

  /// Creates the tracer for `sink`; issues the sink causes later go to the current reporter.
  @usableFromInline init(sink: any StoreTraceSink) {
    if let buffer = sink as? StoreTraceBuffer {
      destination = .buffer(buffer)
    } else {
      destination = .relay(TraceRelay(sink: sink, reporter: IssueReporting.current))
    }
  }

  @usableFromInline func emit(_ kind: StoreTraceEvent.Kind) {
    switch destination {
    case .buffer(let buffer): buffer.record(kind)
    case .relay(let relay): relay.emit(kind)
    }
  }

  /// Traces an action entering the store; inlined so that boxing the action happens where its
  /// type is known.
  @inlinable func actionReceived<Action: Sendable>(_ action: Action, from source: StoreTraceEvent.ActionSource) {
    emit(.actionReceived(action: action, source: source))
  }

  /// Traces an action that will never be reduced.
  @usableFromInline func actionDropped<Action: Sendable>(_ action: Action, because reason: StoreTraceEvent.DropReason) {
    emit(.actionDropped(action: action, reason: reason))
  }

  /// Resumes once every event so far reached the sink.
  func flush() async {
    if case .relay(let relay) = destination { await relay.flush() }
  }

  var statistics: StoreTraceStatistics {
    switch destination {
    case .buffer(let buffer):
      let count = buffer.appendedCount
      return StoreTraceStatistics(emitted: count, delivered: count)
    case .relay(let relay):
      return relay.statistics
    }
  }
}
