import ActorStore

/// A collection as plain arrays: what the models build and compare, with nothing of
/// `Snapshot`'s indexes.
struct PlainCollection<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Equatable, CustomStringConvertible
{
  struct Section: Equatable {
    var id: SectionID
    var items: [ItemID]
  }

  var sections: [Section] = []

  init(_ sections: [Section] = []) { self.sections = sections }

  init(_ snapshot: Snapshot<SectionID, ItemID>) {
    sections = snapshot.sectionIDs.map { Section(id: $0, items: snapshot.itemIDs(inSection: $0)) }
  }

  /// Where each item is, by ID.
  var paths: [ItemID: ItemPath] {
    var paths: [ItemID: ItemPath] = [:]
    for (section, content) in sections.enumerated() {
      for (item, id) in content.items.enumerated() { paths[id] = ItemPath(section: section, item: item) }
    }
    return paths
  }

  var description: String {
    sections.map { "\($0.id): \($0.items.map { "\($0)" }.joined(separator: " "))" }.joined(separator: " | ")
  }
}

/// An independent reading of a `CollectionUpdate`: it replays the update on the old collection
/// with UIKit's batch-update rules, written here from those rules and not from
/// `CollectionUpdateValidator`, then checks what the diff promises beyond a valid batch: items
/// keep their identity, reconfigures are exactly the changed survivors, moves are minimal, and
/// every list is sorted as documented.
enum UpdateModel {
  /// Checks `update` between `old` and `new`; returns the first problem, or `nil`.
  /// - Parameters:
  ///   - keepsIdentity: Whether an item in both collections may be moved and reconfigured
  ///     rather than replaced (for a declared collection: its kind did not change).
  ///   - isChanged: Whether an item in both collections must be reconfigured.
  static func problem<SectionID, ItemID>(
    in update: CollectionUpdate<SectionID, ItemID>,
    from old: PlainCollection<SectionID, ItemID>, to new: PlainCollection<SectionID, ItemID>,
    keepsIdentity: (ItemID) -> Bool = { _ in true }, isChanged: (ItemID) -> Bool
  ) -> String? {
    if let problem = replayProblem(update, from: old, to: new) { return "replay: \(problem)" }
    if let problem = sortingProblem(update) { return "sorting: \(problem)" }
    return expectationProblem(update, from: old, to: new, keepsIdentity: keepsIdentity, isChanged: isChanged)
  }

  // MARK: Replay

  /// Where a section of the new collection comes from.
  private enum SectionSource { case inserted, old(Int) }

