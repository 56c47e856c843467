import ActorStore
import ActorStoreTesting
import Testing

/// A headless host recording what it was configured with; one subclass per host type, so each
/// is its own kind.
class RecordingHost: ItemHost {
  private(set) var content: Int?
  private(set) var configurations = 0
  private(set) var reuses = 0

  required init() {}

  func show(_ content: Int) {
    self.content = content
    configurations += 1
  }

  func prepareForReuse() {
    content = nil
    reuses += 1
  }
}

final class TextHost: RecordingHost {
  enum Style: Hashable, Sendable { case body, title }
}
final class ImageHost: RecordingHost {}
final class SpacerHost: RecordingHost {}
final class BadgeHost: RecordingHost {}

/// One declared item of the tests: kind 0…4 picks among five kinds (two text styles, three
/// other host types). Half the items, by ID and content, are made from a shared template per
/// kind and half one by one, so an item often changes from one way to the other between two
/// collections.
struct TestItem: Hashable {
  var id: Int
  var kind: Int
  var content: Int

  static let kindCount = 5

  var model: ItemModel<Int> {
    guard (id + content) % 2 != 0 else { return Self.templates[kind].item(id: id, content: content) }
    return switch kind {
    case 0: Self.model(id, TextHost.self, style: TextHost.Style.body, content)
    case 1: Self.model(id, TextHost.self, style: TextHost.Style.title, content)
    case 2: Self.model(id, ImageHost.self, content)
    case 3: Self.model(id, SpacerHost.self, content)
    default: Self.model(id, BadgeHost.self, content)
    }
  }

  private static func model<Host: RecordingHost, Style: Hashable & Sendable>(
    _ id: Int, _ host: Host.Type, style: Style = ItemKind.DefaultStyle(), _ content: Int
  ) -> ItemModel<Int> {
    ItemModel(id: id, style: style, content: content, makeHost: { Host() }) { host, content in host.show(content) }
  }

  private static func template<Host: RecordingHost, Style: Hashable & Sendable>(
    _ host: Host.Type, style: Style = ItemKind.DefaultStyle()
  ) -> ItemTemplate<Int> {
    ItemTemplate(style: style, makeHost: { Host() }) { host, content in host.show(content) }
  }

  /// The kinds' templates, in kind order.
  private static let templates = [
    template(TextHost.self, style: TextHost.Style.body), template(TextHost.self, style: TextHost.Style.title),
    template(ImageHost.self), template(SpacerHost.self), template(BadgeHost.self),
  ]
}

typealias TestSections = [(id: String, items: [TestItem])]

func declared(_ sections: TestSections) -> DeclaredCollection<String, Int> {
  DeclaredCollection(sections.map { SectionModel(id: $0.id, items: $0.items.map(\.model)) })
}

/// Validates `new.update(from: old)` as a declared-collection update.
@discardableResult
func checkedUpdate(
  from old: DeclaredCollection<String, Int>, to new: DeclaredCollection<String, Int>
) throws -> CollectionUpdate<String, Int> {
  let update = new.update(from: old)
  try CollectionUpdateValidator.validate(update, from: old, to: new)
  return update
}

@Suite struct DeclaredCollectionTests {
  @Test func theBuilderTakesIfElseForOptionalsAndArrays() {
    let names = ["a", "b"]
    let optional: ItemModel<String>? = nil
    func text(_ id: String) -> ItemModel<String> {
      ItemModel(id: id, content: id, makeHost: { TextHost() }) { host, _ in host.show(0) }
    }
    for flag in [false, true] {
      let collection = DeclaredCollection<Int, String> {
        SectionModel(id: 0) {
          text("header")
          if flag { text("flag") } else { text("noFlag") }
          for name in names {
            text("title-\(name)")
            text("spacing-\(name)")
          }
          optional
          names.map { text("array-\($0)") }
        }
        if flag { SectionModel(id: 1, items: [text("second")]) }
      }
      let expected =
        ["header", flag ? "flag" : "noFlag", "title-a", "spacing-a", "title-b", "spacing-b", "array-a", "array-b"]
        + (flag ? ["second"] : [])
      #expect(collection.snapshot.itemIDs == expected)
      #expect(collection.items.map(\.id) == expected)
      #expect(collection.snapshot.sectionIDs == (flag ? [0, 1] : [0]))
      #expect(collection.item(id: "title-b")?.contentDescription == "title-b")
      #expect(collection.sections.map(\.items.count) == (flag ? [8, 1] : [8]))
    }
  }

