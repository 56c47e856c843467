import ActorStore
import ActorStoreTesting

// Declared collections: two declarations of sections of items of seven sorts (shared templates
// and one-off items; two host types; default, Int and UInt8 styles; Int, String and a boxed
// struct content), with IDs drawn from a small range so that items are re-declared with another
// kind or content. Each collection is checked against a model of its declaration (first
// occurrence wins, one issue per dropped duplicate), and the update between them must pass
// `CollectionUpdateValidator` and `UpdateModel` with the declared-collection rules: a kind change
// replaces the item, a content change reconfigures it.

final class TitleHost: ItemHost {
  func prepareForReuse() {}
}

final class BadgeHost: ItemHost {
  func prepareForReuse() {}
}

/// Content too large to be stored inline in an item.
struct Wide: Equatable, Sendable, CustomStringConvertible {
  var a, b, c, d, e: Int
  var description: String { "Wide(\(a))" }
}

enum Templates {
  static let title = ItemTemplate(makeHost: TitleHost.init) { (_, _: Int) in }
  static let titleStyled = ItemTemplate(style: 1, makeHost: TitleHost.init) { (_, _: Int) in }
  static let titleByteStyled = ItemTemplate(style: UInt8(1), makeHost: TitleHost.init) { (_, _: Int) in }
  static let badge = ItemTemplate(makeHost: BadgeHost.init) { (_, _: String) in }
  static let badgeWide = ItemTemplate(makeHost: BadgeHost.init) { (_, _: Wide) in }
}

/// What the model knows of a declared item: its ID, its kind as a key, its content as a
/// type-qualified key (qualified by its template's declaration too: an item moving between a
/// template and a one-off item of the same kind is reconfigured even with equal content), and
/// the `ItemKind` the library must report.
struct DeclaredItem {
  let id: UInt8
  let kindKey: String
  let contentKey: String
  let kind: ItemKind
  let contentDescription: String
  let model: ItemModel<UInt8>
}

func declaredItem(_ input: inout FuzzInput) -> DeclaredItem {
  let id = UInt8(input.below(20))
  let value = input.below(4)
  let text = value == 3 ? "a string long enough to live on the heap" : "s\(value)"
  let title = ItemKind(hostType: TitleHost.self)
  switch input.below(7) {
  case 0:
    return DeclaredItem(
      id: id, kindKey: "title", contentKey: "Int \(value)", kind: title, contentDescription: "\(value)",
      model: Templates.title.item(id: id, content: value))
  case 1:
    return DeclaredItem(
      id: id, kindKey: "title Int 1", contentKey: "Int \(value)", kind: ItemKind(hostType: TitleHost.self, style: 1),
      contentDescription: "\(value)", model: Templates.titleStyled.item(id: id, content: value))
  case 2:
    return DeclaredItem(
      id: id, kindKey: "title UInt8 1", contentKey: "Int \(value)",
      kind: ItemKind(hostType: TitleHost.self, style: UInt8(1)), contentDescription: "\(value)",
      model: Templates.titleByteStyled.item(id: id, content: value))
  case 3:
    return DeclaredItem(
      id: id, kindKey: "badge", contentKey: "String \(text)", kind: ItemKind(hostType: BadgeHost.self),
      contentDescription: text, model: Templates.badge.item(id: id, content: text))
  case 4:
    let wide = Wide(a: value, b: 1, c: 2, d: 3, e: 4)
    return DeclaredItem(
      id: id, kindKey: "badge", contentKey: "Wide \(value)", kind: ItemKind(hostType: BadgeHost.self),
      contentDescription: "\(wide)", model: Templates.badgeWide.item(id: id, content: wide))
  case 5:
    return DeclaredItem(
      id: id, kindKey: "title", contentKey: "Int \(value) one-off", kind: title, contentDescription: "\(value)",
      model: ItemModel(id: id, content: value, makeHost: TitleHost.init) { _, _ in })
  default:
    return DeclaredItem(
      id: id, kindKey: "title Int 1", contentKey: "Int \(value) one-off",
      kind: ItemKind(hostType: TitleHost.self, style: 1),
      contentDescription: "\(value)",
      model: ItemModel(id: id, style: 1, content: value, makeHost: TitleHost.init) { _, _ in })
  }
}

/// A declaration, the collection made from it, and what the model expects of it.
struct Declaration {
  var collection = DeclaredCollection<UInt8, UInt8>()
  var plain = PlainCollection<UInt8, UInt8>()
  var items: [UInt8: DeclaredItem] = [:]
  var droppedDuplicates = 0

