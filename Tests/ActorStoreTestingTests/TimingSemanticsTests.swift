import ActorStore
import ActorStoreTesting
import Testing

/// What `throttle` and `debounce` start and when, as properties: seeded sequences of taps, clock
/// moves and cancels of the ID, checked against TCA's rules (see ``ThrottleModel`` and
/// ``DebounceModel``).
@Suite struct TimingSemanticsTests {
  static let interval = Duration.seconds(1)

  enum Action: Equatable, Sendable {
    case tap(Int)
    case started(Int)
    case stop
  }

  struct Start: Equatable, Sendable, CustomStringConvertible {
    let value: Int
    let at: Duration
    var description: String { "\(value)@\(at)" }
  }

  /// Throttles or debounces each tap's effect under one ID, and records when each starts.
  struct Feature: Reducer {
    enum Timing: Sendable {
      case throttle(latest: Bool)
      case debounce
    }

    let clock: TestClock
    let timing: Timing
    /// The start after which the next value is tapped, in the batch that starts it.
    var chainAfter: Int? = nil

    func reduce(into state: inout [Start], action: Action) -> Effect<Action> {
      switch action {
      case .tap(let value):
        let effect = Effect<Action>.send(.started(value))
        switch timing {
        case .throttle(let latest):
          return effect.throttle(id: "tap", for: TimingSemanticsTests.interval, clock: clock, latest: latest)
        case .debounce:
          return effect.debounce(id: "tap", for: TimingSemanticsTests.interval, clock: clock)
        }
      case .started(let value):
        state.append(Start(value: value, at: clock.now.offset))
        return value == chainAfter ? .send(.tap(value + 1)) : .none
      case .stop:
        return .cancel(id: "tap")
      }
    }
  }

  /// The reference a seeded run is checked against.
  protocol Model {
    var starts: [Start] { get }
    /// Whether the ID has been used, so that cancelling it is not a typo.
    var isIDKnown: Bool { get }
    mutating func tap(_ value: Int, at now: Duration)
    mutating func advance(to now: Duration)
    /// A `cancel(id:)`.
    mutating func stop()
  }

  /// TCA's throttle: the first effect of a quiet period starts at once; within an interval of
  /// the last start, one effect waits for the interval's end (the first to arrive, or the
  /// latest), the others are dropped. A waiting effect that is cancelled never started, so the
  /// interval still counts from the last start that did.
  struct ThrottleModel: Model {
    let latest: Bool
    var lastStart: Duration?
    var waiting: (value: Int, at: Duration)?
    var starts: [Start] = []

    var isIDKnown: Bool { lastStart != nil }

    mutating func tap(_ value: Int, at now: Duration) {
      if let waiting {
        if latest { self.waiting = (value, waiting.at) }
      } else if let lastStart, now - lastStart < interval {
        waiting = (value, lastStart + interval)
      } else {
        lastStart = now
        starts.append(Start(value: value, at: now))
      }
    }

    mutating func advance(to now: Duration) {
      guard let waiting, waiting.at <= now else { return }
      lastStart = waiting.at
      starts.append(Start(value: waiting.value, at: waiting.at))
      self.waiting = nil
    }

    mutating func stop() { waiting = nil }
  }

  /// TCA's debounce: an effect starts once the interval has passed with no newer one for the
  /// ID; a cancel drops the one waiting.
  struct DebounceModel: Model {
    var waiting: (value: Int, at: Duration)?
    var starts: [Start] = []

    var isIDKnown: Bool { waiting != nil || !starts.isEmpty }

    mutating func tap(_ value: Int, at now: Duration) { waiting = (value, now + interval) }

    mutating func advance(to now: Duration) {
      guard let waiting, waiting.at <= now else { return }
      starts.append(Start(value: waiting.value, at: waiting.at))
      self.waiting = nil
    }

    mutating func stop() { waiting = nil }
  }

  @Test(arguments: [false, true]) func throttleStartsFollowTheModel(latest: Bool) async {
    await checkSeededSequences(timing: .throttle(latest: latest)) { ThrottleModel(latest: latest) }
  }

  @Test func debounceStartsFollowTheModel() async {
    await checkSeededSequences(timing: .debounce) { DebounceModel() }
  }

  /// Once a waiting effect has started, nothing waits any more, even before its wait's task has
  /// ended: a tap reduced in the batch that starts it waits for the next interval instead of
  /// being dropped as a second waiting one.
  @Test(arguments: [false, true]) func aTapInTheBatchThatStartsAWaitingThrottledEffectWaitsForTheNextInterval(
    latest: Bool
  ) async {
    let store = TestStore(initialState: [Start]()) {
      Feature(clock: $0.clock, timing: .throttle(latest: latest), chainAfter: 2)
    }
    store.exhaustivity = .off
    await store.send(.tap(1))
    store.executor.advance(by: .milliseconds(500))
    await store.send(.tap(2))
    store.executor.advance(to: TestClock.Instant(offset: .seconds(3)))
    await store.skipReceivedActions()
    #expect(
      store.state == [Start(value: 1, at: .zero), Start(value: 2, at: .seconds(1)), Start(value: 3, at: .seconds(2))])
    await store.finish()
  }

  /// 200 seeds of 30 steps: a tap, a cancel or a clock move of a quarter second to a second and a
  /// half; the starts (values and instants) must be the model's after every step.
  private func checkSeededSequences<M: Model>(timing: Feature.Timing, makeModel: () -> M) async {
    for seed in UInt64(0)..<200 {
      var random = SeededGenerator(seed: seed)
      let store = TestStore(initialState: [Start]()) { Feature(clock: $0.clock, timing: timing) }
      store.exhaustivity = .off
      var model = makeModel()
      var history: [String] = []
      for value in 0..<30 {
        let now = store.executor.clock.now.offset
        switch Int.random(in: 0..<6, using: &random) {
        case 0..<3:
          history.append("tap \(value) at \(now)")
          model.tap(value, at: now)
          await store.send(.tap(value))
        // A cancel of an ID never used warns; that is not what this checks.
        case 3 where model.isIDKnown:
          history.append("stop at \(now)")
          model.stop()
          await store.send(.stop)
        default:
          let later = now + .milliseconds(250 * Int.random(in: 1...6, using: &random))
          history.append("advance to \(later)")
          model.advance(to: later)
          store.executor.advance(to: TestClock.Instant(offset: later))
        }
        await store.skipReceivedActions(strict: false)
        guard store.state == model.starts else {
          Issue.record(
            """
            \(timing), seed \(seed): started \(store.state), expected \(model.starts)
            after \(history.joined(separator: ", "))
            """)
          break
        }
      }
      await store.skipInFlightEffects(strict: false)
      await store.finish()
    }
  }
}
