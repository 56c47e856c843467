import ActorStore
import ActorStoreTesting
import Testing

/// What a debounce starts and when, as a property: seeded sequences of taps, clock moves and
/// cancels of the debounce's ID, checked against TCA's rule: an effect starts once its duration
/// has passed with no newer one for the same ID, and a cancel drops the one waiting.
@Suite struct DebounceSemanticsTests {
  static let duration = Duration.seconds(1)

  enum Action: Equatable, Sendable {
    case tap(Int)
    case started(Int)
    case stop
  }

  struct Feature: Reducer {
    let clock: TestClock

    func reduce(into state: inout [ThrottleSemanticsTests.Start], action: Action) -> Effect<Action> {
      switch action {
      case .tap(let value):
        return Effect<Action>.send(.started(value))
          .debounce(id: "tap", for: DebounceSemanticsTests.duration, clock: clock)
      case .started(let value):
        state.append(ThrottleSemanticsTests.Start(value: value, at: clock.now.offset))
        return .none
      case .stop:
        return .cancel(id: "tap")
      }
    }
  }

  @Test func startsFollowTheModelOverSeededSequences() async {
    for seed in UInt64(0)..<200 {
      var random = SeededGenerator(seed: seed)
      let store = TestStore(initialState: [ThrottleSemanticsTests.Start]()) { Feature(clock: $0.clock) }
      store.exhaustivity = .off
      var waiting: (value: Int, at: Duration)?
      var expected: [ThrottleSemanticsTests.Start] = []
      var history: [String] = []
      for value in 0..<30 {
        let now = store.executor.clock.now.offset
        switch Int.random(in: 0..<6, using: &random) {
        case 0..<3:
          history.append("tap \(value) at \(now)")
          waiting = (value, now + Self.duration)
          await store.send(.tap(value))
        // A cancel of an ID never used warns; that is not what this checks.
        case 3 where !expected.isEmpty || waiting != nil:
          history.append("stop at \(now)")
          waiting = nil
          await store.send(.stop)
        default:
          let later = now + .milliseconds(250 * Int.random(in: 1...6, using: &random))
          history.append("advance to \(later)")
          if let due = waiting, due.at <= later {
            expected.append(ThrottleSemanticsTests.Start(value: due.value, at: due.at))
            waiting = nil
          }
          store.executor.advance(to: TestClock.Instant(offset: later))
        }
        await store.skipReceivedActions()
        guard store.state == expected else {
          Issue.record(
            """
            seed \(seed): started \(store.state), expected \(expected)
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
