import ActorStore
import ActorStoreTesting

// Snapshot diff: builds two snapshots from the input, the second either decoded on its own or
// made from a copy of the first by an edit sequence (inserts, deletes and moves of items and
// sections, reconfigure marks), mirroring every call in a plain-array model with the documented
// duplicate and unknown-anchor rules. Then `new.update(from: old, changedItems:)` must pass
// `CollectionUpdateValidator` and the independent `UpdateModel` (replay, identity, exact
// reconfigures, minimal moves, sorted lists), and `update(from:contentChanged:)` must agree.

typealias Model = PlainCollection<UInt8, UInt8>

/// A snapshot under construction and its model, kept in step call by call.
struct Subject {
  var snapshot = Snapshot<UInt8, UInt8>()
  var model = Model()
  var marks = Set<UInt8>()
  var expectedIssues = 0

  private var modelItems: Set<UInt8> { Set(model.sections.flatMap(\.items)) }

  private func sectionIndex(_ id: UInt8) -> Int? { model.sections.firstIndex { $0.id == id } }

  private func itemPath(_ id: UInt8) -> ItemPath? { model.paths[id] }

  /// The items of `items` the snapshot accepts, in order: duplicates of the snapshot's items or
  /// of earlier ones in the call are dropped, each with an issue.
  private mutating func accepted(_ items: [UInt8]) -> [UInt8] {
    var present = modelItems
    var accepted: [UInt8] = []
    for item in items {
      if present.insert(item).inserted { accepted.append(item) } else { expectedIssues += 1 }
    }
    return accepted
  }

  private mutating func acceptedSections(_ sections: [UInt8]) -> [UInt8] {
    var present = Set(model.sections.map(\.id))
    var accepted: [UInt8] = []
    for section in sections {
      if present.insert(section).inserted { accepted.append(section) } else { expectedIssues += 1 }
    }
    return accepted
  }

  mutating func appendSections(_ sections: [UInt8]) {
    snapshot.appendSections(sections)
    model.sections += acceptedSections(sections).map { .init(id: $0, items: []) }
  }

  mutating func appendItems(_ items: [UInt8], toSection section: UInt8?) {
    snapshot.appendItems(items, toSection: section)
    guard let index = section.map(sectionIndex) ?? (model.sections.isEmpty ? nil : model.sections.count - 1) else {
      expectedIssues += 1
      return
    }
    model.sections[index].items += accepted(items)
  }

  mutating func insertItems(_ items: [UInt8], nextTo anchor: UInt8, after: Bool) {
    if after { snapshot.insertItems(items, afterItem: anchor) } else { snapshot.insertItems(items, beforeItem: anchor) }
    guard let path = itemPath(anchor) else {
      expectedIssues += 1
      return
    }
    model.sections[path.section].items.insert(contentsOf: accepted(items), at: path.item + (after ? 1 : 0))
  }

  mutating func deleteItems(_ items: [UInt8]) {
    snapshot.deleteItems(items)
    for item in items {
      guard let path = itemPath(item) else {
        expectedIssues += 1
        continue
      }
      model.sections[path.section].items.remove(at: path.item)
      marks.remove(item)
    }
  }

  mutating func moveItem(_ item: UInt8, nextTo anchor: UInt8, after: Bool) {
    if after { snapshot.moveItem(item, afterItem: anchor) } else { snapshot.moveItem(item, beforeItem: anchor) }
    guard let from = itemPath(item), itemPath(anchor) != nil, item != anchor else {
      expectedIssues += 1
      return
    }
    model.sections[from.section].items.remove(at: from.item)
    let to = itemPath(anchor)!
    model.sections[to.section].items.insert(item, at: to.item + (after ? 1 : 0))
  }

  mutating func insertSections(_ sections: [UInt8], nextTo anchor: UInt8, after: Bool) {
    if after {
      snapshot.insertSections(sections, afterSection: anchor)
    } else {
      snapshot.insertSections(sections, beforeSection: anchor)
    }
    guard let index = sectionIndex(anchor) else {
      expectedIssues += 1
      return
    }
    let new = acceptedSections(sections).map { Model.Section(id: $0, items: []) }
    model.sections.insert(contentsOf: new, at: index + (after ? 1 : 0))
  }

  mutating func deleteSections(_ sections: [UInt8]) {
    snapshot.deleteSections(sections)
    for section in sections {
      guard let index = sectionIndex(section) else {
        expectedIssues += 1
        continue
      }
      marks.subtract(model.sections.remove(at: index).items)
    }
  }

  mutating func moveSection(_ section: UInt8, nextTo anchor: UInt8, after: Bool) {
    if after {
      snapshot.moveSection(section, afterSection: anchor)
    } else {
      snapshot.moveSection(section, beforeSection: anchor)
    }
    guard let from = sectionIndex(section), sectionIndex(anchor) != nil, section != anchor else {
      expectedIssues += 1
      return
    }
    let moved = model.sections.remove(at: from)
    model.sections.insert(moved, at: sectionIndex(anchor)! + (after ? 1 : 0))
  }

  mutating func reconfigureItems(_ items: [UInt8]) {
    snapshot.reconfigureItems(items)
    for item in items {
      if itemPath(item) == nil { expectedIssues += 1 } else { marks.insert(item) }
    }
  }

