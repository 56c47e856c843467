import ActorStore
import ActorStoreTesting
import Testing

/// Releasing a store, as a property: seeded sequences of sends that start plain, cancellable,
/// merged, concatenated, throttled and debounced effects (some ignoring cancellation), with clock
/// moves, and the store released at a random step. Whatever is in flight then, the store is gone
/// at once (no effect keeps it alive), no action is reduced after its release (a stubborn
/// operation's late send is dropped with a warning), every operation
/// has ended once the clock has moved past the longest sleep, and by then nothing holds the
/// store's reducer any more (the engine that effects hold while they run is freed).
@Suite struct StoreReleaseModelTests {
  enum Action: Sendable {
    case start(Shape, tag: Int)
    case delivered(Int)
  }

  /// The effect a `.start` returns.
  enum Shape: Sendable, CaseIterable {
    case run, cancellableRun, stubbornRun, merge, concatenate, cancellableConcatenate, throttled, debounced
  }

  /// Held only by the reducer, to see when the store's engine (which holds the reducer) is freed.
  final class Lifetime: Sendable {}

  /// What the operations did, seen from outside the store.
  final class Probe: Sendable {
    private let counts = Locked<(running: Int, reduced: Int)>((0, 0))
    var running: Int { counts.withLock { $0.running } }
    var reduced: Int { counts.withLock { $0.reduced } }
    func began() { counts.withLock { $0.running += 1 } }
    func ended() { counts.withLock { $0.running -= 1 } }
    func reducedOne() { counts.withLock { $0.reduced += 1 } }
  }

  struct Feature: Reducer {
    let clock: TestClock
    let probe: Probe
    let lifetime: Lifetime

    func reduce(into state: inout Int, action: Action) -> Effect<Action> {
      switch action {
      case .start(let shape, let tag):
        return effect(shape, tag: tag)
      case .delivered:
        state += 1
        probe.reducedOne()
        return .none
      }
    }

    /// One operation: sleeps `seconds`, then sends; a stubborn one sleeps through cancellation.
    func run(_ tag: Int, seconds: Int, stubborn: Bool = false) -> Effect<Action> {
      let clock = self.clock
      let probe = self.probe
      return .run { send in
        probe.began()
        defer { probe.ended() }
        if stubborn {
          try? await clock.sleep(for: .seconds(seconds))
        } else {
          try await clock.sleep(for: .seconds(seconds))
        }
        await send(.delivered(tag))
      }
    }

    func effect(_ shape: Shape, tag: Int) -> Effect<Action> {
      switch shape {
      case .run: run(tag, seconds: 1)
      case .cancellableRun: run(tag, seconds: 2).cancellable(id: tag % 3)
      case .stubbornRun: run(tag, seconds: 3, stubborn: true)
      case .merge: .merge(run(tag, seconds: 1), run(tag, seconds: 2).cancellable(id: tag % 3))
      case .concatenate: .concatenate(run(tag, seconds: 1), run(tag, seconds: 1), .send(.delivered(tag)))
      case .cancellableConcatenate:
        .concatenate(run(tag, seconds: 1).cancellable(id: tag % 3), run(tag, seconds: 2)).cancellable(id: 7)
      case .throttled: run(tag, seconds: 1).throttle(id: "throttle", for: .seconds(2), clock: clock, latest: true)
      case .debounced: run(tag, seconds: 1).debounce(id: "debounce", for: .seconds(1), clock: clock)
      }
    }
  }

  @Test func releasingTheStoreEndsEverythingOverSeededSequences() async {
    var warned = 0
    for seed in UInt64(0)..<300 {
      // Effects take the reporter of the send that started them: every send runs under it.
      let issues = IssueCollector()
      guard IssueReporting.withReporter(issues, operation: { releaseOnce(seed: seed, issues: issues) }) else { break }
      warned += issues.messages.count
    }
    #expect(warned > 0, "no stubborn operation outlived its store: the late-send warning went unchecked")
  }

  /// One seeded sequence; returns whether every check held.
  private func releaseOnce(seed: UInt64, issues: IssueCollector) -> Bool {
    do {
      var random = SeededGenerator(seed: seed)
      let executor = TestExecutor()
      let probe = Probe()
      var lifetime: Lifetime? = Lifetime()
      weak let reducerLifetime = lifetime
      var store: Store<Int, Action>? = Store(
        initialState: 0, reducer: Feature(clock: executor.clock, probe: probe, lifetime: lifetime!),
        executor: executor.makeTestStoreExecutor())
      lifetime = nil
      weak let released = store
      var history: [String] = []
      let releaseStep = Int.random(in: 0..<12, using: &random)
      for step in 0..<12 {
        if step == releaseStep { break }
        if Bool.random(using: &random) {
          let shape = Shape.allCases.randomElement(using: &random)!
          history.append("start \(shape) #\(step)")
          executor.send(.start(shape, tag: step), to: store!)
        } else {
          history.append("advance 1s")
          executor.advance(by: .seconds(1))
        }
      }
      let reducedAtRelease = probe.reduced
      history.append("release")
      store = nil
      executor.runUntilIdle()
      let gone = released == nil
      executor.advance(by: .seconds(10))
      let context = "seed \(seed) after \(history.joined(separator: "; "))"
      // Only a stubborn run sends after the release: dropped, with a warning.
      #expect(issues.severities.allSatisfy { $0 == .warning }, "\(issues.messages): \(context)")
      #expect(issues.messages.allSatisfy { $0.contains("after its store was released") }, "\(context)")
      #expect(issues.messages.isEmpty || history.contains { $0.hasPrefix("start stubbornRun") }, "\(context)")
      #expect(gone, "the store outlived its release: \(context)")
      #expect(probe.reduced == reducedAtRelease, "an action was reduced after the release: \(context)")
      #expect(probe.running == 0, "\(probe.running) operations still running: \(context)")
      #expect(reducerLifetime == nil, "the store's engine outlived its effects: \(context)")
      return gone && probe.reduced == reducedAtRelease && probe.running == 0 && reducerLifetime == nil
    }
  }
}
