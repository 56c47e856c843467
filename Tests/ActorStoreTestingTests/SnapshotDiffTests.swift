import ActorStore
import ActorStoreTesting
import Testing

typealias TestSnapshot = Snapshot<String, Int>
typealias TestUpdate = CollectionUpdate<String, Int>

extension Snapshot where SectionID == String, ItemID == Int {
  /// A snapshot with these sections and items, in order.
  init(testSections sections: KeyValuePairs<String, [Int]>) {
    self.init()
    for (section, items) in sections {
      appendSections([section])
      appendItems(items, toSection: section)
    }
  }

  /// The sections and their items, in order.
  var testSections: [(String, [Int])] { sectionIDs.map { ($0, itemIDs(inSection: $0)) } }
}

extension ItemPath {
  /// `ItemPath(section:item:)`, short for tables of expected paths.
  init(_ section: Int, _ item: Int) { self.init(section: section, item: item) }
}

/// Validates `update` and returns the rule it breaks, if any.
func brokenRule(
  _ update: TestUpdate, from old: TestSnapshot, to new: TestSnapshot
) -> CollectionUpdateValidationError.Rule? {
  do {
    try CollectionUpdateValidator.validate(update, from: old, to: new)
    return nil
  } catch {
    return error.rule
  }
}

// MARK: - Snapshot

@Suite struct SnapshotTests {
  @Test func buildsAndAnswersQueries() {
    var snapshot = TestSnapshot()
    snapshot.appendSections(["A", "C"])
    snapshot.insertSections(["B"], beforeSection: "C")
    snapshot.insertSections(["D"], afterSection: "C")
    snapshot.appendItems([1, 2, 3], toSection: "A")
    snapshot.appendItems([9])  // last section
    snapshot.insertItems([4, 5], beforeItem: 9)
    snapshot.insertItems([6], afterItem: 1)
    #expect(snapshot.sectionIDs == ["A", "B", "C", "D"])
    #expect(snapshot.itemIDs == [1, 6, 2, 3, 4, 5, 9])
    #expect(snapshot.itemIDs(inSection: "D") == [4, 5, 9])
    #expect(snapshot.numberOfSections == 4)
    #expect(snapshot.numberOfItems == 7)
    #expect(snapshot.numberOfItems(inSection: "A") == 4)
    #expect(snapshot.index(ofSection: "C") == 2)
    #expect(snapshot.index(ofSection: "Z") == nil)
    #expect(snapshot.path(ofItem: 2) == ItemPath(0, 2))
    #expect(snapshot.path(ofItem: 5) == ItemPath(3, 1))
    #expect(snapshot.path(ofItem: 42) == nil)
    #expect(snapshot.section(containingItem: 9) == "D")
    #expect(snapshot.section(containingItem: 42) == nil)
  }

  @Test func movesDeletesAndKeepsPathsCurrent() {
    var snapshot = TestSnapshot(testSections: ["A": [1, 2, 3], "B": [4, 5], "C": [6]])
    snapshot.moveItem(1, afterItem: 3)
    snapshot.moveItem(5, beforeItem: 2)
    snapshot.moveSection("C", beforeSection: "A")
    snapshot.moveSection("A", afterSection: "B")
    #expect(snapshot.testSections.map(\.0) == ["C", "B", "A"])
    #expect(snapshot.itemIDs == [6, 4, 5, 2, 3, 1])
    snapshot.deleteItems([5, 3])
    snapshot.deleteSections(["C"])
    #expect(snapshot.itemIDs == [4, 2, 1])
    for (sectionIndex, section) in snapshot.sectionIDs.enumerated() {
      for (itemIndex, item) in snapshot.itemIDs(inSection: section).enumerated() {
        #expect(snapshot.path(ofItem: item) == ItemPath(sectionIndex, itemIndex))
      }
      #expect(snapshot.index(ofSection: section) == sectionIndex)
    }
    #expect(snapshot.path(ofItem: 6) == nil)
    snapshot.deleteAllItems()
    #expect(snapshot == TestSnapshot())
    #expect(snapshot.numberOfItems == 0)
  }

