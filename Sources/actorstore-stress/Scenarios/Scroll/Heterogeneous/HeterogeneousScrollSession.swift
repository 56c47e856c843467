import ActorStore
import ActorStoreTesting

/// One pass of `scroll --heterogeneous`: the `scroll` list store and registry, its rows declared
/// as items of several kinds, and a ``DeclaredCollectionHostSimulator`` over them, scrolled top
/// to bottom with edits (rows deleted, inserted, moved; items changed in content and kind).
final class HeterogeneousScrollSession {
  /// The item IDs: a header above the rows; each row shows as a title, a spacer and, every
  /// ``badgeEvery`` rows, a badge.
  enum Item: Hashable, Sendable {
    case header
    case title(Int)
    case badge(Int)
    case spacer(Int)
  }

  /// One row in ``badgeEvery`` has a badge.
  static let badgeEvery = 7

  let store: Store<ScrollFeature.State, ScrollFeature.Action>
  let registry: ChildStoreRegistry<Int, RowFeature.State, RowFeature.Action>
  let simulator: DeclaredCollectionHostSimulator<Int, Item>
  let running = RunningEffects()
  private(set) var log: InvariantLog
  /// The registry's counts once the list was scrolled to the bottom, before the tear-down.
  private(set) var registryAfterScroll: ScrollMemory.RegistryCounts?
  private(set) var validatedUpdates = 0
  private var random: SeededGenerator
  private var nextID: Int
  private let hosts: Int
  /// Per row: the title's style (its kind) and the declared content's revision.
  private var compact: Set<Int> = []
  private var revisions: [Int: Int] = [:]
  /// Rows whose title came on or went off screen since the last announcement, from the items'
  /// behaviours.
  private let displayed = DisplayEvents()
  /// The titles' behaviours, made once and shared by every title: they read the row from the
  /// item's ID, so a long list costs no closure and no behaviours object per row.
  private let titleActions: ItemActions<Item>
  /// Titles (a template per style), badges and spacers are made from templates, as a long list
  /// should; the header one by one with `ItemModel`'s initializer (a template for the one item),
  /// so the scenario runs both ways of making items. The header shares the spacers' kind from
  /// another declaration, so their hosts are reused for each other.
  private let regularTitle, compactTitle, badge: BoundItemTemplate<Int, Int>
  private let spacer: ItemTemplate<Int>

  /// A session over a fresh list.
  /// - Parameters:
  ///   - elements: Rows in the list.
  ///   - hosts: Hosts on screen.
  ///   - seed: Draws the scroll steps and the edits.
  ///   - trace: Where the list's store tree traces to, if anywhere.
  init(elements: Int, hosts: Int, seed: UInt64, trace: (any StoreTraceSink)? = nil) {
    random = SeededGenerator(seed: seed)
    log = InvariantLog(seed: seed)
    nextID = elements
    self.hosts = hosts
    let row = RowFeature(
      ticks: ScrollSession.ticksPerAppearance, pause: { await Task.yield() }, running: running)
    store = ScrollFeature.makeStore(elements: elements, row: row, trace: trace)
    registry = ChildStoreRegistry(parent: store, elements: \.rows, action: ScrollFeature.rowsPath)
    simulator = DeclaredCollectionHostSimulator(hostCount: hosts)
    let registry = registry
    func title(_ style: DeclaredTitleHost.Style) -> BoundItemTemplate<Int, Int> {
      BoundItemTemplate(style: style, in: registry, makeHost: DeclaredTitleHost.init) { $0.revision = $1 }
    }
    regularTitle = title(.regular)
    compactTitle = title(.compact)
    badge = BoundItemTemplate(in: registry, makeHost: DeclaredBadgeHost.init) { $0.revision = $1 }
    spacer = ItemTemplate(makeHost: DeclaredSpacerHost.init) { host, height in host.height = height }
    let displayed = displayed
    titleActions = ItemActions(
      willDisplay: { item in if case .title(let row) = item { displayed.record(row, appeared: true) } },
      didEndDisplaying: { item in if case .title(let row) = item { displayed.record(row, appeared: false) } })
  }

  /// Shows the list, scrolls it to the bottom in random steps of up to one screen, editing it
  /// about `edits` times on the way, then tears everything down and checks nothing is left.
  /// - Parameters:
  ///   - edits: Edit batches spread over the scroll.
  ///   - progress: Counts rows scrolled.
  func run(edits: Int, progress: ProgressMeter) async {
    await show()
    let itemsPerEdit = max(1, simulator.collection.items.count / max(1, edits))
    var scrolledSinceEdit = 0
    var steps = 0
    let stepLimit = 4 * simulator.collection.items.count + 16
    while simulator.firstVisibleIndex + hosts < simulator.collection.items.count, steps < stepLimit {
      steps += 1
      let step = Int.random(in: 1...max(1, hosts), using: &random)
      let before = simulator.firstVisibleIndex
      simulator.scroll(to: before + step)
      await announce()
      check()
      progress.advance(by: rowsIn(before..<simulator.firstVisibleIndex))
      scrolledSinceEdit += step
      if scrolledSinceEdit >= itemsPerEdit {
        scrolledSinceEdit = 0
        await edit()
      }
    }
    registryAfterScroll = ScrollMemory.RegistryCounts(registry)
    await tearDown()
  }