  private static func replayProblem<SectionID, ItemID>(
    _ update: CollectionUpdate<SectionID, ItemID>,
    from old: PlainCollection<SectionID, ItemID>, to new: PlainCollection<SectionID, ItemID>
  ) -> String? {
    let oldCount = old.sections.count
    let newCount = new.sections.count
    let deletedSections = Set(update.sectionDeletes)
    let insertedSections = Set(update.sectionInserts)
    if deletedSections.count != update.sectionDeletes.count { return "a section deleted twice" }
    if insertedSections.count != update.sectionInserts.count { return "a section inserted twice" }
    if update.sectionDeletes.contains(where: { !(0..<oldCount).contains($0) }) { return "section delete out of range" }
    if update.sectionInserts.contains(where: { !(0..<newCount).contains($0) }) { return "section insert out of range" }
    var sources = [SectionSource?](repeating: nil, count: newCount)
    for index in update.sectionInserts { sources[index] = .inserted }
    var movedOut = Set<Int>()
    for move in update.sectionMoves {
      guard (0..<oldCount).contains(move.from), (0..<newCount).contains(move.to) else {
        return "section move \(move) out of range"
      }
      guard !deletedSections.contains(move.from), movedOut.insert(move.from).inserted else {
        return "section \(move.from) deleted or moved twice"
      }
      guard sources[move.to] == nil else { return "section destination \(move.to) taken twice" }
      sources[move.to] = .old(move.from)
    }
    var stayers = (0..<oldCount).filter { !deletedSections.contains($0) && !movedOut.contains($0) }.makeIterator()
    for index in sources.indices where sources[index] == nil {
      guard let source = stayers.next() else { return "more new sections than the update accounts for" }
      sources[index] = .old(source)
    }
    if stayers.next() != nil { return "old sections left over: the section counts do not add up" }

    // Items.
    var deletes: [Int: Set<Int>] = [:]
    for path in update.itemDeletes {
      guard (0..<oldCount).contains(path.section), (0..<old.sections[path.section].items.count).contains(path.item)
      else { return "item delete \(path) out of range" }
      if deletedSections.contains(path.section) { return "item delete \(path) inside a deleted section" }
      guard deletes[path.section, default: []].insert(path.item).inserted else { return "item \(path) deleted twice" }
    }
    var movesOut: [Int: Set<Int>] = [:]
    var movesIn: [Int: [Int: ItemPath]] = [:]
    for move in update.itemMoves {
      let from = move.from
      let to = move.to
      guard (0..<oldCount).contains(from.section), (0..<old.sections[from.section].items.count).contains(from.item),
        (0..<newCount).contains(to.section), (0..<new.sections[to.section].items.count).contains(to.item)
      else { return "item move \(move) out of range" }
      if deletedSections.contains(from.section) { return "item move \(move) out of a deleted section" }
      if insertedSections.contains(to.section) { return "item move \(move) into an inserted section" }
      if deletes[from.section]?.contains(from.item) == true { return "item \(from) deleted and moved" }
      guard movesOut[from.section, default: []].insert(from.item).inserted else { return "item \(from) moved twice" }
      guard movesIn[to.section]?[to.item] == nil else { return "item destination \(to) taken twice" }
      movesIn[to.section, default: [:]][to.item] = from
    }
    var inserts: [Int: Set<Int>] = [:]
    for path in update.itemInserts {
      guard (0..<newCount).contains(path.section), (0..<new.sections[path.section].items.count).contains(path.item)
      else { return "item insert \(path) out of range" }
      if insertedSections.contains(path.section) { return "item insert \(path) inside an inserted section" }
      if movesIn[path.section]?[path.item] != nil { return "item \(path) inserted and moved to" }
      guard inserts[path.section, default: []].insert(path.item).inserted else { return "item \(path) inserted twice" }
    }
    var replayed = PlainCollection<SectionID, ItemID>()
    for (index, source) in sources.enumerated() {
      switch source! {
      case .inserted:
        // A section insert brings its items from the data source, which shows the new state.
        replayed.sections.append(new.sections[index])
      case .old(let from):
        let oldItems = old.sections[from].items
        var stay = oldItems.indices.filter {
          deletes[from]?.contains($0) != true && movesOut[from]?.contains($0) != true
        }.makeIterator()
        var items: [ItemID] = []
        for slot in new.sections[index].items.indices {
          if inserts[index]?.contains(slot) == true {
            items.append(new.sections[index].items[slot])
          } else if let source = movesIn[index]?[slot] {
            items.append(old.sections[source.section].items[source.item])
          } else if let stayer = stay.next() {
            items.append(oldItems[stayer])
          } else {
            return "section \(index) has fewer items than the update accounts for"
          }
        }
        if stay.next() != nil { return "section \(index): old items left over, the item counts do not add up" }
        replayed.sections.append(.init(id: old.sections[from].id, items: items))
      }
    }
    guard replayed == new else { return "the replay gives \(replayed), expected \(new)" }

    // Reconfigures inside the batch name old paths of items that stay put.
    var reconfigured = Set<ItemPath>()
    for path in update.itemReconfigures {
      guard (0..<oldCount).contains(path.section), (0..<old.sections[path.section].items.count).contains(path.item)
      else { return "reconfigure \(path) out of range" }
      if deletedSections.contains(path.section) || deletes[path.section]?.contains(path.item) == true
        || movesOut[path.section]?.contains(path.item) == true
      {
        return "reconfigure \(path) of an item deleted or moved"
      }
      guard reconfigured.insert(path).inserted else { return "reconfigure \(path) twice" }
    }
    // Those after the batch name new paths of items that were there before.
    var reconfiguredAfter = Set<ItemPath>()
    for path in update.itemReconfiguresAfterBatch {
      guard (0..<newCount).contains(path.section), (0..<new.sections[path.section].items.count).contains(path.item)
      else { return "after-batch reconfigure \(path) out of range" }
      if insertedSections.contains(path.section) || inserts[path.section]?.contains(path.item) == true {
        return "after-batch reconfigure \(path) of an inserted item"
      }
      guard reconfiguredAfter.insert(path).inserted else { return "after-batch reconfigure \(path) twice" }
    }
    return nil
  }

