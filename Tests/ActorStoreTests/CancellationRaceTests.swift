import ActorStore
import Testing

/// An awaited `StoreTask.cancel()` is final once it returns, even when the cancel runs on another
/// thread than the effect and the store: no action the cancelled effects send is reduced
/// afterwards, whichever way the action arrives (an effect's send, the `.send` it produces, a
/// merged or concatenated item, a throttled start, an element store's effect, a main-actor store,
/// a send within a transaction). The synchronous `cancel()` never blocks and is final for every
/// action not being reduced at that moment.
///
/// This suite races real threads on purpose (the deterministic executor runs everything on one
/// thread and cannot show the race). It is bounded in rounds and in time and asserts only the
/// guarantee, never how often the race was hit.
@Suite(.timeLimit(.minutes(10)))
struct CancellationRaceTests {
  /// The tokens whose sends were cancelled: marked right after `cancel()` returns.
  final class Marks: Sendable {
    private let marked = Locked<Set<Int>>([])
    func mark(_ token: Int) { marked.withLock { _ = $0.insert(token) } }
    func isMarked(_ token: Int) -> Bool { marked.withLock { $0.contains(token) } }
  }

  /// How the cancelled effects' actions reach the store.
  enum Arrival: CaseIterable, Sendable {
    /// `.run` sends them.
    case run
    /// `.run` sends them, and reducing each produces a `.send` follow-up.
    case sendChain
    /// Two merged `.run`s send them.
    case merge
    /// A concatenation sends them: a `.run`, a `.send` item, another `.run`.
    case concatenate
    /// Throttled `.run`s (latest wins) send them, some from a delayed start.
    case throttled
    /// An element store's effect sends them.
    case elementStore
    /// `.run` sends them to a main-actor store.
    case mainActorStore
    /// `.run` sends them to a main-actor store within a transaction.
    case transaction
  }

  struct State: Equatable, Sendable {
    /// Actions reduced after their effect's `cancel()` had returned.
    var lateActions: [Int] = []
    var reduced = 0
    var rows: IdentifiedArrayOf<Row> = [Row(id: 0)]
  }

  struct Row: Equatable, Identifiable, Sendable {
    let id: Int
  }

  indirect enum Action: Equatable, Sendable {
    case start(Int)
    case finished(Int)
    case followUp(Int)
    case rows(IdentifiedAction<Int, Action>)
  }

  static let rows = ActionPath<Action, IdentifiedAction<Int, Action>>(
    embed: { .rows($0) }, extract: { if case .rows(let action) = $0 { action } else { nil } })

  static func effect(_ token: Int, _ arrival: Arrival) -> Effect<Action> {
    let run = Effect<Action>.run { send in
      for _ in 0..<4 {
        // Suspension points where a real thread may run the cancel: the race under test.
        await Task.yield()
        if arrival == .transaction {
          await send(.finished(token), within: { update in update() })
        } else {
          await send(.finished(token))
        }
      }
    }
    switch arrival {
    case .run, .sendChain, .elementStore, .mainActorStore, .transaction: return run
    case .merge: return .merge(run, run)
    case .concatenate: return .concatenate(run, .send(.finished(token)), run)
    case .throttled:
      return run.throttle(id: token % 3, for: .microseconds(20), clock: ContinuousClock(), latest: true)
    }
  }

  static func reducer(_ marks: Marks, _ arrival: Arrival) -> some Reducer<State, Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .start(let token):
        return effect(token, arrival)
      case .finished(let token), .followUp(let token):
        state.reduced += 1
        if marks.isMarked(token) { state.lateActions.append(token) }
        if arrival == .sendChain, case .finished = action { return .send(.followUp(token)) }
        return .none
      case .rows:
        return .none
      }
    }
    .forEach(\.rows, action: rows) {
      // An element's actions count against the root's state: the element reducer only starts
      // the effect, whose actions the root reduces.
      Reduce<Row, Action> { _, action in
        guard case .start(let token) = action else { return .none }
        return .run { send in
          for _ in 0..<4 {
            // The race's suspension points, as in the root's effect above.
            await Task.yield()
            await send(.finished(token))
          }
        }
      }
    }
  }

  @Test(arguments: Arrival.allCases)
  func anAwaitedCancelOnAnotherThreadIsFinalOnceItReturns(arrival: Arrival) async {
    let marks = Marks()
    let onMainActor = arrival == .mainActorStore || arrival == .transaction
    let store = Store(
      initialState: State(), reducer: Self.reducer(marks, arrival), executor: onMainActor ? .mainActor : .default)
    let element = store.scope(id: 0, in: \.rows, action: Self.rows)
    let tasksPerRound = 8
    let maxRounds = 500
    let deadline = ContinuousClock.now.advanced(by: .seconds(1))
    var generator = SplitMix64(state: UInt64(Arrival.allCases.firstIndex(of: arrival)! + 1))
    var round = 0
    while round < maxRounds, ContinuousClock.now < deadline {
      let yields = (0..<tasksPerRound).map { _ in Int(generator.next() % 6) }
      await withTaskGroup(of: Void.self) { group in
        for index in 0..<tasksPerRound {
          let token = round * tasksPerRound + index
          let yieldCount = yields[index]
          group.addTask {
            let task =
              arrival == .elementStore
              ? await element!.send(.start(token)) : await store.send(.start(token))
            // Real-thread interleaving on purpose (this suite's exception to "no yields"): a
            // seeded number of suspensions before the cancel varies where it lands.
            for _ in 0..<yieldCount { await Task.yield() }
            await task.cancel()
            marks.mark(token)
            await task.finish()
          }
        }
      }
      round += 1
    }
    let state = await store.state
    #expect(state.lateActions == [], "reduced after cancel() returned, \(arrival), \(round) rounds")
    #expect(store.inFlightEffectCount == 0)
  }

  /// The synchronous `cancel()` made on the store's own executor (here the main actor, for a
  /// main-actor store) is final at once: no batch of the store can be running elsewhere.
  @MainActor @Test func aSynchronousCancelOnTheStoresExecutorIsFinalOnceItReturns() async {
    let marks = Marks()
    let store = Store(initialState: State(), reducer: Self.reducer(marks, .run), executor: .mainActor)
    let deadline = ContinuousClock.now.advanced(by: .seconds(1))
    var token = 0
    while token < 2_000, ContinuousClock.now < deadline {
      let task = store.sendOnMainActor(.start(token))
      // Real main-actor turns on purpose (this suite's exception to "no yields"): the effect runs
      // on another thread meanwhile and may be delivering when the cancel lands.
      for _ in 0..<(token % 4) { await Task.yield() }
      Self.cancelSynchronously(task)
      marks.mark(token)
      await task.finish()
      token += 1
    }
    #expect(store.currentState.lateActions == [], "reduced after cancel() returned, \(token) sends")
  }

  /// Calls the synchronous `cancel()`, which an async context would not pick.
  static func cancelSynchronously(_ task: StoreTask) { task.cancel() }
}