  init(_ input: inout FuzzInput) {
    var sections: [SectionModel<UInt8, UInt8>] = []
    for _ in 0..<input.below(5) {
      let sectionID = UInt8(input.below(6))
      let declared = (0..<input.below(7)).map { _ in declaredItem(&input) }
      sections.append(SectionModel(id: sectionID, items: declared.map(\.model)))
      guard !plain.sections.contains(where: { $0.id == sectionID }) else {
        droppedDuplicates += 1
        continue
      }
      var kept: [UInt8] = []
      for item in declared {
        guard items[item.id] == nil else {
          droppedDuplicates += 1
          continue
        }
        items[item.id] = item
        kept.append(item.id)
      }
      plain.sections.append(.init(id: sectionID, items: kept))
    }
    if input.bool() {
      collection = DeclaredCollection(sections)
    } else {
      collection = DeclaredCollection {
        for section in sections { section }
      }
    }
  }

  func verify(_ context: String) {
    require(
      PlainCollection(collection.snapshot) == plain,
      "\(context): snapshot \(PlainCollection(collection.snapshot)), model \(plain)")
    let order = plain.sections.flatMap(\.items)
    require(collection.items.map(\.id) == order, "\(context): items \(collection.items.map(\.id)), model \(order)")
    require(
      collection.sections.map { PlainCollection.Section(id: $0.id, items: $0.items.map(\.id)) } == plain.sections,
      "\(context): sections")
    for (sectionIndex, section) in plain.sections.enumerated() {
      for (itemIndex, id) in section.items.enumerated() {
        let item = collection[ItemPath(section: sectionIndex, item: itemIndex)]
        require(item.id == id, "\(context): item at [\(sectionIndex), \(itemIndex)] is \(item.id), model \(id)")
      }
    }
    for id in UInt8(0)..<20 {
      let found = collection.item(id: id)
      guard let expected = items[id] else {
        require(found == nil, "\(context): item(id: \(id)) found an undeclared item")
        continue
      }
      guard let found else { return require(false, "\(context): item(id: \(id)) is missing") }
      require(found.kind == expected.kind, "\(context): kind of \(id) is \(found.kind), model \(expected.kind)")
      require(found.kind.hashValue == expected.kind.hashValue, "\(context): kind hash of \(id)")
      require(
        found.contentDescription == expected.contentDescription,
        "\(context): content of \(id) is \(found.contentDescription), model \(expected.contentDescription)")
    }
  }
}

/// libFuzzer's entry point: decodes and checks one input; a broken check traps, which
/// libFuzzer records as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func declaredCollectionFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let issues = IssueCounter()
  IssueReporting.withReporter(issues) {
    let old = Declaration(&input)
    old.verify("old")
    require(issues.count == old.droppedDuplicates, "old: \(issues.count) issues, \(old.droppedDuplicates) duplicates")
    let new = Declaration(&input)
    new.verify("new")
    let expectedIssues = old.droppedDuplicates + new.droppedDuplicates
    require(issues.count == expectedIssues, "new: \(issues.count) issues, expected \(expectedIssues): \(issues.all)")

    for (id, item) in new.items {
      guard let before = old.items[id] else { continue }
      let sameKind = item.kindKey == before.kindKey
      let sameContent = sameKind && item.contentKey == before.contentKey
      require(
        item.model.hasSameKind(as: before.model) == sameKind,
        "hasSameKind of \(id): \(before.kindKey) -> \(item.kindKey)")
      require(
        item.model.hasSameContent(as: before.model) == sameContent,
        "hasSameContent of \(id): \(before.contentKey) -> \(item.contentKey)")
    }

    let update = new.collection.update(from: old.collection)
    do {
      try CollectionUpdateValidator.validate(update, from: old.collection.snapshot, to: new.collection.snapshot)
    } catch {
      require(false, "validator: \(error)\nold \(old.plain)\nnew \(new.plain)\nupdate \(update)")
    }
    let problem = UpdateModel.problem(
      in: update, from: old.plain, to: new.plain,
      keepsIdentity: { new.items[$0]!.kindKey == old.items[$0]!.kindKey },
      isChanged: { new.items[$0]!.contentKey != old.items[$0]!.contentKey })
    require(problem == nil, "\(problem ?? "")\nold \(old.plain)\nnew \(new.plain)\nupdate \(update)")
    require(new.collection.update(from: new.collection).isEmpty, "a collection diffed with itself is not empty")
  }
  return 0
}
