extension Snapshot {
  /// The batch update that turns `old` into this snapshot.
  ///
  /// Sections and items are matched by ID. A section or item only in `old` is deleted, one only
  /// in `self` is inserted; items of a deleted or inserted section are covered by the section
  /// change and not listed (see ``CollectionUpdate`` for the coordinates). Moves are minimal:
  /// every item that changes between surviving sections is moved, and within a surviving section
  /// the items that stay are left in place along a longest increasing subsequence of their old
  /// positions, so only the others move; surviving sections are treated the same way. An item
  /// changed in content is reconfigured: inside the batch at its old path when it does not move,
  /// after the batch at its new path when it does.
  ///
  /// Cost: linear passes over both snapshots, a hash lookup per old item that did not land right
  /// after the item before it (about one per edit) and per changed item, and O(k log k) for the
  /// longest increasing subsequence of the k items a section keeps.
  /// - Parameters:
  ///   - old: The snapshot the collection view shows now.
  ///   - changedItems: Items whose content changed; together with ``reconfiguredItemIDs`` they
  ///     are reconfigured when they survive. IDs not in both snapshots are ignored.
  /// - Returns: The update, in UIKit's batch-update coordinates.
  @inlinable public func update(
    from old: Snapshot, changedItems: Set<ItemID> = []
  ) -> CollectionUpdate<SectionID, ItemID> {
    let offsets = sectionOffsets()
    var isChangedAtNewPosition: [Bool] = []
    if !changedItems.isEmpty || !reconfiguredItemIDs.isEmpty {
      isChangedAtNewPosition = Array(repeating: false, count: offsets.last ?? 0)
      for item in changedItems { markPosition(of: item, in: &isChangedAtNewPosition, offsets) }
      for item in reconfiguredItemIDs {
        markPosition(of: item, in: &isChangedAtNewPosition, offsets)
      }
    }
    return Self.diff(from: old, to: self, offsets: offsets, keepsIdentity: { _, _ in true }) { position, _, _ in
      !isChangedAtNewPosition.isEmpty && isChangedAtNewPosition[position]
    }
  }

  /// The batch update that turns `old` into this snapshot, asking which surviving items changed.
  ///
  /// The same diff as ``update(from:changedItems:)``, for when changes are cheaper to test than
  /// to collect.
  /// - Parameters:
  ///   - old: The snapshot the collection view shows now.
  ///   - contentChanged: Called once for each item that survives outside deleted and inserted
  ///     sections (and only those); `true` reconfigures it. Items in ``reconfiguredItemIDs``
  ///     are reconfigured without asking.
  /// - Returns: The update, in UIKit's batch-update coordinates.
  @inlinable public func update(
    from old: Snapshot, contentChanged: (ItemID) -> Bool
  ) -> CollectionUpdate<SectionID, ItemID> {
    Self.diff(from: old, to: self, offsets: sectionOffsets(), keepsIdentity: { _, _ in true }) { _, _, item in
      reconfiguredItemIDs.contains(item) || contentChanged(item)
    }
  }

  /// The index, in the flattened list of all items, of each section's first item, then the
  /// total item count.
  @inlinable func sectionOffsets() -> [Int] {
    var offsets: [Int] = []
    offsets.reserveCapacity(itemsBySection.count + 1)
    var total = 0
    for items in itemsBySection {
      offsets.append(total)
      total += items.count
    }
    offsets.append(total)
    return offsets
  }

  @inlinable func markPosition(of item: ItemID, in flags: inout [Bool], _ offsets: [Int]) {
    if let path = itemPaths[item] { flags[offsets[path.section] + path.item] = true }
  }

