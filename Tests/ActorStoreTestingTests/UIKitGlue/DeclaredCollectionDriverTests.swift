import ActorStore
import ActorStoreTesting
import CountryPicker
import Testing

/// A fake cell: holds the host the driver installs, and the reuse identifier it was dequeued
/// with.
@MainActor final class FakeCell: DeclaredItemCell {
  let reuseIdentifier: String
  private(set) var installedHost: AnyObject?
  private(set) var installs = 0
  init(reuseIdentifier: String) { self.reuseIdentifier = reuseIdentifier }
  func installHost(_ host: AnyObject) {
    installedHost = host
    installs += 1
  }
}

/// A fake `UICollectionView` for ``DeclaredCollectionDriver``: batch updates checked by a
/// ``RecordingBatchList``, plus a viewport of `visibleCount` items in collection order, reuse
/// queues per identifier, UIKit's prefetching habits (a cell kept off screen and shown again
/// without `cellForItemAt`; a cell prepared for an item and reused for another without being
/// shown), and the `cellForItemAt` calls UIKit makes for reconfigured visible items.
@MainActor final class FakeDeclaredCollectionView: DeclaredCollectionList {
  let batches = RecordingBatchList<String, Int>()
  /// Weak, as a collection view's data source and delegate are: the driver holds the view.
  weak var driverReference: DeclaredCollectionDriver<String, Int>?
  var driver: DeclaredCollectionDriver<String, Int> { driverReference! }
  var rng: SeededGenerator
  var visibleCount = 5
  var first = 0
  private(set) var registered: [String] = []
  private(set) var violations: [String] = []
  private(set) var visible: [Int: FakeCell] = [:]
  private var keptOffScreen: [Int: FakeCell] = [:]
  private var queues: [String: [FakeCell]] = [:]
  private var inBatch = false

  init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

  func registerCell(reuseIdentifier: String) {
    if registered.contains(reuseIdentifier) { violations.append("registered \(reuseIdentifier) twice") }
    registered.append(reuseIdentifier)
  }

  func performBatchUpdates(animated: Bool, _ updates: @escaping () -> Void, completion: @escaping (Bool) -> Void) {
    inBatch = true
    batches.performBatchUpdates(animated: animated, updates, completion: completion)
    inBatch = false
    // UIKit asks again for the visible cells it reconfigures, at their new paths; cells of
    // deleted items (alone or with their section) leave, even when the ID comes back.
    guard let batch = batches.batches.last else { return }
    for id in batch.reconfiguredIDs { cellForVisible(id) }
    var removed = Set<Int>()
    let old = batch.before
    for call in batch.calls {
      switch call {
      case .deleteSections(let sections):
        for section in sections { removed.formUnion(old.itemIDs(inSection: old.sectionIDs[section])) }
      case .deleteItems(let paths):
        for path in paths { removed.insert(old.itemIDs(inSection: old.sectionIDs[path.section])[path.item]) }
      default: break
      }
    }
    layOut(removing: removed)
  }

  func reconfigureItems(at paths: [ItemPath]) {
    batches.reconfigureItems(at: paths)
    guard !inBatch else { return }
    for path in paths { if let item = driver.item(at: path) { cellForVisible(item.id) } }
  }

  func deleteSections(_ sections: [Int]) { batches.deleteSections(sections) }
  func insertSections(_ sections: [Int]) { batches.insertSections(sections) }
  func moveSection(_ section: Int, toSection newSection: Int) { batches.moveSection(section, toSection: newSection) }
  func deleteItems(at paths: [ItemPath]) { batches.deleteItems(at: paths) }
  func insertItems(at paths: [ItemPath]) { batches.insertItems(at: paths) }
  func moveItem(at path: ItemPath, to newPath: ItemPath) { batches.moveItem(at: path, to: newPath) }
  func reloadData() { batches.reloadData() }

  private func path(of id: Int) -> ItemPath? { driver.collection.snapshot.path(ofItem: id) }

  private func cellForVisible(_ id: Int) {
    guard let cell = visible[id], let path = path(of: id) else { return }
    if driver.reuseIdentifier(at: path) != cell.reuseIdentifier {
      violations.append("reconfigure of \(id) across kinds")
      return
    }
    driver.configure(cell, at: path)
  }

  private func dequeue(_ identifier: String) -> FakeCell {
    if !registered.contains(identifier) { violations.append("dequeue of unregistered \(identifier)") }
    if var queue = queues[identifier], !queue.isEmpty {
      let cell = queue.removeLast()
      queues[identifier] = queue
      return cell
    }
    return FakeCell(reuseIdentifier: identifier)
  }

  private func recycle(_ cell: FakeCell) { queues[cell.reuseIdentifier, default: []].append(cell) }

  /// Scrolls so that the item at `index` (collection order) is the first visible one.
  func scroll(to index: Int) {
    first = index
    layOut()
  }

