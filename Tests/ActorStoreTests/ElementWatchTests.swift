@testable import ActorStore
import Synchronization
import Testing

/// An element store's watchers (its `ObservableStore`'s or a main-actor host's mailbox) are
/// called by the collection's table for the publications that changed their element, not for
/// every publication of the parent: checked against a model over seeded sequences of edits,
/// renames to the same title, inserts, removals, moves and unrelated changes, for stores made by
/// `scope(id:in:action:)` and by a `ChildStoreRegistry`.
@Suite(.timeLimit(.minutes(10)))
struct ElementWatchTests {
  /// What one watcher saw.
  final class Seen: Sendable {
    let calls = Locked<[RowFeature.State?]>([])
    /// Set once the watcher saw its element go: it is dropped then.
    let gone = Locked(false)
  }

  @Test(arguments: [false, true])
  func aWatcherHearsOfItsElementsChangesOnly(throughRegistry: Bool) async {
    for seed in UInt64(1)...30 {
      var random = SplitMix64(state: seed)
      // 1 200 rows: more than two value chunks of 512, so that edits land in different chunks.
      let store = ListFeature.store(rowIDs: Array(0..<1_200), probe: Probe())
      let registry = ChildStoreRegistry(parent: store, elements: \.rows, action: .rows)
      var watched: [(id: Int, store: Store<RowFeature.State, RowFeature.Action>, seen: Seen)] = []
      for id in [0, 1, 511, 512, 513, 1_100, 1_199] {
        let element = throughRegistry ? registry.store(for: id)! : store.scope(id: id, in: \.rows, action: .rows)!
        let seen = Seen()
        element.watch { state in
          seen.calls.withLock { $0.append(state) }
          return state != nil
        }
        watched.append((id, element, seen))
      }
      var model = store.currentState.rows
      for step in 0..<80 {
        let before = model
        let existing = model.ids[Int(random.next() % UInt64(model.count))]
        var structural = false
        switch random.next() % 6 {
        case 0, 1:
          let title = ["a", "b", "c"][Int(random.next() % 3)]
          await store.send(.rows(.element(id: existing, action: .rename(title))))
          model[id: existing]?.title = title
        case 2:
          await store.send(.remove(id: existing))
          model.remove(id: existing)
          structural = true
        case 3:
          guard model.index(id: existing) != 0 else { continue }
          await store.send(.moveToFront(id: existing))
          model.move(id: existing, to: 0)
          structural = true
        case 4:
          let id = Int(random.next() % 1_210)
          guard model[id: id] == nil else { continue }
          await store.send(.append(id: id))
          model.append(RowFeature.State(id: id))
          structural = true
        default:
          // A send that changes no row.
          await store.send(.stopAll)
        }
        #expect(store.currentState.rows.elementsEqual(model), "seed \(seed) step \(step)")
        for entry in watched {
          let calls = entry.seen.calls.withLock { calls in
            defer { calls.removeAll() }
            return calls
          }
          let old = before[id: entry.id], new = model[id: entry.id]
          guard !entry.seen.gone.withLock({ $0 }) else {
            #expect(calls.isEmpty, "seed \(seed) step \(step): a watcher that saw its element go hears nothing more")
            continue
          }
          if structural || old != new {
            #expect(calls == [new], "seed \(seed) step \(step): row \(entry.id) changed from \(String(describing: old)) to \(String(describing: new)); its watcher saw \(calls)")
          } else {
            #expect(calls.isEmpty, "seed \(seed) step \(step): row \(entry.id) did not change; its watcher saw \(calls)")
          }
        }
        for entry in watched where model[id: entry.id] == nil { entry.seen.gone.withLock { $0 = true } }
      }
    }
  }

  /// A watcher whose owner goes away (an `ObservableStore` released, a cell's connection
  /// unbound) leaves its table at once, though its element never changes: binding and unbinding
  /// over a long scroll leaves no watcher behind.
  @MainActor @Test func aReleasedObserverLeavesItsTableAtOnce() async {
    let store = ListFeature.store(rowIDs: Array(0..<1_000), probe: Probe())
    let table = store.elementScopes.table(in: store, elements: \.rows)
    let registry = ChildStoreRegistry(parent: store, elements: \.rows, action: .rows)
    for round in 1...3 {
      var observed: [ObservableStore<RowFeature.State, RowFeature.Action>] = []
      for id in 0..<100 {
        observed.append(ObservableStore(store.scope(id: id, in: \.rows, action: .rows)!))
        observed.append(ObservableStore(registry.store(for: id + 500)!))
      }
      #expect(table.watcherCount.load(ordering: .relaxed) == 200, "round \(round)")
      observed.removeAll()
      #expect(table.watcherCount.load(ordering: .relaxed) == 0, "round \(round)")
      await store.send(.stopAll)
    }
    let unwatch = store.scope(id: 3, in: \.rows, action: .rows)!.watch { _ in true }
    #expect(table.watcherCount.load(ordering: .relaxed) == 1)
    unwatch?()
    #expect(table.watcherCount.load(ordering: .relaxed) == 0)
  }
}
