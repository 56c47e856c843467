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
/// - ``update(from:)``: an item whose content changed is reconfigured; an item whose ``ItemKind``
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
    var snapshot = Snapshot<SectionID, ItemID>()
    var total = 0
    for section in sections { total += section.items.count }
    var items: [ItemModel<ItemID>] = []
    items.reserveCapacity(total)
    snapshot.itemPaths.reserveCapacity(total)
    var offsets: [Int] = []
    offsets.reserveCapacity(sections.count + 1)
    for (declaredSection, section) in sections.enumerated() {
      let sectionIndex = snapshot.orderedSectionIDs.count
      if let existing = snapshot.sectionIndexes.updateValue(sectionIndex, forKey: section.id) {
        snapshot.sectionIndexes[section.id] = existing
        Self.reportDuplicateSection(section, declaredAt: declaredSection, keptAt: existing)
        continue
      }
      offsets.append(items.count)
      snapshot.orderedSectionIDs.append(section.id)
      var ids: [ItemID] = []
      ids.reserveCapacity(section.items.count)
      for (declaredItem, item) in section.items.enumerated() {
        let path = CompactItemPath(section: sectionIndex, item: ids.count)
        // One hash lookup for the common case; a duplicate puts the first path back.
        if let existing = snapshot.itemPaths.updateValue(path, forKey: item.id) {
          snapshot.itemPaths[item.id] = existing
          Self.reportDuplicateItem(
            item, declaredAt: declaredItem, in: section.id, kept: items[offsets[existing.section] + existing.item],
            at: existing.path, inSection: snapshot.orderedSectionIDs[existing.section])
          continue
        }
        ids.append(item.id)
        items.append(item)
      }
      snapshot.itemsBySection.append(ids)
    }
    offsets.append(items.count)
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
  /// and inserted at its new one. An item of the same kind whose content differs
  /// (``ItemModel/hasSameContent(as:)``) is reconfigured: inside the batch at its old path when
  /// it stays, after the batch at its new path when it moves. Replaced items take no part in the
  /// move computation, so the moves stay minimal.
  ///
  /// Cost: the snapshot diff's, plus one kind and one content comparison per surviving item.
  /// - Parameter old: The collection shown now.
  /// - Returns: The update, in UIKit's batch-update coordinates.
  @inlinable public func update(from old: DeclaredCollection) -> CollectionUpdate<SectionID, ItemID> {
    snapshot.update(
      from: old.snapshot, offsets: sectionOffsets,
      keepsIdentity: { oldPath, newPath in
        old.items[old.sectionOffsets[oldPath.section] + oldPath.item].kind
          == items[sectionOffsets[newPath.section] + newPath.item].kind
      },
      isChanged: { position, oldPath, _ in
        !items[position].hasSameContent(as: old.items[old.sectionOffsets[oldPath.section] + oldPath.item])
      })
  }

  @usableFromInline static func reportDuplicateSection(
    _ section: SectionModel<SectionID, ItemID>, declaredAt position: Int, keptAt index: Int
  ) {
    reportIssue(
      "DeclaredCollection: duplicate section ID \(section.id): declared again at section position \(position), "
        + "already kept at section index \(index); dropped the copy with its \(section.items.count) item(s)")
  }

  @usableFromInline static func reportDuplicateItem(
    _ item: ItemModel<ItemID>, declaredAt position: Int, in section: SectionID, kept: ItemModel<ItemID>,
    at keptPath: ItemPath, inSection keptSection: SectionID
  ) {
    reportIssue(
      "DeclaredCollection: duplicate item ID \(item.id): declared again at item \(position) of section "
        + "\(section) (\(item.kind)), already kept at \(keptPath) in section \(keptSection) (\(kept.kind)); "
        + "dropped the copy. Item IDs must be unique in the whole collection.")
  }
}