  /// What UIKit does after a batch or a scroll: cells of items leaving the viewport end
  /// displaying, items entering it get a cell.
  func layOut(removing removed: Set<Int> = []) {
    let ids = driver.collection.snapshot.itemIDs
    first = max(0, min(first, ids.count - visibleCount))
    let now = Array(ids[first..<min(ids.count, first + visibleCount)])
    let nowSet = Set(now)
    for (id, cell) in visible {
      let stays = !removed.contains(id) && nowSet.contains(id) && path(of: id).flatMap(driver.reuseIdentifier(at:)) == cell.reuseIdentifier
      guard !stays else { continue }
      visible[id] = nil
      driver.didEndDisplaying(cell)
      if nowSet.contains(id) || removed.contains(id) || Int.random(in: 0..<3, using: &rng) != 0 {
        recycle(cell)
      } else {
        keptOffScreen[id] = cell
      }
    }
    for (id, cell) in keptOffScreen where !nowSet.contains(id) && Bool.random(using: &rng) {
      keptOffScreen[id] = nil
      recycle(cell)
    }
    for id in now where visible[id] == nil {
      let path = path(of: id)!
      let identifier = driver.reuseIdentifier(at: path)!
      if let kept = keptOffScreen.removeValue(forKey: id) {
        if kept.reuseIdentifier == identifier {
          // Shown again from the prefetch cache: willDisplay without cellForItemAt.
          visible[id] = kept
          driver.willDisplay(kept, at: path)
          continue
        }
        recycle(kept)
      }
      let cell = dequeue(identifier)
      driver.configure(cell, at: path)
      visible[id] = cell
      driver.willDisplay(cell, at: path)
    }
    // Prefetch past the viewport, sometimes, and throw the cell back unshown.
    if first + visibleCount < ids.count, Int.random(in: 0..<4, using: &rng) == 0 {
      let id = ids[first + visibleCount]
      if visible[id] == nil, keptOffScreen[id] == nil {
        let path = path(of: id)!
        let cell = dequeue(driver.reuseIdentifier(at: path)!)
        driver.configure(cell, at: path)
        recycle(cell)
      }
    }
  }

  /// Every visible cell's host shows its item's current kind and content.
  func staleVisibleIDs() -> [Int] {
    visible.compactMap { id, cell in
      guard let item = driver.collection.item(id: id), let host = cell.installedHost as? RecordingHost,
        ObjectIdentifier(type(of: host)) == ObjectIdentifier(item.kind.hostType),
        host.content.map(String.init) == item.contentDescription
      else { return id }
      return nil
    }
  }

  func completeAll() { batches.completeAllBatches() }
  func completeNext() { batches.completeNextBatch() }
}

@MainActor @Suite struct DeclaredCollectionDriverTests {
  private func driven(seed: UInt64) -> (FakeDeclaredCollectionView, DeclaredCollectionDriver<String, Int>) {
    let view = FakeDeclaredCollectionView(seed: seed)
    let driver = DeclaredCollectionDriver<String, Int>(list: view)
    view.driverReference = driver
    view.batches.dataSource = { [weak driver] in driver?.collection.snapshot ?? Snapshot() }
    return (view, driver)
  }

  private static func logged(_ sections: TestSections, _ log: BehaviourLog) -> DeclaredCollection<String, Int> {
    DeclaredCollection(
      sections.map { section in
        SectionModel(
          id: section.id,
          items: section.items.map { item in
            item.model
              .willDisplay { log.record("willDisplay \($0)") }
              .didEndDisplaying { log.record("didEndDisplaying \($0)") }
              .didSelect { log.record("didSelect \($0)") }
          })
      })
  }

