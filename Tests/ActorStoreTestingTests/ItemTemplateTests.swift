import ActorStore
import ActorStoreTesting
import CountryPicker
import Testing

/// A host remembering the last content it was configured with, whatever its type.
final class ValueHost<Value: Sendable>: ItemHost {
  private(set) var value: Value?
  init() {}
  func show(_ value: Value) { self.value = value }
  func prepareForReuse() { value = nil }
}

/// Content of every shape an item stores: plain data in the item's bits, other values in its
/// existential, inline or boxed.
enum Compass: Equatable, Sendable { case north, south(degrees: Int8) }
struct ThreeWords: Equatable, Sendable { var a, b, c: Int }
struct EightWords: Equatable, Sendable {
  var first: ThreeWords
  var second: ThreeWords
  var last: (Int, Int)
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.first == rhs.first && lhs.second == rhs.second && lhs.last == rhs.last
  }
}
final class Reference: Equatable, Sendable {
  let name: String
  init(_ name: String) { self.name = name }
  static func == (lhs: Reference, rhs: Reference) -> Bool { lhs.name == rhs.name }
}

/// A country picker's test store over `countries` (code, name) and the registry of its rows.
func countryStores(_ countries: [(String, String)]) -> (
  TestStore<CountryPicker.State, CountryPicker.Action>, ChildStoreRegistry<String, CountryRow.State, CountryRow.Action>
) {
  let rows = IdentifiedArray(uniqueElements: countries.map { CountryRow.State(id: $0.0, name: $0.1) })
  let store = TestStore(initialState: CountryPicker.State(rows: rows)) {
    CountryPicker()
  } withDependencies: {
    $0.favourites = FavouritesClient { _, _ in }
  }
  return (store, ChildStoreRegistry(parent: store.store, elements: \.rows, action: CountryPicker.rowsPath))
}

/// Items showing whether a country is selected, bound to the country's store.
func selectionTemplate(
  _ registry: ChildStoreRegistry<String, CountryRow.State, CountryRow.Action>
) -> BoundItemTemplate<String, Bool> {
  BoundItemTemplate(in: registry, makeHost: CountryTitleHost.init) { host, isSelected in host.isSelected = isSelected }
}

@Suite struct ItemTemplateTests {
  /// Checks that items of `values` made from one template give back each value, equal to
  /// itself and to no other.
  private func roundTrip<Value: Equatable & Sendable>(_ values: [Value]) {
    let template = ItemTemplate(makeHost: ValueHost<Value>.init) { host, value in host.show(value) }
    let items = values.enumerated().map { template.item(id: $0.offset, content: $0.element) }
    for (index, item) in items.enumerated() {
      let host = ValueHost<Value>()
      item.configure(host)
      #expect(host.value == values[index], "\(Value.self) \(values[index])")
      #expect(item.contentDescription == "\(values[index])")
      #expect(item.kind == template.kind)
      for (otherIndex, other) in items.enumerated() {
        #expect(item.hasSameKind(as: other))
        #expect(item.hasSameContent(as: other) == (values[index] == values[otherIndex]), "\(values[index])")
      }
    }
  }

  @Test func contentOfEveryShapeComesBackAsItWasDeclared() {
    roundTrip([0, 1, -1, .max])
    roundTrip([false, true])
    roundTrip([0.5, -0.0, 1e300])
    roundTrip([nil, 0, 7] as [Int?])
    roundTrip([Compass.north, .south(degrees: 3), .south(degrees: -3)])
    roundTrip(["", "short", "a string longer than fifteen bytes, stored out of line"])
    roundTrip([ThreeWords(a: 1, b: 2, c: 3), ThreeWords(a: 1, b: 2, c: 4)])
    let words = ThreeWords(a: 1, b: 2, c: 3)
    roundTrip([
      EightWords(first: words, second: words, last: (7, 8)), EightWords(first: words, second: words, last: (7, 0)),
    ])
    roundTrip([[1, 2], [], [1, 2, 3]])
    roundTrip([Reference("a"), Reference("b")])
  }

