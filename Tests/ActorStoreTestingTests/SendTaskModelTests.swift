import ActorStore
import ActorStoreTesting
import Testing

/// What a send's `StoreTask` reports, as a property: seeded sequences of sends, each starting
/// one to three effects (plain `.run`s, cancellable ones, chains whose first effect sends an
/// action that starts the second, cancels by ID, in any order), with cancels of earlier sends'
/// tasks and clock advances in between, checked after every step against a model: which effects
/// delivered, and for every send whether its task has finished and whether it is cancelled.
///
/// A send whose only effect is a plain `.run` keeps that effect's record as its origin, and a
/// second effect in the same send puts an origin above it; neither may show in what the tasks
/// report, in particular a cancel by ID never makes a task cancelled. A send made from inside a
/// reducer, while an effect's action is reduced, joins that action's batch: its effects belong to
/// the send the effect belongs to.
@Suite struct SendTaskModelTests {
  enum Part: Sendable, CustomStringConvertible {
    /// An effect that sleeps `seconds` on the test clock, then sends `.delivered(tag)`.
    case run(tag: Int, seconds: Int)
    /// The same, cancellable under `id`.
    case cancellable(tag: Int, seconds: Int, id: Int)
    /// An effect that sleeps `seconds`, then sends `.spawn`, whose effect sleeps `then` seconds
    /// and sends `.delivered(tag)`: the second effect belongs to the same send, transitively.
    case chain(tag: Int, seconds: Int, then: Int)
    /// Like `chain`, but `.spawn` is sent from inside the reducer of the action the first effect
    /// sends (`.relay`), re-entrantly.
    case reentrantChain(tag: Int, seconds: Int, then: Int)
    case cancel(id: Int)

    var description: String {
      switch self {
      case .run(let tag, let seconds): "run(#\(tag), \(seconds)s)"
      case .cancellable(let tag, let seconds, let id): "cancellable(#\(tag), \(seconds)s, id \(id))"
      case .chain(let tag, let seconds, let then): "chain(#\(tag), \(seconds)s then \(then)s)"
      case .reentrantChain(let tag, let seconds, let then): "re-entrant chain(#\(tag), \(seconds)s then \(then)s)"
      case .cancel(let id): "cancel(id \(id))"
      }
    }
  }

  enum Action: Sendable {
    case send([Part])
    case spawn(tag: Int, seconds: Int)
    case relay(tag: Int, seconds: Int)
    case delivered(Int)
  }

  /// The store, for the reducer's re-entrant sends; weak, so that the store can be released.
  struct StoreReference: Sendable {
    weak var store: Store<[Int], Action>?
  }

  struct Feature: Reducer {
    let clock: TestClock
    let reference = SharedValue<StoreReference>()

    func reduce(into state: inout [Int], action: Action) -> Effect<Action> {
      switch action {
      case .send(let parts):
        return .merge(parts.map(effect(for:)))
      case .spawn(let tag, let seconds):
        return effect(for: .run(tag: tag, seconds: seconds))
      case .relay(let tag, let seconds):
        // Code the store calls synchronously sends to it: the action joins the batch.
        reference.value?.store?.assumeIsolated { _ = $0.send(.spawn(tag: tag, seconds: seconds)) }
        return .none
      case .delivered(let tag):
        state.append(tag)
        return .none
      }
    }

    private func effect(for part: Part) -> Effect<Action> {
      let clock = self.clock
      switch part {
      case .run(let tag, let seconds):
        return .run { send in
          try await clock.sleep(for: .seconds(seconds))
          await send(.delivered(tag))
        }
      case .cancellable(let tag, let seconds, let id):
        return Effect<Action>.run { send in
          try await clock.sleep(for: .seconds(seconds))
          await send(.delivered(tag))
        }
        .cancellable(id: id)
      case .chain(let tag, let seconds, let then):
        return .run { send in
          try await clock.sleep(for: .seconds(seconds))
          await send(.spawn(tag: tag, seconds: then))
        }
      case .reentrantChain(let tag, let seconds, let then):
        return .run { send in
          try await clock.sleep(for: .seconds(seconds))
          await send(.relay(tag: tag, seconds: then))
        }
      case .cancel(let id):
        return .cancel(id: id)
      }
    }
  }

  /// The reference: every effect with its send, its end time and whether it was cancelled.
  struct Model {
    struct Effect {
      let send: Int
      let tag: Int
      let endsAt: Int
      let id: Int?
      var isCancelled = false
    }

    var now = 0
    var effects: [Effect] = []
    var cancelledSends: Set<Int> = []