  @Test func contentChangesReconfigureInsideOrAfterTheBatch() throws {
    let old = declared([("A", [TestItem(id: 1, kind: 0, content: 0), TestItem(id: 2, kind: 2, content: 0), TestItem(id: 3, kind: 3, content: 0)])])
    // 2 changes in place; 3 changes and moves to the front.
    let new = declared([("A", [TestItem(id: 3, kind: 3, content: 1), TestItem(id: 1, kind: 0, content: 0), TestItem(id: 2, kind: 2, content: 1)])])
    let update = try checkedUpdate(from: old, to: new)
    #expect(update.itemMoves == [.init(from: ItemPath(section: 0, item: 2), to: ItemPath(section: 0, item: 0))])
    #expect(update.itemReconfigures == [ItemPath(section: 0, item: 1)])
    #expect(update.itemReconfiguresAfterBatch == [ItemPath(section: 0, item: 0)])
    #expect(update.itemDeletes.isEmpty && update.itemInserts.isEmpty)
  }

  @Test func aKindChangeReplacesTheItemEvenWhenTheHostTypeStays() throws {
    let old = declared([("A", [TestItem(id: 1, kind: 0, content: 0), TestItem(id: 2, kind: 2, content: 0)]), ("B", [TestItem(id: 3, kind: 3, content: 0)])])
    // 1: same host type, other style; 2: other host type, same content; 3: changes section and kind.
    let new = declared([("A", [TestItem(id: 1, kind: 1, content: 0), TestItem(id: 3, kind: 4, content: 0)]), ("B", [TestItem(id: 2, kind: 3, content: 0)])])
    let update = try checkedUpdate(from: old, to: new)
    #expect(update.itemDeletes == [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 1), ItemPath(section: 1, item: 0)])
    #expect(update.itemInserts == [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 1), ItemPath(section: 1, item: 0)])
    #expect(update.itemMoves.isEmpty && update.itemReconfigures.isEmpty && update.itemReconfiguresAfterBatch.isEmpty)
  }

  @Test func keepingAKindChangedItemFailsValidation() throws {
    let old = declared([("A", [TestItem(id: 1, kind: 0, content: 0)])])
    let new = declared([("A", [TestItem(id: 1, kind: 2, content: 0)])])
    #expect(throws: CollectionUpdateValidationError.self) {
      try CollectionUpdateValidator.validate(CollectionUpdate(), from: old, to: new)
    }
    let stale = declared([("A", [TestItem(id: 1, kind: 0, content: 5)])])
    let error = #expect(throws: CollectionUpdateValidationError.self) {
      try CollectionUpdateValidator.validate(CollectionUpdate(), from: old, to: stale)
    }
    #expect(error?.message.contains("not reconfigured") == true)
    let needless = CollectionUpdate<String, Int>(itemReconfigures: [ItemPath(section: 0, item: 0)])
    #expect(throws: CollectionUpdateValidationError.self) {
      try CollectionUpdateValidator.validate(needless, from: old, to: old)
    }
  }

  @Test func rotatingByOneIsOneMove() throws {
    let items = (0..<50).map { TestItem(id: $0, kind: $0 % TestItem.kindCount, content: 0) }
    let update = try checkedUpdate(from: declared([("A", items)]), to: declared([("A", Array(items.dropFirst()) + [items[0]])]))
    #expect(update.itemMoves.count == 1)
  }

  @Test func duplicateIDsAreReportedWithBothPositionsAndTheFirstIsKept() {
    let issues = IssueCollector()
    let collection = IssueReporting.withReporter(issues) {
      declared([
        ("A", [TestItem(id: 1, kind: 0, content: 0), TestItem(id: 2, kind: 2, content: 0), TestItem(id: 1, kind: 3, content: 9)]),
        ("B", [TestItem(id: 2, kind: 4, content: 0), TestItem(id: 3, kind: 0, content: 0)]),
        ("A", [TestItem(id: 4, kind: 0, content: 0)]),
      ])
    }
    #expect(collection.snapshot.sectionIDs == ["A", "B"])
    #expect(collection.snapshot.itemIDs(inSection: "A") == [1, 2])
    #expect(collection.snapshot.itemIDs(inSection: "B") == [3])
    #expect(collection.item(id: 1)?.contentDescription == "0")
    #expect(collection.items.map(\.id) == [1, 2, 3])
    #expect(issues.messages.count == 3)
    #expect(issues.messages[0].contains("duplicate item ID 1: declared again at item 2 of section A"))
    #expect(issues.messages[0].contains("already kept at [0, 0] in section A"))
    #expect(issues.messages[1].contains("duplicate item ID 2: declared again at item 0 of section B"))
    #expect(issues.messages[1].contains("already kept at [0, 1] in section A"))
    #expect(issues.messages[2].contains("duplicate section ID A: declared again at section position 2"))
    // The collection still diffs cleanly.
    #expect(throws: Never.self) { try checkedUpdate(from: DeclaredCollection(), to: collection) }
  }
}

