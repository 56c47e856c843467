@testable import ActorStore
import Testing

/// Issue #8, item 5: the work a publication does must not grow with the number of element
/// stores alive. Counted, not timed: the publisher's observers are what every send notifies.
@Suite(.timeLimit(.minutes(10)))
struct ElementScopeCostTests {
  @Test func elementStoresShareOneObserverPerCollection() async {
    let store = ListFeature.store(rowIDs: Array(0..<1_000), probe: Probe())
    guard case .root(let engine) = store.core else {
      Issue.record("ListFeature.store made a scoped store")
      return
    }
    let baseline = engine.publisher.observerCount
    var rows: [Store<RowFeature.State, RowFeature.Action>] = []
    for id in 0..<1_000 { rows.append(store.scope(id: id, in: \.rows, action: .rows)!) }
    // Every store kept, so that the count below shows the removal alone.
    let registry = ChildStoreRegistry(parent: store, elements: \.rows, action: .rows, unboundStoreLimit: 1_000)
    for id in 0..<1_000 { _ = registry.store(for: id) }
    // One table for `\.rows` (shared by both kinds of element store) and the registry's books.
    #expect(engine.publisher.observerCount == baseline + 2)
    await store.send(.remove(id: 7))
    #expect(await rows[7].isAlive == false)
    #expect(await rows[8].isAlive)
    #expect(registry.liveStoreCount == 999)
    #expect(engine.publisher.observerCount == baseline + 2)
  }

  @Test func aReleasedElementStoreLeavesItsTable() {
    let store = ListFeature.store(rowIDs: [1, 2], probe: Probe())
    let table = store.elementScopes.table(in: store, elements: \.rows)
    var row: Store<RowFeature.State, RowFeature.Action>? = store.scope(id: 1, in: \.rows, action: .rows)
    #expect(table.linkCount == 1)
    #expect(row != nil)
    row = nil
    #expect(table.linkCount == 0)
  }
}
