/// The sections and items a collection view shows, by ID: a headless, Foundation-free
/// counterpart of `NSDiffableDataSourceSnapshot`.
///
/// A snapshot is an ordered list of unique section IDs, each holding an ordered list of item
/// IDs; every item ID appears at most once in the whole snapshot. Build one per state, then let
/// ``update(from:changedItems:)`` compute the batch update that turns the previous snapshot into
/// it.
///
/// Bad input never crashes: a duplicate section or item ID (against the snapshot or within the
/// same call), an unknown anchor, section or item, or items appended while there is no section
/// raise an issue through `reportIssue` naming the ID and both positions. Duplicates are
/// dropped (the first occurrence wins) and the rest of the call is carried out; a call whose
/// anchor is unknown changes nothing.
///
/// Every item's path is indexed by ID, so ``path(ofItem:)``, ``section(containingItem:)`` and
/// duplicate checks are O(1). Appending costs O(1) per ID; inserting, deleting or moving in the
/// middle renumbers the items after that point, O(items after it), like an array insert.
///
/// Equality compares the section IDs and each section's item IDs, in order;
/// ``reconfiguredItemIDs`` is not part of it. Paths are stored in 32-bit halves, so a snapshot
/// holds up to 2^32 − 1 sections and as many items per section.
public struct Snapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable,
  Equatable
{
  // The storage is `@usableFromInline` and the methods `@inlinable` so that clients
  // specialize them for their ID types: unspecialized, every hash and comparison is a witness
  // call and the diff runs several times slower.

  /// The section IDs, in order.
  @usableFromInline var orderedSectionIDs: [SectionID] = []
  /// Each section's item IDs, parallel to `orderedSectionIDs`.
  @usableFromInline var itemsBySection: [[ItemID]] = []
  /// The index of every section in `orderedSectionIDs`.
  @usableFromInline var sectionIndexes: [SectionID: Int] = [:]
  /// The path of every item.
  @usableFromInline var itemPaths: [ItemID: CompactItemPath] = [:]
  /// See ``reconfiguredItemIDs``.
  @usableFromInline var reconfigureMarks: Set<ItemID> = []

  /// Creates an empty snapshot.
  @inlinable public init() {}

  /// The section IDs, in order.
  @inlinable public var sectionIDs: [SectionID] { orderedSectionIDs }

  /// The items marked with ``reconfigureItems(_:)`` since the last
  /// ``resetReconfiguredItems()``: ``update(from:changedItems:)`` reconfigures them as changed.
  @inlinable public var reconfiguredItemIDs: Set<ItemID> { reconfigureMarks }

  /// Whether both snapshots hold the same sections with the same items, in the same order.
  /// - Parameters:
  ///   - lhs: A snapshot.
  ///   - rhs: Another snapshot.
  /// - Returns: `true` when sections and items match in order; reconfigure marks are ignored.
  @inlinable public static func == (lhs: Snapshot, rhs: Snapshot) -> Bool {
    lhs.orderedSectionIDs == rhs.orderedSectionIDs && lhs.itemsBySection == rhs.itemsBySection
  }

  // MARK: - Queries

  /// Every item ID, section by section, in order.
  @inlinable public var itemIDs: [ItemID] { Array(itemsBySection.joined()) }

  /// The number of sections.
  @inlinable public var numberOfSections: Int { orderedSectionIDs.count }

  /// The number of items in all sections.
  @inlinable public var numberOfItems: Int { itemPaths.count }

  /// The item IDs of one section, in order.
  /// - Parameter section: The section's ID; an unknown one raises an issue.
  /// - Returns: The section's item IDs, or `[]` for an unknown section.
  @inlinable public func itemIDs(inSection section: SectionID) -> [ItemID] {
    guard let index = sectionIndexes[section] else {
      reportIssue("Snapshot.itemIDs(inSection:): section \(section) is not in the snapshot")
      return []
    }
    return itemsBySection[index]
  }

  /// The number of items in one section.
  /// - Parameter section: The section's ID; an unknown one raises an issue.
  /// - Returns: The section's item count, or 0 for an unknown section.
  @inlinable public func numberOfItems(inSection section: SectionID) -> Int {
    guard let index = sectionIndexes[section] else {
      reportIssue("Snapshot.numberOfItems(inSection:): section \(section) is not in the snapshot")
      return 0
    }
    return itemsBySection[index].count
  }

  /// The position of a section.
  /// - Parameter section: The section's ID.
  /// - Returns: Its index, or `nil` when the snapshot does not hold it.
  @inlinable public func index(ofSection section: SectionID) -> Int? { sectionIndexes[section] }

  /// The position of an item.
  /// - Parameter item: The item's ID.
  /// - Returns: Its path, or `nil` when the snapshot does not hold it.
  @inlinable public func path(ofItem item: ItemID) -> ItemPath? { itemPaths[item]?.path }

  /// The section that holds an item.
  /// - Parameter item: The item's ID.
  /// - Returns: The section's ID, or `nil` when the snapshot does not hold the item.
  @inlinable public func section(containingItem item: ItemID) -> SectionID? {
    itemPaths[item].map { orderedSectionIDs[$0.section] }
  }

  // MARK: - Sections

  /// Adds sections after the last one.
  /// - Parameter sections: The new sections' IDs; duplicates are reported and dropped.
  @inlinable public mutating func appendSections(_ sections: [SectionID]) {
    insertSections(sections, at: orderedSectionIDs.count, call: #function)
  }

  /// Inserts sections in front of an existing one.
  /// - Parameters:
  ///   - sections: The new sections' IDs; duplicates are reported and dropped.
  ///   - anchor: The section they go before; if unknown, the call reports it and does nothing.
  @inlinable public mutating func insertSections(
    _ sections: [SectionID], beforeSection anchor: SectionID
  ) {
    guard let index = anchorIndex(ofSection: anchor, call: #function) else { return }
    insertSections(sections, at: index, call: #function)
  }

  /// Inserts sections behind an existing one.
  /// - Parameters:
  ///   - sections: The new sections' IDs; duplicates are reported and dropped.
  ///   - anchor: The section they go after; if unknown, the call reports it and does nothing.
  @inlinable public mutating func insertSections(
    _ sections: [SectionID], afterSection anchor: SectionID
  ) {
    guard let index = anchorIndex(ofSection: anchor, call: #function) else { return }
    insertSections(sections, at: index + 1, call: #function)
  }

  /// Removes sections together with their items.
  /// - Parameter sections: The IDs to remove; unknown ones are reported and skipped.
  @inlinable public mutating func deleteSections(_ sections: [SectionID]) {
    var firstDeleted = orderedSectionIDs.count
    for section in sections {
      guard let index = sectionIndexes.removeValue(forKey: section) else {
        reportIssue(
          "Snapshot.deleteSections(_:): section \(section) is not in the snapshot (unknown, or "
            + "listed earlier in the same call); skipped it")
        continue
      }
      firstDeleted = min(firstDeleted, index)
      for item in itemsBySection[index] {
        itemPaths[item] = nil
        reconfigureMarks.remove(item)
      }
    }
    guard firstDeleted < orderedSectionIDs.count else { return }
    var kept = firstDeleted
    for index in firstDeleted..<orderedSectionIDs.count
    where sectionIndexes[orderedSectionIDs[index]] != nil {
      orderedSectionIDs.swapAt(kept, index)
      itemsBySection.swapAt(kept, index)
      kept += 1
    }
    orderedSectionIDs.removeSubrange(kept...)
    itemsBySection.removeSubrange(kept...)
    renumberSections(from: firstDeleted)
  }

  /// Moves a section, with its items, in front of another one.
  /// - Parameters:
  ///   - section: The section to move.
  ///   - anchor: The section it goes before. An unknown section or anchor, or a section moved
  ///     relative to itself, is reported and changes nothing.
  @inlinable public mutating func moveSection(
    _ section: SectionID, beforeSection anchor: SectionID
  ) {
    moveSection(section, nextTo: anchor, after: false, call: #function)
  }

  /// Moves a section, with its items, behind another one.
  /// - Parameters:
  ///   - section: The section to move.
  ///   - anchor: The section it goes after. An unknown section or anchor, or a section moved
  ///     relative to itself, is reported and changes nothing.
  @inlinable public mutating func moveSection(
    _ section: SectionID, afterSection anchor: SectionID
  ) {
    moveSection(section, nextTo: anchor, after: true, call: #function)
  }

  // MARK: - Items

  /// Adds items at the end of a section.
  /// - Parameters:
  ///   - items: The new items' IDs; duplicates are reported and dropped.
  ///   - section: The section to append to, or `nil` for the last section. An unknown section,
  ///     or `nil` while there is no section, is reported and changes nothing.
  @inlinable public mutating func appendItems(
    _ items: [ItemID], toSection section: SectionID? = nil
  ) {
    let sectionIndex: Int
    if let section {
      guard let index = sectionIndexes[section] else {
        reportIssue(
          "Snapshot.appendItems(_:toSection:): section \(section) is not in the snapshot; "
            + "dropped \(items.count) item(s)")
        return
      }
      sectionIndex = index
    } else {
      guard !orderedSectionIDs.isEmpty else {
        reportIssue(
          "Snapshot.appendItems(_:toSection:): the snapshot has no section to append to; "
            + "dropped \(items.count) item(s)")
        return
      }
      sectionIndex = orderedSectionIDs.count - 1
    }
    let end = ItemPath(section: sectionIndex, item: itemsBySection[sectionIndex].count)
    insertItems(items, at: end, call: #function)
  }

  /// Inserts items in front of an existing item, in that item's section.
  /// - Parameters:
  ///   - items: The new items' IDs; duplicates are reported and dropped.
  ///   - anchor: The item they go before; if unknown, the call reports it and does nothing.
  @inlinable public mutating func insertItems(_ items: [ItemID], beforeItem anchor: ItemID) {
    guard let path = anchorPath(ofItem: anchor, call: #function) else { return }
    insertItems(items, at: path, call: #function)
  }

  /// Inserts items behind an existing item, in that item's section.
  /// - Parameters:
  ///   - items: The new items' IDs; duplicates are reported and dropped.
  ///   - anchor: The item they go after; if unknown, the call reports it and does nothing.
  @inlinable public mutating func insertItems(_ items: [ItemID], afterItem anchor: ItemID) {
    guard let path = anchorPath(ofItem: anchor, call: #function) else { return }
    insertItems(items, at: ItemPath(section: path.section, item: path.item + 1), call: #function)
  }

  /// Removes items.
  /// - Parameter items: The IDs to remove; unknown ones are reported and skipped.
  @inlinable public mutating func deleteItems(_ items: [ItemID]) {
    var firstDeletedBySection: [Int: Int] = [:]
    for item in items {
      guard let path = itemPaths.removeValue(forKey: item) else {
        reportIssue(
          "Snapshot.deleteItems(_:): item \(item) is not in the snapshot (unknown, or listed "
            + "earlier in the same call); skipped it")
        continue
      }
      reconfigureMarks.remove(item)
      firstDeletedBySection[path.section] = min(
        firstDeletedBySection[path.section] ?? path.item, path.item)
    }
    for (section, firstDeleted) in firstDeletedBySection {
      var kept = firstDeleted
      for index in firstDeleted..<itemsBySection[section].count {
        let item = itemsBySection[section][index]
        guard itemPaths[item] != nil else { continue }
        itemsBySection[section][kept] = item
        itemPaths[item] = CompactItemPath(section: section, item: kept)
        kept += 1
      }
      itemsBySection[section].removeSubrange(kept...)
    }
  }

  /// Removes every section and item, and every reconfigure mark.
  @inlinable public mutating func deleteAllItems() {
    self = Snapshot()
  }

  /// Moves an item in front of another one, possibly into another section.
  /// - Parameters:
  ///   - item: The item to move.
  ///   - anchor: The item it goes before. An unknown item or anchor, or an item moved relative
  ///     to itself, is reported and changes nothing.
  @inlinable public mutating func moveItem(_ item: ItemID, beforeItem anchor: ItemID) {
    moveItem(item, nextTo: anchor, after: false, call: #function)
  }

  /// Moves an item behind another one, possibly into another section.
  /// - Parameters:
  ///   - item: The item to move.
  ///   - anchor: The item it goes after. An unknown item or anchor, or an item moved relative
  ///     to itself, is reported and changes nothing.
  @inlinable public mutating func moveItem(_ item: ItemID, afterItem anchor: ItemID) {
    moveItem(item, nextTo: anchor, after: true, call: #function)
  }

  /// Marks items whose content changed while their identity did not.
  ///
  /// ``update(from:changedItems:)`` reconfigures marked items that survive the update, as if
  /// they were passed in `changedItems`. Marks live until the item is deleted or
  /// ``resetReconfiguredItems()`` is called: reset them on the snapshot you keep as the
  /// baseline for the next diff, once its update has been applied.
  /// - Parameter items: The changed items; unknown ones are reported and skipped.
  @inlinable public mutating func reconfigureItems(_ items: [ItemID]) {
    for item in items {
      guard itemPaths[item] != nil else {
        reportIssue(
          "Snapshot.reconfigureItems(_:): item \(item) is not in the snapshot; skipped it")
        continue
      }
      reconfigureMarks.insert(item)
    }
  }

  /// Clears every reconfigure mark set by ``reconfigureItems(_:)``.
  @inlinable public mutating func resetReconfiguredItems() {
    reconfigureMarks.removeAll()
  }

  // MARK: - Implementation

  @inlinable func anchorIndex(ofSection anchor: SectionID, call: String) -> Int? {
    guard let index = sectionIndexes[anchor] else {
      reportIssue(
        "Snapshot.\(call): anchor section \(anchor) is not in the snapshot; changed nothing")
      return nil
    }
    return index
  }

  @inlinable func anchorPath(ofItem anchor: ItemID, call: String) -> ItemPath? {
    guard let path = itemPaths[anchor]?.path else {
      reportIssue("Snapshot.\(call): anchor item \(anchor) is not in the snapshot; changed nothing")
      return nil
    }
    return path
  }

  /// Inserts `sections` at `index`, dropping duplicates with an issue.
  @inlinable mutating func insertSections(_ sections: [SectionID], at index: Int, call: String) {
    var accepted: [SectionID] = []
    accepted.reserveCapacity(sections.count)
    for (position, section) in sections.enumerated() {
      let newIndex = index + accepted.count
      if let existing = sectionIndexes.updateValue(newIndex, forKey: section) {
        sectionIndexes[section] = existing
        reportIssue(
          "Snapshot.\(call): duplicate section ID \(section): already at section index "
            + "\(existing); dropped the copy at position \(position) of the argument")
      } else {
        accepted.append(section)
      }
    }
    orderedSectionIDs.insert(contentsOf: accepted, at: index)
    itemsBySection.insert(contentsOf: repeatElement([], count: accepted.count), at: index)
    renumberSections(from: index + accepted.count)
  }

  /// Inserts `items` at `path`, dropping duplicates with an issue.
  @inlinable mutating func insertItems(_ items: [ItemID], at path: ItemPath, call: String) {
    var accepted: [ItemID] = []
    accepted.reserveCapacity(items.count)
    for (position, item) in items.enumerated() {
      let newPath = CompactItemPath(section: path.section, item: path.item + accepted.count)
      // One hash lookup for the common case; a duplicate puts the first path back.
      if let existing = itemPaths.updateValue(newPath, forKey: item) {
        itemPaths[item] = existing
        reportIssue(
          "Snapshot.\(call): duplicate item ID \(item): already at \(existing.path) (section "
            + "\(orderedSectionIDs[existing.section])); dropped the copy at position "
            + "\(position) of the argument")
      } else {
        accepted.append(item)
      }
    }
    let isAppend = path.item == itemsBySection[path.section].count
    itemsBySection[path.section].insert(contentsOf: accepted, at: path.item)
    if !isAppend { renumberItems(inSection: path.section, from: path.item + accepted.count) }
  }

  @inlinable mutating func moveSection(
    _ section: SectionID, nextTo anchor: SectionID, after: Bool, call: String
  ) {
    guard let from = sectionIndexes[section] else {
      reportIssue("Snapshot.\(call): section \(section) is not in the snapshot; changed nothing")
      return
    }
    guard let anchorIndex = anchorIndex(ofSection: anchor, call: call) else { return }
    guard section != anchor else {
      reportIssue("Snapshot.\(call): cannot move section \(section) relative to itself")
      return
    }
    let items = itemsBySection.remove(at: from)
    orderedSectionIDs.remove(at: from)
    let to = (anchorIndex > from ? anchorIndex - 1 : anchorIndex) + (after ? 1 : 0)
    orderedSectionIDs.insert(section, at: to)
    itemsBySection.insert(items, at: to)
    renumberSections(from: min(from, to), through: max(from, to))
  }

  @inlinable mutating func moveItem(
    _ item: ItemID, nextTo anchor: ItemID, after: Bool, call: String
  ) {
    guard let from = itemPaths[item]?.path else {
      reportIssue("Snapshot.\(call): item \(item) is not in the snapshot; changed nothing")
      return
    }
    guard var to = anchorPath(ofItem: anchor, call: call) else { return }
    guard item != anchor else {
      reportIssue("Snapshot.\(call): cannot move item \(item) relative to itself")
      return
    }
    if to.section == from.section && to.item > from.item { to.item -= 1 }
    if after { to.item += 1 }
    itemsBySection[from.section].remove(at: from.item)
    itemsBySection[to.section].insert(item, at: to.item)
    if from.section == to.section {
      renumberItems(inSection: to.section, from: min(from.item, to.item))
    } else {
      renumberItems(inSection: from.section, from: from.item)
      renumberItems(inSection: to.section, from: to.item)
    }
  }

  /// Rewrites the indexes of sections `start...end` (default: to the last) and their items.
  @inlinable mutating func renumberSections(from start: Int, through end: Int? = nil) {
    let end = end ?? orderedSectionIDs.count - 1
    guard start <= end else { return }
    for section in start...end {
      sectionIndexes[orderedSectionIDs[section]] = section
      renumberItems(inSection: section, from: 0)
    }
  }

  /// Rewrites the paths of the items of `section` from index `start` on.
  @inlinable mutating func renumberItems(inSection section: Int, from start: Int) {
    let items = itemsBySection[section]
    for index in start..<items.count {
      itemPaths[items[index]] = CompactItemPath(section: section, item: index)
    }
  }
}