  /// Seeded sequences of updates (animated or not, some while a batch animates), scrolls,
  /// prefetches and taps: every batch passes UIKit's rules, every visible host shows its item's
  /// current content (template switches included), and display behaviours pair up per item.
  @Test func seededDisplaySequencesKeepCellsAndBehavioursRight() throws {
    var batches = 0
    for seed in UInt64(0)..<300 {
      let (view, driver) = driven(seed: seed)
      var rng = SeededGenerator(seed: seed &* 31 &+ 7)
      let log = BehaviourLog()
      var sections = DeclaredCollectionPropertyTests.randomSections(using: &rng)
      var latest = DeclaredCollection<String, Int>()
      for step in 0..<25 {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0...4:
          sections =
            Int.random(in: 0..<8, using: &rng) == 0
            ? DeclaredCollectionPropertyTests.randomSections(using: &rng)
            : DeclaredCollectionPropertyTests.edited(sections, using: &rng)
          latest = Self.logged(sections, log)
          driver.setSections(latest, animated: Bool.random(using: &rng))
        case 5, 6:
          view.completeNext()
        case 7, 8:
          view.scroll(to: Int.random(in: 0...20, using: &rng))
        default:
          let count = driver.numberOfSections
          if count > 0 {
            let section = Int.random(in: 0..<count, using: &rng)
            if driver.numberOfItems(inSection: section) > 0 {
              let path = ItemPath(section: section, item: 0)
              driver.didSelectItem(at: path)
              #expect(log.all.last == "didSelect \(driver.item(at: path)!.id)")
            }
          }
        }
        if !driver.isUpdating {
          let stale = view.staleVisibleIDs()
          #expect(stale.isEmpty, "seed \(seed) step \(step)")
        }
        #expect(view.batches.overlappingBatches == 0)
      }
      view.completeAll()
      #expect(driver.collection.snapshot == latest.snapshot, "seed \(seed)")
      #expect(view.staleVisibleIDs().isEmpty, "seed \(seed)")
      #expect(driver.shownCellCount >= view.visible.count)
      // willDisplay and didEndDisplaying pair up: each visible item is displayed once more
      // than it ended.
      var balance: [String: Int] = [:]
      for event in log.all {
        let parts = event.split(separator: " ")
        if parts[0] == "willDisplay" { balance[String(parts[1]), default: 0] += 1 }
        if parts[0] == "didEndDisplaying" { balance[String(parts[1]), default: 0] -= 1 }
      }
      for (id, count) in balance {
        #expect(count == (view.visible[Int(id)!] != nil ? 1 : 0), "seed \(seed) item \(id)")
      }
      #expect(view.violations.isEmpty, "seed \(seed): \(view.violations)")
      #expect(view.batches.violations.isEmpty, "seed \(seed): \(view.batches.violations)")
      // One identifier per kind.
      #expect(Set(view.registered).count == view.registered.count)
      batches += driver.batchCount
    }
    #expect(batches > 1_000)
  }

  /// Bound items bind in `cellForItemAt` and unbind when their cell ends displaying, through
  /// the registry: the bound host count follows the viewport.
  @Test func boundItemsBindOnDisplayAndUnbindWhenTheyEnd() async {
    let countries = (0..<12).map { ("C\($0)", "Country \($0)") }
    let (store, registry) = countryStores(countries)
    let template = selectionTemplate(registry)
    let (view, driver) = driven(seed: 1)
    view.visibleCount = 4
    let collection = DeclaredCollection<String, Int>([
      SectionModel(id: "countries", items: countries.indices.map { template.item(id: $0, element: "C\($0)", content: $0 == 2) })
    ])
    driver.setSections(collection, animated: false)
    view.completeAll()
    // Visible cells, plus a cell prefetched and not shown yet.
    #expect(registry.boundHostCount == driver.shownCellCount)
    #expect(view.visible.count == 4)
    for index in [3, 8, 0, 6] {
      view.scroll(to: index)
      #expect(registry.boundHostCount == driver.shownCellCount)
      for id in view.visible.keys {
        let host = view.visible[id]!.installedHost as? CountryTitleHost
        #expect(host?.store === registry.store(for: "C\(id)"), "item \(id)")
      }
    }
    // Item 7 switches element: its cell is reconfigured in place and rebinds.
    view.scroll(to: 6)
    let switched = DeclaredCollection<String, Int>([
      SectionModel(
        id: "countries",
        items: countries.indices.map { template.item(id: $0, element: $0 == 7 ? "C11" : "C\($0)", content: false) })
    ])
    driver.setSections(switched, animated: true)
    view.completeAll()
    #expect((view.visible[7]?.installedHost as? CountryTitleHost)?.store === registry.store(for: "C11"))
    #expect(registry.boundHostCount == driver.shownCellCount)
    driver.setSections(DeclaredCollection(), animated: true)
    view.completeAll()
    #expect(registry.boundHostCount == 0)
    #expect(view.batches.violations.isEmpty && view.violations.isEmpty)
    await store.finish()
  }

  @Test func reuseIdentifiersAreRegisteredOncePerKind() {
    let (view, driver) = driven(seed: 2)
    let items = (0..<10).map { TestItem(id: $0, kind: $0 % TestItem.kindCount, content: $0) }
    driver.setSections(declared([(id: "A", items: items)]), animated: false)
    #expect(view.registered.count == TestItem.kindCount)
    driver.setSections(declared([(id: "A", items: Array(items.reversed()))]), animated: true)
    #expect(view.registered.count == TestItem.kindCount)
    let text = driver.reuseIdentifier(for: ItemKind(hostType: TextHost.self, style: TextHost.Style.body))
    let title = driver.reuseIdentifier(for: ItemKind(hostType: TextHost.self, style: TextHost.Style.title))
    #expect(text != title && view.registered.contains(text) && view.registered.contains(title))
    #expect(driver.reuseIdentifier(at: ItemPath(section: 3, item: 0)) == nil)
  }
}
