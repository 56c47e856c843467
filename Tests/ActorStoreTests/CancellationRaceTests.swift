import ActorStore
import Testing

/// `StoreTask.cancel()` is final once it returns, even when the cancel runs on another thread
/// than the effect and the store: no action the cancelled effects send is reduced afterwards.
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

  struct State: Equatable, Sendable {
    /// `.finished` actions reduced after their effect's `cancel()` had returned.
    var lateActions: [Int] = []
    var reduced = 0
  }

  enum Action: Equatable, Sendable {
    case start(Int)
    case finished(Int)
  }

  static func reducer(_ marks: Marks) -> Reduce<State, Action> {
    Reduce { state, action in
      switch action {
      case .start(let token):
        return .run { send in
          for _ in 0..<4 {
            // Suspension points where a real thread may run the cancel: the race under test.
            await Task.yield()
            await send(.finished(token))
          }
        }
      case .finished(let token):
        state.reduced += 1
        if marks.isMarked(token) { state.lateActions.append(token) }
        return .none
      }
    }
  }

  @Test(arguments: [UInt64(1), 2, 3])
  func cancelOnAnotherThreadIsFinalOnceItReturns(seed: UInt64) async {
    let marks = Marks()
    let store = Store(initialState: State(), reducer: Self.reducer(marks))
    let tasksPerRound = 8
    let maxRounds = 2_000
    let deadline = ContinuousClock.now.advanced(by: .seconds(4))
    var generator = SplitMix64(state: seed)
    var round = 0
    while round < maxRounds, ContinuousClock.now < deadline {
      let yields = (0..<tasksPerRound).map { _ in Int(generator.next() % 6) }
      await withTaskGroup(of: Void.self) { group in
        for index in 0..<tasksPerRound {
          let token = round * tasksPerRound + index
          let yieldCount = yields[index]
          group.addTask {
            let task = await store.send(.start(token))
            // Real-thread interleaving on purpose (this suite's exception to "no yields"): a
            // seeded number of suspensions before the cancel varies where it lands.
            for _ in 0..<yieldCount { await Task.yield() }
            task.cancel()
            marks.mark(token)
            await task.finish()
          }
        }
      }
      round += 1
    }
    let state = await store.state
    #expect(state.lateActions == [], "reduced after cancel() returned, \(round) rounds")
    #expect(store.inFlightEffectCount == 0)
  }
}
