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

  /// The sections and item IDs, in order.
  public let snapshot: Snapshot<SectionID, ItemID>
  /// Every item, section by section: `items[sectionOffsets[s] + i]` is the item at `[s, i]`.
  public let items: [ItemModel<ItemID>]
  @usableFromInline let sectionOffsets: [Int]

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
    var total = 0
    for section in sections { total += section.items.count }
    // Locals rather than the snapshot's fields: the loop runs once per item, and nested
    // accesses through `snapshot` cost retains and uniqueness checks on every one.
    var itemPaths = [ItemID: CompactItemPath](minimumCapacity: total)
    var sectionIndexes = [SectionID: Int](minimumCapacity: sections.count)
    var sectionIDs: [SectionID] = []
    var itemsBySection: [[ItemID]] = []
    var items: [ItemModel<ItemID>] = []
    var offsets: [Int] = []
    offsets.reserveCapacity(sections.count + 1)
    for (declaredSection, section) in sections.enumerated() {
      let sectionIndex = sectionIDs.count
      if let existing = sectionIndexes.updateValue(sectionIndex, forKey: section.id) {
        sectionIndexes[section.id] = existing
        Self.reportDuplicateSection(section, declaredAt: declaredSection, keptAt: existing)
        continue
      }
      offsets.append(items.count)
      sectionIDs.append(section.id)
      var ids: [ItemID] = []
      ids.reserveCapacity(section.items.count)
      var dropped: [Int] = []
      for declaredItem in section.items.indices {
        let id = section.items[declaredItem].id
        // One hash lookup for the common case; a duplicate puts the first path back.
        if let existing = itemPaths.updateValue(CompactItemPath(section: sectionIndex, item: ids.count), forKey: id) {
          itemPaths[id] = existing
          Self.reportDuplicateItem(
            section.items[declaredItem], declaredAt: declaredItem, in: section.id, keptAt: existing.path,
            inSection: sectionIDs[existing.section])
          dropped.append(declaredItem)
          continue
        }
        ids.append(id)
      }
      itemsBySection.append(ids)
      // Items are shared, not copied one by one: a single section without duplicates (the
      // common case for long lists) costs no retain per item at all.
      if dropped.isEmpty {
        if items.isEmpty && sections.count == 1 {
          items = section.items
        } else {
          items.reserveCapacity(total)
          items.append(contentsOf: section.items)
        }
      } else {
        items.reserveCapacity(total)
        var next = dropped.makeIterator()
        var skip = next.next()
        for index in section.items.indices {
          if index == skip {
            skip = next.next()
          } else {
            items.append(section.items[index])
          }
        }
      }
    }
    offsets.append(items.count)
    var snapshot = Snapshot<SectionID, ItemID>()
    snapshot.orderedSectionIDs = sectionIDs
    snapshot.itemsBySection = itemsBySection
    snapshot.sectionIndexes = sectionIndexes
    snapshot.itemPaths = itemPaths
    self.snapshot = snapshot
    self.items = items
    sectionOffsets = offsets
  }

  /// The sections, as declared minus dropped duplicates.
  public var sections: [SectionModel<SectionID, ItemID>] {
    snapshot.sectionIDs.enumerated().map { index, id in
      SectionModel(id: id, items: Array(items[sectionOffsets[index]..<sectionOffsets[index + 1]]))
    }
  }

  /// The item at `path`.
  /// - Parameter path: A path in ``snapshot``.
  /// - Returns: The item there.
  @inlinable public subscript(path: ItemPath) -> ItemModel<ItemID> {
    items[sectionOffsets[path.section] + path.item]
  }

  /// The item with `id`.
  /// - Parameter id: An item ID.
  /// - Returns: The item, or `nil` when the collection holds none with that ID.
  @inlinable public func item(id: ItemID) -> ItemModel<ItemID>? {
    snapshot.itemPaths[id].map { items[sectionOffsets[$0.section] + $0.item] }
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
        snapshot.update(
          from: old.snapshot, offsets: sectionOffsets,
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
