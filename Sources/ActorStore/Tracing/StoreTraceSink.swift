/// Receives the ``StoreTraceEvent``s of a traced store tree.
///
/// Pass one to `Store(initialState:reducer:executor:trace:)`. Events reach a sink one at a time,
/// on a serial delivery queue of the sink's own, never on the store's executor: a slow, blocking
/// or throwing sink never stalls the store. Each store tree's events arrive in sequence order;
/// store trees sharing a sink share its sequence, and their events interleave. While the sink lags, up
/// to a bounded number of events wait; beyond that they are dropped and counted in
/// `Store.traceStatistics`. ``StoreTraceBuffer`` is the exception: it is written in place,
/// which it can afford because it never blocks.
public protocol StoreTraceSink: AnyObject, Sendable {
  /// Handles one event.
  /// - Parameter event: The event.
  /// - Throws: Any error; it is counted in `Store.traceStatistics` (the first one is reported
  ///   as an issue) and delivery goes on with the next event.
  func receive(_ event: StoreTraceEvent) throws
}

/// How a store tree's trace has fared so far.
public struct StoreTraceStatistics: Sendable, Hashable {
  /// Events produced.
  public var emitted: UInt64 = 0
  /// Events the sink received without throwing.
  public var delivered: UInt64 = 0
  /// Events dropped because the sink lagged too far behind.
  public var dropped: UInt64 = 0
  /// Events whose delivery threw.
  public var failed: UInt64 = 0

  /// Creates statistics.
  /// - Parameters:
  ///   - emitted: Events produced.
  ///   - delivered: Events delivered.
  ///   - dropped: Events dropped.
  ///   - failed: Events whose delivery threw.
  public init(emitted: UInt64 = 0, delivered: UInt64 = 0, dropped: UInt64 = 0, failed: UInt64 = 0) {
    self.emitted = emitted
    self.delivered = delivered
    self.dropped = dropped
    self.failed = failed
  }
}
