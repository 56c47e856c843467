import ActorStore

/// Checks a ``CollectionUpdate`` the way `UICollectionView.performBatchUpdates` would, without
/// UIKit: it applies the update to the old snapshot under UIKit's batch-update rules and requires
/// the result to be exactly the new snapshot.
///
/// The rules, each a ``CollectionUpdateValidationError/Rule`` case (UIKit's exception text quoted
/// where it has one):
///
/// - Coordinates: section and item deletes, move sources and in-batch reconfigures name old
///   indexes ("before the update"); section and item inserts and move destinations name new
///   indexes ("after the update"). An item of a moved section is addressed through the
///   section's old index on the old side and its new index on the new side.
///   `itemReconfiguresAfterBatch` name new paths: they run after the batch.
/// - `.sectionIndexOutOfRange`, `.itemIndexOutOfRange`: every index exists on its
///   side ("attempt to delete item 3 from section 0 which only contains 2 items before the
///   update").
/// - `.sectionDeletedTwice`, `.sectionInsertedTwice`, `.sectionMovedTwice`,
///   `.itemDeletedTwice`, `.itemInsertedTwice`, `.itemMovedTwice`,
///   `.itemReconfiguredTwice`: no index is listed twice in one role, and no two moves
///   share a source or a destination.
/// - `.deleteAndMoveSameSection` ("attempt to delete and move the same section"),
///   `.insertAndMoveSameSection` ("attempt to perform an insert and a move to the same
///   section").
/// - `.deleteAndMoveSameItem` ("attempt to perform a delete and a move from the same index
///   path"), `.insertAndMoveSameItem` ("attempt to perform an insert and a move to the
///   same index path").
/// - `.itemInDeletedSection`: no item delete or move source inside a deleted section (the
///   section delete removes its items; "attempt to delete and move from the same section").
///   `.itemInInsertedSection`: no item insert or move destination inside an inserted
///   section (the section insert brings its items).
/// - `.reconfigureOfDeletedItem` ("attempt to delete and reload the same index path"),
///   `.reconfigureOfMovedItem`: an in-batch reconfigure names an item that stays put;
///   `.reconfigureOfInsertedItem`: an after-batch reconfigure names an item that was
///   already there (an inserted cell is configured fresh).
/// - `.invalidNumberOfSections`: old sections − deletes + inserts = new sections (moves
///   are neutral).
/// - `.invalidNumberOfItemsInSection`: for every new section that is not inserted, the
///   items of its old counterpart (the section it was moved from, or else the next old section
///   that is neither deleted nor moved, in order) − deletes − moves out + inserts + moves in =
///   its new item count.
/// - `.resultDiffersFromNewSnapshot`: after the update, unmoved survivors keep their
///   relative order and fill the slots that no insert or move takes; every section and item
///   must then be the one `new` has there.
///
/// Item changes inside a moved section pass, as UIKit's rules allow them. Older UIKit releases
/// animated some of those combinations badly; an app that must support them can replace such a
/// section move with a section delete plus insert before applying the update.
public enum CollectionUpdateValidator {
  /// Applies `update` to `old` under UIKit's batch-update rules and checks the result is `new`.
  /// - Parameters:
  ///   - update: The update to check, typically `new.update(from: old)`.
  ///   - old: The snapshot the update starts from.
  ///   - new: The snapshot the update must produce.
  /// - Throws: The first rule the update breaks, naming the offending index, path or ID.
  @inlinable
  public static func validate<SectionID, ItemID>(
    _ update: CollectionUpdate<SectionID, ItemID>,
    from old: Snapshot<SectionID, ItemID>,
    to new: Snapshot<SectionID, ItemID>
  ) throws(CollectionUpdateValidationError) {
    let old = BatchApplication<SectionID, ItemID>.Side(old)
    let new = BatchApplication<SectionID, ItemID>.Side(new)
    try validate(update, from: old, to: new) { old.item($0) == new.item($1) }
  }

