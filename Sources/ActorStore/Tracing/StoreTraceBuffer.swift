import Synchronization

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
/// Events are written in place, under the buffer's lock, by whichever thread produces them,
/// except the actions a batch produces itself (`.send` chains): those are numbered when they
/// happen but kept by their store, typed, until the batch ends, then handed over at once, so
/// that tracing such an action costs a counter increment and an append, and retains nothing. ``events`` shows them
/// once their batch has ended. When full, the oldest events are dropped. One buffer may serve several
/// stores: their events then share one sequence.
public final class StoreTraceBuffer: StoreTraceSink {
  /// The most events kept.
  public let capacity: Int
  /// The next sequence number, shared by every store writing here.
  @usableFromInline let sequence = Atomic<UInt64>(1)
  private let ring: Locked<Ring>

  /// Single events in a ring of slots, and stores' long batches of action events in arrival
  /// order; each part keeps at most `capacity` events, and ``events`` keeps the latest
  /// `capacity` of both.
  private struct Ring: ~Copyable {
    var slots: [StoreTraceEvent] = []
    /// Where the next event goes once `slots` is full (the oldest event's slot).
    var head = 0
    var batches: [(batch: any TracedActionBatch, from: Int)] = []
    var batchedCount = 0
    var appended: UInt64 = 0
    /// Events forgotten by ``StoreTraceBuffer/removeAll()``.
    var removed: UInt64 = 0

    /// Events ``StoreTraceBuffer/events`` would show.
    func keptCount(capacity: Int) -> Int { min(capacity, slots.count + batchedCount) }

    mutating func append(_ event: consuming StoreTraceEvent, capacity: Int) {
      appended &+= 1
      if slots.count < capacity {
        slots.append(event)
      } else {
        slots[head] = event
        head = head + 1 == capacity ? 0 : head + 1
      }
    }

    mutating func append(_ batch: any TracedActionBatch, capacity: Int) {
      appended &+= UInt64(batch.count)
      batches.append((batch, 0))
      batchedCount += batch.count
      var dropped = 0
      while batchedCount > capacity {
        let excess = batchedCount - capacity
        let available = batches[dropped].batch.count - batches[dropped].from
        if available <= excess {
          dropped += 1
          batchedCount -= available
        } else {
          batches[dropped].from += excess
          batchedCount -= excess
        }
      }
      if dropped > 0 { batches.removeFirst(dropped) }
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
    ring.withLock { $0.append(event, capacity: capacity) }
  }

  /// The next sequence number.
  @inlinable func nextSequence() -> UInt64 {
    sequence.wrappingAdd(1, ordering: .relaxed).oldValue
  }

  /// Numbers and appends an event a store produced.
  func record(_ kind: __owned StoreTraceEvent.Kind) {
    let event = StoreTraceEvent(sequence: nextSequence(), kind: kind)
    ring.withLock { $0.append(event, capacity: capacity) }
  }

  /// Appends a store's batch of action events, numbered already.
  func record(_ batch: any TracedActionBatch) {
    ring.withLock { $0.append(batch, capacity: capacity) }
  }

  /// The events kept, in sequence order.
  public var events: [StoreTraceEvent] {
    var events: [StoreTraceEvent] = []
    ring.withLock { ring in
      events.reserveCapacity(ring.slots.count + ring.batchedCount)
      events += ring.slots[ring.head...]
      events += ring.slots[..<ring.head]
      for (batch, from) in ring.batches {
        for index in from..<batch.count { events.append(batch.event(at: index)) }
      }
    }
    // Batches arrive when their store's batch ends, after the effect events they caused.
    events.sort { $0.sequence < $1.sequence }
    return Array(events.suffix(capacity))
  }

  /// How many events were dropped to make room for newer ones.
  public var overwrittenCount: UInt64 {
    ring.withLock { ring in ring.appended - ring.removed - UInt64(ring.keptCount(capacity: capacity)) }
  }

  /// Forgets every event kept (the sequence goes on).
  public func removeAll() {
    ring.withLock { ring in
      ring.removed = ring.appended
      ring.slots.removeAll(keepingCapacity: true)
      ring.head = 0
      ring.batches.removeAll()
      ring.batchedCount = 0
    }
  }
}

/// A store's action events of one batch, as the store recorded them: typed, numbered.
protocol TracedActionBatch: Sendable {
  var count: Int { get }
  func event(at index: Int) -> StoreTraceEvent
}

/// One action event, kept typed until its batch is handed to a ``StoreTraceBuffer``.
@usableFromInline struct TracedAction<Action: Sendable>: Sendable {
  @usableFromInline let sequence: UInt64
  @usableFromInline let action: Action
  @usableFromInline let source: StoreTraceEvent.ActionSource

  @inlinable init(sequence: UInt64, action: Action, source: StoreTraceEvent.ActionSource) {
    self.sequence = sequence
    self.action = action
    self.source = source
  }
}

/// The action events of one batch of one store.
struct TracedActions<Action: Sendable>: TracedActionBatch {
  let actions: [TracedAction<Action>]

  var count: Int { actions.count }

  func event(at index: Int) -> StoreTraceEvent {
    let traced = actions[index]
    return StoreTraceEvent(sequence: traced.sequence, kind: .actionReceived(action: traced.action, source: traced.source))
  }
}
