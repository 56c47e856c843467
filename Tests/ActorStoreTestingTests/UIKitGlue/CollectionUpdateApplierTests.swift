import ActorStore
import ActorStoreTesting
import Testing

typealias GlueSnapshot = Snapshot<String, Int>

/// Random snapshots for the applier: mostly edits of the previous one (deletes, inserts, moves
/// within and across sections, section moves, inserts and deletes), sometimes a fresh one.
struct SnapshotWalk {
  var rng: SeededGenerator
  var sections: [(String, [Int])] = []

  init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

  static func snapshot(_ sections: [(String, [Int])]) -> GlueSnapshot {
    var snapshot = GlueSnapshot()
    for (section, items) in sections {
      snapshot.appendSections([section])
      snapshot.appendItems(items, toSection: section)
    }
    return snapshot
  }

  mutating func next() -> GlueSnapshot {
    let sectionPool = ["A", "B", "C", "D", "E", "F"]
    let itemPool = Array(0..<40)
    if sections.isEmpty || Int.random(in: 0..<8, using: &rng) == 0 {
      // Fresh.
      let chosen = sectionPool.shuffled(using: &rng).prefix(Int.random(in: 0...4, using: &rng))
      var items = itemPool.shuffled(using: &rng)[...]
      sections = chosen.map { id in
        let count = Int.random(in: 0...8, using: &rng)
        defer { items = items.dropFirst(count) }
        return (id, Array(items.prefix(count)))
      }
      return Self.snapshot(sections)
    }
    for _ in 0..<Int.random(in: 1...6, using: &rng) {
      let used = Set(sections.flatMap(\.1))
      switch Int.random(in: 0..<8, using: &rng) {
      case 0, 1:  // delete an item
        guard let s = sections.indices.randomElement(using: &rng), !sections[s].1.isEmpty else { continue }
        sections[s].1.remove(at: Int.random(in: 0..<sections[s].1.count, using: &rng))
      case 2, 3:  // insert an item
        guard let s = sections.indices.randomElement(using: &rng),
          let id = itemPool.filter({ !used.contains($0) }).randomElement(using: &rng)
        else { continue }
        sections[s].1.insert(id, at: Int.random(in: 0...sections[s].1.count, using: &rng))
      case 4, 5:  // move an item, maybe across sections
        guard let from = sections.indices.randomElement(using: &rng), !sections[from].1.isEmpty,
          let to = sections.indices.randomElement(using: &rng)
        else { continue }
        let id = sections[from].1.remove(at: Int.random(in: 0..<sections[from].1.count, using: &rng))
        sections[to].1.insert(id, at: Int.random(in: 0...sections[to].1.count, using: &rng))
      case 6:  // move a section
        guard sections.count > 1 else { continue }
        let section = sections.remove(at: Int.random(in: 0..<sections.count, using: &rng))
        sections.insert(section, at: Int.random(in: 0...sections.count, using: &rng))
      default:  // delete or insert a section
        if Bool.random(using: &rng), !sections.isEmpty {
          sections.remove(at: Int.random(in: 0..<sections.count, using: &rng))
        } else if let id = sectionPool.filter({ id in !sections.contains { $0.0 == id } }).randomElement(using: &rng) {
          let items = itemPool.filter { !used.contains($0) }.shuffled(using: &rng).prefix(Int.random(in: 0...5, using: &rng))
          sections.insert((id, Array(items)), at: Int.random(in: 0...sections.count, using: &rng))
        }
      }
    }
    return Self.snapshot(sections)
  }

  mutating func changedItems(in snapshot: GlueSnapshot) -> Set<Int> {
    Set(snapshot.itemIDs.filter { _ in Int.random(in: 0..<5, using: &rng) == 0 })
  }
}

@MainActor
func makeApplier(
  _ list: RecordingBatchList<String, Int>, initial: GlueSnapshot = GlueSnapshot()
) -> CollectionUpdateApplier<String, Int> {
  let applier = CollectionUpdateApplier<String, Int>(list: list, snapshot: initial)
  list.dataSource = { [weak applier] in applier?.snapshot ?? GlueSnapshot() }
  return applier
}

