
/// A heterogeneous collection declared from state: sections of ``ItemModel``s of several kinds,
/// diffed into the ``CollectionUpdate`` that shows it (Epoxy's `setSections(_:animated:)`).
///
/// ```swift
/// let collection = DeclaredCollection<String, String> {
///   SectionModel(id: "main") {
///     for name in ["Ada", "Grace"] {
///       ItemModel(id: name, content: name, makeHost: TitleHost.init) { host, text in host.text = text }
///     }
///   }
/// }
/// let update = collection.update(from: DeclaredCollection())
/// ```
///
/// Rules:
/// - Item IDs are unique in the **whole collection**, as in diffable data sources, not per
///   section as in Epoxy: the diff matches items across sections by ID, so an item that changes
///   section is moved (keeping its host, its animation and its bound store) instead of deleted
///   and inserted; and the ``snapshot``, the ``ChildStoreRegistry`` and UIKit's diffable data
///   source all key items by ID alone. Make per-section IDs global by including the section.
/// - A duplicate section or item ID is reported through `reportIssue`, naming both positions;
///   the first keeps its place and the duplicate is dropped (a section with its items). Never a
///   crash.
/// - ``update(from:)``: an item whose content changed, or that comes from another template of its
///   kind (``ItemModel/hasSameTemplate(as:)``), is reconfigured; an item whose ``ItemKind``
///   changed under the same ID is replaced (deleted at its old path, inserted at its new one),
///   since a host cannot be reconfigured into another reuse identity; moves are minimal, as in
///   ``Snapshot/update(from:changedItems:)``.
public struct DeclaredCollection<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
  // Storage is `@usableFromInline` and the work `@inlinable`, like `Snapshot`'s: clients then
  // specialize the build and the diff for their ID types.
  //
  // Each ID is stored once, in its item: the index by ID holds positions in `items`, and the
  // snapshot is only built when asked for. A collection is held twice while an update is
  // diffed (the one shown and the new one), so every byte per item counts twice.

  /// Every item, section by section: `items[sectionOffsets[s] + i]` is the item at `[s, i]`.
  public let items: [ItemModel<ItemID>]
  /// The section IDs, in order.
  public let sectionIDs: [SectionID]
  @usableFromInline let sectionIndexes: [SectionID: Int]
  /// Where each section starts in `items`, then `items.count`.
  @usableFromInline let sectionOffsets: [Int]
  @usableFromInline let itemIndex: ItemIndexTable
  @usableFromInline let snapshotCache: SnapshotCache<SectionID, ItemID>

  /// Creates an empty collection.
  @inlinable public init() {
    self.init([])
  }

  /// Creates a collection from declared sections.
  /// - Parameter sections: Declares the sections, in order.
  @inlinable public init(@SectionsBuilder<SectionID, ItemID> sections: () -> [SectionModel<SectionID, ItemID>]) {
    self.init(sections())
  }

  /// Creates a collection from sections; duplicate IDs are reported and dropped (first wins).
  /// - Parameter sections: The sections, in order.
  @inlinable public init(_ sections: [SectionModel<SectionID, ItemID>]) {
    var sectionIDs: [SectionID] = []
    sectionIDs.reserveCapacity(sections.count)
    var sectionIndexes = [SectionID: Int](minimumCapacity: sections.count)
    var kept: [Int] = []
    // Dropped sections, reported in declaration order among the items' duplicates below.
    var duplicateSections: [(declared: Int, keptAt: Int)] = []
    var total = 0
    for (declaredSection, section) in sections.enumerated() {
      if let existing = sectionIndexes[section.id] {
        duplicateSections.append((declaredSection, existing))
        continue
      }
      sectionIndexes[section.id] = sectionIDs.count
      sectionIDs.append(section.id)
      kept.append(declaredSection)
      total += section.items.count
    }
    var offsets: [Int] = []
    offsets.reserveCapacity(kept.count + 1)
    var items: [ItemModel<ItemID>] = []
    // A single section's items are shared, not copied: the common case for long lists costs no
    // second array and no retain per item.
    if kept.count == 1 {
      items = sections[kept[0]].items
      offsets.append(0)
    } else {
      items.reserveCapacity(total)
      for declared in kept {
        offsets.append(items.count)
        items.append(contentsOf: sections[declared].items)
      }
    }
    offsets.append(items.count)
    var itemIndex = ItemIndexTable(capacityFor: items.count)
    var dropped: [Int] = []
    var nextDuplicateSection = 0
    func reportDuplicateSections(before declared: Int) {
      while nextDuplicateSection < duplicateSections.count,
        duplicateSections[nextDuplicateSection].declared < declared
      {
        let (position, keptAt) = duplicateSections[nextDuplicateSection]
        Self.reportDuplicateSection(sections[position], declaredAt: position, keptAt: keptAt)
        nextDuplicateSection += 1
      }
    }
    items.withUnsafeBufferPointer { items in
      for section in kept.indices {
        reportDuplicateSections(before: kept[section])
        for position in offsets[section]..<offsets[section + 1] {
          guard let existing = itemIndex.insert(position, id: items[position].id, idAt: { items[$0].id }) else {
            continue
          }
          let keptSection = Self.section(ofPosition: existing, offsets)
          // The kept item's path once the duplicates found so far (all before `position`) are gone.
          let droppedBefore = dropped.count { $0 >= offsets[keptSection] && $0 < existing }
          Self.reportDuplicateItem(
            items[position], declaredAt: position - offsets[section], in: sectionIDs[section],
            keptAt: ItemPath(section: keptSection, item: existing - offsets[keptSection] - droppedBefore),
            inSection: sectionIDs[keptSection])
          dropped.append(position)
        }
      }
    }
    reportDuplicateSections(before: sections.count)
    if !dropped.isEmpty {
      // Rare: rebuild without the duplicates, so positions and offsets stay dense.
      var remaining: [ItemModel<ItemID>] = []
      remaining.reserveCapacity(items.count - dropped.count)
      var next = 0
      var newOffsets: [Int] = []
      newOffsets.reserveCapacity(offsets.count)
      for section in 0..<offsets.count - 1 {
        newOffsets.append(remaining.count)
        for position in offsets[section]..<offsets[section + 1] {
          if next < dropped.count && dropped[next] == position {
            next += 1
          } else {
            remaining.append(items[position])
          }
        }
      }
      newOffsets.append(remaining.count)
      items = remaining
      offsets = newOffsets
      itemIndex = ItemIndexTable(capacityFor: items.count)
      items.withUnsafeBufferPointer { items in
        for position in items.indices { _ = itemIndex.insert(position, id: items[position].id, idAt: { items[$0].id }) }
      }
    }
    self.items = items
    self.sectionIDs = sectionIDs
    self.sectionIndexes = sectionIndexes
    sectionOffsets = offsets
    self.itemIndex = itemIndex
    snapshotCache = SnapshotCache()
  }

  /// The index of the section holding the item at `position` of the flattened items: the last
  /// section starting at or before it (empty sections start where the next one does).
  @inlinable static func section(ofPosition position: Int, _ offsets: [Int]) -> Int {
    var low = 0
    var high = offsets.count - 2
    while low < high {
      let middle = (low + high + 1) / 2
      if offsets[middle] <= position { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The sections and item IDs, in order: built on first use and kept, since a collection
  /// stores its items' IDs only once, in the items. Diffs, lookups and the queries below need
  /// no snapshot.
  public var snapshot: Snapshot<SectionID, ItemID> {
    snapshotCache.value {
      var snapshot = Snapshot<SectionID, ItemID>()
      snapshot.orderedSectionIDs = sectionIDs
      snapshot.sectionIndexes = sectionIndexes
      snapshot.itemsBySection = sectionIDs.indices.map { section in
        items[sectionOffsets[section]..<sectionOffsets[section + 1]].map(\.id)
      }
      snapshot.itemPaths.reserveCapacity(items.count)
      for section in sectionIDs.indices {
        for position in sectionOffsets[section]..<sectionOffsets[section + 1] {
          snapshot.itemPaths[items[position].id] = CompactItemPath(
            section: section, item: position - sectionOffsets[section])
        }
      }
      return snapshot
    }
  }

  /// The sections, as declared minus dropped duplicates.
  public var sections: [SectionModel<SectionID, ItemID>] {
    sectionIDs.enumerated().map { index, id in
      SectionModel(id: id, items: Array(items[sectionOffsets[index]..<sectionOffsets[index + 1]]))
    }
  }

  /// The number of sections.
  @inlinable public var numberOfSections: Int { sectionIDs.count }

  /// The positions in ``items`` of the section at `section`, in order.
  /// - Parameter section: A section index, below ``numberOfSections``.
  /// - Returns: The range of its items in ``items``.
  @inlinable public func itemIndices(inSection section: Int) -> Range<Int> {
    sectionOffsets[section]..<sectionOffsets[section + 1]
  }

  /// The number of items in the section at `section`.
  /// - Parameter section: A section index, below ``numberOfSections``.
  /// - Returns: Its item count.
  @inlinable public func numberOfItems(inSection section: Int) -> Int {
    sectionOffsets[section + 1] - sectionOffsets[section]
  }

  /// The position of a section.
  /// - Parameter section: A section ID.
  /// - Returns: Its index, or `nil` when the collection has no such section.
  @inlinable public func index(ofSection section: SectionID) -> Int? { sectionIndexes[section] }

  /// The path of an item.
  /// - Parameter id: An item ID.
  /// - Returns: Its path, or `nil` when the collection holds no item with that ID.
  @inlinable public func path(ofItem id: ItemID) -> ItemPath? {
    diffPath(ofItem: id)?.path
  }

  /// The item at `path`.
  /// - Parameter path: A path in the collection.
  /// - Returns: The item there.
  @inlinable public subscript(path: ItemPath) -> ItemModel<ItemID> {
    items[sectionOffsets[path.section] + path.item]
  }

  /// The item with `id`.
  /// - Parameter id: An item ID.
  /// - Returns: The item, or `nil` when the collection holds none with that ID.
  @inlinable public func item(id: ItemID) -> ItemModel<ItemID>? {
    position(ofItem: id).map { items[$0] }
  }

  /// The position in ``items`` of the item with `id`.
  @inlinable func position(ofItem id: ItemID) -> Int? {
    items.withUnsafeBufferPointer { items in itemIndex.position(of: id, idAt: { items[$0].id }) }
  }

  /// The batch update that turns `old` into this collection.
  ///
  /// Sections and items are matched by ID as in ``Snapshot/update(from:changedItems:)``. An
  /// item matched by ID whose ``ItemModel/kind`` differs is replaced: deleted at its old path
  /// and inserted at its new one. An item of the same kind whose content or template differs
  /// (``ItemModel/hasSameContent(as:)`` is `false`) is reconfigured: inside the batch at its old
  /// path when it stays, after the batch at its new path when it moves. Apply a reconfigure with
  /// ``ItemModel/reconfigure(_:from:)``, which releases the host from a replaced template first. Replaced items take no part in the
  /// move computation, so the moves stay minimal.
  ///
  /// Cost: the snapshot diff's, plus one kind and one content comparison per surviving item,
  /// and a comparison of declarations when its old and new items hold two template objects.
  /// - Parameter old: The collection shown now.
  /// - Returns: The update, in UIKit's batch-update coordinates.
  @inlinable public func update(from old: DeclaredCollection) -> CollectionUpdate<SectionID, ItemID> {
    // Kind and content are compared in the matching pass, which walks the old items in order;
    // the second pass only reads the flags.
    var isChanged = [Bool](repeating: false, count: items.count)
    return items.withUnsafeBufferPointer { newItems in
      old.items.withUnsafeBufferPointer { oldItems in
        Snapshot.diff(
          from: old, to: self, offsets: sectionOffsets,
          keepsIdentity: { oldPath, newPath in
            let position = sectionOffsets[newPath.section] + newPath.item
            let oldPosition = old.sectionOffsets[oldPath.section] + oldPath.item
            switch ItemModel.match(newItems.baseAddress! + position, oldItems.baseAddress! + oldPosition) {
            case .same: return true
            case .changed:
              isChanged[position] = true
              return true
            case .replaced: return false
            }
          },
          isChanged: { position, _, _ in isChanged[position] })
      }
    }
  }

  @usableFromInline static func reportDuplicateSection(
    _ section: SectionModel<SectionID, ItemID>, declaredAt position: Int, keptAt index: Int
  ) {
    reportIssue(
      "DeclaredCollection: duplicate section ID \(section.id): declared again at section position \(position), "
        + "already kept at section index \(index); dropped the copy with its \(section.items.count) item(s)")
  }

  @usableFromInline static func reportDuplicateItem(
    _ item: ItemModel<ItemID>, declaredAt position: Int, in section: SectionID, keptAt keptPath: ItemPath,
    inSection keptSection: SectionID
  ) {
    reportIssue(
      "DeclaredCollection: duplicate item ID \(item.id): declared again at item \(position) of section "
        + "\(section) (\(item.kind)), already kept at \(keptPath) in section \(keptSection); dropped the copy. "
        + "Item IDs must be unique in the whole collection.")
  }
}

extension DeclaredCollection: DiffSide {
  @inlinable var diffSectionIDs: [SectionID] { sectionIDs }
  @inlinable func diffIndex(ofSection section: SectionID) -> Int? { sectionIndexes[section] }
  @inlinable func diffItemCount(inSection section: Int) -> Int { numberOfItems(inSection: section) }
  @inlinable func diffItemID(section: Int, item: Int) -> ItemID { items[sectionOffsets[section] + item].id }
  @inlinable func diffPath(ofItem item: ItemID) -> CompactItemPath? {
    guard let position = position(ofItem: item) else { return nil }
    // One section is the common case for long lists; more take a binary search.
    let section = sectionOffsets.count == 2 ? 0 : Self.section(ofPosition: position, sectionOffsets)
    return CompactItemPath(section: section, item: position - sectionOffsets[section])
  }
}

/// A declared collection's snapshot, built once on first use and shared by the collection's
/// copies.
// Sendable through the lock, which guards the only mutable state. `Locked`, not `Mutex`: copies
// of one collection may build it from several threads, and ThreadSanitizer must see the lock.
@usableFromInline final class SnapshotCache<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
  @usableFromInline let snapshot = Locked<Snapshot<SectionID, ItemID>?>(nil)

  @usableFromInline init() {}

  /// The snapshot, made by `build` the first time.
  @inlinable func value(_ build: () -> Snapshot<SectionID, ItemID>) -> Snapshot<SectionID, ItemID> {
    snapshot.withLock { cached in
      if let cached { return cached }
      let built = build()
      cached = built
      return built
    }
  }
}
