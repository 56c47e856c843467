/// An in-memory ring of the latest trace events: the cheapest sink, meant to stay installed
/// during development and be read when something looks wrong.
///
/// ```swift
/// let trace = StoreTraceBuffer(capacity: 256)
/// let store = Store(initialState: Counter.State(), reducer: Counter(), trace: trace)
/// await store.send(.factTapped).finish()
/// for event in trace.events { print(event) }
/// ```
///
/// Events are written in place, under the buffer's lock, by whichever thread produces them;
/// when full, the oldest event is overwritten. One buffer may serve several stores: their
/// events then share one sequence.
public final class StoreTraceBuffer: StoreTraceSink {
  /// The most events kept.
  public let capacity: Int
  private let ring: Locked<Ring>

  private struct Ring: ~Copyable {
    var slots: [StoreTraceEvent] = []
    /// Where the next event goes once `slots` is full (the oldest event's slot).
    var head = 0
    var nextSequence: UInt64 = 1
    var overwritten: UInt64 = 0
    var appended: UInt64 = 0

    mutating func append(_ event: consuming StoreTraceEvent, capacity: Int) {
      appended &+= 1
      if slots.count < capacity {
        slots.append(event)
      } else {
        slots[head] = event
        head = head + 1 == capacity ? 0 : head + 1
        overwritten &+= 1
      }
    }
  }

  /// Creates an empty buffer.
  /// - Parameter capacity: The most events kept; at least 1 (a smaller value is reported and
  ///   replaced by 1).
  public init(capacity: Int = 1_024) {
    if capacity < 1 {
      reportIssue("StoreTraceBuffer(capacity: \(capacity)): the capacity must be at least 1; using 1.")
    }
    self.capacity = max(1, capacity)
    var ring = Ring()
    ring.slots.reserveCapacity(self.capacity)
    self.ring = Locked(ring)
  }

  /// Appends `event` as it is, keeping its sequence number. Stores give the buffer their
  /// events directly (see ``StoreTraceSink``); this is for forwarding events from elsewhere.
  /// - Parameter event: The event.
  public func receive(_ event: StoreTraceEvent) {
    ring.withLock { ring in
      ring.nextSequence = max(ring.nextSequence, event.sequence + 1)
      ring.append(event, capacity: capacity)
    }
  }

  /// Numbers and appends an event a store produced.
  @usableFromInline func record(_ kind: __owned StoreTraceEvent.Kind) {
    ring.withLock { ring in
      let sequence = ring.nextSequence
      ring.nextSequence = sequence &+ 1
      // Built in place: the event is copied once, into its slot.
      ring.append(StoreTraceEvent(sequence: sequence, kind: kind), capacity: capacity)
    }
  }

  /// The events kept, oldest first.
  public var events: [StoreTraceEvent] {
    ring.withLock { ring in Array(ring.slots[ring.head...] + ring.slots[..<ring.head]) }
  }

  /// How many events were overwritten by newer ones.
  public var overwrittenCount: UInt64 { ring.withLock { $0.overwritten } }

  /// How many events were ever appended.
  var appendedCount: UInt64 { ring.withLock { $0.appended } }

  /// Forgets every event kept (the sequence goes on).
  public func removeAll() {
    ring.withLock { ring in
      ring.slots.removeAll(keepingCapacity: true)
      ring.head = 0
    }
  }
}
