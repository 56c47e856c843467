import ActorStore
import Observation

/// Figures 12a and 12b: what a screen's store costs on the main actor, against the same reducer
/// applied by an `@Observable` `@MainActor` class, each with one observer of the member that
/// changes, re-armed on each change as SwiftUI re-arms a view's tracking.
///
/// - 12a, main-actor send: `observable.send(.increment)` on an ``ObservableStore`` over a
///   `.mainActor` store (reduce, publish, one observer notified, inside the call), against a
///   method of the class applying the same `reduce(into:action:)` to its stored state.
/// - 12b, binding write + read: `observable.text = …` then reading `observable.text` (a
///   ``BindingReducer`` feature), against the class setting the member through the same
///   reducer's binding action and reading it back.
///
/// Both run on the main actor, the loop alone timed (synchronously: a main-actor send returns
/// having reduced the action).
enum ObservableStoreBench {
  /// Figure 2's counter.
  typealias Counter = AwaitedSendBench.Counter

  /// A text field's feature: bindings only, through `BindingReducer`. `binding` is a plain
  /// `if case`, as `BindableAction` advises for a feature with many binding actions (its default,
  /// found by reflection, allocates and costs microseconds per action, in both sides alike).
  struct Field: Reducer {
    struct State: Sendable { var text = "" }
    enum Action: BindableAction, Sendable {
      case binding(BindingAction<State>)

      var binding: BindingAction<State>? {
        if case .binding(let action) = self { action } else { nil }
      }
    }

    var body: some Reducer<State, Action> { BindingReducer() }
  }

  /// 12a's baseline: the same state and reducer in an `@Observable` class.
  @Observable @MainActor final class CounterModel {
    var state = Counter.State()
    @ObservationIgnored private let reducer = Counter()

    func send(_ action: Counter.Action) { _ = reducer.reduce(into: &state, action: action) }
  }

  /// 12b's baseline: the same state and reducer in an `@Observable` class.
  @Observable @MainActor final class FieldModel {
    var state = Field.State()
    @ObservationIgnored private let reducer = Field()

    var text: String {
      get { state.text }
      set { _ = reducer.reduce(into: &state, action: .binding(.set(\.text, newValue))) }
    }
  }

  /// One observer, re-armed with `withObservationTracking` after each change, as SwiftUI does.
  @MainActor final class Observer {
    private(set) var notifications = 0
    private let read: @MainActor () -> Void

    init(_ read: @escaping @MainActor () -> Void) {
      self.read = read
      arm()
    }

    private func arm() {
      withObservationTracking(read) { [weak self] in
        // Called synchronously in willSet, on the main actor, where both sides mutate.
        MainActor.assumeIsolated {
          guard let self else { return }
          self.notifications += 1
          self.arm()
        }
      }
    }
  }

  /// Two short texts written in turn, so that every write changes the member (short strings are
  /// stored inline: no allocation on either side).
  static let texts = ["hello", "world"]

  /// What a round left behind, checked after the rounds.
  struct Outcome: Sendable {
    /// The member's final value as the store (or model) holds it, and as read through the view.
    var finalCount = 0
    var readCount = 0
    var notifications = 0
    /// Reads that did not return the value just written (12b).
    var wrongReads = 0
  }

  static func run(sends: Int, rounds: BenchRounds, log: inout InvariantLog) async -> Figure {
    var outcomes: [Outcome] = []
    let times = await rounds.compare(
      subject: {
        let (elapsed, outcome) = await subjectSends(sends)
        outcomes.append(outcome)
        return elapsed
      },
      baseline: {
        let (elapsed, outcome) = await baselineSends(sends)
        outcomes.append(outcome)
        return elapsed
      })
    log.check(
      "main-actor sends are reduced before they return, each notifying the observer once",
      outcomes.allSatisfy { $0.finalCount == sends && $0.readCount == sends && $0.notifications == sends },
      "final count, count read, notifications per round (subject and baseline in turn): "
        + "\(outcomes.map { "\($0.finalCount)/\($0.readCount)/\($0.notifications)" }), expected \(sends)")
    var figure = Figure.comparison(
      "main-actor send (ObservableStore, one observer)", operations: sends, unit: "ns/send", times: times,
      maxRatio: 1.5, target: "≤ 1.5×")
    figure.detail =
      "\(Format.count(sends)) sends per round on a .mainActor store, each reduced and its observer notified "
      + "before it returns; baseline: an @Observable @MainActor class applying the same reducer"
    return figure
  }

