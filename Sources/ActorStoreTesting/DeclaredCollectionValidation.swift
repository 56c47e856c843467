import ActorStore

extension CollectionUpdateValidator {
  /// Checks an update between two declared collections: UIKit's batch-update rules with items
  /// identified by ID *and kind*, then the content rule.
  ///
  /// - Identity: the update is validated as between two snapshots, on snapshots whose items are
  ///   (ID, kind) pairs, so an item whose kind changed must be deleted and inserted; keeping it
  ///   (unmoved or moved) yields a result that differs from the new collection.
  /// - Content: every kept item whose content or template changed
  ///   (`ItemModel.hasSameContent(as:)` is `false`) is reconfigured, inside the batch at its old
  ///   path when it stays, after the batch at its new path when it moves; no other item is
  ///   reconfigured. A breach is reported as `.resultDiffersFromNewSnapshot`: the hosts would
  ///   show stale content, or be reconfigured for nothing.
  /// - Parameters:
  ///   - update: The update to check, typically `new.update(from: old)`.
  ///   - old: The collection the update starts from.
  ///   - new: The collection the update must produce.
  /// - Throws: The first rule the update breaks, naming the offending path and item.
  @inlinable
  public static func validate<SectionID, ItemID>(
    _ update: CollectionUpdate<SectionID, ItemID>,
    from old: DeclaredCollection<SectionID, ItemID>,
    to new: DeclaredCollection<SectionID, ItemID>
  ) throws(CollectionUpdateValidationError) {
    let kinded = CollectionUpdate<SectionID, KindedItem<ItemID>>(
      sectionDeletes: update.sectionDeletes, sectionInserts: update.sectionInserts,
      sectionMoves: update.sectionMoves.map { .init(from: $0.from, to: $0.to) }, itemDeletes: update.itemDeletes,
      itemInserts: update.itemInserts, itemMoves: update.itemMoves.map { .init(from: $0.from, to: $0.to) },
      itemReconfigures: update.itemReconfigures, itemReconfiguresAfterBatch: update.itemReconfiguresAfterBatch)
    try validate(kinded, from: kindedSide(of: old), to: kindedSide(of: new)) { oldPath, newPath in
      let oldItem = old[oldPath]
      let newItem = new[newPath]
      return oldItem.id == newItem.id && newItem.hasSameKind(as: oldItem)
    }
    try checkReconfigures(update, from: old, to: new)
  }

  /// The collection's sections and (ID, kind) items, read from the collection in place: no copy
  /// of its items, and kinds are only built for messages (items are compared by ID and
  /// `ItemModel.hasSameKind(as:)`).
  @inlinable static func kindedSide<SectionID, ItemID>(
    of collection: DeclaredCollection<SectionID, ItemID>
  ) -> BatchApplication<SectionID, KindedItem<ItemID>>.Side {
    BatchApplication.Side(
      sectionIDs: collection.sectionIDs,
      itemCounts: collection.sectionIDs.indices.map(collection.numberOfItems(inSection:))
    ) { path in
      let item = collection[path]
      return KindedItem(id: item.id, kind: item.kind)
    }
  }

  /// Once identities check out: every kept item that changed is reconfigured at the right stage
  /// and path, and nothing else is.
  @inlinable static func checkReconfigures<SectionID, ItemID>(
    _ update: CollectionUpdate<SectionID, ItemID>,
    from old: DeclaredCollection<SectionID, ItemID>,
    to new: DeclaredCollection<SectionID, ItemID>
  ) throws(CollectionUpdateValidationError) {
    let insertedSections = Set(update.sectionInserts)
    let inserted = Set(update.itemInserts)
    let moveSources = Dictionary(update.itemMoves.map { ($0.to, $0.from) }, uniquingKeysWith: { first, _ in first })
    var expectedInBatch: Set<ItemPath> = []
    var expectedAfterBatch: Set<ItemPath> = []
    for section in new.sectionIDs.indices where !insertedSections.contains(section) {
      for index in 0..<new.numberOfItems(inSection: section) {
        let path = ItemPath(section: section, item: index)
        guard !inserted.contains(path), let oldPath = old.path(ofItem: new[path].id) else { continue }
        guard !new[path].hasSameContent(as: old[oldPath]) else { continue }
        if moveSources[path] != nil {
          expectedAfterBatch.insert(path)
        } else {
          expectedInBatch.insert(oldPath)
        }
      }
    }
    try compare(update.itemReconfigures, expectedInBatch, stage: "inside the batch (old paths)", in: old)
    try compare(update.itemReconfiguresAfterBatch, expectedAfterBatch, stage: "after the batch (new paths)", in: new)
  }

  @inlinable static func compare<SectionID, ItemID>(
    _ listed: [ItemPath], _ expected: Set<ItemPath>, stage: String, in collection: DeclaredCollection<SectionID, ItemID>
  ) throws(CollectionUpdateValidationError) {
    let listedSet = Set(listed)
    if let missing = expected.subtracting(listedSet).min() {
      throw CollectionUpdateValidationError(
        rule: .resultDiffersFromNewSnapshot,
        message: "item \(missing) (\(collection[missing].id)) changed content or template but is not "
          + "reconfigured \(stage): its host would keep showing the old rendering")
    }
    if let needless = listedSet.subtracting(expected).min() {
      throw CollectionUpdateValidationError(
        rule: .resultDiffersFromNewSnapshot,
        message: "item \(needless) is reconfigured \(stage) but its content and template did not change "
          + "(or it is not kept)")
    }
  }
}