  @Test func equalityComparesOrderButNotReconfigureMarks() {
    var marked = TestSnapshot(testSections: ["A": [1, 2]])
    marked.reconfigureItems([1])
    #expect(marked == TestSnapshot(testSections: ["A": [1, 2]]))
    #expect(marked != TestSnapshot(testSections: ["A": [2, 1]]))
    #expect(marked != TestSnapshot(testSections: ["B": [1, 2]]))
    marked.deleteItems([1])
    #expect(marked.reconfiguredItemIDs.isEmpty)
  }

  @Test func duplicatesAreReportedWithBothPositionsAndTheFirstWins() {
    let collector = IssueCollector()
    let snapshot = IssueReporting.withReporter(collector) {
      var snapshot = TestSnapshot()
      snapshot.appendSections(["A", "B", "A"])
      snapshot.appendSections(["B"])
      snapshot.appendItems([1, 2, 1], toSection: "A")
      snapshot.appendItems([3, 2], toSection: "B")
      snapshot.insertItems([3, 4], beforeItem: 1)
      return snapshot
    }
    #expect(snapshot.testSections.map(\.0) == ["A", "B"])
    #expect(snapshot.itemIDs(inSection: "A") == [4, 1, 2])
    #expect(snapshot.itemIDs(inSection: "B") == [3])
    let issues = collector.messages
    #expect(issues.count == 5)
    #expect(
      issues[0].contains("section ID A: already at section index 0")
        && issues[0].contains("position 2"))
    #expect(
      issues[1].contains("section ID B: already at section index 1")
        && issues[1].contains("position 0"))
    #expect(issues[2].contains("item ID 1: already at [0, 0]") && issues[2].contains("position 2"))
    #expect(issues[3].contains("item ID 2: already at [0, 1]") && issues[3].contains("position 1"))
    #expect(issues[4].contains("item ID 3: already at [1, 0]") && issues[4].contains("position 0"))
  }

  @Test func badAnchorsAndMissingSectionsAreReportedAndChangeNothing() {
    let collector = IssueCollector()
    let original = TestSnapshot(testSections: ["A": [1, 2]])
    let snapshot = IssueReporting.withReporter(collector) {
      var empty = TestSnapshot()
      empty.appendItems([1])
      var snapshot = original
      snapshot.appendItems([3], toSection: "Z")
      snapshot.insertItems([3], beforeItem: 99)
      snapshot.insertSections(["B"], afterSection: "Z")
      snapshot.moveItem(1, beforeItem: 1)
      snapshot.moveItem(99, afterItem: 1)
      snapshot.moveSection("A", beforeSection: "A")
      snapshot.deleteItems([99])
      snapshot.deleteSections(["Z"])
      snapshot.reconfigureItems([99])
      #expect(snapshot.itemIDs(inSection: "Z") == [])
      #expect(snapshot.numberOfItems(inSection: "Z") == 0)
      return snapshot
    }
    #expect(snapshot == original)
    let issues = collector.messages
    #expect(issues.count == 12)
    #expect(issues[0].contains("no section to append to"))
    #expect(issues[1].contains("section Z is not in the snapshot"))
    #expect(issues[2].contains("anchor item 99"))
    #expect(issues[4].contains("relative to itself"))
  }
}

// MARK: - Diff, by hand

@Suite struct SnapshotDiffTests {
  private func checkedUpdate(
    from old: TestSnapshot, to new: TestSnapshot, changed: Set<Int> = []
  ) -> TestUpdate {
    let update = new.update(from: old, changedItems: changed)
    #expect(brokenRule(update, from: old, to: new) == nil)
    #expect(new.update(from: old) { changed.contains($0) } == update)
    return update
  }

  @Test func identicalSnapshotsGiveAnEmptyUpdate() {
    let snapshot = TestSnapshot(testSections: ["A": [1, 2], "B": [3]])
    #expect(checkedUpdate(from: snapshot, to: snapshot).isEmpty)
    #expect(checkedUpdate(from: TestSnapshot(), to: TestSnapshot()).isEmpty)
  }

  @Test func emptyToFullInsertsSectionsOnly() {
    let full = TestSnapshot(testSections: ["A": [1, 2], "B": [3]])
    #expect(checkedUpdate(from: TestSnapshot(), to: full) == TestUpdate(sectionInserts: [0, 1]))
    #expect(checkedUpdate(from: full, to: TestSnapshot()) == TestUpdate(sectionDeletes: [0, 1]))
  }

