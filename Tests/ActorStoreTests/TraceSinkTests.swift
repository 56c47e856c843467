import ActorStore
import Dispatch
import Foundation
import Testing

private struct Counter: Reducer {
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Equatable, Sendable { case increment, load, loaded }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .load:
      return .run { send in await send(.loaded) }
    case .loaded:
      state.count += 10
      return .none
    }
  }
}

/// Throws on every event.
private final class ThrowingSink: StoreTraceSink {
  struct Refused: Error {}
  func receive(_ event: StoreTraceEvent) throws { throw Refused() }
}

/// Blocks on its first event until released.
private final class BlockingSink: StoreTraceSink {
  let release = DispatchSemaphore(value: 0)
  private let received = Locked(0)

  var count: Int { received.withLock { $0 } }

  func receive(_ event: StoreTraceEvent) {
    if received.withLock({ count in
      count += 1
      return count == 1
    }) {
      release.wait()
    }
  }
}

/// Keeps every event's sequence number and the most calls it saw at once.
private final class RecordingSink: StoreTraceSink {
  private let state = Locked((sequences: [UInt64](), inside: 0, maximum: 0))

  var sequences: [UInt64] { state.withLock { $0.sequences } }
  var maximumConcurrentCalls: Int { state.withLock { $0.maximum } }

  func receive(_ event: StoreTraceEvent) {
    state.withLock { state in
      state.inside += 1
      state.maximum = max(state.maximum, state.inside)
    }
    state.withLock { state in
      state.sequences.append(event.sequence)
      state.inside -= 1
    }
  }
}