  // MARK: Sorting

  private static func isAscending(_ paths: [ItemPath]) -> Bool {
    zip(paths, paths.dropFirst()).allSatisfy { ($0.section, $0.item) < ($1.section, $1.item) }
  }

  private static func sortingProblem<SectionID, ItemID>(_ update: CollectionUpdate<SectionID, ItemID>) -> String? {
    let ascending = { (values: [Int]) in zip(values, values.dropFirst()).allSatisfy { $0 < $1 } }
    if !ascending(update.sectionDeletes) { return "section deletes \(update.sectionDeletes)" }
    if !ascending(update.sectionInserts) { return "section inserts \(update.sectionInserts)" }
    if !ascending(update.sectionMoves.map(\.to)) { return "section moves \(update.sectionMoves)" }
    if !isAscending(update.itemDeletes) { return "item deletes \(update.itemDeletes)" }
    if !isAscending(update.itemInserts) { return "item inserts \(update.itemInserts)" }
    if !isAscending(update.itemMoves.map(\.to)) { return "item moves \(update.itemMoves)" }
    if !isAscending(update.itemReconfiguresAfterBatch) {
      return "after-batch reconfigures \(update.itemReconfiguresAfterBatch)"
    }
    return nil
  }

  // MARK: Identity, reconfigures, minimal moves

  /// The length of a longest strictly increasing subsequence, the quadratic way.
  static func longestIncreasingRun(_ values: [Int]) -> Int {
    var best = [Int](repeating: 1, count: values.count)
    for index in values.indices {
      for earlier in 0..<index where values[earlier] < values[index] {
        best[index] = max(best[index], best[earlier] + 1)
      }
    }
    return best.max() ?? 0
  }

