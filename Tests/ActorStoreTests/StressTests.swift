import ActorStore
import Testing

/// Many concurrent starts, cancels and `StoreTask.cancel()` calls over a few IDs.
@Suite(.timeLimit(.minutes(10)))
struct StressTests {
  struct State: Equatable, Sendable {
    var started = 0
    var lateDeliveries = 0
  }

  enum Action: Equatable, Sendable {
    /// A cancellable effect under `id` that suspends until cancelled, then tries to send `.late`.
    case start(Int)
    case cancel(Int)
    case late
  }

  static let reducer = Reduce<State, Action> { state, action in
    switch action {
    case .start(let id):
      state.started += 1
      return .run { send in
        await suspendUntilCancelled()
        await send(.late)
      }
      .cancellable(id: id)
    case .cancel(let id):
      return .cancel(id: id)
    case .late:
      state.lateDeliveries += 1
      return .none
    }
  }

  @Test func concurrentStartsAndCancelsEndWithAnEmptyRegistry() async {
    let operationCount = 10_000
    let idCount = 100
    let store = Store(initialState: State(), reducer: Self.reducer)
    let issues = await capturingIssues {
      let tasks = await withTaskGroup(of: StoreTask?.self) { group in
        for operation in 0..<operationCount {
          let id = operation % idCount
          group.addTask {
            switch operation % 3 {
            case 0:
              return await store.send(.start(id))
            case 1:
              await store.send(.cancel(id))
              return nil
            default:
              let task = await store.send(.start(id))
              await task.cancel()
              return task
            }
          }
        }
        var tasks: [StoreTask] = []
        for await task in group {
          if let task { tasks.append(task) }
        }
        return tasks
      }
      for id in 0..<idCount { await store.send(.cancel(id)) }
      for task in tasks { await task.finish() }
    }
    #expect(store.inFlightEffectCount == 0)
    #expect(store.cancellationIndexCount == 0)
    let state = await store.state
    #expect(state.started == 2 * operationCount / 3 + (operationCount % 3 == 0 ? 0 : 1))
    #expect(state.lateDeliveries == 0)
    // Cancels racing ahead of the first start of their ID may warn; nothing else is reported.
    #expect(issues.all.allSatisfy { $0.severity == .warning })
  }

  @Test func concurrentElementStartsRemovalsAndReinsertionsEndWithAnEmptyRegistry() async {
    let probe = Probe()
    let rowIDs = Array(0..<20)
    let store = ListFeature.store(rowIDs: rowIDs, probe: probe)
    let issues = await capturingIssues {
      let tasks = await withTaskGroup(of: StoreTask?.self) { group in
        for operation in 0..<3_000 {
          let id = rowIDs[operation % rowIDs.count]
          group.addTask {
            switch operation % 4 {
            case 0, 1: return await store.send(.rows(.element(id: id, action: .start)))
            case 2: return await store.send(.remove(id: id))
            default: return await store.send(.append(id: id))
            }
          }
        }
        var tasks: [StoreTask] = []
        for await task in group {
          if let task { tasks.append(task) }
        }
        return tasks
      }
      await store.send(.stopAll)
      for task in tasks { await task.finish() }
    }
    #expect(store.inFlightEffectCount == 0)
    #expect(store.cancellationIndexCount == 0)
    // Element actions for removed rows and appends of present rows are reported, never fatal.
    #expect(issues.all.allSatisfy { $0.message.contains("not in the collection") || $0.message.contains("duplicate") || $0.severity == .warning })
  }
}
