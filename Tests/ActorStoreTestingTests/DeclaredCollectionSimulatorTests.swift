import ActorStore
import ActorStoreTesting
import Testing

/// Behaviour calls, in order, as "event id".
final class BehaviourLog: Sendable {
  private let events = Locked<[String]>([])
  var all: [String] { events.withLock { $0 } }
  func record(_ event: String) { events.withLock { $0.append(event) } }
  func drain() -> [String] { events.withLock { events in defer { events = [] }; return events } }
}

@Suite struct DeclaredCollectionSimulatorTests {
  private static func collection(_ items: [TestItem], log: BehaviourLog) -> DeclaredCollection<String, Int> {
    DeclaredCollection([
      SectionModel(
        id: "A",
        items: items.map { item in
          item.model
            .willDisplay { log.record("willDisplay \($0)") }
            .didEndDisplaying { log.record("didEndDisplaying \($0)") }
            .didSelect { log.record("didSelect \($0)") }
        })
    ])
  }

  @Test func sharedActionsRunForEachItemWithItsIDAndReplaceEarlierBehaviours() throws {
    let log = BehaviourLog()
    let actions = ItemActions<Int>(
      didSelect: { log.record("didSelect \($0)") }, willDisplay: { log.record("willDisplay \($0)") },
      didEndDisplaying: { log.record("didEndDisplaying \($0)") })
    let items = (1...4).map { id in
      TestItem(id: id, kind: id % 2, content: 0).model.didSelect { log.record("replaced \($0)") }.actions(actions)
    }
    let simulator = DeclaredCollectionHostSimulator<String, Int>(hostCount: 2)
    try simulator.apply(DeclaredCollection([SectionModel(id: "A", items: items)]))
    #expect(log.drain() == ["willDisplay 1", "willDisplay 2"])
    simulator.tap(2)
    simulator.scroll(to: 2)
    #expect(
      log.drain() == ["didSelect 2", "didEndDisplaying 1", "didEndDisplaying 2", "willDisplay 3", "willDisplay 4"])
    // An item with no actions set keeps none.
    #expect(TestItem(id: 5, kind: 0, content: 0).model.didSelectAction == nil)
  }

  @Test func hostsComeFromOnePoolPerKindAndBehavioursRun() throws {
    let log = BehaviourLog()
    let simulator = DeclaredCollectionHostSimulator<String, Int>(hostCount: 3)
    // Kinds: 0 text/body, 2 image, 3 spacer.
    var items = [
      TestItem(id: 1, kind: 0, content: 0), TestItem(id: 2, kind: 2, content: 0), TestItem(id: 3, kind: 0, content: 0),
      TestItem(id: 4, kind: 3, content: 0), TestItem(id: 5, kind: 0, content: 0),
    ]
    try simulator.apply(Self.collection(items, log: log))
    #expect(simulator.visibleIDs == [1, 2, 3])
    #expect(log.drain() == ["willDisplay 1", "willDisplay 2", "willDisplay 3"])
    let text = items[0].model.kind
    let image = items[1].model.kind
    #expect(simulator.hostsMade(of: text) == 2 && simulator.hostsMade(of: image) == 1)

    // Scrolling by two: 1 and 2 leave, their hosts are pooled by kind; 5 reuses 1's text host,
    // 4 (a spacer) needs a new one although an image host waits in its pool.
    let firstHost = try #require(simulator.host(for: 1, as: TextHost.self))
    simulator.scroll(to: 2)
    #expect(simulator.visibleIDs == [3, 4, 5])
    #expect(log.drain() == ["didEndDisplaying 1", "didEndDisplaying 2", "willDisplay 4", "willDisplay 5"])
    #expect(simulator.host(for: 5) === firstHost)
    #expect(firstHost.reuses == 1 && firstHost.content == 0)
    #expect(simulator.pooledHostCount(of: image) == 1)
    #expect(simulator.hostsMade(of: items[3].model.kind) == 1)
    #expect(simulator.reuseCount == 1)

    simulator.tap(4)
    #expect(log.drain() == ["didSelect 4"])
    let issues = IssueCollector()
    IssueReporting.withReporter(issues) { simulator.tap(1) }
    #expect(issues.messages == ["DeclaredCollectionHostSimulator.tap: item 1 is not on screen; nothing was selected"])

    // A content change reconfigures the same host; a kind change swaps the host for one of the
    // new kind and pools the old one. (Content 8 keeps item 3 made one by one, the same
    // template: a template switch would release the host first.)
    let host3 = try #require(simulator.host(for: 3, as: TextHost.self))
    items[2].content = 8
    items[4].kind = 2
    try simulator.apply(Self.collection(items, log: log))
    #expect(simulator.host(for: 3) === host3)
    #expect(host3.content == 8 && host3.configurations == 2 && host3.reuses == 0)
    #expect(simulator.host(for: 5, as: ImageHost.self) != nil)
    #expect(firstHost.reuses == 2)
    #expect(simulator.pooledHostCount(of: text) == 1 && simulator.pooledHostCount(of: image) == 0)
    #expect(log.drain() == ["didEndDisplaying 5", "willDisplay 5"])
    #expect(simulator.reconfigureCount == 1)
    #expect(simulator.staleVisibleIDs.isEmpty)

    simulator.tearDown()
    #expect(simulator.visibleIDs.isEmpty)
    #expect(log.drain() == ["didEndDisplaying 3", "didEndDisplaying 4", "didEndDisplaying 5"])
  }

  @Test func randomUpdatesAndScrollsNeverLeaveStaleHosts() throws {
    var random = SeededGenerator(seed: 77)
    let simulator = DeclaredCollectionHostSimulator<String, Int>(hostCount: 6)
    var sections = DeclaredCollectionPropertyTests.randomSections(using: &random)
    for step in 0..<1_500 {
      sections =
        Int.random(in: 0..<10, using: &random) == 0
        ? DeclaredCollectionPropertyTests.randomSections(using: &random)
        : DeclaredCollectionPropertyTests.edited(sections, using: &random)
      try simulator.apply(declared(sections))
      simulator.scroll(to: Int.random(in: 0...20, using: &random))
      #expect(simulator.staleVisibleIDs.isEmpty, "step \(step)")
      for id in simulator.visibleIDs {
        let item = try #require(simulator.collection.item(id: id))
        let host = try #require(simulator.host(for: id, as: RecordingHost.self))
        #expect(ObjectIdentifier(type(of: host)) == ObjectIdentifier(item.kind.hostType), "step \(step), item \(id)")
        #expect(host.content.map(String.init) == item.contentDescription, "step \(step), item \(id)")
      }
    }
  }
}