  private static func expectationProblem<SectionID, ItemID>(
    _ update: CollectionUpdate<SectionID, ItemID>,
    from old: PlainCollection<SectionID, ItemID>, to new: PlainCollection<SectionID, ItemID>,
    keepsIdentity: (ItemID) -> Bool, isChanged: (ItemID) -> Bool
  ) -> String? {
    let oldSectionIDs = Set(old.sections.map(\.id))
    let newSectionIDs = Set(new.sections.map(\.id))
    let oldPaths = old.paths
    let newPaths = new.paths
    // An item is seen by the item lists only in sections that exist on both sides.
    let oldVisible = oldPaths.filter { newSectionIDs.contains(old.sections[$0.value.section].id) }
    let newVisible = newPaths.filter { oldSectionIDs.contains(new.sections[$0.value.section].id) }

    var expectedDeletes = Set<ItemPath>()
    var expectedInserts = Set<ItemPath>()
    var expectedReconfigures = Set<ItemPath>()
    var expectedAfterBatch = Set<ItemPath>()
    var kept: [ItemID: (from: ItemPath, to: ItemPath)] = [:]
    for (id, from) in oldVisible {
      guard let to = newVisible[id] else {
        expectedDeletes.insert(from)
        continue
      }
      if keepsIdentity(id) { kept[id] = (from, to) } else { expectedDeletes.insert(from) }
    }
    for (id, to) in newVisible where kept[id] == nil { expectedInserts.insert(to) }
    if Set(update.itemDeletes) != expectedDeletes {
      return
        "item deletes \(update.itemDeletes.sorted(by: ascending)), expected \(expectedDeletes.sorted(by: ascending))"
    }
    if Set(update.itemInserts) != expectedInserts {
      return
        "item inserts \(update.itemInserts.sorted(by: ascending)), expected \(expectedInserts.sorted(by: ascending))"
    }

    var movedFrom: [ItemPath: ItemPath] = [:]
    for move in update.itemMoves { movedFrom[move.from] = move.to }
    var movesWithinSection: [SectionID: Int] = [:]
    for (id, paths) in kept {
      let moved = movedFrom.removeValue(forKey: paths.from)
      if let moved, moved != paths.to { return "item \(id) moved to \(moved), but it is at \(paths.to)" }
      let changesSection = old.sections[paths.from.section].id != new.sections[paths.to.section].id
      if changesSection && moved == nil { return "item \(id) changes section without a move" }
      if !changesSection && moved != nil { movesWithinSection[new.sections[paths.to.section].id, default: 0] += 1 }
      if isChanged(id) {
        if moved != nil { expectedAfterBatch.insert(paths.to) } else { expectedReconfigures.insert(paths.from) }
      }
    }
    if let stray = movedFrom.first { return "a move of something not kept: \(stray.key) -> \(stray.value)" }
    if Set(update.itemReconfigures) != expectedReconfigures {
      return "reconfigures \(update.itemReconfigures), expected \(expectedReconfigures.sorted(by: ascending))"
    }
    if Set(update.itemReconfiguresAfterBatch) != expectedAfterBatch {
      return
        "after-batch reconfigures \(update.itemReconfiguresAfterBatch), expected \(expectedAfterBatch.sorted(by: ascending))"
    }

    // Within each surviving section, only the items off one longest increasing run move.
    for (newIndex, section) in new.sections.enumerated() where oldSectionIDs.contains(section.id) {
      let staying = section.items.compactMap { id -> Int? in
        guard let paths = kept[id], paths.to.section == newIndex,
          old.sections[paths.from.section].id == section.id
        else { return nil }
        return paths.from.item
      }
      let minimal = staying.count - longestIncreasingRun(staying)
      if movesWithinSection[section.id, default: 0] != minimal {
        return "section \(section.id): \(movesWithinSection[section.id, default: 0]) moves, the fewest is \(minimal)"
      }
    }
    let oldSectionIndex = Dictionary(uniqueKeysWithValues: old.sections.enumerated().map { ($1.id, $0) })
    let survivingOrder = new.sections.compactMap { oldSectionIndex[$0.id] }
    let minimalSectionMoves = survivingOrder.count - longestIncreasingRun(survivingOrder)
    if update.sectionMoves.count != minimalSectionMoves {
      return "\(update.sectionMoves.count) section moves, the fewest is \(minimalSectionMoves)"
    }
    let expectedSectionDeletes = old.sections.indices.filter { !newSectionIDs.contains(old.sections[$0].id) }
    let expectedSectionInserts = new.sections.indices.filter { !oldSectionIDs.contains(new.sections[$0].id) }
    if update.sectionDeletes != expectedSectionDeletes {
      return "section deletes \(update.sectionDeletes), expected \(expectedSectionDeletes)"
    }
    if update.sectionInserts != expectedSectionInserts {
      return "section inserts \(update.sectionInserts), expected \(expectedSectionInserts)"
    }
    return nil
  }

  private static func ascending(_ lhs: ItemPath, _ rhs: ItemPath) -> Bool {
    (lhs.section, lhs.item) < (rhs.section, rhs.item)
  }
}