@MainActor @Suite struct CollectionUpdateApplierTests {
  /// One apply at a time, each batch completed before the next: every batch passes UIKit's
  /// count rule and the validator, and reconfigures exactly the changed survivors.
  @Test func sequentialAppliesFollowUIKitsRules() {
    var batches = 0
    for seed in UInt64(0)..<1_000 {
      var walk = SnapshotWalk(seed: seed)
      let list = RecordingBatchList<String, Int>()
      let applier = makeApplier(list)
      if seed % 2 == 0 { list.layOut() }
      for _ in 0..<12 {
        let shown = applier.snapshot
        let next = walk.next()
        let changed = walk.changedItems(in: next)
        let batchesBefore = list.batches.count
        var completed = false
        applier.apply(next, changedItems: changed, animated: walk.rng.next() % 2 == 0) { completed = true }
        #expect(applier.snapshot == next, "seed \(seed)")
        if list.batches.count > batchesBefore {
          // Items that keep their cell: in both snapshots, outside deleted and inserted sections
          // (those arrive or leave with their section, in a fresh cell).
          let survivors = changed.filter { id in
            guard let old = shown.section(containingItem: id), let new = next.section(containingItem: id) else {
              return false
            }
            return next.index(ofSection: old) != nil && shown.index(ofSection: new) != nil
          }
          #expect(list.batches.last!.reconfiguredIDs == survivors, "seed \(seed)")
          #expect(!completed && applier.isUpdating)
          list.completeNextBatch()
        }
        #expect(completed && !applier.isUpdating, "seed \(seed)")
        #expect(list.counts == nil || list.counts! == RecordingBatchList<String, Int>.counts(of: next))
      }
      #expect(list.violations.isEmpty, "seed \(seed): \(list.violations)")
      batches += list.batches.count
    }
    #expect(batches > 10_000)
  }

  /// Applies from inside the updates closure, while batches animate, and completions in any
  /// order of the test's choosing: never a batch over another, never a count mismatch, and the
  /// newest snapshot always ends up shown, completions called once each, in order.
  @Test func reentrantAndOverlappingAppliesAreQueuedAndCoalesced() {
    var coalesced = 0
    var batches = 0
    for seed in UInt64(0)..<2_000 {
      var walk = SnapshotWalk(seed: seed &+ 1_000_000)
      let list = RecordingBatchList<String, Int>()
      list.completesSynchronously = seed % 7 == 3
      let applier = makeApplier(list)
      var latest = applier.snapshot
      var submitted = 0
      var completedOrder: [Int] = []
      func apply(_ snapshot: GlueSnapshot, _ changed: Set<Int>) {
        let ticket = submitted
        submitted += 1
        latest = snapshot
        applier.apply(snapshot, changedItems: changed, animated: ticket % 3 != 0) { completedOrder.append(ticket) }
      }
      for _ in 0..<30 {
        switch Int.random(in: 0..<10, using: &walk.rng) {
        case 0...3:
          let next = walk.next()
          apply(next, walk.changedItems(in: next))
        case 4, 5:
          // Re-entrant: the next batch's updates closure applies again (several times).
          let extra = (0..<Int.random(in: 1...3, using: &walk.rng)).map { _ in walk.next() }
          let changes = extra.map { walk.changedItems(in: $0) }
          list.duringNextUpdates = {
            for (snapshot, changed) in zip(extra, changes) { apply(snapshot, changed) }
          }
          let next = walk.next()
          apply(next, walk.changedItems(in: next))
        case 6, 7:
          list.completeNextBatch(finished: walk.rng.next() % 2 == 0)
        case 8:
          list.layOut()
        default:
          // A completion handler that applies again.
          let next = walk.next()
          let ticket = submitted
          submitted += 1
          latest = next
          applier.apply(next, animated: false) {
            completedOrder.append(ticket)
            apply(GlueSnapshot(), [])
          }
        }
        #expect(list.overlappingBatches == 0, "seed \(seed)")
      }
      list.duringNextUpdates = nil
      list.completeAllBatches()
      #expect(!applier.isUpdating && !applier.hasPendingUpdate, "seed \(seed)")
      #expect(applier.snapshot == latest, "seed \(seed)")
      #expect(completedOrder == Array(0..<submitted), "seed \(seed)")
      #expect(list.violations.isEmpty, "seed \(seed): \(list.violations)")
      if let counts = list.counts {
        #expect(counts == RecordingBatchList<String, Int>.counts(of: latest), "seed \(seed)")
      }
      coalesced += applier.coalescedCount
      batches += list.batches.count
    }
    #expect(coalesced > 1_000)
    #expect(batches > 10_000)
  }