  @Test func itemDeletesUseOldPathsAndInsertsNewPaths() {
    let old = TestSnapshot(testSections: ["A": [1, 2, 3]])
    let new = TestSnapshot(testSections: ["A": [2, 3, 4, 5]])
    #expect(
      checkedUpdate(from: old, to: new)
        == TestUpdate(itemDeletes: [ItemPath(0, 0)], itemInserts: [ItemPath(0, 2), ItemPath(0, 3)]))
  }

  @Test func rotatingByOneIsOneMove() {
    let items = Array(0..<10)
    let old = TestSnapshot(testSections: ["A": items])
    let left = checkedUpdate(
      from: old, to: TestSnapshot(testSections: ["A": Array(items[1...]) + [0]]))
    #expect(left.itemMoves == [.init(from: ItemPath(0, 0), to: ItemPath(0, 9))])
    let right = checkedUpdate(
      from: old, to: TestSnapshot(testSections: ["A": [9] + Array(items[..<9])]))
    #expect(right.itemMoves == [.init(from: ItemPath(0, 9), to: ItemPath(0, 0))])
  }

  @Test func swapsAndReversalsNeedTheFewestMoves() {
    let old = TestSnapshot(testSections: ["A": [0, 1, 2, 3, 4]])
    #expect(
      checkedUpdate(from: old, to: TestSnapshot(testSections: ["A": [1, 0, 2, 3, 4]])).itemMoves
        .count == 1)
    #expect(
      checkedUpdate(from: old, to: TestSnapshot(testSections: ["A": [4, 1, 2, 3, 0]])).itemMoves
        .count == 2)
    #expect(
      checkedUpdate(from: old, to: TestSnapshot(testSections: ["A": [4, 3, 2, 1, 0]])).itemMoves
        .count == 4)
  }

  @Test func itemsChangingSectionAreMoves() {
    let old = TestSnapshot(testSections: ["A": [1, 2], "B": [3]])
    let new = TestSnapshot(testSections: ["A": [1], "B": [2, 3]])
    #expect(
      checkedUpdate(from: old, to: new)
        == TestUpdate(itemMoves: [.init(from: ItemPath(0, 1), to: ItemPath(1, 0))]))
  }

  @Test func sectionChangesCoverTheirItems() {
    let old = TestSnapshot(testSections: ["A": [1, 2], "B": [3, 4], "C": [5]])
    let new = TestSnapshot(testSections: ["C": [5], "A": [1, 2], "D": [6, 4]])
    // B is deleted with its items, D inserted with its items (4 moves with D, not listed),
    // and of A and C only C moves.
    #expect(
      checkedUpdate(from: old, to: new)
        == TestUpdate(
          sectionDeletes: [1], sectionInserts: [2], sectionMoves: [.init(from: 2, to: 0)]))
  }

  @Test func itemsLeavingDeletedOrEnteringInsertedSectionsAreInsertsOrDeletes() {
    let old = TestSnapshot(testSections: ["A": [1, 2], "B": [3]])
    let new = TestSnapshot(testSections: ["A": [1, 3], "C": [2]])
    #expect(
      checkedUpdate(from: old, to: new)
        == TestUpdate(
          sectionDeletes: [1], sectionInserts: [1], itemDeletes: [ItemPath(0, 1)],
          itemInserts: [ItemPath(0, 1)]))
  }

  @Test func itemsOfAMovedSectionUseItsOldIndexBeforeAndItsNewIndexAfter() {
    let old = TestSnapshot(testSections: ["A": [1, 2, 3], "B": [4]])
    let new = TestSnapshot(testSections: ["B": [4], "A": [3, 1, 5]])
    #expect(
      checkedUpdate(from: old, to: new)
        == TestUpdate(
          sectionMoves: [.init(from: 1, to: 0)], itemDeletes: [ItemPath(0, 1)],
          itemInserts: [ItemPath(1, 2)],
          itemMoves: [.init(from: ItemPath(0, 2), to: ItemPath(1, 0))]))
  }

  @Test func changedItemsThatStayAreReconfiguredAtTheirOldPaths() {
    let old = TestSnapshot(testSections: ["A": [1, 2, 3]])
    let new = TestSnapshot(testSections: ["A": [2, 3, 4]])
    // 3 sits at [0, 2] before and [0, 1] after; UIKit reads in-batch reconfigures as before.
    // Changed items that are deleted (1), inserted (4) or unknown (9) need no reconfigure.
    let update = checkedUpdate(from: old, to: new, changed: [1, 3, 4, 9])
    #expect(update.itemReconfigures == [ItemPath(0, 2)])
    #expect(update.itemReconfiguresAfterBatch == [])
  }

  @Test func changedItemsThatMoveAreReconfiguredAfterTheBatch() {
    let old = TestSnapshot(testSections: ["A": [1, 2, 3], "B": [4]])
    let new = TestSnapshot(testSections: ["A": [3, 1], "B": [2, 4]])
    let update = checkedUpdate(from: old, to: new, changed: [1, 2, 3])
    #expect(
      update.itemMoves == [
        .init(from: ItemPath(0, 2), to: ItemPath(0, 0)),
        .init(from: ItemPath(0, 1), to: ItemPath(1, 0)),
      ])
    #expect(update.itemReconfigures == [ItemPath(0, 0)])
    #expect(update.itemReconfiguresAfterBatch == [ItemPath(0, 0), ItemPath(1, 0)])
  }

  @Test func reconfigureMarksOnTheNewSnapshotCountAsChanged() {
    let old = TestSnapshot(testSections: ["A": [1, 2, 3]])
    var new = old
    new.reconfigureItems([2])
    #expect(checkedUpdate(from: old, to: new).itemReconfigures == [ItemPath(0, 1)])
    #expect(new.update(from: old) { _ in false }.itemReconfigures == [ItemPath(0, 1)])
    new.resetReconfiguredItems()
    #expect(new.update(from: old).isEmpty)
  }

  @Test func contentChangedIsAskedOnlyAboutSurvivingItems() {
    let old = TestSnapshot(testSections: ["A": [1, 2], "B": [3]])
    let new = TestSnapshot(testSections: ["A": [2, 4], "C": [3]])
    var asked: [Int] = []
    let update = new.update(from: old) { item in
      asked.append(item)
      return true
    }
    #expect(asked == [2])
    #expect(update.itemReconfigures == [ItemPath(0, 1)])
  }

  @Test func snapshotsBuiltFromDuplicatesStillDiffCleanly() {
    let collector = IssueCollector()
    let (old, new) = IssueReporting.withReporter(collector) {
      var old = TestSnapshot()
      old.appendSections(["A", "A", "B"])
      old.appendItems([1, 2, 2, 3], toSection: "A")
      old.appendItems([3, 4])
      var new = TestSnapshot()
      new.appendSections(["B", "A"])
      new.appendItems([4, 1, 4], toSection: "A")
      new.appendItems([2, 1], toSection: "B")
      return (old, new)
    }
    #expect(collector.messages.count == 5)
    #expect(old.testSections.map(\.1) == [[1, 2, 3], [4]])
    #expect(new.testSections.map(\.1) == [[2], [4, 1]])
    _ = checkedUpdate(from: old, to: new, changed: [1, 2, 4])
  }
}