  static func runBinding(writes: Int, rounds: BenchRounds, log: inout InvariantLog) async -> Figure {
    var outcomes: [Outcome] = []
    let times = await rounds.compare(
      subject: {
        let (elapsed, outcome) = await subjectWrites(writes)
        outcomes.append(outcome)
        return elapsed
      },
      baseline: {
        let (elapsed, outcome) = await baselineWrites(writes)
        outcomes.append(outcome)
        return elapsed
      })
    log.check(
      "binding writes through ObservableStore read back at once, each notifying the observer once",
      outcomes.allSatisfy { $0.wrongReads == 0 && $0.notifications == writes },
      "wrong reads, notifications per round (subject and baseline in turn): "
        + "\(outcomes.map { "\($0.wrongReads)/\($0.notifications)" }), expected 0/\(writes)")
    var figure = Figure.comparison(
      "binding write + read (ObservableStore, one observer)", operations: writes, unit: "ns/write",
      times: times, maxRatio: 2, target: "≤ 2×")
    figure.detail =
      "\(Format.count(writes)) writes per round through a BindingReducer feature on a .mainActor store, "
      + "each read back; baseline: an @Observable @MainActor class, the same reducer's binding action"
    return figure
  }

  @MainActor private static func subjectSends(_ sends: Int) -> (Duration, Outcome) {
    let store = Store(initialState: Counter.State(), reducer: Counter(), executor: .mainActor)
    let observable = ObservableStore(store)
    let observer = Observer { _ = observable.count }
    let elapsed = BenchRounds.timeOnMainActor {
      for _ in 0..<sends { observable.send(.increment) }
    }
    let outcome = Outcome(
      finalCount: store.currentState.count, readCount: observable.count, notifications: observer.notifications)
    return (elapsed, outcome)
  }

  @MainActor private static func baselineSends(_ sends: Int) -> (Duration, Outcome) {
    let model = CounterModel()
    let observer = Observer { _ = model.state.count }
    let elapsed = BenchRounds.timeOnMainActor {
      for _ in 0..<sends { model.send(.increment) }
    }
    let outcome = Outcome(
      finalCount: model.state.count, readCount: model.state.count, notifications: observer.notifications)
    return (elapsed, outcome)
  }

  @MainActor private static func subjectWrites(_ writes: Int) -> (Duration, Outcome) {
    let store = Store(initialState: Field.State(), reducer: Field(), executor: .mainActor)
    let observable = ObservableStore(store)
    let observer = Observer { _ = observable.text }
    let texts = Self.texts
    var wrongReads = 0
    let elapsed = BenchRounds.timeOnMainActor {
      for write in 0..<writes {
        let text = texts[write & 1]
        observable.text = text
        if observable.text != text { wrongReads += 1 }
      }
    }
    return (elapsed, Outcome(notifications: observer.notifications, wrongReads: wrongReads))
  }

  @MainActor private static func baselineWrites(_ writes: Int) -> (Duration, Outcome) {
    let model = FieldModel()
    let observer = Observer { _ = model.state.text }
    let texts = Self.texts
    var wrongReads = 0
    let elapsed = BenchRounds.timeOnMainActor {
      for write in 0..<writes {
        let text = texts[write & 1]
        model.text = text
        if model.text != text { wrongReads += 1 }
      }
    }
    return (elapsed, Outcome(notifications: observer.notifications, wrongReads: wrongReads))
  }
}