  @Test func theDataSourceAnswersFromTheShownSnapshot() {
    let list = RecordingBatchList<String, Int>()
    let applier = makeApplier(list)
    let first = SnapshotWalk.snapshot([("A", [1, 2]), ("B", [3])])
    applier.reload(first)
    #expect(list.reloadCount == 1 && list.counts == [2, 1])
    #expect(applier.numberOfSections == 2)
    #expect(applier.numberOfItems(inSection: 0) == 2 && applier.numberOfItems(inSection: 5) == 0)
    #expect(applier.sectionID(at: 1) == "B" && applier.sectionID(at: 2) == nil)
    #expect(applier.itemID(at: ItemPath(section: 1, item: 0)) == 3)
    #expect(applier.itemID(at: ItemPath(section: 1, item: 1)) == nil)

    // Inside the batch, the data source already answers the new snapshot; before it, the old.
    let second = SnapshotWalk.snapshot([("B", [3, 1])])
    var seenInside: [Int] = []
    list.duringNextUpdates = { seenInside = [applier.numberOfSections, applier.numberOfItems(inSection: 0)] }
    applier.apply(second, animated: false)
    #expect(seenInside == [1, 2])
    #expect(list.batches.last?.animated == false)
    // A reload queued behind the batch in flight runs at its completion.
    applier.reload(first)
    #expect(list.reloadCount == 1 && applier.hasPendingUpdate)
    list.completeNextBatch()
    #expect(list.reloadCount == 2 && applier.snapshot == first)
    #expect(list.violations.isEmpty)
  }

  @Test func anUnchangedSnapshotIssuesNoBatch() {
    let list = RecordingBatchList<String, Int>()
    let snapshot = SnapshotWalk.snapshot([("A", [1, 2])])
    let applier = makeApplier(list, initial: snapshot)
    var completed = false
    applier.apply(snapshot) { completed = true }
    #expect(completed && list.batches.isEmpty)
    var marked = snapshot
    marked.reconfigureItems([2])
    applier.apply(marked)
    #expect(list.batches.count == 1 && list.batches[0].reconfiguredIDs == [2])
  }

  /// An item both moved and changed is reconfigured after the batch, at its new path.
  @Test func movedChangedItemsAreReconfiguredAfterTheBatch() {
    let list = RecordingBatchList<String, Int>()
    let applier = makeApplier(list, initial: SnapshotWalk.snapshot([("A", [1, 2, 3])]))
    list.layOut()
    applier.apply(SnapshotWalk.snapshot([("A", [3, 1, 2])]), changedItems: [3, 2])
    #expect(list.batches[0].reconfiguredIDs == [2, 3])
    #expect(list.violations.isEmpty)
  }
}

#if canImport(Foundation)
  import Foundation

  @Suite struct IndexPathConversionTests {
    @Test func roundTrips() {
      for section in 0..<5 {
        for item in [0, 1, 7, 1_000] {
          let path = ItemPath(section: section, item: item)
          let indexPath = IndexPath(path)
          #expect(indexPath == IndexPath(indexes: [section, item]))
          #expect(ItemPath(indexPath) == path)
        }
      }
    }
  }
#endif
