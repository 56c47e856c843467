import ActorStore
import ActorStoreTesting
import Testing

private func move(_ from: ItemPath, _ to: ItemPath) -> TestUpdate.ItemMove {
  .init(from: from, to: to)
}

/// One update that breaks one rule on purpose.
private struct BrokenCase: CustomTestStringConvertible, Sendable {
  var name: String
  var old: TestSnapshot
  var new: TestSnapshot
  var update: TestUpdate
  var rule: CollectionUpdateValidationError.Rule
  var testDescription: String { name }
}

private let twoSections = TestSnapshot(testSections: ["A": [1, 2, 3], "B": [4, 5]])

private let brokenCases: [BrokenCase] = [
  .init(
    name: "delete a section past the end", old: twoSections, new: twoSections,
    update: .init(sectionDeletes: [2]), rule: .sectionIndexOutOfRange),
  .init(
    name: "move a section to past the end", old: twoSections, new: twoSections,
    update: .init(sectionMoves: [.init(from: 0, to: 2)]), rule: .sectionIndexOutOfRange),
  .init(
    name: "delete a section twice", old: twoSections,
    new: TestSnapshot(testSections: ["A": [1, 2, 3]]),
    update: .init(sectionDeletes: [1, 1]), rule: .sectionDeletedTwice),
  .init(
    name: "insert a section twice", old: twoSections,
    new: TestSnapshot(testSections: ["A": [1, 2, 3], "B": [4, 5], "C": []]),
    update: .init(sectionInserts: [2, 2]), rule: .sectionInsertedTwice),
  .init(
    name: "move one section twice", old: twoSections, new: twoSections,
    update: .init(sectionMoves: [.init(from: 0, to: 1), .init(from: 0, to: 0)]),
    rule: .sectionMovedTwice),
  .init(
    name: "two sections moved to one place", old: twoSections, new: twoSections,
    update: .init(sectionMoves: [.init(from: 0, to: 1), .init(from: 1, to: 1)]),
    rule: .sectionMovedTwice),
  .init(
    name: "delete and move a section", old: twoSections, new: twoSections,
    update: .init(sectionDeletes: [0], sectionMoves: [.init(from: 0, to: 1)]),
    rule: .deleteAndMoveSameSection),
  .init(
    name: "insert and move to one section", old: twoSections, new: twoSections,
    update: .init(sectionInserts: [1], sectionMoves: [.init(from: 0, to: 1)]),
    rule: .insertAndMoveSameSection),
  .init(
    name: "section count off", old: twoSections, new: twoSections,
    update: .init(sectionDeletes: [0]), rule: .invalidNumberOfSections),
  .init(
    name: "delete an item past the end", old: twoSections, new: twoSections,
    update: .init(itemDeletes: [ItemPath(1, 2)]), rule: .itemIndexOutOfRange),
  .init(
    name: "insert an item into a section that is not there", old: twoSections, new: twoSections,
    update: .init(itemInserts: [ItemPath(2, 0)]), rule: .itemIndexOutOfRange),
  .init(
    name: "delete an item twice", old: twoSections,
    new: TestSnapshot(testSections: ["A": [1, 3], "B": [4, 5]]),
    update: .init(itemDeletes: [ItemPath(0, 1), ItemPath(0, 1)]), rule: .itemDeletedTwice),
  .init(
    name: "insert an item twice", old: twoSections,
    new: TestSnapshot(testSections: ["A": [1, 2, 3, 6], "B": [4, 5]]),
    update: .init(itemInserts: [ItemPath(0, 3), ItemPath(0, 3)]), rule: .itemInsertedTwice),
  .init(
    name: "move one item twice", old: twoSections, new: twoSections,
    update: .init(itemMoves: [
      move(ItemPath(0, 0), ItemPath(0, 1)), move(ItemPath(0, 0), ItemPath(0, 2)),
    ]),
    rule: .itemMovedTwice),
  .init(
    name: "delete and move one item", old: twoSections, new: twoSections,
    update: .init(itemDeletes: [ItemPath(0, 0)], itemMoves: [move(ItemPath(0, 0), ItemPath(0, 2))]),
    rule: .deleteAndMoveSameItem),
  .init(
    name: "insert and move to one path", old: twoSections, new: twoSections,
    update: .init(itemInserts: [ItemPath(0, 2)], itemMoves: [move(ItemPath(0, 0), ItemPath(0, 2))]),
    rule: .insertAndMoveSameItem),
  .init(
    name: "delete an item of a deleted section", old: twoSections,
    new: TestSnapshot(testSections: ["A": [1, 2, 3]]),
    update: .init(sectionDeletes: [1], itemDeletes: [ItemPath(1, 0)]), rule: .itemInDeletedSection),
  .init(
    name: "move an item out of a deleted section",
    old: TestSnapshot(testSections: ["A": [1], "B": [2]]),
    new: TestSnapshot(testSections: ["A": [1, 2]]),
    update: .init(sectionDeletes: [1], itemMoves: [move(ItemPath(1, 0), ItemPath(0, 1))]),
    rule: .itemInDeletedSection),
  .init(
    name: "move an item into an inserted section",
    old: TestSnapshot(testSections: ["A": [1, 2]]),
    new: TestSnapshot(testSections: ["A": [1], "B": [2]]),
    update: .init(sectionInserts: [1], itemMoves: [move(ItemPath(0, 1), ItemPath(1, 0))]),
    rule: .itemInInsertedSection),
  .init(
    name: "insert an item into an inserted section",
    old: TestSnapshot(testSections: ["A": [1]]),
    new: TestSnapshot(testSections: ["A": [1], "B": [2]]),
    update: .init(sectionInserts: [1], itemInserts: [ItemPath(1, 0)]),
    rule: .itemInInsertedSection),
  .init(
    name: "reconfigure a deleted item", old: twoSections,
    new: TestSnapshot(testSections: ["A": [2, 3], "B": [4, 5]]),
    update: .init(itemDeletes: [ItemPath(0, 0)], itemReconfigures: [ItemPath(0, 0)]),
    rule: .reconfigureOfDeletedItem),
  .init(
    name: "reconfigure an item of a deleted section", old: twoSections,
    new: TestSnapshot(testSections: ["A": [1, 2, 3]]),
    update: .init(sectionDeletes: [1], itemReconfigures: [ItemPath(1, 0)]),
    rule: .reconfigureOfDeletedItem),
  .init(
    name: "reconfigure a moved item in the batch", old: twoSections,
    new: TestSnapshot(testSections: ["A": [2, 1, 3], "B": [4, 5]]),
    update: .init(
      itemMoves: [move(ItemPath(0, 0), ItemPath(0, 1))], itemReconfigures: [ItemPath(0, 0)]),
    rule: .reconfigureOfMovedItem),
  .init(
    name: "reconfigure an inserted item after the batch", old: twoSections,
    new: TestSnapshot(testSections: ["A": [1, 2, 3, 6], "B": [4, 5]]),
    update: .init(itemInserts: [ItemPath(0, 3)], itemReconfiguresAfterBatch: [ItemPath(0, 3)]),
    rule: .reconfigureOfInsertedItem),
  .init(
    name: "reconfigure an item twice", old: twoSections, new: twoSections,
    update: .init(itemReconfigures: [ItemPath(1, 1), ItemPath(1, 1)]),
    rule: .itemReconfiguredTwice),
  .init(
    name: "item count off", old: twoSections,
    new: TestSnapshot(testSections: ["A": [1, 2, 3, 6], "B": [4, 5]]),
    update: .init(), rule: .invalidNumberOfItemsInSection),
  .init(
    name: "a moved section's delete addressed by its new index",
    old: TestSnapshot(testSections: ["A": [1], "B": [2, 3]]),
    new: TestSnapshot(testSections: ["B": [2], "A": [1]]),
    update: .init(sectionMoves: [.init(from: 1, to: 0)], itemDeletes: [ItemPath(0, 1)]),
    rule: .itemIndexOutOfRange),
  .init(
    name: "items in the wrong order", old: twoSections,
    new: TestSnapshot(testSections: ["A": [2, 1, 3], "B": [4, 5]]),
    update: .init(), rule: .resultDiffersFromNewSnapshot),
  .init(
    name: "sections in the wrong order", old: TestSnapshot(testSections: ["A": [1], "B": [2]]),
    new: TestSnapshot(testSections: ["B": [2], "A": [1]]),
    update: .init(), rule: .resultDiffersFromNewSnapshot),
  .init(
    name: "a move to the wrong place", old: twoSections,
    new: TestSnapshot(testSections: ["A": [2, 3], "B": [4, 1, 5]]),
    update: .init(itemMoves: [move(ItemPath(0, 0), ItemPath(1, 0))]),
    rule: .resultDiffersFromNewSnapshot),
]

