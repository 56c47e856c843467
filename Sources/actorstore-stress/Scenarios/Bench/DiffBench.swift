import ActorStore
import ActorStoreTesting

/// Figure 6: `Snapshot.update(from:changedItems:)` over items with 10 % deleted, inserted, moved
/// and changed, against building a dictionary of the old IDs and probing it with the new ones.
/// The target also wants the fewest moves a batch update can have. Measured per item, at several
/// sizes, to show that the cost per item does not grow with the list.
enum DiffBench {
  static func run(items: Int, seed: UInt64, rounds: BenchRounds, log: inout InvariantLog) async -> Figure {
    var random = SeededGenerator(seed: seed)
    let oldItems = Array(0..<items)
    let (newItems, changed) = edit(oldItems, share: 0.1, using: &random)
    let old = snapshot(oldItems)
    let new = snapshot(newItems)
    var update = new.update(from: old, changedItems: changed)
    let times = await rounds.compare(
      subject: {
        await BenchRounds.time { update = new.update(from: old, changedItems: changed) }
      },
      baseline: {
        await BenchRounds.time {
          var positions = [Int: Int](minimumCapacity: oldItems.count)
          for (index, id) in oldItems.enumerated() { positions[id] = index }
          var found = 0
          for id in newItems { found &+= positions[id] ?? 0 }
          blackhole(found)
        }
      })
    do {
      try CollectionUpdateValidator.validate(update, from: old, to: new)
      log.check("the diff passes the validator", true, "")
    } catch {
      log.check("the diff passes the validator", false, "\(error)")
    }
    let minimal = minimalMoves(from: oldItems, to: newItems)
    var figure = Figure.comparison(
      "diff of \(Format.count(items)) items, 10 % edits", operations: items, unit: "ns/item", times: times,
      maxRatio: 2.5, target: "≤ 2.5×, minimal moves")
    figure.requireAlso(update.itemMoves.count == minimal)
    figure.detail =
      "\(Format.count(update.itemMoves.count)) moves (minimum \(Format.count(minimal))), "
      + "\(Format.count(update.itemDeletes.count)) deletes, \(Format.count(update.itemInserts.count)) inserts, "
      + "\(Format.count(update.itemReconfigures.count + update.itemReconfiguresAfterBatch.count)) reconfigures; "
      + "median \(Format.seconds(figure.median * Double(items) / 1e9)) per diff"
    return figure
  }

  private static func snapshot(_ items: [Int]) -> Snapshot<Int, Int> {
    var snapshot = Snapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems(items, toSection: 0)
    return snapshot
  }

  /// Takes out 2 × `share` of the items at random, puts half of them back elsewhere (moves),
  /// inserts as many new items at random places, and marks `share` of the survivors changed.
  private static func edit(
    _ old: [Int], share: Double, using random: inout SeededGenerator
  ) -> (new: [Int], changed: Set<Int>) {
    let edits = Int(Double(old.count) * share)
    var new = old
    var moving: [Int] = []
    for _ in 0..<(2 * edits) where !new.isEmpty {
      let item = new.remove(at: Int.random(in: 0..<new.count, using: &random))
      if moving.count < edits { moving.append(item) }
    }
    let inserted = (0..<edits).map { old.count + $0 }
    for item in moving + inserted { new.insert(item, at: Int.random(in: 0...new.count, using: &random)) }
    var changed: Set<Int> = []
    for _ in 0..<edits where !new.isEmpty { changed.insert(new[Int.random(in: 0..<new.count, using: &random)]) }
    return (new, changed)
  }

  /// The fewest moves: the items kept, minus a longest run of them already in increasing old
  /// order.
  private static func minimalMoves(from old: [Int], to new: [Int]) -> Int {
    var oldIndex: [Int: Int] = [:]
    for (index, item) in old.enumerated() { oldIndex[item] = index }
    var tails: [Int] = []
    var kept = 0
    for item in new {
      guard let index = oldIndex[item] else { continue }
      kept += 1
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if tails[middle] < index { low = middle + 1 } else { high = middle }
      }
      if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    return kept - tails.count
  }
}
