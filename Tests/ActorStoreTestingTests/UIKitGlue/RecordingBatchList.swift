import ActorStore
import ActorStoreTesting

/// A fake `UICollectionView` for the ``BatchUpdatingList`` seam: records every call and checks
/// it the way UIKit would, against the counts its data source reports at each point UIKit asks.
///
/// The model of UIKit it follows:
/// - The view holds its own copy of the counts, read from the data source on first layout
///   (``layOut()``) or at the start of the first batch, and after `reloadData()`.
/// - `performBatchUpdates` runs its closure synchronously, then reads the counts again and
///   checks, per section, `before − deletes − moves out + inserts + moves in == after` (else
///   "invalid number of items"), and the section count likewise. Indexes must be in range of
///   the before/after counts. The batch is also checked with `CollectionUpdateValidator`
///   between the data source's snapshots before and after it.
/// - Completions run only when the test says (``completeNextBatch()``), never by themselves.
/// - `reconfigureItems` outside a batch names current paths; `reloadData` is illegal inside a
///   batch.
@MainActor
final class RecordingBatchList<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: BatchUpdatingList {
  enum Call: Equatable {
    case deleteSections([Int]), insertSections([Int]), moveSection(Int, Int)
    case deleteItems([ItemPath]), insertItems([ItemPath]), moveItem(ItemPath, ItemPath)
    case reconfigureItems([ItemPath])
  }

  struct Batch {
    var before: Snapshot<SectionID, ItemID>
    var after: Snapshot<SectionID, ItemID>
    var calls: [Call]
    var animated: Bool
    /// IDs reconfigured inside the batch (read at old paths) and right after it (new paths).
    var reconfiguredIDs: Set<ItemID>
  }

  /// What the data source answers now.
  var dataSource: () -> Snapshot<SectionID, ItemID> = { Snapshot() }
  /// Calls every completion before `performBatchUpdates` returns, as UIKit may when nothing
  /// can animate.
  var completesSynchronously = false
  /// Runs inside the next batch's updates closure, after the closure itself: re-entrancy.
  var duringNextUpdates: (() -> Void)?

  private(set) var counts: [Int]?
  private(set) var batches: [Batch] = []
  private(set) var violations: [String] = []
  private(set) var reloadCount = 0
  /// Batches started while an earlier one's completion had not run (UIKit allows it; the
  /// applier promises never to do it).
  private(set) var overlappingBatches = 0
  private var inBatch: [Call]?
  private var pendingCompletions: [(Bool) -> Void] = []

  init() {}

  var pendingCompletionCount: Int { pendingCompletions.count }

  /// First layout: the view reads its counts.
  func layOut() { if counts == nil { counts = Self.counts(of: dataSource()) } }

  /// Runs the oldest outstanding batch completion.
  func completeNextBatch(finished: Bool = true) {
    guard !pendingCompletions.isEmpty else { return }
    pendingCompletions.removeFirst()(finished)
  }

  /// Runs completions until none is outstanding (completions may start new batches).
  func completeAllBatches() {
    while !pendingCompletions.isEmpty { completeNextBatch() }
  }

  static func counts(of snapshot: Snapshot<SectionID, ItemID>) -> [Int] {
    snapshot.sectionIDs.map { snapshot.numberOfItems(inSection: $0) }
  }

  func performBatchUpdates(animated: Bool, _ updates: @escaping () -> Void, completion: @escaping (Bool) -> Void) {
    if inBatch != nil { violations.append("performBatchUpdates nested inside another batch's updates") }
    if !pendingCompletions.isEmpty { overlappingBatches += 1 }
    let beforeCounts = counts ?? Self.counts(of: dataSource())
    let before = dataSource()
    if Self.counts(of: before) != beforeCounts {
      violations.append("data source changed outside a batch: view has \(beforeCounts), source \(Self.counts(of: before))")
    }
    inBatch = []
    updates()
    if let hook = duringNextUpdates {
      duringNextUpdates = nil
      hook()
    }
    let calls = inBatch ?? []
    inBatch = nil
    let after = dataSource()
    let afterCounts = Self.counts(of: after)
    checkCounts(calls, before: beforeCounts, after: afterCounts)
    var update = CollectionUpdate<SectionID, ItemID>()
    var reconfigured = Set<ItemID>()
    let beforeIDs = before.sectionIDs.map { before.itemIDs(inSection: $0) }
    for call in calls {
      switch call {
      case .deleteSections(let s): update.sectionDeletes += s
      case .insertSections(let s): update.sectionInserts += s
      case .moveSection(let from, let to): update.sectionMoves.append(.init(from: from, to: to))
      case .deleteItems(let p): update.itemDeletes += p
      case .insertItems(let p): update.itemInserts += p
      case .moveItem(let from, let to): update.itemMoves.append(.init(from: from, to: to))
      case .reconfigureItems(let p):
        update.itemReconfigures += p
        for path in p where beforeIDs.indices.contains(path.section) && beforeIDs[path.section].indices.contains(path.item) {
          reconfigured.insert(beforeIDs[path.section][path.item])
        }
      }
    }
    do {
      try CollectionUpdateValidator.validate(update, from: before, to: after)
    } catch {
      violations.append("batch \(batches.count): \(error)")
    }
    counts = afterCounts
    batches.append(Batch(before: before, after: after, calls: calls, animated: animated, reconfiguredIDs: reconfigured))
    if completesSynchronously { completion(false) } else { pendingCompletions.append(completion) }
  }

