import ActorStore
import ActorStoreTesting
import Testing

/// A headless host whose rendering is everything its templates set since its last
/// `prepareForReuse()`: which template configured it, the text, and a bold flag that only the
/// bold template sets, so a template's setting left behind by a switch shows.
class RenderingHost: ItemHost {
  struct Rendering: Equatable, CustomStringConvertible {
    var template: String?
    var text: String?
    var isBold = false
    var description: String { "\(template ?? "-"):\(text ?? "-")\(isBold ? " bold" : "")" }
  }

  private(set) var rendering = Rendering()
  /// Configures since the host was made, across reuses.
  private(set) var configurations = 0

  required init() {}

  func render(_ template: String, _ text: String) {
    rendering.template = template
    rendering.text = text
    configurations += 1
  }

  func setBold() { rendering.isBold = true }

  func prepareForReuse() { rendering = Rendering() }
}

/// Another host type: its items are another kind.
final class BadgeRenderingHost: RenderingHost {}

/// The templates of the tests, each declared once here; `perDeclaration()` is one declaration
/// made into a new template object on every call, like a bound template made per collection.
enum RenderingTemplates {
  static let plain = ItemTemplate(makeHost: RenderingHost.init) { (host, text: String) in host.render("plain", text) }
  static let bold = ItemTemplate(makeHost: RenderingHost.init) { (host, text: String) in
    host.setBold()
    host.render("bold", text)
  }
  /// The same kind as `plain` and `bold`, with another content type.
  static let count = ItemTemplate(makeHost: RenderingHost.init) { (host, count: Int) in
    host.render("count", "\(count)")
  }
  /// Another kind: same host type, another style.
  static let title = ItemTemplate(style: "title", makeHost: RenderingHost.init) { (host, text: String) in
    host.render("title", text)
  }
  /// Another kind: another host type.
  static let badge = ItemTemplate(makeHost: BadgeRenderingHost.init) { (host, text: String) in
    host.render("badge", text)
  }

  static func perDeclaration() -> ItemTemplate<String> {
    ItemTemplate(makeHost: RenderingHost.init) { host, text in host.render("perDeclaration", text) }
  }

  /// A one-off item: a template of its own per call, all from this one declaration.
  static func oneOff(_ id: Int, _ text: String) -> ItemModel<Int> {
    ItemModel(id: id, content: text, makeHost: RenderingHost.init) { host, text in host.render("oneOff", text) }
  }
}

@Suite struct TemplateIdentityTests {
  private static func collection(_ items: [ItemModel<Int>]) -> DeclaredCollection<Int, Int> {
    DeclaredCollection([SectionModel(id: 0, items: items)])
  }

  @Test func anItemSwitchedToAnotherTemplateOfItsKindWithEqualContentIsReconfigured() throws {
    let simulator = DeclaredCollectionHostSimulator<Int, Int>(hostCount: 4)
    try simulator.apply(Self.collection([RenderingTemplates.plain.item(id: 1, content: "Hello")]))
    let host = try #require(simulator.host(for: 1, as: RenderingHost.self))
    #expect(host.rendering.description == "plain:Hello")

    let toBold = try simulator.apply(Self.collection([RenderingTemplates.bold.item(id: 1, content: "Hello")]))
    #expect(toBold.itemReconfigures == [ItemPath(section: 0, item: 0)])
    #expect(toBold.itemDeletes.isEmpty && toBold.itemInserts.isEmpty, "same kind: reconfigured, not replaced")
    #expect(simulator.host(for: 1) === host)
    #expect(host.rendering.description == "bold:Hello bold")

    // Back to plain: the old template is released first, so its bold flag does not linger.
    let toPlain = try simulator.apply(Self.collection([RenderingTemplates.plain.item(id: 1, content: "Hello")]))
    #expect(toPlain.itemReconfigures == [ItemPath(section: 0, item: 0)])
    #expect(host.rendering.description == "plain:Hello")
    #expect(simulator.staleVisibleIDs.isEmpty)
  }