// MARK: - Diff, by property

@Suite struct SnapshotDiffPropertyTests {
  /// A random snapshot, then a random edit of it: sections deleted, inserted and shuffled,
  /// items deleted, inserted and moved within and across sections.
  private static func randomPair(
    using random: inout SeededGenerator
  ) -> (old: [(String, [Int])], new: [(String, [Int])], changed: Set<Int>) {
    let sectionPool = (0..<8).map { "S\($0)" }
    var itemPool = Array(0..<60).shuffled(using: &random)
    var old: [(String, [Int])] = sectionPool.shuffled(using: &random)
      .prefix(Int.random(in: 0...5, using: &random)).map { ($0, []) }
    if !old.isEmpty {
      for _ in 0..<Int.random(in: 0...30, using: &random) {
        old[Int.random(in: 0..<old.count, using: &random)].1.append(itemPool.removeLast())
      }
    }
    var new = old.filter { _ in Int.random(in: 0..<6, using: &random) != 0 }
    for section in sectionPool where !old.contains(where: { $0.0 == section }) {
      if Int.random(in: 0..<4, using: &random) == 0 {
        new.insert((section, []), at: Int.random(in: 0...new.count, using: &random))
      }
    }
    for _ in 0..<Int.random(in: 0...2, using: &random) where new.count > 1 {
      let moved = new.remove(at: Int.random(in: 0..<new.count, using: &random))
      new.insert(moved, at: Int.random(in: 0...new.count, using: &random))
    }
    var moving: [Int] = []
    for index in new.indices {
      new[index].1 = new[index].1.filter { item in
        switch Int.random(in: 0..<10, using: &random) {
        case 0, 1: return false
        case 2, 3:
          moving.append(item)
          return false
        default: return true
        }
      }
    }
    if !new.isEmpty {
      let inserted = (0..<Int.random(in: 0...6, using: &random)).compactMap { _ in
        itemPool.popLast()
      }
      for item in moving + inserted {
        let section = Int.random(in: 0..<new.count, using: &random)
        new[section].1.insert(item, at: Int.random(in: 0...new[section].1.count, using: &random))
      }
    }
    let changed = Set((0..<60).filter { _ in Int.random(in: 0..<5, using: &random) == 0 })
    return (old, new, changed)
  }

