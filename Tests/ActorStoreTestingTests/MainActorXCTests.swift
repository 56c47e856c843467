import ActorStoreTesting
import XCTest

/// `TestStore`, main-actor hosts and `ObservableStore` from an XCTest `@MainActor` class.
@MainActor final class MainActorXCTests: XCTestCase {
  func testTestStoreAndMainActorHost() async {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: $0.clock) }
    let row = CountRow()
    row.configure(with: store.store)
    await store.send(.increment) { $0.count = 1 }
    await store.send(.load)
    await store.receive(.loaded(42)) { $0.count = 42 }
    XCTAssertEqual(row.shown, [0, 1, 42])
    await store.finish()
  }

  func testObservableStoreFollowsTheStore() async {
    let store = TestStore(initialState: Pair.State(), reducer: Pair())
    let pair = ObservableStore(store.store)
    let readsB = ChangeCounter { _ = pair.b }
    await store.send(.setA(1)) { $0.a = 1 }
    XCTAssertEqual(readsB.count, 0)
    await store.send(.setB(2)) { $0.b = 2 }
    XCTAssertEqual(readsB.count, 1)
    XCTAssertEqual(pair.b, 2)
    await store.finish()
  }
}

/// A nonisolated XCTest class keeps the default path compiled and running.
final class NonisolatedXCTests: XCTestCase {
  func testTestStoreFromANonisolatedTest() async {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: $0.clock) }
    await store.send(.increment) { $0.count = 1 }
    await store.finish()
  }
}