  @Test func templatesOfOneKindFromTwoDeclarationsAreDifferentTemplates() {
    let plain = RenderingTemplates.plain.item(id: 1, content: "a")
    let bold = RenderingTemplates.bold.item(id: 1, content: "a")
    #expect(plain.hasSameKind(as: bold))
    #expect(!plain.hasSameTemplate(as: bold))
    #expect(!plain.hasSameContent(as: bold))
    #expect(plain.hasSameContent(as: RenderingTemplates.plain.item(id: 1, content: "a")))
  }

  @Test func aTemplateMadeAgainByTheSameDeclarationReconfiguresNothing() throws {
    let simulator = DeclaredCollectionHostSimulator<Int, Int>(hostCount: 4)
    func declare() -> DeclaredCollection<Int, Int> {
      let template = RenderingTemplates.perDeclaration()
      return Self.collection([template.item(id: 1, content: "a"), RenderingTemplates.oneOff(2, "b")])
    }
    try simulator.apply(declare())
    let first = declare()
    let second = declare()
    #expect(first[ItemPath(section: 0, item: 0)].hasSameTemplate(as: second[ItemPath(section: 0, item: 0)]))
    #expect(first[ItemPath(section: 0, item: 1)].hasSameTemplate(as: second[ItemPath(section: 0, item: 1)]))
    for _ in 0..<3 { #expect(try simulator.apply(declare()).isEmpty) }
    #expect(simulator.reconfigureCount == 0)
    #expect(simulator.host(for: 1, as: RenderingHost.self)?.configurations == 1)
    #expect(simulator.host(for: 2, as: RenderingHost.self)?.configurations == 1)
  }
}

@Suite struct TemplateIdentityPropertyTests {
  /// One declared item of the independent model: a template by name, and its content as text.
  private struct Declared: Equatable {
    var template: String
    var text: String

    /// The model's kinds: the host type and style each template is declared with.
    var kind: String {
      switch template {
      case "title": "title"
      case "badge": "badge"
      default: "text"
      }
    }

    /// The rendering a host configured with this item alone shows.
    var rendering: RenderingHost.Rendering {
      RenderingHost.Rendering(template: template, text: text, isBold: template == "bold")
    }

    static let templates = ["plain", "bold", "count", "title", "badge", "perDeclaration", "oneOff"]

    static func random(using random: inout SeededGenerator) -> Declared {
      let template = templates.randomElement(using: &random)!
      let text =
        template == "count"
        ? "\(Int.random(in: 0...2, using: &random))" : ["a", "b", "1"].randomElement(using: &random)!
      return Declared(template: template, text: text)
    }

    func model(id: Int, perDeclaration: ItemTemplate<String>) -> ItemModel<Int> {
      switch template {
      case "plain": RenderingTemplates.plain.item(id: id, content: text)
      case "bold": RenderingTemplates.bold.item(id: id, content: text)
      case "count": RenderingTemplates.count.item(id: id, content: Int(text)!)
      case "title": RenderingTemplates.title.item(id: id, content: text)
      case "badge": RenderingTemplates.badge.item(id: id, content: text)
      case "perDeclaration": perDeclaration.item(id: id, content: text)
      default: RenderingTemplates.oneOff(id, text)
      }
    }
  }