  /// The diff itself, between any two sides (snapshots, declared collections). `offsets` are
  /// `new`'s section offsets in its flattened item list. `keepsIdentity` receives the old and new
  /// path of each item found in a surviving section of both sides; `false` replaces the item
  /// (deleted at its old path, inserted at its new one) instead of keeping it, as when a declared
  /// item changes kind. `isChanged` receives each kept item's position in the flattened new item
  /// list, its old path and its ID.
  @inlinable static func diff<Old: DiffSide<SectionID, ItemID>, New: DiffSide<SectionID, ItemID>>(
    from old: Old, to new: New, offsets: [Int], keepsIdentity: (CompactItemPath, CompactItemPath) -> Bool,
    isChanged: (Int, CompactItemPath, ItemID) -> Bool
  ) -> CollectionUpdate<SectionID, ItemID> {
    let sectionIDs = new.diffSectionIDs
    var update = CollectionUpdate<SectionID, ItemID>()
    var longestRun = LongestIncreasingRun()

    // Sections: match by ID, then move the survivors outside a longest run kept in order.
    var newIndexOfOldSection = [Int](repeating: -1, count: old.diffSectionIDs.count)
    var oldIndexOfNewSection = [Int](repeating: -1, count: sectionIDs.count)
    for (oldIndex, section) in old.diffSectionIDs.enumerated() {
      if let newIndex = new.diffIndex(ofSection: section) {
        newIndexOfOldSection[oldIndex] = newIndex
        oldIndexOfNewSection[newIndex] = oldIndex
      } else {
        update.sectionDeletes.append(oldIndex)
      }
    }
    var survivingSections: [Int32] = []
    survivingSections.reserveCapacity(sectionIDs.count)
    for (newIndex, oldIndex) in oldIndexOfNewSection.enumerated() {
      if oldIndex < 0 {
        update.sectionInserts.append(newIndex)
      } else {
        survivingSections.append(Int32(truncatingIfNeeded: oldIndex))
      }
    }
    longestRun.find(in: survivingSections)
    for (rank, oldIndex) in survivingSections.enumerated() where !longestRun.contains(rank) {
      update.sectionMoves.append(.init(from: Int(oldIndex), to: newIndexOfOldSection[Int(oldIndex)]))
    }

    // Items: record where each survivor of a surviving section lands; an item that lands in an
    // inserted section, or nowhere, is deleted. Most items land right after the one before them
    // (an edit shifts the rest of a section, it does not shuffle it), so the item after the last
    // one found is compared first, by ID, and only a miss costs a hash lookup: an edit of a few
    // items costs a few lookups, not one per item.
    let unmatched = CompactItemPath(section: -1, item: -1)
    var oldPathAtNewPosition = [CompactItemPath](repeating: unmatched, count: offsets.last ?? 0)
    var nextSection = 0
    var nextItem = 0
    for oldSection in newIndexOfOldSection.indices where newIndexOfOldSection[oldSection] >= 0 {
      for oldItem in 0..<old.diffItemCount(inSection: oldSection) {
        let item = old.diffItemID(section: oldSection, item: oldItem)
        let oldPath = CompactItemPath(section: oldSection, item: oldItem)
        let newPath: CompactItemPath
        if nextSection < sectionIDs.count, nextItem < new.diffItemCount(inSection: nextSection),
          new.diffItemID(section: nextSection, item: nextItem) == item
        {
          // IDs are unique, so this is the item's one path.
          newPath = CompactItemPath(section: nextSection, item: nextItem)
        } else if let found = new.diffPath(ofItem: item) {
          newPath = found
        } else {
          update.itemDeletes.append(oldPath.path)
          continue
        }
        nextSection = newPath.section
        nextItem = newPath.item + 1
        guard oldIndexOfNewSection[newPath.section] >= 0, keepsIdentity(oldPath, newPath) else {
          update.itemDeletes.append(oldPath.path)
          continue
        }
        oldPathAtNewPosition[offsets[newPath.section] + newPath.item] = oldPath
      }
    }

    var keptInSection: [Int32] = []
    for (newSection, oldSection) in oldIndexOfNewSection.enumerated() where oldSection >= 0 {
      let positions = offsets[newSection]..<offsets[newSection + 1]
      keptInSection.removeAll(keepingCapacity: true)
      for position in positions where oldPathAtNewPosition[position].section == oldSection {
        keptInSection.append(Int32(truncatingIfNeeded: oldPathAtNewPosition[position].item))
      }
      longestRun.find(in: keptInSection)

      var rank = 0
      for position in positions {
        let newPath = ItemPath(section: newSection, item: position - positions.lowerBound)
        guard oldPathAtNewPosition[position] != unmatched else {
          update.itemInserts.append(newPath)
          continue
        }
        let oldPath = oldPathAtNewPosition[position].path
        var isMoved = true
        if oldPath.section == oldSection {
          isMoved = !longestRun.contains(rank)
          rank += 1
        }
        if isMoved { update.itemMoves.append(.init(from: oldPath, to: newPath)) }
        let id = new.diffItemID(section: newSection, item: newPath.item)
        if isChanged(position, oldPathAtNewPosition[position], id) {
          if isMoved {
            update.itemReconfiguresAfterBatch.append(newPath)
          } else {
            update.itemReconfigures.append(oldPath)
          }
        }
      }
    }
    return update
  }
}

