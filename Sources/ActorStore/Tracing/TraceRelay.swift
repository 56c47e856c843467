import Dispatch

/// Hands a store tree's trace events to a ``StoreTraceSink`` on the sink's serial delivery queue
/// (see ``TraceChannel``), so that the sink's speed never touches the store: events wait in a
/// bounded list and are dropped, and counted, once it is full.
final class TraceRelay: Sendable {
  /// The most events waiting for the sink before new ones are dropped.
  static let capacity = 16_384

  private let sink: any StoreTraceSink
  /// The sequence and delivery queue shared with every other store tree tracing into `sink`.
  private let channel: TraceChannel
  /// The reporter of the task that created the store: delivery runs on a queue without the
  /// task-local one, and a test capturing issues should still see the sink's failures.
  private let reporter: any IssueReporter
  private let state = Locked(State())

  private struct State: ~Copyable {
    var pending: [StoreTraceEvent] = []
    /// Whether a drain is queued or running; cleared by the drain once `pending` is empty.
    var isDraining = false
    var statistics = StoreTraceStatistics()
    var reportedDrop = false
    var reportedFailure = false
  }

  init(sink: any StoreTraceSink, reporter: any IssueReporter) {
    self.sink = sink
    self.reporter = reporter
    channel = TraceChannel.shared(by: sink)
  }

  func emit(_ kind: StoreTraceEvent.Kind) {
    let (startDrain, reportDrop) = state.withLock { state -> (Bool, Bool) in
      // Numbered under the lock, so that this relay's waiting events stay in sequence order.
      let event = StoreTraceEvent(sequence: channel.nextSequence(), kind: kind)
      state.statistics.emitted += 1
      var reportDrop = false
      if state.pending.count < Self.capacity {
        state.pending.append(event)
      } else {
        state.statistics.dropped += 1
        reportDrop = !state.reportedDrop
        state.reportedDrop = true
      }
      let startDrain = !state.isDraining
      state.isDraining = true
      return (startDrain, reportDrop)
    }
    if reportDrop {
      report(
        """
        The trace sink \(type(of: sink)) is \(Self.capacity) events behind (it blocks or is too slow); \
        further events are dropped until it catches up. The store keeps running; \
        Store.traceStatistics counts what was dropped.
        """, severity: .warning)
    }
    if startDrain { channel.queue.async { self.drain() } }
  }

  /// Delivers every waiting event, oldest first, until none is left.
  private func drain() {
    while true {
      let batch = state.withLock { state -> [StoreTraceEvent] in
        if state.pending.isEmpty { state.isDraining = false }
        defer { state.pending = [] }
        return state.pending
      }
      if batch.isEmpty { return }
      var delivered: UInt64 = 0
      var firstError: (any Error)?
      for event in batch {
        do {
          try sink.receive(event)
          delivered += 1
        } catch {
          if firstError == nil { firstError = error }
        }
      }
      let failed = UInt64(batch.count) - delivered
      let reportFailure = state.withLock { state -> Bool in
        state.statistics.delivered += delivered
        state.statistics.failed += failed
        guard firstError != nil, !state.reportedFailure else { return false }
        state.reportedFailure = true
        return true
      }
      if reportFailure, let firstError {
        report(
          """
          The trace sink \(type(of: sink)) threw \(firstError); the event was not traced. The store \
          keeps running; further failures are counted in Store.traceStatistics.
          """)
      }
    }
  }

  /// Resumes once every event emitted before the call was handed to the sink.
  func flush() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      channel.queue.async { continuation.resume() }
    }
  }

  var statistics: StoreTraceStatistics { state.withLock { $0.statistics } }

  /// Reports to the reporter of the task that created the store. Falling behind is a warning:
  /// dropping events rather than stalling the store is the relay's contract, not a fault.
  private func report(
    _ message: String, severity: RuntimeIssue.Severity = .error, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    reporter.report(
      RuntimeIssue(message: message, severity: severity, fileID: fileID, filePath: filePath, line: line, column: column))
  }
}