@Suite struct CollectionUpdateValidatorTests {
  @Test(arguments: brokenCases)
  fileprivate func eachBrokenRuleIsNamed(_ broken: BrokenCase) throws {
    #expect(brokenRule(broken.update, from: broken.old, to: broken.new) == broken.rule)
  }

  @Test func everyRuleHasABrokenCase() {
    #expect(Set(brokenCases.map(\.rule)) == Set(CollectionUpdateValidationError.Rule.allCases))
  }

  @Test func errorsNameTheOffendingPathAndItem() {
    do {
      try CollectionUpdateValidator.validate(
        TestUpdate(
          itemDeletes: [ItemPath(0, 1)], itemMoves: [move(ItemPath(0, 1), ItemPath(0, 0))]),
        from: twoSections, to: twoSections)
      Testing.Issue.record("expected a broken rule")
    } catch {
      #expect(error.rule == .deleteAndMoveSameItem)
      #expect(error.description.contains("[0, 1]") && error.description.contains("(2)"))
    }
  }

  @Test func acceptsAHandWrittenUpdateInUIKitCoordinates() throws {
    // B moves to the front; its deleted item is addressed through B's old index 1, its inserted
    // item through its new index 0, and an item crosses from A to B.
    let old = TestSnapshot(testSections: ["A": [1, 2], "B": [3, 4], "C": [5]])
    let new = TestSnapshot(testSections: ["B": [3, 2, 6], "A": [1], "D": [7]])
    let update = TestUpdate(
      sectionDeletes: [2], sectionInserts: [2], sectionMoves: [.init(from: 1, to: 0)],
      itemDeletes: [ItemPath(1, 1)], itemInserts: [ItemPath(0, 2)],
      itemMoves: [move(ItemPath(0, 1), ItemPath(0, 1))], itemReconfigures: [ItemPath(1, 0)],
      itemReconfiguresAfterBatch: [ItemPath(0, 1)])
    try CollectionUpdateValidator.validate(update, from: old, to: new)
    #expect(new.update(from: old, changedItems: [2, 3]) == update)
  }
}