  /// Every query of the snapshot against the model.
  func verify(_ issues: IssueCounter, _ context: @autoclosure () -> String) {
    require(Model(snapshot) == model, "\(context()): snapshot \(Model(snapshot)), model \(model)")
    require(snapshot.sectionIDs == model.sections.map(\.id), "\(context()): section IDs")
    require(snapshot.itemIDs == model.sections.flatMap(\.items), "\(context()): item IDs")
    require(snapshot.numberOfSections == model.sections.count, "\(context()): numberOfSections")
    require(snapshot.numberOfItems == model.sections.reduce(0) { $0 + $1.items.count }, "\(context()): numberOfItems")
    let paths = model.paths
    for id in UInt8(0)..<32 {
      require(snapshot.path(ofItem: id) == paths[id], "\(context()): path of \(id)")
      require(
        snapshot.section(containingItem: id) == paths[id].map { model.sections[$0.section].id },
        "\(context()): section containing \(id)")
      require(snapshot.index(ofSection: id) == sectionIndex(id), "\(context()): index of section \(id)")
    }
    for section in model.sections {
      require(
        snapshot.numberOfItems(inSection: section.id) == section.items.count, "\(context()): count of \(section.id)")
    }
    require(
      snapshot.reconfiguredItemIDs == marks, "\(context()): marks \(snapshot.reconfiguredItemIDs), model \(marks)")
    require(
      issues.count == expectedIssues, "\(context()): \(issues.count) issues, expected \(expectedIssues): \(issues.all)")
  }
}

/// Section IDs below 8 and item IDs below 24, so that the two snapshots share many of them.
func decode(_ input: inout FuzzInput, into subject: inout Subject) {
  for _ in 0..<input.below(6) {
    let section = UInt8(input.below(8))
    subject.appendSections([section])
    let items = (0..<input.below(7)).map { _ in UInt8(input.below(24)) }
    subject.appendItems(items, toSection: section)
  }
}

func edit(_ input: inout FuzzInput, _ subject: inout Subject) {
  let item = { (input: inout FuzzInput) in UInt8(input.below(26)) }
  let section = { (input: inout FuzzInput) in UInt8(input.below(9)) }
  switch input.below(9) {
  case 0:
    let items = (0..<input.below(4)).map { _ in item(&input) }
    subject.insertItems(items, nextTo: item(&input), after: input.bool())
  case 1: subject.deleteItems((0..<input.below(4)).map { _ in item(&input) })
  case 2: subject.moveItem(item(&input), nextTo: item(&input), after: input.bool())
  case 3:
    let sections = (0..<input.below(3)).map { _ in section(&input) }
    subject.insertSections(sections, nextTo: section(&input), after: input.bool())
  case 4: subject.deleteSections((0..<input.below(3)).map { _ in section(&input) })
  case 5: subject.moveSection(section(&input), nextTo: section(&input), after: input.bool())
  case 6: subject.reconfigureItems((0..<input.below(4)).map { _ in item(&input) })
  case 7:
    let items = (0..<input.below(4)).map { _ in item(&input) }
    subject.appendItems(items, toSection: input.bool() ? nil : section(&input))
  default: subject.appendSections([section(&input)])
  }
}

/// libFuzzer's entry point: decodes and checks one input; a broken check traps, which
/// libFuzzer records as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func snapshotDiffFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let issues = IssueCounter()
  IssueReporting.withReporter(issues) {
    var old = Subject()
    decode(&input, into: &old)
    old.verify(issues, "old")
    var new = Subject()
    if input.bool() {
      new.expectedIssues = old.expectedIssues
      decode(&input, into: &new)
    } else {
      new = old
      for step in 0..<input.below(12) {
        edit(&input, &new)
        new.verify(issues, "edit \(step)")
      }
    }
    new.verify(issues, "new")
    // Editing the copy left the original as it was (value semantics).
    old.expectedIssues = new.expectedIssues
    old.verify(issues, "old after new")

    let changed = Set((0..<input.below(6)).map { _ in UInt8(input.below(26)) })
    let update = new.snapshot.update(from: old.snapshot, changedItems: changed)
    do {
      try CollectionUpdateValidator.validate(update, from: old.snapshot, to: new.snapshot)
    } catch {
      require(false, "validator: \(error)\nold \(old.model)\nnew \(new.model)\nupdate \(update)")
    }
    let marks = new.marks
    let problem = UpdateModel.problem(
      in: update, from: old.model, to: new.model, isChanged: { changed.contains($0) || marks.contains($0) })
    require(
      problem == nil, "\(problem ?? "")\nold \(old.model)\nnew \(new.model)\nchanged \(changed)\nupdate \(update)")

    // The predicate form asks about each survivor outside inserted and deleted sections once.
    var asked: [UInt8] = []
    let asking = new.snapshot.update(from: old.snapshot) { item in
      asked.append(item)
      return changed.contains(item)
    }
    require(asking == update, "update(from:contentChanged:) differs: \(asking) vs \(update)")
    let oldSections = Set(old.model.sections.map(\.id))
    let newSections = Set(new.model.sections.map(\.id))
    let survivors = Set(
      new.model.sections.filter { oldSections.contains($0.id) }.flatMap(\.items)
    ).intersection(old.model.sections.filter { newSections.contains($0.id) }.flatMap(\.items))
    let askedSet = Set(asked)
    require(
      asked.count == askedSet.count && askedSet == survivors.subtracting(marks),
      "asked about \(asked), survivors \(survivors), marked \(marks)")

    // A snapshot compared with itself changes nothing once its marks are reset.
    var unmarked = new.snapshot
    unmarked.resetReconfiguredItems()
    require(unmarked.update(from: new.snapshot).isEmpty, "a snapshot diffed with itself is not empty")
  }
  return 0
}
