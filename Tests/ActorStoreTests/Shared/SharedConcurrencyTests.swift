import ActorStore
import Testing

/// Changes made at once from real threads, and from stores on different executors, all land.
/// Bounded rounds, asserting only the guarantee (no lost update), never a timing.
@Suite struct SharedConcurrencyTests {
  struct Counter: Reducer {
    struct State: Equatable, Sendable {
      @Shared(.inMemory("count")) var count = 0
    }

    func reduce(into state: inout State, action: Void) -> Effect<Void> {
      state.$count.withLock { $0 += 1 }
      return .none
    }
  }

  @Test func changesFromManyThreadsAtOnceAreAllKept() async {
    let count = Shared(value: 0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<1_000 { count.withLock { $0 += 1 } }
        }
      }
    }
    #expect(count.wrappedValue == 8_000)
  }

  @Test func storesOnDifferentExecutorsChangingOneKeyLoseNoUpdate() async {
    let stores = withDependencies { $0.sharedStorage = .inMemory() } operation: {
      (0..<4).map { _ in Store(initialState: Counter.State(), reducer: Counter()) }
    }
    await withTaskGroup(of: Void.self) { group in
      for store in stores {
        group.addTask {
          for _ in 0..<500 { await store.send(()) }
        }
      }
    }
    #expect(stores[0].currentState.count == 2_000)
    for store in stores { #expect(await store.state.count == 2_000) }
  }
}