  private func rowsIn(_ range: Range<Int>) -> Int {
    let items = simulator.collection.items
    return range.clamped(to: items.indices).count { index in
      if case .title = items[index].id { true } else { false }
    }
  }

  /// Declares the rows and applies the collection; the simulator validates the update.
  private func show() async {
    // The items go straight into one array sized up front; a `for` loop in `@ItemsBuilder`
    // would hold every row's array until the loop ends.
    let rows = store.currentState.rows.ids
    var items: [ItemModel<Item>] = []
    items.reserveCapacity(2 + rows.count * 2 + rows.count / Self.badgeEvery)
    items.append(ItemModel(id: .header, content: 2, makeHost: DeclaredSpacerHost.init) { $0.height = $1 })
    for id in rows { items.append(contentsOf: item(for: id)) }
    let collection = DeclaredCollection([SectionModel(id: 0, items: items)])
    do {
      try simulator.apply(collection)
      validatedUpdates += 1
      log.check("every update passes the validator", true, "")
    } catch {
      log.check("every update passes the validator", false, "\(error)")
    }
    await announce()
    check()
  }

  @ItemsBuilder<Item> private func item(for id: Int) -> [ItemModel<Item>] {
    let revision = revisions[id, default: 0]
    (compact.contains(id) ? compactTitle : regularTitle).item(id: .title(id), element: id, content: revision)
      .actions(titleActions)
    if id % Self.badgeEvery == 0 {
      badge.item(id: .badge(id), element: id, content: revision)
    }
    spacer.item(id: .spacer(id), content: 1 + revision % 3)
  }

  /// Sends `.appeared` / `.disappeared` to rows whose title came on or left the screen, through
  /// their stores, as cells do.
  private func announce() async {
    for event in displayed.drain() {
      // A row deleted meanwhile has no store any more; its effects went with it.
      guard let rowStore = registry.store(for: event.row) else { continue }
      await rowStore.send(event.appeared ? .appeared : .disappeared)
    }
  }

  private func check() {
    let stale = simulator.staleVisibleIDs
    log.check(
      "no host shows stale content or another kind", stale.isEmpty, "items \(stale.prefix(5)) are stale")
    var misbound: [Item] = []
    for id in simulator.visibleIDs {
      switch id {
      case .title(let row), .badge(let row):
        let host = simulator.host(for: id, as: DeclaredRowHost.self)
        if host?.store?.currentState.id != row || host?.store !== registry.store(for: row) { misbound.append(id) }
      case .header, .spacer:
        if simulator.host(for: id, as: DeclaredSpacerHost.self) == nil { misbound.append(id) }
      }
    }
    log.check(
      "each item's host shows its row's one store", misbound.isEmpty,
      "items \(misbound.prefix(5)) show another row, another store or none")
  }

  /// Deletes, inserts and moves about 0.1 % of the rows each, changes the content of as many
  /// rows on screen and the title kind of as many more, and shows the result.
  private func edit() async {
    await store.send(.edit(plannedEdits()))
    await show()
  }

  /// The edits of one batch, with the content and kind changes recorded. Apart from ``edit()``
  /// so that its copy of the rows is gone before the store edits them: held across the send, it
  /// would make the store copy every row, and keep the copy alive while the batch is shown.
  private func plannedEdits() -> [RowEdit] {
    let rows = store.currentState.rows
    let perKind = max(1, rows.count / 1_000)
    var edits: [RowEdit] = []
    var deleted: Set<Int> = []
    let onScreen = simulator.visibleIDs.compactMap { item -> Int? in
      if case .title(let row) = item { row } else { nil }
    }
    let near = { [first = simulator.firstVisibleIndex / 2] (random: inout SeededGenerator) -> Int in
      min(rows.count - 1, first + Int.random(in: 0..<max(1, self.hosts), using: &random))
    }
    for kind in 0..<perKind where rows.count - deleted.count > 1 {
      let index = kind % 2 == 0 ? near(&random) : Int.random(in: 0..<rows.count, using: &random)
      if deleted.insert(rows.ids[index]).inserted { edits.append(.delete(id: rows.ids[index])) }
    }
    for _ in 0..<perKind {
      edits.append(.insert(id: nextID, at: Int.random(in: 0...(rows.count - deleted.count), using: &random)))
      nextID += 1
    }
    for kind in 0..<perKind {
      let id = rows.ids[kind % 2 == 0 ? near(&random) : Int.random(in: 0..<rows.count, using: &random)]
      guard !deleted.contains(id) else { continue }
      edits.append(.move(id: id, to: Int.random(in: 0..<(rows.count - deleted.count), using: &random)))
      // Content and kind changes hit rows on screen, where they matter to hosts.
      let changed = onScreen.randomElement(using: &random) ?? id
      revisions[changed, default: 0] += 1
      let restyled = onScreen.randomElement(using: &random) ?? id
      if !compact.insert(restyled).inserted { compact.remove(restyled) }
    }
    return edits
  }

  /// Unbinds every host, removes every row, waits for the effects to end, and checks that
  /// nothing is left.
  private func tearDown() async {
    simulator.tearDown()
    await announce()
    await ScrollTeardown.removeEverythingAndCheck(store: store, registry: registry, running: running, log: &log)
  }
}