  /// Checks `update` between two lists of sections and their items, however they were made.
  /// `isSameItem` tells whether the old item at its first path is the new one at its second.
  @inlinable
  static func validate<SectionID, ItemID>(
    _ update: CollectionUpdate<SectionID, ItemID>,
    from old: BatchApplication<SectionID, ItemID>.Side, to new: BatchApplication<SectionID, ItemID>.Side,
    isSameItem: (ItemPath, ItemPath) -> Bool
  ) throws(CollectionUpdateValidationError) {
    var application = BatchApplication(old: old, new: new)
    try application.applySectionChanges(of: update)
    try application.applyItemChanges(of: update)
    try application.checkResult(isSameItem: isSameItem)
    try application.checkReconfiguresAfterBatch(update.itemReconfiguresAfterBatch)
  }
}

/// A broken batch-update rule, found by ``CollectionUpdateValidator``.
public struct CollectionUpdateValidationError: Error, Equatable, CustomStringConvertible {
  /// The UIKit batch-update rule an update breaks.
  public enum Rule: String, Sendable, Hashable, CaseIterable {
    /// A section index beyond the sections before (delete, move source) or after (insert, move
    /// destination) the update.
    case sectionIndexOutOfRange
    /// The same old section index deleted twice.
    case sectionDeletedTwice
    /// The same new section index inserted twice.
    case sectionInsertedTwice
    /// Two section moves from the same old index or to the same new index.
    case sectionMovedTwice
    /// A section both deleted and moved.
    case deleteAndMoveSameSection
    /// A section inserted where another is moved to.
    case insertAndMoveSameSection
    /// Sections before − deletes + inserts ≠ sections after.
    case invalidNumberOfSections
    /// An item path beyond its section, or in a section that does not exist, on its side.
    case itemIndexOutOfRange
    /// The same old path deleted twice.
    case itemDeletedTwice
    /// The same new path inserted twice.
    case itemInsertedTwice
    /// Two item moves from the same old path or to the same new path.
    case itemMovedTwice
    /// An old path both deleted and moved.
    case deleteAndMoveSameItem
    /// A new path both inserted and moved to.
    case insertAndMoveSameItem
    /// An item delete or move source inside a section being deleted.
    case itemInDeletedSection
    /// An item insert or move destination inside a section being inserted.
    case itemInInsertedSection
    /// An in-batch reconfigure of an item being deleted, alone or with its section.
    case reconfigureOfDeletedItem
    /// An in-batch reconfigure of an item being moved.
    case reconfigureOfMovedItem
    /// An after-batch reconfigure of an item the batch inserts.
    case reconfigureOfInsertedItem
    /// The same path reconfigured twice in one stage.
    case itemReconfiguredTwice
    /// A surviving section whose item count does not add up.
    case invalidNumberOfItemsInSection
    /// The update applies cleanly but does not produce the new snapshot.
    case resultDiffersFromNewSnapshot
  }

  /// The rule broken.
  public var rule: Rule
  /// What broke it, naming the offending index, path or ID.
  public var message: String

  /// Creates an error.
  /// - Parameters:
  ///   - rule: The rule broken.
  ///   - message: What broke it.
  public init(rule: Rule, message: String) {
    self.rule = rule
    self.message = message
  }

  /// `rule: message`.
  public var description: String { "\(rule.rawValue): \(message)" }
}