  @Test func itemsOfTheSameHostAndStyleAreOneKindWhicheverWayTheyWereMade() {
    let body = ItemTemplate(style: TextHost.Style.body, makeHost: TextHost.init) { host, value in host.show(value) }
    let sameKind = ItemTemplate(style: TextHost.Style.body, makeHost: TextHost.init) { host, value in host.show(value) }
    let title = ItemTemplate(style: TextHost.Style.title, makeHost: TextHost.init) { host, value in host.show(value) }
    let text = ItemTemplate(style: TextHost.Style.body, makeHost: TextHost.init) { (host, text: String) in
      host.show(text.count)
    }
    let oneByOne = ItemModel(id: 1, style: TextHost.Style.body, content: 5, makeHost: TextHost.init) { host, value in
      host.show(value)
    }
    #expect(body.kind == sameKind.kind && body.kind == oneByOne.kind && body.kind != title.kind)
    // One kind, three declarations: three templates, so equal content still needs a reconfigure.
    #expect(body.item(id: 1, content: 5).hasSameKind(as: sameKind.item(id: 1, content: 5)))
    #expect(!body.item(id: 1, content: 5).hasSameTemplate(as: sameKind.item(id: 1, content: 5)))
    #expect(!body.item(id: 1, content: 5).hasSameContent(as: sameKind.item(id: 1, content: 5)))
    #expect(!body.item(id: 1, content: 5).hasSameContent(as: oneByOne))
    #expect(body.item(id: 1, content: 5).hasSameContent(as: body.item(id: 2, content: 5)))
    #expect(!body.item(id: 1, content: 6).hasSameContent(as: body.item(id: 2, content: 5)))
    #expect(!title.item(id: 1, content: 5).hasSameKind(as: oneByOne))
    // Another content type on the same host and style is the same kind with other content.
    #expect(text.item(id: 1, content: "five").hasSameKind(as: oneByOne))
    #expect(!text.item(id: 1, content: "five").hasSameContent(as: oneByOne))
  }

  @Test func aBoundItemWhoseElementChangesIsReconfiguredOntoTheNewElementsStore() async throws {
    let (store, registry) = countryStores([("NZ", "New Zealand"), ("FR", "France")])
    let selection = selectionTemplate(registry)
    let simulator = DeclaredCollectionHostSimulator<Int, String>(hostCount: 2)
    @discardableResult func show(_ element: String) throws -> CollectionUpdate<Int, String> {
      let update = try simulator.apply(
        DeclaredCollection { SectionModel(id: 0) { selection.item(id: "pick", element: element, content: true) } })
      store.executor.runUntilIdle()
      return update
    }
    try show("NZ")
    let host = try #require(simulator.host(for: "pick", as: CountryTitleHost.self))
    #expect(host.store === registry.store(for: "NZ") && host.isSelected)

    let update = try show("FR")
    #expect(update.itemReconfigures == [ItemPath(section: 0, item: 0)])
    #expect(simulator.host(for: "pick") === host)
    #expect(host.store === registry.store(for: "FR"))
    #expect(host.rendered == ["title New Zealand", "title France"])
    #expect(registry.boundHostCount == 1)

    #expect(try show("FR").isEmpty)
    simulator.tearDown()
    #expect(registry.boundHostCount == 0)
    await store.finish()
  }
}

@Suite struct BoundItemTemplatePropertyTests {
  /// Random collections of items bound to random elements (an item keeps its ID while its
  /// element, content and template change), applied and scrolled: every visible host shows the
  /// store of its item's current element, the registry counts exactly the visible hosts, and
  /// nothing is reported.
  @Test func visibleHostsAlwaysShowTheirItemsCurrentElement() async throws {
    let countries = ["NZ", "FR", "JP", "PE", "CL", "IT"]
    let (store, registry) = countryStores(countries.map { ($0, $0) })
    // Two templates of one kind (a shared one and a fresh one per collection) and one-off items.
    let shared = selectionTemplate(registry)
    let simulator = DeclaredCollectionHostSimulator<Int, Int>(hostCount: 4)
    let issues = IssueCollector()
    var random = SeededGenerator(seed: 31)
    try IssueReporting.withReporter(issues) {
      for step in 0..<2_000 {
        let fresh = selectionTemplate(registry)
        let ids = Array(0..<10).shuffled(using: &random).prefix(Int.random(in: 0...10, using: &random))
        var elements: [Int: String] = [:]
        let items = ids.map { id -> ItemModel<Int> in
          let element = countries.randomElement(using: &random)!
          let isSelected = Bool.random(using: &random)
          elements[id] = element
          switch Int.random(in: 0..<3, using: &random) {
          case 0: return shared.item(id: id, element: element, content: isSelected)
          case 1: return fresh.item(id: id, element: element, content: isSelected)
          default:
            return ItemModel(
              id: id, content: isSelected, element: element, in: registry, makeHost: CountryTitleHost.init
            ) { host, isSelected in host.isSelected = isSelected }
          }
        }
        try simulator.apply(DeclaredCollection([SectionModel(id: 0, items: items)]))
        simulator.scroll(to: Int.random(in: 0...6, using: &random))
        store.executor.runUntilIdle()
        #expect(simulator.staleVisibleIDs.isEmpty, "step \(step)")
        for id in simulator.visibleIDs {
          let host = try #require(simulator.host(for: id, as: CountryTitleHost.self))
          let element = try #require(elements[id])
          #expect(host.store === registry.store(for: element), "step \(step): item \(id) should show \(element)")
          #expect(host.rendered.last == "title \(element)", "step \(step), item \(id)")
        }
        #expect(registry.boundHostCount == simulator.visibleIDs.count, "step \(step)")
      }
      simulator.tearDown()
    }
    #expect(issues.messages.isEmpty, "\(issues.messages.prefix(3))")
    #expect(registry.boundHostCount == 0)
    await store.finish()
  }
}