@Suite struct DeclaredCollectionPropertyTests {
  /// A random collection: up to 5 of sections "A"…"F", items with IDs from 0..<40.
  static func randomSections(using random: inout SeededGenerator) -> TestSections {
    var ids = Array(0..<40).shuffled(using: &random)[...]
    let sectionIDs = ["A", "B", "C", "D", "E", "F"].shuffled(using: &random).prefix(Int.random(in: 0...5, using: &random))
    return sectionIDs.map { section in
      let count = min(ids.count, Int.random(in: 0...9, using: &random))
      let items = ids.prefix(count).map {
        TestItem(id: $0, kind: Int.random(in: 0..<TestItem.kindCount, using: &random), content: Int.random(in: 0..<3, using: &random))
      }
      ids = ids.dropFirst(count)
      return (section, items)
    }
  }

  /// `old` edited: section churn, item deletes and inserts, moves within and across sections,
  /// content edits and kind swaps, each with its own probability.
  static func edited(_ old: TestSections, using random: inout SeededGenerator) -> TestSections {
    var sections = old
    if Bool.random(using: &random), !sections.isEmpty { sections.remove(at: Int.random(in: 0..<sections.count, using: &random)) }
    if Bool.random(using: &random) { sections.shuffle(using: &random) }
    let used = Set(sections.map(\.id))
    if Bool.random(using: &random), let fresh = ["A", "B", "C", "D", "E", "F"].first(where: { !used.contains($0) }) {
      sections.insert((fresh, []), at: Int.random(in: 0...sections.count, using: &random))
    }
    guard !sections.isEmpty else { return sections }
    var moving: [TestItem] = []
    for index in sections.indices {
      sections[index].items = sections[index].items.compactMap { item in
        var item = item
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return nil
        case 1: item.kind = (item.kind + Int.random(in: 1..<TestItem.kindCount, using: &random)) % TestItem.kindCount
        case 2, 3: item.content = (item.content + 1) % 3
        case 4:
          moving.append(item)
          return nil
        default: break
        }
        return item
      }
      if Int.random(in: 0..<4, using: &random) == 0 { sections[index].items.shuffle(using: &random) }
    }
    let present = Set(sections.flatMap { $0.items.map(\.id) } + moving.map(\.id))
    let fresh = (0..<40).filter { !present.contains($0) }.shuffled(using: &random).prefix(Int.random(in: 0...4, using: &random))
    for item in moving + fresh.map({ TestItem(id: $0, kind: Int.random(in: 0..<TestItem.kindCount, using: &random), content: 0) }) {
      let section = Int.random(in: 0..<sections.count, using: &random)
      sections[section].items.insert(item, at: Int.random(in: 0...sections[section].items.count, using: &random))
    }
    return sections
  }

  /// The fewest item moves: every kept item (same ID and kind, in sections that survive) that
  /// changes section, plus, per section, the kept items outside a longest run in old order.
  static func minimalMoves(from old: TestSections, to new: TestSections) -> Int {
    let newSections = Set(new.map(\.id))
    let oldSections = Set(old.map(\.id))
    var oldPlace: [Int: (section: String, index: Int, kind: Int)] = [:]
    for section in old where newSections.contains(section.id) {
      for (index, item) in section.items.enumerated() { oldPlace[item.id] = (section.id, index, item.kind) }
    }
    var moves = 0
    for section in new where oldSections.contains(section.id) {
      var sameSection: [Int] = []
      for item in section.items {
        guard let place = oldPlace[item.id], place.kind == item.kind else { continue }
        if place.section == section.id { sameSection.append(place.index) } else { moves += 1 }
      }
      var tails: [Int] = []
      for value in sameSection {
        if let slot = tails.firstIndex(where: { $0 >= value }) { tails[slot] = value } else { tails.append(value) }
      }
      moves += sameSection.count - tails.count
    }
    return moves
  }

  /// The items kept with their kind, in sections that survive, whose content changed: exactly
  /// the items an update reconfigures.
  static func contentEdits(from old: TestSections, to new: TestSections) -> Int {
    let newSections = Set(new.map(\.id))
    let oldSections = Set(old.map(\.id))
    var oldItems: [Int: TestItem] = [:]
    for section in old where newSections.contains(section.id) {
      for item in section.items { oldItems[item.id] = item }
    }
    return new.filter { oldSections.contains($0.id) }.flatMap(\.items).count { item in
      guard let previous = oldItems[item.id] else { return false }
      return previous.kind == item.kind && previous.content != item.content
    }
  }

  @Test func randomDeclaredPairsGiveValidMinimalUpdates() throws {
    var random = SeededGenerator(seed: 10)
    for pair in 0..<3_000 {
      let oldSections = Self.randomSections(using: &random)
      let newSections = Bool.random(using: &random) ? Self.edited(oldSections, using: &random) : Self.randomSections(using: &random)
      let old = declared(oldSections)
      let new = declared(newSections)
      let update = new.update(from: old)
      do {
        try CollectionUpdateValidator.validate(update, from: old, to: new)
      } catch {
        Issue.record("pair \(pair): \(error)\nold: \(oldSections)\nnew: \(newSections)")
        return
      }
      let minimal = Self.minimalMoves(from: oldSections, to: newSections)
      #expect(update.itemMoves.count == minimal, "pair \(pair): \(update.itemMoves.count) moves, minimum \(minimal)")
      let reconfigures = update.itemReconfigures.count + update.itemReconfiguresAfterBatch.count
      let edited = Self.contentEdits(from: oldSections, to: newSections)
      #expect(reconfigures == edited, "pair \(pair): \(reconfigures) reconfigures for \(edited) content edits")
      #expect(new.update(from: new).isEmpty, "pair \(pair): a collection against itself changes nothing")
    }
  }

  /// The collection answers from its own storage (items holding their IDs, a table of positions
  /// by ID); its snapshot, built on demand, must say the same, duplicates dropped included.
  @Test func queriesAgreeWithTheSnapshotAndTheDeclaredSections() {
    var random = SeededGenerator(seed: 11)
    for round in 0..<2_000 {
      var sections = Self.randomSections(using: &random)
      // Some rounds repeat a section or an item ID, which the collection drops (first wins).
      if Bool.random(using: &random), let copied = sections.randomElement(using: &random) {
        sections.insert(copied, at: Int.random(in: 0...sections.count, using: &random))
      }
      if Bool.random(using: &random), let section = sections.indices.randomElement(using: &random),
        let item = sections.flatMap(\.items).randomElement(using: &random)
      {
        sections[section].items.insert(item, at: Int.random(in: 0...sections[section].items.count, using: &random))
      }
      let collection = IssueReporting.withReporter(IssueCollector()) { declared(sections) }
      // What the collection keeps: the first section of each ID, the first item of each ID.
      var keptSections: TestSections = []
      var seenItems: Set<Int> = []
      for section in sections where !keptSections.contains(where: { $0.id == section.id }) {
        keptSections.append((section.id, section.items.filter { seenItems.insert($0.id).inserted }))
      }
      let snapshot = collection.snapshot
      #expect(collection.sectionIDs == keptSections.map(\.id), "round \(round)")
      #expect(snapshot.sectionIDs == collection.sectionIDs, "round \(round)")
      #expect(collection.numberOfSections == keptSections.count, "round \(round)")
      for (index, section) in keptSections.enumerated() {
        #expect(collection.index(ofSection: section.id) == index, "round \(round)")
        #expect(collection.numberOfItems(inSection: index) == section.items.count, "round \(round)")
        #expect(collection.itemIndices(inSection: index).map { collection.items[$0].id } == section.items.map(\.id))
        #expect(snapshot.itemIDs(inSection: section.id) == section.items.map(\.id), "round \(round)")
      }
      for id in 0..<42 {
        let path = collection.path(ofItem: id)
        #expect(path == snapshot.path(ofItem: id), "round \(round), item \(id)")
        #expect(collection.item(id: id)?.id == (path == nil ? nil : id), "round \(round), item \(id)")
        if let path { #expect(collection[path].id == id, "round \(round), item \(id)") }
      }
      #expect(collection.index(ofSection: "Z") == nil)
    }
  }
}