/// The state of one validation: the update's changes indexed by position, filled in stage by
/// stage, between two sides read through their item counts and an accessor (a snapshot's lists,
/// or a declared collection read in place: no copy of its items, no index to build).
// Inlinable, like the `validate`s that use it, so that a test calling the validator with its
// own ID types runs it specialized for them: run generic, a validation spent about two thirds of
// its time on generic metadata and witness calls (10 000 items: 3.7 ms, specialized 1.3 ms).
@usableFromInline
struct BatchApplication<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
  @usableFromInline typealias Rule = CollectionUpdateValidationError.Rule

  /// One side of an update: its sections, each section's item count, and its items by path.
  @usableFromInline struct Side {
    @usableFromInline let sectionIDs: [SectionID]
    @usableFromInline let itemCounts: [Int]
    /// The item at a path of this side, for comparisons and messages.
    @usableFromInline let item: (ItemPath) -> ItemID

    @inlinable init(sectionIDs: [SectionID], itemCounts: [Int], item: @escaping (ItemPath) -> ItemID) {
      self.sectionIDs = sectionIDs
      self.itemCounts = itemCounts
      self.item = item
    }
  }

  @usableFromInline let old: Side
  @usableFromInline let new: Side

  @usableFromInline var deletedSections: Set<Int> = []
  @usableFromInline var insertedSections: Set<Int> = []
  @usableFromInline var sectionMoveTargets: [Int: Int] = [:]  // new index -> old index
  @usableFromInline var movedSections: Set<Int> = []  // old indexes
  /// For each new section, the old section whose items it continues, or -1 when inserted.
  @usableFromInline var oldSectionOfNewSection: [Int] = []

  @usableFromInline var deletedItems: Set<ItemPath> = []
  @usableFromInline var insertedItems: Set<ItemPath> = []
  @usableFromInline var itemMoveTargets: [ItemPath: ItemPath] = [:]  // new path -> old path
  @usableFromInline var movedItems: Set<ItemPath> = []  // old paths

  @inlinable init(old: Side, new: Side) {
    self.old = old
    self.new = new
  }

  // MARK: Sections

  @inlinable mutating func applySectionChanges(
    of update: CollectionUpdate<SectionID, ItemID>
  ) throws(CollectionUpdateValidationError) {
    let oldCount = old.itemCounts.count
    let newCount = new.itemCounts.count
    for section in update.sectionDeletes {
      guard (0..<oldCount).contains(section) else {
        throw error(
          .sectionIndexOutOfRange,
          "attempt to delete section \(section), but there are only \(oldCount) sections before "
            + "the update")
      }
      guard deletedSections.insert(section).inserted else {
        throw error(
          .sectionDeletedTwice, "section \(section) (\(old.sectionIDs[section])) is deleted twice")
      }
    }
    for section in update.sectionInserts {
      guard (0..<newCount).contains(section) else {
        throw error(
          .sectionIndexOutOfRange,
          "attempt to insert section \(section), but there are only \(newCount) sections after "
            + "the update")
      }
      guard insertedSections.insert(section).inserted else {
        throw error(
          .sectionInsertedTwice, "section \(section) (\(new.sectionIDs[section])) is inserted twice"
        )
      }
    }
    for move in update.sectionMoves {
      guard (0..<oldCount).contains(move.from), (0..<newCount).contains(move.to) else {
        throw error(
          .sectionIndexOutOfRange,
          "attempt to move section \(move), but there are \(oldCount) sections before and "
            + "\(newCount) after the update")
      }
      guard !deletedSections.contains(move.from) else {
        throw error(
          .deleteAndMoveSameSection,
          "attempt to delete and move the same section \(move.from) (\(old.sectionIDs[move.from]))")
      }
      guard !insertedSections.contains(move.to) else {
        throw error(
          .insertAndMoveSameSection,
          "attempt to perform an insert and a move to the same section \(move.to) "
            + "(\(new.sectionIDs[move.to]))")
      }
      guard movedSections.insert(move.from).inserted,
        sectionMoveTargets.updateValue(move.from, forKey: move.to) == nil
      else {
        throw error(
          .sectionMovedTwice,
          "section move \(move) shares its source or destination with another move")
      }
    }
    guard oldCount - deletedSections.count + insertedSections.count == newCount else {
      throw error(
        .invalidNumberOfSections,
        "the number of sections after the update (\(newCount)) must be equal to the number "
          + "before (\(oldCount)), plus or minus the number inserted or deleted "
          + "(\(insertedSections.count) inserted, \(deletedSections.count) deleted)")
    }
    // The count adds up, so every slot no insert or move takes gets the next survivor.
    var survivors = (0..<oldCount).filter {
      !deletedSections.contains($0) && !movedSections.contains($0)
    }.makeIterator()
    oldSectionOfNewSection = (0..<newCount).map { section in
      if insertedSections.contains(section) { return -1 }
      return sectionMoveTargets[section] ?? survivors.next() ?? -1
    }
  }

  // MARK: Items

  @inlinable mutating func applyItemChanges(
    of update: CollectionUpdate<SectionID, ItemID>
  ) throws(CollectionUpdateValidationError) {
    for path in update.itemDeletes {
      try checkOldPath(path, role: "delete item")
      guard !deletedSections.contains(path.section) else {
        throw error(
          .itemInDeletedSection,
          "item delete \(path) (\(oldItem(path))) is inside deleted section \(path.section)")
      }
      guard deletedItems.insert(path).inserted else {
        throw error(.itemDeletedTwice, "item \(path) (\(oldItem(path))) is deleted twice")
      }
    }
    for path in update.itemInserts {
      try checkNewPath(path, role: "insert item")
      guard !insertedSections.contains(path.section) else {
        throw error(
          .itemInInsertedSection,
          "item insert \(path) (\(newItem(path))) is inside inserted section \(path.section)")
      }
      guard insertedItems.insert(path).inserted else {
        throw error(.itemInsertedTwice, "item \(path) (\(newItem(path))) is inserted twice")
      }
    }
    for move in update.itemMoves {
      try checkOldPath(move.from, role: "move item")
      try checkNewPath(move.to, role: "move item")
      guard !deletedSections.contains(move.from.section) else {
        throw error(
          .itemInDeletedSection,
          "attempt to delete and move from the same section: item move \(move) "
            + "(\(oldItem(move.from))) leaves deleted section \(move.from.section)")
      }
      guard !insertedSections.contains(move.to.section) else {
        throw error(
          .itemInInsertedSection,
          "item move \(move) (\(oldItem(move.from))) enters inserted section \(move.to.section)")
      }
      guard !deletedItems.contains(move.from) else {
        throw error(
          .deleteAndMoveSameItem,
          "attempt to perform a delete and a move from the same index path \(move.from) "
            + "(\(oldItem(move.from)))")
      }
      guard !insertedItems.contains(move.to) else {
        throw error(
          .insertAndMoveSameItem,
          "attempt to perform an insert and a move to the same index path \(move.to) "
            + "(\(newItem(move.to)))")
      }
      guard movedItems.insert(move.from).inserted,
        itemMoveTargets.updateValue(move.from, forKey: move.to) == nil
      else {
        throw error(
          .itemMovedTwice, "item move \(move) shares its source or destination with another move")
      }
    }
    var reconfigured: Set<ItemPath> = []
    for path in update.itemReconfigures {
      try checkOldPath(path, role: "reconfigure item")
      guard !deletedSections.contains(path.section), !deletedItems.contains(path) else {
        throw error(
          .reconfigureOfDeletedItem,
          "attempt to delete and reconfigure the same index path \(path) (\(oldItem(path)))")
      }
      guard !movedItems.contains(path) else {
        throw error(
          .reconfigureOfMovedItem,
          "attempt to move and reconfigure the same index path \(path) (\(oldItem(path))) in one "
            + "batch; reconfigure it after the batch at its new path")
      }
      guard reconfigured.insert(path).inserted else {
        throw error(.itemReconfiguredTwice, "item \(path) (\(oldItem(path))) is reconfigured twice")
      }
    }
    try checkItemCounts()
  }

  @inlinable func checkItemCounts() throws(CollectionUpdateValidationError) {
    var deletedCount = [Int](repeating: 0, count: old.itemCounts.count)
    var movedOutCount = [Int](repeating: 0, count: old.itemCounts.count)
    var insertedCount = [Int](repeating: 0, count: new.itemCounts.count)
    var movedInCount = [Int](repeating: 0, count: new.itemCounts.count)
    for path in deletedItems { deletedCount[path.section] += 1 }
    for path in insertedItems { insertedCount[path.section] += 1 }
    for (to, from) in itemMoveTargets {
      movedOutCount[from.section] += 1
      movedInCount[to.section] += 1
    }
    for (section, oldSection) in oldSectionOfNewSection.enumerated() where oldSection >= 0 {
      let before = old.itemCounts[oldSection]
      let after = new.itemCounts[section]
      let expected =
        before - deletedCount[oldSection] - movedOutCount[oldSection] + insertedCount[section]
        + movedInCount[section]
      guard expected == after else {
        throw error(
          .invalidNumberOfItemsInSection,
          "invalid number of items in section \(section) (\(new.sectionIDs[section])). The "
            + "number of items after the update (\(after)) must be equal to the number before "
            + "the update (\(before), in old section \(oldSection)), plus or minus the number "
            + "inserted or deleted (\(insertedCount[section]) inserted, "
            + "\(deletedCount[oldSection]) deleted) and plus or minus the number moved in or "
            + "out (\(movedInCount[section]) moved in, \(movedOutCount[oldSection]) moved out)")
      }
    }
  }

  // MARK: Result

  /// Rebuilds the new snapshot from the old one and the update, and compares it with `new`,
  /// item by item with `isSameItem` (old path, new path), without materializing either.
  @inlinable func checkResult(isSameItem: (ItemPath, ItemPath) -> Bool) throws(CollectionUpdateValidationError) {
    for (section, oldSection) in oldSectionOfNewSection.enumerated() where oldSection >= 0 {
      guard old.sectionIDs[oldSection] == new.sectionIDs[section] else {
        throw error(
          .resultDiffersFromNewSnapshot,
          "section \(section) would show old section \(oldSection) "
            + "(\(old.sectionIDs[oldSection])), but the new snapshot has "
            + "\(new.sectionIDs[section]) there")
      }
      // The old items that neither leave nor move, in order, walked without a list of them.
      var nextOld = 0
      let oldItemCount = old.itemCounts[oldSection]
      for item in 0..<new.itemCounts[section] {
        let path = ItemPath(section: section, item: item)
        guard !insertedItems.contains(path) else { continue }
        var source = itemMoveTargets[path]
        while source == nil && nextOld < oldItemCount {
          let candidate = ItemPath(section: oldSection, item: nextOld)
          nextOld += 1
          if !deletedItems.contains(candidate) && !movedItems.contains(candidate) { source = candidate }
        }
        // The counts add up, so a survivor is left for every slot no insert or move takes.
        guard let source else { continue }
        guard isSameItem(source, path) else {
          throw error(
            .resultDiffersFromNewSnapshot,
            "item \(path) would show \(oldItem(source)) (old \(source)), but the new snapshot has "
              + "\(newItem(path)) there")
        }
      }
    }
  }

  @inlinable func checkReconfiguresAfterBatch(_ paths: [ItemPath]) throws(CollectionUpdateValidationError) {
    var reconfigured: Set<ItemPath> = []
    for path in paths {
      try checkNewPath(path, role: "reconfigure item after the batch")
      guard !insertedSections.contains(path.section), !insertedItems.contains(path) else {
        throw error(
          .reconfigureOfInsertedItem,
          "item \(path) (\(newItem(path))) is inserted by the batch; there is no cell to "
            + "reconfigure after it")
      }
      guard reconfigured.insert(path).inserted else {
        throw error(
          .itemReconfiguredTwice,
          "item \(path) (\(newItem(path))) is reconfigured twice after the batch")
      }
    }
  }

  // MARK: Helpers

  @inlinable func checkOldPath(
    _ path: ItemPath, role: String
  ) throws(CollectionUpdateValidationError) {
    guard old.itemCounts.indices.contains(path.section) else {
      throw error(
        .itemIndexOutOfRange,
        "attempt to \(role) \(path), but there are only \(old.itemCounts.count) sections before the "
          + "update")
    }
    guard (0..<old.itemCounts[path.section]).contains(path.item) else {
      throw error(
        .itemIndexOutOfRange,
        "attempt to \(role) \(path) from section \(path.section) which only contains "
          + "\(old.itemCounts[path.section]) items before the update")
    }
  }

  @inlinable func checkNewPath(
    _ path: ItemPath, role: String
  ) throws(CollectionUpdateValidationError) {
    guard new.itemCounts.indices.contains(path.section) else {
      throw error(
        .itemIndexOutOfRange,
        "attempt to \(role) \(path), but there are only \(new.itemCounts.count) sections after the "
          + "update")
    }
    guard (0..<new.itemCounts[path.section]).contains(path.item) else {
      throw error(
        .itemIndexOutOfRange,
        "attempt to \(role) \(path) in section \(path.section), but there are only "
          + "\(new.itemCounts[path.section]) items in section \(path.section) after the update")
    }
  }

  @inlinable func oldItem(_ path: ItemPath) -> ItemID { old.item(path) }
  @inlinable func newItem(_ path: ItemPath) -> ItemID { new.item(path) }

  @inlinable func error(_ rule: Rule, _ message: String) -> CollectionUpdateValidationError {
    CollectionUpdateValidationError(rule: rule, message: message)
  }
}

extension BatchApplication.Side {
  /// A snapshot's sections and items.
  @inlinable init(_ snapshot: Snapshot<SectionID, ItemID>) {
    let items = snapshot.sectionIDs.map(snapshot.itemIDs(inSection:))
    self.init(sectionIDs: snapshot.sectionIDs, itemCounts: items.map(\.count)) { items[$0.section][$0.item] }
  }
}