  /// UIKit's count rule for one batch.
  private func checkCounts(_ calls: [Call], before: [Int], after: [Int]) {
    var sectionDeletes = Set<Int>(), sectionInserts = Set<Int>(), sectionMoves: [Int: Int] = [:]
    var deletesIn = [Int: Int](), insertsIn = [Int: Int](), movesOut = [Int: Int](), movesIn = [Int: Int]()
    for call in calls {
      switch call {
      case .deleteSections(let s):
        for i in s where !(before.indices.contains(i) && sectionDeletes.insert(i).inserted) {
          violations.append("bad or repeated section delete \(i)")
        }
      case .insertSections(let s):
        for i in s where !(after.indices.contains(i) && sectionInserts.insert(i).inserted) {
          violations.append("bad or repeated section insert \(i)")
        }
      case .moveSection(let from, let to):
        if !before.indices.contains(from) || !after.indices.contains(to) { violations.append("bad section move") }
        sectionMoves[from] = to
      case .deleteItems(let paths):
        for p in paths {
          if !before.indices.contains(p.section) || !(0..<before[p.section]).contains(p.item) {
            violations.append("delete of \(p) out of range")
          }
          deletesIn[p.section, default: 0] += 1
        }
      case .insertItems(let paths):
        for p in paths {
          if !after.indices.contains(p.section) || !(0..<after[p.section]).contains(p.item) {
            violations.append("insert at \(p) out of range")
          }
          insertsIn[p.section, default: 0] += 1
        }
      case .moveItem(let from, let to):
        movesOut[from.section, default: 0] += 1
        movesIn[to.section, default: 0] += 1
      case .reconfigureItems(let paths):
        for p in paths where !before.indices.contains(p.section) || !(0..<before[p.section]).contains(p.item) {
          violations.append("reconfigure of \(p) out of range")
        }
      }
    }
    guard before.count - sectionDeletes.count + sectionInserts.count == after.count else {
      violations.append(
        "invalid number of sections: \(after.count) after, \(before.count) before, "
          + "-\(sectionDeletes.count) +\(sectionInserts.count)")
      return
    }
    // Old sections that are neither deleted nor moved fill, in order, the new indexes that
    // are neither inserted nor move destinations.
    var oldForNew = [Int?](repeating: nil, count: after.count)
    for (from, to) in sectionMoves where after.indices.contains(to) { oldForNew[to] = from }
    var free = (0..<after.count).filter { !sectionInserts.contains($0) && !sectionMoves.values.contains($0) }
      .makeIterator()
    for old in before.indices where !sectionDeletes.contains(old) && sectionMoves[old] == nil {
      if let new = free.next() { oldForNew[new] = old }
    }
    for new in after.indices where !sectionInserts.contains(new) {
      guard let old = oldForNew[new] else { continue }
      let expected =
        before[old] - deletesIn[old, default: 0] - movesOut[old, default: 0] + insertsIn[new, default: 0]
        + movesIn[new, default: 0]
      if expected != after[new] {
        violations.append(
          "invalid number of items in section \(new): \(after[new]) after the update, \(before[old]) before, "
            + "expected \(expected)")
      }
    }
  }

  func deleteSections(_ sections: [Int]) { record(.deleteSections(sections)) }
  func insertSections(_ sections: [Int]) { record(.insertSections(sections)) }
  func moveSection(_ section: Int, toSection newSection: Int) { record(.moveSection(section, newSection)) }
  func deleteItems(at paths: [ItemPath]) { record(.deleteItems(paths)) }
  func insertItems(at paths: [ItemPath]) { record(.insertItems(paths)) }
  func moveItem(at path: ItemPath, to newPath: ItemPath) { record(.moveItem(path, newPath)) }

  func reconfigureItems(at paths: [ItemPath]) {
    if inBatch != nil { return record(.reconfigureItems(paths)) }
    // Outside a batch: current paths, against the counts the view holds.
    let snapshot = dataSource()
    let ids = snapshot.sectionIDs.map { snapshot.itemIDs(inSection: $0) }
    for path in paths {
      guard let counts, counts.indices.contains(path.section), (0..<counts[path.section]).contains(path.item),
        ids.indices.contains(path.section), ids[path.section].indices.contains(path.item)
      else {
        violations.append("reconfigure after batch of \(path) out of range")
        continue
      }
      if !batches.isEmpty { batches[batches.count - 1].reconfiguredIDs.insert(ids[path.section][path.item]) }
    }
  }

  func reloadData() {
    if inBatch != nil { violations.append("reloadData inside a batch's updates") }
    reloadCount += 1
    counts = Self.counts(of: dataSource())
  }

  private func record(_ call: Call) {
    guard inBatch != nil else {
      violations.append("\(call) outside performBatchUpdates")
      return
    }
    inBatch!.append(call)
  }
}