    mutating func send(_ index: Int, _ parts: [Part]) {
      for part in parts {
        switch part {
        case .run(let tag, let seconds):
          effects.append(Effect(send: index, tag: tag, endsAt: now + seconds, id: nil))
        case .cancellable(let tag, let seconds, let id):
          effects.append(Effect(send: index, tag: tag, endsAt: now + seconds, id: id))
        case .chain(let tag, let seconds, let then), .reentrantChain(let tag, let seconds, let then):
          // Cancelled in either stage, it delivers nothing; its send tracks both stages.
          effects.append(Effect(send: index, tag: tag, endsAt: now + seconds + then, id: nil))
        case .cancel(let id):
          // This send's own effects have not started yet, even those due now.
          for effect in effects.indices where effects[effect].id == id
            && (effects[effect].send == index || !hasEnded(effects[effect])) {
            effects[effect].isCancelled = true
          }
        }
      }
    }

    /// A send that started no effect has a task that tracks nothing: never cancelled, always
    /// finished.
    mutating func cancelTask(of send: Int) {
      if effects.contains(where: { $0.send == send }) { cancelledSends.insert(send) }
      for effect in effects.indices where effects[effect].send == send && !hasEnded(effects[effect]) {
        effects[effect].isCancelled = true
      }
    }

    func hasEnded(_ effect: Effect) -> Bool { effect.isCancelled || effect.endsAt <= now }

    var delivered: Set<Int> { Set(effects.filter { !$0.isCancelled && $0.endsAt <= now }.map(\.tag)) }

    func hasFinished(_ send: Int) -> Bool { effects.filter { $0.send == send }.allSatisfy(hasEnded) }
  }

  @Test func storeTasksReportWhatTheModelSaysOverSeededSequences() async {
    for seed: UInt64 in 0..<300 {
      var generator = SeededGenerator(seed: seed)
      let executor = TestExecutor(ordering: .seeded(seed))
      let feature = Feature(clock: executor.clock)
      let store = Store(initialState: [], reducer: feature, executor: executor.makeTestStoreExecutor())
      feature.reference.value = StoreReference(store: store)
      var model = Model()
      var tasks: [StoreTask] = []
      var nextTag = 0
      for step in 0..<25 {
        let context: Comment
        switch Int.random(in: 0..<6, using: &generator) {
        case 0..<3:
          let parts = (0..<Int.random(in: 1...3, using: &generator)).map { _ -> Part in
            nextTag += 1
            let seconds = Int.random(in: 0...3, using: &generator)
            let id = Int.random(in: 0..<3, using: &generator)
            let then = Int.random(in: 0...3, using: &generator)
            switch Int.random(in: 0..<7, using: &generator) {
            case 0, 1: return .run(tag: nextTag, seconds: seconds)
            case 2, 3: return .cancellable(tag: nextTag, seconds: seconds, id: id)
            case 4: return .chain(tag: nextTag, seconds: seconds, then: then)
            case 5: return .reentrantChain(tag: nextTag, seconds: seconds, then: then)
            default: return .cancel(id: id)
            }
          }
          model.send(tasks.count, parts)
          let sent = SharedValue<StoreTask>()
          // Cancels of IDs no effect used yet warn; that is not what this checks.
          // The model ends zero-second effects at once: the test clock runs them only when
          // moved, so move it by zero.
          IssueReporting.withReporter(IssueCollector()) {
            Task(executorPreference: executor) { sent.value = await store.send(.send(parts)) }
            executor.advance(by: .zero)
          }
          tasks.append(sent.value!)
          context = "seed \(seed), step \(step): send \(tasks.count - 1) \(parts)"
        case 3 where !tasks.isEmpty:
          let index = Int.random(in: tasks.indices, using: &generator)
          model.cancelTask(of: index)
          await tasks[index].cancel()
          executor.runUntilIdle()
          context = "seed \(seed), step \(step): cancel the task of send \(index)"
        default:
          let seconds = Int.random(in: 1...2, using: &generator)
          model.now += seconds
          executor.advance(by: .seconds(seconds))
          context = "seed \(seed), step \(step): advance \(seconds)s"
        }
        #expect(Set(store.currentState) == model.delivered, context)
        #expect(store.currentState.count == model.delivered.count, context)
        for (index, task) in tasks.enumerated() {
          #expect(task.hasFinished == model.hasFinished(index), "\(context); send \(index) finished")
          #expect(task.isCancelled == model.cancelledSends.contains(index), "\(context); send \(index) cancelled")
        }
      }
      for task in tasks { await task.cancel() }
      executor.runUntilIdle()
      #expect(store.inFlightEffectCount == 0, "seed \(seed)")
    }
  }
}