  /// Random declare / re-declare sequences over several sections, against a model of IDs to
  /// (template, content): after every update, every item's host renders exactly its latest
  /// declaration (nothing of an earlier template left on it); an item whose kind, template and
  /// content did not change is never reconfigured, keeps its host and is not configured again;
  /// an item of the same kind with another template or content is reconfigured on its host; an
  /// item of another kind is replaced.
  @Test func hostsRenderTheLatestDeclarationAndUnchangedItemsAreNeverReconfigured() throws {
    let itemIDs = Array(0..<12)
    // What the sequences exercised: kept items left alone, and template switches with equal content.
    var unchangedKept = 0
    var templateSwitchesWithEqualContent = 0
    for seed in UInt64(1)...60 {
      var random = SeededGenerator(seed: seed)
      // Every item visible, so every declared item has a host to check.
      let simulator = DeclaredCollectionHostSimulator<Int, Int>(hostCount: itemIDs.count)
      var model: [Int: Declared] = [:]
      for step in 0..<40 {
        var next: [Int: Declared] = [:]
        var sections: [(id: Int, ids: [Int])] = []
        let sectionIDs = Array(0..<3).shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random))
        var remaining = itemIDs.shuffled(using: &random).prefix(Int.random(in: 0...itemIDs.count, using: &random))
        for (index, sectionID) in sectionIDs.enumerated() {
          let count =
            index == sectionIDs.count - 1 ? remaining.count : Int.random(in: 0...remaining.count, using: &random)
          sections.append((sectionID, Array(remaining.prefix(count))))
          remaining = remaining.dropFirst(count)
        }
        for id in sections.flatMap(\.ids) {
          // Half the items keep their declaration, so unchanged items are common.
          if let kept = model[id], Bool.random(using: &random) {
            next[id] = kept
          } else {
            next[id] = Declared.random(using: &random)
          }
        }

        let before = Dictionary(
          uniqueKeysWithValues: simulator.visibleIDs.compactMap { id in
            simulator.host(for: id, as: RenderingHost.self).map { (id, (host: $0, configurations: $0.configurations)) }
          })
        let old = simulator.collection
        let perDeclaration = RenderingTemplates.perDeclaration()
        let new = DeclaredCollection<Int, Int>(
          sections.map { section in
            SectionModel(
              id: section.id, items: section.ids.map { next[$0]!.model(id: $0, perDeclaration: perDeclaration) })
          })
        let update = try simulator.apply(new)
        let context = "seed \(seed), step \(step)"

        let reconfigured = Set(
          update.itemReconfigures.map { old[$0].id } + update.itemReconfiguresAfterBatch.map { new[$0].id })
        let deletedPaths = Set(update.itemDeletes)
        let insertedPaths = Set(update.itemInserts)
        for (id, declared) in next {
          let host = try #require(simulator.host(for: id, as: RenderingHost.self), "\(context): item \(id) has no host")
          #expect(host.rendering == declared.rendering, "\(context): item \(id) shows \(host.rendering)")
          #expect((host is BadgeRenderingHost) == (declared.kind == "badge"), "\(context): item \(id)")
          guard let previous = model[id], let oldPath = old.snapshot.path(ofItem: id),
            let newPath = new.snapshot.path(ofItem: id)
          else { continue }
          // Kept: neither deleted nor inserted, alone or with its section.
          let kept =
            !deletedPaths.contains(oldPath) && !update.sectionDeletes.contains(oldPath.section)
            && !insertedPaths.contains(newPath) && !update.sectionInserts.contains(newPath.section)
          if previous == declared {
            #expect(!reconfigured.contains(id), "\(context): unchanged item \(id) (\(declared)) reconfigured")
            if kept, let was = before[id] {
              unchangedKept += 1
              #expect(host === was.host, "\(context): unchanged item \(id) changed host")
              #expect(host.configurations == was.configurations, "\(context): unchanged item \(id) configured again")
            }
          } else if previous.kind == declared.kind {
            if kept && previous.text == declared.text { templateSwitchesWithEqualContent += 1 }
            #expect(
              !kept || reconfigured.contains(id), "\(context): item \(id) \(previous) → \(declared) not reconfigured")
          } else {
            #expect(!kept, "\(context): item \(id) changed kind (\(previous) → \(declared)) but was kept")
          }
        }
        #expect(simulator.staleVisibleIDs.isEmpty, "\(context)")
        model = next
      }
    }
    #expect(
      unchangedKept > 1_000 && templateSwitchesWithEqualContent > 100,
      "\(unchangedKept), \(templateSwitchesWithEqualContent)")
  }
}