/// What the diff reads from each of its sides: sections by position and ID, items by path and
/// by ID. Implemented by ``Snapshot`` and ``DeclaredCollection``, so a declared collection is
/// diffed on its own storage, with no snapshot built for it.
@usableFromInline protocol DiffSide<SectionID, ItemID> {
  associatedtype SectionID: Hashable & Sendable
  associatedtype ItemID: Hashable & Sendable
  /// The section IDs, in order.
  var diffSectionIDs: [SectionID] { get }
  /// The position of a section, or `nil` when the side has none with that ID.
  func diffIndex(ofSection section: SectionID) -> Int?
  /// The number of items of the section at `section`.
  func diffItemCount(inSection section: Int) -> Int
  /// The ID of the item at `item` of the section at `section`.
  func diffItemID(section: Int, item: Int) -> ItemID
  /// The path of an item, or `nil` when the side has none with that ID.
  func diffPath(ofItem item: ItemID) -> CompactItemPath?
}

extension Snapshot: DiffSide {
  @inlinable var diffSectionIDs: [SectionID] { orderedSectionIDs }
  @inlinable func diffIndex(ofSection section: SectionID) -> Int? { sectionIndexes[section] }
  @inlinable func diffItemCount(inSection section: Int) -> Int { itemsBySection[section].count }
  @inlinable func diffItemID(section: Int, item: Int) -> ItemID { itemsBySection[section][item] }
  @inlinable func diffPath(ofItem item: ItemID) -> CompactItemPath? { itemPaths[item] }
}

/// Finds a longest strictly increasing subsequence by patience sorting: O(n log n), and O(1)
/// per element while the input runs in order. Its buffers are reused across calls.
///
/// Values and indexes are 32-bit: a diff runs this over every item a section keeps, while both
/// collections are alive, so its buffers are part of the diff's peak memory (12 bytes per item
/// instead of 24). Sections of up to 2^31 − 1 items, far beyond any that fits in memory.
@usableFromInline struct LongestIncreasingRun {
  /// `tailValues[length - 1]`: the smallest value that ends an increasing run of `length`
  /// elements found so far; `tailIndexes` holds its index in the sequence.
  @usableFromInline var tailValues: [Int32] = []
  @usableFromInline var tailIndexes: [Int32] = []
  /// For each index, the index of the element before it in the best run ending there, or -1.
  @usableFromInline var predecessors: [Int32] = []
  @usableFromInline var isInRun: [Bool] = []

  @inlinable init() {}

  /// Finds a longest increasing run of `sequence`; ask ``contains(_:)`` afterwards.
  @inlinable mutating func find(in sequence: [Int32]) {
    let count = sequence.count
    Self.grow(&tailValues, to: count)
    Self.grow(&tailIndexes, to: count)
    Self.grow(&predecessors, to: count)
    var length = 0
    // Unchecked buffers: this loop runs once per kept item and dominates the diff otherwise.
    sequence.withUnsafeBufferPointer { values in
      tailValues.withUnsafeMutableBufferPointer { tailValues in
        tailIndexes.withUnsafeMutableBufferPointer { tailIndexes in
          predecessors.withUnsafeMutableBufferPointer { predecessors in
            for index in 0..<count {
              let value = values[index]
              var position = length
              if length > 0 && tailValues[length - 1] >= value {
                // The lower bound of `value` among the tails, without branches to mispredict.
                position = 0
                var size = length
                while size > 1 {
                  let half = size / 2
                  position = tailValues[position + half] < value ? position + half : position
                  size -= half
                }
                position += tailValues[position] < value ? 1 : 0
              } else {
                length += 1
              }
              tailValues[position] = value
              tailIndexes[position] = Int32(truncatingIfNeeded: index)
              predecessors[index] = position > 0 ? tailIndexes[position - 1] : -1
            }
          }
        }
      }
    }
    isInRun.removeAll(keepingCapacity: true)
    isInRun.append(contentsOf: repeatElement(false, count: count))
    var index = length > 0 ? Int(tailIndexes[length - 1]) : -1
    while index >= 0 {
      isInRun[index] = true
      index = Int(predecessors[index])
    }
  }

  @inlinable static func grow(_ buffer: inout [Int32], to count: Int) {
    if buffer.count < count {
      buffer.append(contentsOf: repeatElement(0, count: count - buffer.count))
    }
  }

  /// Whether the element at `index` of the last sequence is in the run found.
  @inlinable func contains(_ index: Int) -> Bool { isInRun[index] }
}
