import ActorStore
import ActorStoreTesting
import Testing

/// What a throttle starts and when, as a property: seeded sequences of taps, clock moves and
/// cancels of the throttle's ID, for `latest` and not, checked against TCA's rule. The first
/// effect of a quiet period starts at once; within an interval of the last start, one effect
/// waits for the interval's end (the first to arrive, or the latest), the others are dropped. A
/// waiting effect that is cancelled never started, so the interval still counts from the last
/// start that happened.
@Suite struct ThrottleSemanticsTests {
  static let interval = Duration.seconds(1)

  enum Action: Equatable, Sendable {
    case tap(Int)
    case started(Int)
    case stop
  }

  struct Feature: Reducer {
    let clock: TestClock
    let latest: Bool

    func reduce(into state: inout [Start], action: Action) -> Effect<Action> {
      switch action {
      case .tap(let value):
        return Effect<Action>.send(.started(value))
          .throttle(id: "tap", for: ThrottleSemanticsTests.interval, clock: clock, latest: latest)
      case .started(let value):
        state.append(Start(value: value, at: clock.now.offset))
        return .none
      case .stop:
        return .cancel(id: "tap")
      }
    }
  }

  struct Start: Equatable, Sendable, CustomStringConvertible {
    let value: Int
    let at: Duration
    var description: String { "\(value)@\(at)" }
  }

  /// The reference: the last start and the effect waiting for the interval's end, if any.
  struct Model {
    let latest: Bool
    var lastStart: Duration?
    var waiting: (value: Int, at: Duration)?
    var starts: [Start] = []

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

  /// Every start of 2 throttles 3 under the same ID, in the batch that starts 2.
  struct ChainingFeature: Reducer {
    let clock: TestClock
    let latest: Bool

    func reduce(into state: inout [Start], action: Action) -> Effect<Action> {
      switch action {
      case .tap(let value):
        return Effect<Action>.send(.started(value))
          .throttle(id: "tap", for: ThrottleSemanticsTests.interval, clock: clock, latest: latest)
      case .started(let value):
        state.append(Start(value: value, at: clock.now.offset))
        return value == 2 ? .send(.tap(3)) : .none
      case .stop:
        return .none
      }
    }
  }

  /// Once a waiting effect has started, nothing waits any more, even before its wait's task has
  /// ended: a tap reduced in the batch that starts it waits for the next interval instead of
  /// being dropped as a second waiting one.
  @Test(arguments: [false, true]) func aTapInTheBatchThatStartsAWaitingEffectWaitsForTheNextInterval(
    latest: Bool
  ) async {
    let store = TestStore(initialState: [Start]()) { ChainingFeature(clock: $0.clock, latest: latest) }
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

  @Test(arguments: [false, true]) func startsFollowTheModelOverSeededSequences(latest: Bool) async {
    for seed in UInt64(0)..<200 {
      var random = SeededGenerator(seed: seed)
      let store = TestStore(initialState: [Start]()) { Feature(clock: $0.clock, latest: latest) }
      store.exhaustivity = .off
      var model = Model(latest: latest)
      var history: [String] = []
      for value in 0..<30 {
        let now = store.executor.clock.now.offset
        switch Int.random(in: 0..<6, using: &random) {
        case 0..<3:
          history.append("tap \(value) at \(now)")
          model.tap(value, at: now)
          await store.send(.tap(value))
        // A cancel of an ID never used warns; that is not what this checks.
        case 3 where model.lastStart != nil:
          history.append("stop at \(now)")
          model.stop()
          await store.send(.stop)
        default:
          let later = now + .milliseconds(250 * Int.random(in: 1...6, using: &random))
          history.append("advance to \(later)")
          model.advance(to: later)
          store.executor.advance(to: TestClock.Instant(offset: later))
        }
        await store.skipReceivedActions()
        guard store.state == model.starts else {
          Issue.record(
            """
            latest: \(latest), seed \(seed): started \(store.state), expected \(model.starts)
            after \(history.joined(separator: ", "))
            """)
          break
        }
      }
      await store.skipInFlightEffects()
      await store.finish()
    }
  }
}