/// Bad trace sinks and files never stall or stop the store, and never go unreported.
@Suite(.timeLimit(.minutes(10)))
struct TraceSinkTests {
  private static func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString).jsonl").path
  }

  @Test func jsonLinesSinkWritesOneParsableLinePerEvent() async throws {
    let path = Self.temporaryPath("trace")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let store = Store(initialState: Counter.State(), reducer: Counter(), trace: JSONLinesTraceSink(path: path))
    await store.send(.increment)
    await store.send(.load).finish()
    await store.flushTrace()
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    let objects = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
    #expect(objects.map { $0["seq"] as? Int } == Array(1...objects.count))
    #expect(
      objects.map { $0["event"] as? String } == [
        "actionReceived", "actionReceived", "effectStarted", "actionReceived", "effectFinished",
      ])
    #expect(objects[3]["source"] as? String == "effect")
    #expect(objects[3]["effect"] as? Int == objects[2]["effect"] as? Int)
    #expect((objects[2]["origin"] as? String)?.hasPrefix("ActorStoreTests/TraceSinkTests.swift:") == true)
    #expect(store.traceStatistics == StoreTraceStatistics(emitted: 5, delivered: 5))
  }

  @Test func storesSharingASinkShareItsSequenceAndItsDeliveryQueue() async {
    let sink = RecordingSink()
    let stores = (0..<3).map { _ in Store(initialState: Counter.State(), reducer: Counter(), trace: sink) }
    for round in 0..<20 {
      for store in stores { await store.send(round.isMultiple(of: 2) ? .increment : .load).finish() }
    }
    for store in stores { await store.flushTrace() }
    let numbers = sink.sequences
    #expect(numbers.sorted() == Array(1...UInt64(numbers.count)), "one gapless sequence for the sink")
    #expect(sink.maximumConcurrentCalls == 1)
    let emitted = stores.reduce(UInt64(0)) { $0 + $1.traceStatistics.emitted }
    #expect(emitted == UInt64(numbers.count))
  }

  @Test func anUnwritableTraceFileIsReportedAndTheStoreKeepsRunning() async {
    let path = "/nonexistent-directory-\(UUID().uuidString)/trace.jsonl"
    var store: Store<Counter.State, Counter.Action>?
    let issues = await capturingIssues {
      store = Store(initialState: Counter.State(), reducer: Counter(), trace: JSONLinesTraceSink(path: path))
      await store!.send(.increment)
      await store!.send(.load).finish()
      await store!.flushTrace()
    }
    #expect(await store!.state.count == 11)
    #expect(issues.messages.count == 2)
    #expect(issues.messages.first?.contains(path) == true)
    #expect(issues.messages.first?.contains("cannot open") == true)
    #expect(issues.messages.last?.contains("is not open") == true)
    #expect(store!.traceStatistics == StoreTraceStatistics(emitted: 5, delivered: 0, dropped: 0, failed: 5))
  }

  @Test func aThrowingSinkIsReportedOnceAndCounted() async {
    var store: Store<Counter.State, Counter.Action>?
    let issues = await capturingIssues {
      store = Store(initialState: Counter.State(), reducer: Counter(), trace: ThrowingSink())
      for _ in 0..<50 { await store!.send(.increment) }
    }
    await store!.flushTrace()
    #expect(await store!.state.count == 50)
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("ThrowingSink threw Refused") == true)
    #expect(store!.traceStatistics == StoreTraceStatistics(emitted: 50, failed: 50))
  }

  @Test func aBlockingSinkNeverStallsTheStoreEventsAreDroppedAndCounted() async {
    let sink = BlockingSink()
    var store: Store<Counter.State, Counter.Action>?
    let sends = 50_000
    let issues = await capturingIssues {
      store = Store(initialState: Counter.State(), reducer: Counter(), trace: sink)
      for _ in 0..<sends { await store!.send(.increment) }
    }
    // Every send was processed while the sink was still blocked on its first event.
    #expect(await store!.state.count == sends)
    let during = store!.traceStatistics
    #expect(during.emitted == UInt64(sends))
    #expect(during.dropped > 0)
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("BlockingSink") == true)
    // Dropping rather than stalling is the contract: a warning, not an error.
    #expect(issues.all.first?.severity == .warning)
    sink.release.signal()
    await store!.flushTrace()
    let after = store!.traceStatistics
    #expect(after.delivered + after.dropped == UInt64(sends))
    #expect(after.delivered == UInt64(sink.count))
  }

  @Test func aTraceBufferKeepsTheLatestEventsInOrder() async {
    let buffer = StoreTraceBuffer(capacity: 4)
    let store = Store(initialState: Counter.State(), reducer: Counter(), trace: buffer)
    for _ in 0..<10 { await store.send(.increment) }
    #expect(buffer.events.map(\.sequence) == [7, 8, 9, 10])
    #expect(buffer.overwrittenCount == 6)
    #expect(store.traceStatistics == StoreTraceStatistics(emitted: 10, delivered: 10))
    buffer.removeAll()
    await store.send(.increment)
    #expect(buffer.events.map(\.sequence) == [11])
  }

  @Test func storesSharingABufferEachCountTheirOwnEvents() async {
    let buffer = StoreTraceBuffer(capacity: 1_000)
    let first = Store(initialState: Counter.State(), reducer: Counter(), trace: buffer)
    let second = Store(initialState: Counter.State(), reducer: Counter(), trace: buffer)
    for _ in 0..<3 { await first.send(.increment) }
    for _ in 0..<5 { await second.send(.increment) }
    #expect(first.traceStatistics == StoreTraceStatistics(emitted: 3, delivered: 3))
    #expect(second.traceStatistics == StoreTraceStatistics(emitted: 5, delivered: 5))
    #expect(buffer.events.count == 8)
  }

  /// Actions a batch produces itself reach the buffer when the batch ends, in one piece; the
  /// buffer still shows the latest events in sequence order, whatever their mix.
  @Test func longSendChainsAndSingleEventsShareTheRingInOrder() async {
    let buffer = StoreTraceBuffer(capacity: 7)
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, Int> { count, remaining in
        count += 1
        return remaining > 0 ? .send(remaining - 1) : .none
      },
      trace: buffer)
    var sent = 0
    var random = UInt64(12_345)
    for _ in 0..<200 {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let length = Int(random >> 60)
      await store.send(length)
      sent += length + 1
      let events = buffer.events
      let expected = UInt64(max(1, sent - 6))...UInt64(sent)
      #expect(events.map(\.sequence) == Array(expected))
      #expect(buffer.overwrittenCount == UInt64(sent - events.count))
    }
    #expect(await store.state == sent)
    #expect(store.traceStatistics.emitted == UInt64(sent))
    let sources = buffer.events.map { event -> StoreTraceEvent.ActionSource? in
      if case .actionReceived(_, let source) = event.kind { source } else { nil }
    }
    #expect(!sources.contains(nil))
  }

  @Test func aTraceBufferOfNoCapacityIsReported() async {
    var buffer: StoreTraceBuffer?
    let issues = await capturingIssues { buffer = StoreTraceBuffer(capacity: 0) }
    #expect(buffer?.capacity == 1)
    #expect(issues.messages.first?.contains("capacity") == true)
  }

  @Test func sendsToARemovedElementAreTracedAsDropped() async {
    let buffer = StoreTraceBuffer()
    let store = Store(initialState: ListFeature.State(rowIDs: [1, 2]), reducer: ListFeature.reducer(probe: Probe()), trace: buffer)
    let row1 = store.scope(id: 1, in: \.rows, action: .rows)!
    await store.send(.remove(id: 1))
    _ = await capturingIssues { await row1.send(.rename("zombie")) }
    let drops = buffer.events.filter { if case .actionDropped(_, .stateRemoved) = $0.kind { true } else { false } }
    #expect(drops.count == 1)
    #expect(drops.first?.description.contains("zombie") == true)
  }

  @Test func jsonLinesEscapeQuotesAndControlCharacters() {
    let event = StoreTraceEvent(
      sequence: 3, kind: .actionDropped(action: "say \"hi\"\n\u{1}", reason: .storeReleased))
    #expect(
      event.jsonLine
        == #"{"seq":3,"event":"actionDropped","action":"say \"hi\"\n\u0001","reason":"storeReleased"}"#)
  }
}
