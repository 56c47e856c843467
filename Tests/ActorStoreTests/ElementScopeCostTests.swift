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

  /// The table holds each element store's link (strongly) from the store's creation until the
  /// store is released or its element is removed, whichever comes first; a removed element's
  /// store keeps the state it had last; nothing outlives its holders. Over seeded sequences of
  /// scoping, releasing, removing and re-adding elements, checked against a model after every
  /// step.
  @Test func theTableHoldsExactlyTheLinksOfLiveStoresOfLiveElements() async {
    for seed in UInt64(1)...40 {
      var random = SplitMix64(state: seed)
      weak var releasedRoot: Store<ListFeature.State, ListFeature.Action>?
      var outlived: [() -> Bool] = []
      do {
        let store = ListFeature.store(rowIDs: Array(0..<8), probe: Probe())
        releasedRoot = store
        let table = store.elementScopes.table(in: store, elements: \.rows)
        var present = Set(0..<8)
        // The stores kept, with whether their element was removed since they were made.
        var kept: [(id: Int, store: Store<RowFeature.State, RowFeature.Action>, removed: Bool)] = []
        for step in 0..<60 {
          switch random.next() % 4 {
          case 0:
            let id = Int(random.next() % 10)
            let made = store.scope(id: id, in: \.rows, action: .rows)
            #expect((made != nil) == present.contains(id), "seed \(seed) step \(step)")
            if let made { kept.append((id, made, false)) }
          case 1:
            if !kept.isEmpty {
              let index = Int(random.next() % UInt64(kept.count))
              weak let weakStore = kept[index].store
              kept.remove(at: index)
              #expect(weakStore == nil, "seed \(seed) step \(step): nothing else holds a released element store")
            }
          case 2:
            let id = Int(random.next() % 10)
            await store.send(.remove(id: id))
            if present.remove(id) != nil {
              for index in kept.indices where kept[index].id == id { kept[index].removed = true }
            }
          default:
            // An ID not in the list: appending a duplicate is bad input, reported.
            let absent = (0..<10).filter { !present.contains($0) }
            guard !absent.isEmpty else { continue }
            let id = absent[Int(random.next() % UInt64(absent.count))]
            await store.send(.append(id: id))
            present.insert(id)
          }
          #expect(
            table.linkCount == kept.filter { !$0.removed }.count,
            "seed \(seed) step \(step): the table holds the links of the live stores of live elements")
          for entry in kept {
            #expect(await entry.store.isAlive == !entry.removed, "seed \(seed) step \(step)")
          }
        }
        for entry in kept where entry.removed {
          // The last state it had: a row that never changed.
          #expect(entry.store.currentState == RowFeature.State(id: entry.id), "seed \(seed)")
        }
        outlived = kept.map { entry in { [weak store = entry.store] in store != nil } }
      }
      #expect(releasedRoot == nil, "seed \(seed): the root store is released once nothing holds it")
      #expect(outlived.allSatisfy { !$0() }, "seed \(seed): no element store outlives its holders")
    }
  }
}
