import Dispatch
import Synchronization

/// What every store tree tracing into one sink shares: one sequence, so that no two of the
/// sink's events carry the same number, and one serial delivery queue, so that the sink is
/// called one event at a time however many stores trace into it.
final class TraceChannel: Sendable {
  /// The queue every ``TraceRelay`` of the sink delivers on.
  let queue = DispatchQueue(label: "ActorStore.trace")
  private let sequence = Atomic<UInt64>(1)

  /// The channel of each sink, kept while the sink lives, so that its sequence goes on across
  /// the store trees that come and go: an entry whose sink is gone is stale (another sink may
  /// have its address) and is replaced or pruned.
  private static let channels = Locked<[ObjectIdentifier: Entry]>([:])

  private struct Entry {
    weak var sink: AnyObject?
    let channel: TraceChannel
  }

  private init() {}

  /// The next sequence number of the sink's trace.
  func nextSequence() -> UInt64 {
    sequence.wrappingAdd(1, ordering: .relaxed).oldValue
  }

  /// The channel of `sink`, made on first use.
  /// - Parameter sink: The sink.
  /// - Returns: The channel every store tree tracing into `sink` shares.
  static func shared(by sink: any StoreTraceSink) -> TraceChannel {
    channels.withLock { channels in
      let key = ObjectIdentifier(sink)
      if let entry = channels[key], entry.sink === sink { return entry.channel }
      if channels.count >= 16 { channels = channels.filter { $0.value.sink != nil } }
      let channel = TraceChannel()
      channels[key] = Entry(sink: sink, channel: channel)
      return channel
    }
  }
}