  private static func snapshot(_ sections: [(String, [Int])]) -> TestSnapshot {
    var snapshot = TestSnapshot()
    for (section, items) in sections {
      snapshot.appendSections([section])
      snapshot.appendItems(items, toSection: section)
    }
    return snapshot
  }

  /// The length of a longest strictly increasing subsequence, by the quadratic textbook method.
  private static func longestIncreasingLength(_ values: [Int]) -> Int {
    var lengths = [Int](repeating: 1, count: values.count)
    for index in values.indices {
      for earlier in 0..<index where values[earlier] < values[index] {
        lengths[index] = max(lengths[index], lengths[earlier] + 1)
      }
    }
    return lengths.max() ?? 0
  }

  /// The fewest item moves UIKit needs: items changing between surviving sections, plus, per
  /// surviving section, the items it keeps minus a longest increasing run of their old indexes.
  private static func minimalItemMoves(from old: [(String, [Int])], to new: [(String, [Int])])
    -> Int
  {
    let newSections = Set(new.map(\.0))
    var oldLocation: [Int: (section: String, index: Int)] = [:]
    for (section, items) in old where newSections.contains(section) {
      for (index, item) in items.enumerated() { oldLocation[item] = (section, index) }
    }
    let oldSections = Set(old.map(\.0))
    var moves = 0
    for (section, items) in new where oldSections.contains(section) {
      var kept: [Int] = []
      for item in items {
        guard let location = oldLocation[item] else { continue }
        if location.section == section { kept.append(location.index) } else { moves += 1 }
      }
      moves += kept.count - longestIncreasingLength(kept)
    }
    return moves
  }

  @Test func randomUpdatesAreValidAndMinimal() {
    var random = SeededGenerator(seed: 0x5EED_D1FF)
    for _ in 0..<3_000 {
      let (oldSections, newSections, changed) = Self.randomPair(using: &random)
      let old = Self.snapshot(oldSections)
      let new = Self.snapshot(newSections)
      let update = new.update(from: old, changedItems: changed)
      let context = Comment(rawValue: "old \(oldSections) new \(newSections)")

      #expect(brokenRule(update, from: old, to: new) == nil, context)
      #expect(
        update.itemMoves.count == Self.minimalItemMoves(from: oldSections, to: newSections), context
      )
      let survivingSectionOrder = newSections.compactMap { section in
        oldSections.firstIndex { $0.0 == section.0 }
      }
      #expect(
        update.sectionMoves.count
          == survivingSectionOrder.count - Self.longestIncreasingLength(survivingSectionOrder),
        context)

      // Exactly the changed items listed one by one on both sides get reconfigured.
      let survivingSectionIDs = Set(oldSections.map(\.0)).intersection(newSections.map(\.0))
      let listedOnBothSides = Set(
        oldSections.filter { survivingSectionIDs.contains($0.0) }.flatMap(\.1)
      )
      .intersection(newSections.filter { survivingSectionIDs.contains($0.0) }.flatMap(\.1))
      let oldItems = oldSections.map(\.1)
      let newItems = newSections.map(\.1)
      let reconfigured =
        update.itemReconfigures.map { oldItems[$0.section][$0.item] }
        + update.itemReconfiguresAfterBatch.map { newItems[$0.section][$0.item] }
      #expect(reconfigured.count == Set(reconfigured).count, context)
      #expect(Set(reconfigured) == changed.intersection(listedOnBothSides), context)
      #expect(new.update(from: old) { changed.contains($0) } == update, context)
    }
  }
}
