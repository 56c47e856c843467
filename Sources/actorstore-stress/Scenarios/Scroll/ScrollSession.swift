import ActorStore
import ActorStoreTesting

/// One pass of the `scroll` scenario: a list store, its child-store registry and a headless
/// collection view over it, driven top to bottom with edits along the way.
final class ScrollSession {
  typealias ListStore = Store<ScrollFeature.State, ScrollFeature.Action>

  let store: ListStore
  let registry: ChildStoreRegistry<Int, RowFeature.State, RowFeature.Action>
  let simulator: CollectionHostSimulator<Int, Int, RowHost>
  let running = RunningEffects()
  let ticksSeen = RowHost.TickCounter()
  private(set) var log: InvariantLog
  /// The registry's counts once the list was scrolled to the bottom, before the tear-down.
  private(set) var registryAfterScroll: ScrollMemory.RegistryCounts?
  private(set) var editsApplied = 0
  private(set) var validatedUpdates = 0
  /// Rows removed and re-inserted under the same ID while on screen.
  private(set) var rowsUndone = 0
  /// Hosts released while bound, never unbound: the registry may count them until it sweeps.
  private(set) var hostsReleasedBound = 0
  private var random: SeededGenerator
  private var nextID: Int
  private let hosts: Int

  /// Ticks each row's effect sends per appearance.
  static let ticksPerAppearance = 2

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
    let row = RowFeature(ticks: Self.ticksPerAppearance, pause: { await Task.yield() }, running: running)
    store = ScrollFeature.makeStore(elements: elements, row: row, trace: trace)
    registry = ChildStoreRegistry(parent: store, elements: \.rows, action: ScrollFeature.rowsPath)
    let ticksSeen = self.ticksSeen
    simulator = CollectionHostSimulator(registry: registry, hostCount: hosts) { RowHost(ticksSeen: ticksSeen) }
  }

  /// Shows the list, scrolls it to the bottom in random steps of up to one screen, editing it
  /// about `edits` times on the way, then tears everything down and checks the registry and the
  /// effects are gone.
  /// - Parameters:
  ///   - edits: Edit batches spread over the scroll.
  ///   - progress: Counts rows scrolled.
  func run(edits: Int, progress: ProgressMeter) async {
    await show()
    let rowsPerEdit = max(1, store.currentState.rows.count / max(1, edits))
    var scrolledSinceEdit = 0
    var steps = 0
    let stepLimit = 4 * store.currentState.rows.count + 16
    while simulator.firstVisibleIndex + hosts < store.currentState.rows.count, steps < stepLimit {
      steps += 1
      let step = Int.random(in: 1...max(1, hosts), using: &random)
      let previous = simulator.visibleIDs
      simulator.scroll(to: simulator.firstVisibleIndex + step)
      await announceChanges(from: previous)
      checkViewport()
      progress.advance(by: step)
      scrolledSinceEdit += step
      if scrolledSinceEdit >= rowsPerEdit {
        scrolledSinceEdit = 0
        await edit()
        await undoChurn()
      }
    }
    registryAfterScroll = ScrollMemory.RegistryCounts(registry)
    await tearDown()
  }

  /// Applies the store's rows to the simulator, which validates the batch update.
  private func show(changed: Set<Int> = []) async {
    let previous = simulator.visibleIDs
    var snapshot = Snapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems(Array(store.currentState.rows.ids), toSection: 0)
    do {
      try simulator.apply(snapshot, changedItems: changed)
      validatedUpdates += 1
      log.check("every update passes the validator", true, "")
    } catch {
      log.check("every update passes the validator", false, "\(error)")
    }
    await announceChanges(from: previous)
    checkViewport()
  }

  /// Sends `.disappeared` to rows that left the screen and `.appeared` to rows that came on it,
  /// through their child stores, as cells do.
  private func announceChanges(from previous: [Int]) async {
    let current = simulator.visibleIDs
    let shown = Set(current)
    let wasShown = Set(previous)
    for id in previous where !shown.contains(id) {
      // A row deleted meanwhile has no store any more; its effects went with it.
      if let rowStore = registry.store(for: id) { await rowStore.send(.disappeared) }
    }
    for id in current where !wasShown.contains(id) {
      guard let rowStore = simulator.host(for: id)?.store else {
        log.check("every visible row has a bound host", false, "row \(id) is visible without a host")
        continue
      }
      await rowStore.send(.appeared)
    }
  }

  private func checkViewport() {
    let visible = simulator.visibleIDs
    let misbound = visible.filter { simulator.host(for: $0)?.store?.currentState.id != $0 }
    log.check(
      "each host shows the row it is bound to", misbound.isEmpty,
      "hosts of rows \(misbound.prefix(5)) show another row or none")
    // A host must show the live row: the registry's store for the ID, with the row's state (a
    // row re-inserted by an undo starts afresh, so its old store's state differs).
    let rows = store.currentState.rows
    let stale = visible.filter { id in
      guard let shown = simulator.host(for: id)?.store, let row = rows[id: id] else { return false }
      return shown !== registry.store(for: id) || shown.currentState.appearances != row.appearances
    }
    log.check(
      "no stale state shown by a host", stale.isEmpty,
      "hosts of rows \(stale.prefix(5)) show a store or state that is no longer the row's")
    let (live, bound) = (registry.liveStoreCount, registry.boundHostCount)
    log.check(
      "registry counts never negative", live >= 0 && bound >= 0, "\(live) child stores, \(bound) bound hosts")
    log.check(
      "bound hosts match the viewport", visible.count <= bound && bound <= visible.count + hostsReleasedBound,
      "\(bound) hosts bound for \(visible.count) visible rows and \(hostsReleasedBound) hosts released while bound")
  }

  /// Undo churn: removes one or two on-screen rows and re-inserts each under the same ID at the
  /// same place (two publications, the host still bound), asks the registry for the returning
  /// row's store, rebinds the host as a reconfigure would and sends `.appeared` through it; then
  /// binds a host that is released without being unbound, as a cell freed mid-bind.
  private func undoChurn() async {
    let visible = simulator.visibleIDs
    guard !visible.isEmpty else { return }
    for _ in 0..<Int.random(in: 1...2, using: &random) {
      let id = visible[Int.random(in: 0..<visible.count, using: &random)]
      guard let index = store.currentState.rows.index(id: id) else { continue }
      await store.send(.edit([.delete(id: id)]))
      await store.send(.edit([.insert(id: id, at: index)]))
      _ = registry.store(for: id)
      rowsUndone += 1
      guard let host = simulator.host(for: id) else { continue }
      registry.bind(host, to: id)
      await host.store?.send(.appeared)
    }
    do {
      let released = RowHost(ticksSeen: ticksSeen)
      registry.bind(released, to: visible[Int.random(in: 0..<visible.count, using: &random)])
      hostsReleasedBound += 1
    }
    await show()
  }

  /// Deletes, inserts and moves about 0.1 % of the rows each (half of them on screen), marks a
  /// few rows changed, and shows the result.
  private func edit() async {
    editsApplied += 1
    let (edits, changed) = plannedEdits()
    await store.send(.edit(edits))
    await show(changed: changed)
  }

  /// The edits of one batch and the rows marked changed. Apart from ``edit()`` so that its copy
  /// of the rows is gone before the store edits them: held across the send, it would make the
  /// store copy every row, and keep the copy alive while the batch is shown.
  private func plannedEdits() -> (edits: [RowEdit], changed: Set<Int>) {
    let rows = store.currentState.rows
    let perKind = max(1, rows.count / 1_000)
    let first = simulator.firstVisibleIndex
    func index(onScreen: Bool, in count: Int) -> Int {
      guard count > 0 else { return 0 }
      return onScreen
        ? min(count - 1, first + Int.random(in: 0..<(2 * max(1, hosts)), using: &random))
        : Int.random(in: 0..<count, using: &random)
    }
    var edits: [RowEdit] = []
    var deleted: Set<Int> = []
    for kind in 0..<perKind where rows.count - deleted.count > 1 {
      let id = rows.ids[index(onScreen: kind % 2 == 0, in: rows.count)]
      if deleted.insert(id).inserted { edits.append(.delete(id: id)) }
    }
    let remaining = rows.count - deleted.count
    for kind in 0..<perKind {
      edits.append(.insert(id: nextID, at: index(onScreen: kind % 2 == 0, in: remaining)))
      nextID += 1
    }
    var changed: Set<Int> = []
    for kind in 0..<perKind {
      let id = rows.ids[index(onScreen: kind % 2 == 0, in: rows.count)]
      guard !deleted.contains(id) else { continue }
      edits.append(.move(id: id, to: index(onScreen: kind % 2 == 1, in: remaining)))
      let other = rows.ids[index(onScreen: true, in: rows.count)]
      if !deleted.contains(other) { changed.insert(other) }
    }
    return (edits, changed)
  }

  /// Unbinds every host, removes every row, waits for the effects to end, and checks that
  /// nothing is left.
  private func tearDown() async {
    simulator.tearDown()
    await ScrollTeardown.removeEverythingAndCheck(store: store, registry: registry, running: running, log: &log)
  }
}
