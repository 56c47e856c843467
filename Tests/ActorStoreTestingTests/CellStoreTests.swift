import ActorStore
import ActorStoreTesting
import Testing

/// A list whose rows each start an image load that runs until cancelled.
private struct Gallery: Reducer {
  struct Row: Equatable, Sendable, Identifiable {
    let id: Int
    var title: String
  }
  struct State: Equatable, Sendable { var rows: IdentifiedArrayOf<Row> = [] }
  enum RowAction: Equatable, Sendable { case loadImage, rename(String) }
  enum Action: Equatable, Sendable {
    case setRows([Int])
    case remove(Int)
    case reverse
    case rows(IdentifiedAction<Int, RowAction>)
  }

  let loads: LoadLog
  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .setRows(let ids):
        state.rows = IdentifiedArray(uniqueElements: ids.map { Row(id: $0, title: "Row \($0)") })
      case .remove(let id):
        state.rows.remove(id: id)
      case .reverse:
        state.rows = IdentifiedArray(uniqueElements: state.rows.reversed())
      case .rows:
        break
      }
      return .none
    }
    .forEach(\.rows, action: .rows) {
      Reduce<Row, RowAction> { [loads, clock] row, action in
        switch action {
        case .loadImage:
          let id = row.id
          return .run { _ in
            loads.started(id)
            do {
              try await clock.sleep(for: .seconds(1_000_000))
            } catch {
              loads.cancelled(id)
            }
          }
        case .rename(let title):
          row.title = title
          return .none
        }
      }
    }
    .reduce(into: &state, action: action)
  }
}

extension ActionPath where Root == Gallery.Action, Value == IdentifiedAction<Int, Gallery.RowAction> {
  fileprivate static let rows = ActionPath(
    embed: Gallery.Action.rows, extract: { if case .rows(let action) = $0 { action } else { nil } })
}

/// Which image loads started and which were cancelled.
private final class LoadLog: Sendable {
  private let log = Locked<(started: [Int], cancelled: [Int])>(([], []))
  func started(_ id: Int) { log.withLock { $0.started.append(id) } }
  func cancelled(_ id: Int) { log.withLock { $0.cancelled.append(id) } }
  var started: [Int] { log.withLock { $0.started } }
  var cancelled: [Int] { log.withLock { $0.cancelled } }
}

/// A headless cell: records its lifecycle and the titles it was shown.
private final class RowHost: StoreHostBase<Gallery.Row, Gallery.RowAction> {
  let titles = SharedValue<[String]>()
  private(set) var configurations = 0
  private(set) var reuses = 0

  override func configure(with store: Store<Gallery.Row, Gallery.RowAction>) {
    configurations += 1
    super.configure(with: store)
  }

  override func configureStateObservation(on store: Store<Gallery.Row, Gallery.RowAction>) {
    observe(\.title) { [titles] title in
      titles.mutate { titles in
        if titles == nil { titles = [] }
        titles!.append(title)
      }
    }
  }

  override func prepareForReuse() {
    reuses += 1
    super.prepareForReuse()
  }
}

/// A gallery store on a test executor, driven synchronously.
private struct Harness {
  let executor = TestExecutor()
  let loads = LoadLog()
  let store: Store<Gallery.State, Gallery.Action>
  let registry: ChildStoreRegistry<Int, Gallery.Row, Gallery.RowAction>

  init(rows: [Int]) {
    store = Store(initialState: Gallery.State(), reducer: Gallery(loads: loads, clock: executor.clock), executor: executor.makeTestStoreExecutor())
    registry = ChildStoreRegistry(parent: store, elements: \.rows, action: .rows)
    send(.setRows(rows))
  }

  @discardableResult
  func send(_ action: Gallery.Action) -> Task<StoreTask, Never> {
    let store = self.store
    let task = Task(executorPreference: executor) { await store.send(action) }
    executor.runUntilIdle()
    return task
  }

  func send(_ action: Gallery.RowAction, to store: Store<Gallery.Row, Gallery.RowAction>) {
    Task(executorPreference: executor) { await store.send(action) }
    executor.runUntilIdle()
  }

  /// Runs the jobs that releasing the hosts queued (their observation tasks ending). A job left
  /// in the executor's queue keeps its task, and the task keeps the executor (its preference):
  /// a cycle that LeakSanitizer reports. `defer { harness.drain() }` right after making the
  /// harness runs it after every host declared later has been released.
  func drain() { executor.runUntilIdle() }
}

@Suite struct CellStoreTests {
  @Test func storeIdentityIsStableAcrossReordersAndNilWhenAbsent() {
    let harness = Harness(rows: [1, 2, 3])
    let before = harness.registry.store(for: 2)
    harness.send(.reverse)
    #expect(harness.registry.store(for: 2) === before)
    #expect(harness.registry.store(for: 2) != nil)
    #expect(harness.registry.store(for: 99) == nil)
    #expect(harness.registry.liveStoreCount == 1)
  }

  @Test func removingAnUnboundElementEvictsItsStoreAndCancelsItsEffects() {
    let harness = Harness(rows: [1, 2])
    let row = harness.registry.store(for: 1)!
    harness.send(.loadImage, to: row)
    #expect(harness.loads.started == [1])
    #expect(harness.store.inFlightEffectCount == 1)
    harness.send(.remove(1))
    #expect(harness.loads.cancelled == [1])
    #expect(harness.store.inFlightEffectCount == 0)
    #expect(harness.registry.liveStoreCount == 0)
    #expect(harness.registry.store(for: 1) == nil)
  }

  @Test func aBoundStoreOutlivesItsElementUntilUnbound() {
    let harness = Harness(rows: [1])
    defer { harness.drain() }
    let host = RowHost()
    harness.registry.bind(host, to: 1)
    harness.send(.remove(1))
    #expect(harness.registry.liveStoreCount == 1)
    #expect(harness.registry.store(for: 1) == nil)
    harness.registry.unbind(host)
    #expect(harness.registry.liveStoreCount == 0)
    #expect(harness.registry.boundHostCount == 0)
  }

  @Test func rebindingRunsPrepareForReuseFirstAndObservesTheNewElement() {
    let harness = Harness(rows: [1, 2])
    defer { harness.drain() }
    let host = RowHost()
    harness.registry.bind(host, to: 1)
    harness.executor.runUntilIdle()
    harness.registry.bind(host, to: 2)
    harness.executor.runUntilIdle()
    #expect(host.reuses == 1)
    #expect(host.configurations == 2)
    #expect(host.titles.value == ["Row 1", "Row 2"])
    #expect(host.observationCount == 1)
    #expect(harness.registry.boundHostCount == 1)
  }

  /// UIKit calls a dequeued cell's `prepareForReuse()` itself, then may hand the same cell back
  /// for the same ID: binding it again shows the same store again, live.
  @Test func aHostThatResetItselfIsShownAgainWhenBoundToTheSameID() {
    let harness = Harness(rows: [1, 2])
    defer { harness.drain() }
    let host = RowHost()
    harness.registry.bind(host, to: 1)
    harness.executor.runUntilIdle()
    let store = harness.registry.store(for: 1)
    host.prepareForReuse()  // UIKit's own call, which the registry does not see
    harness.registry.bind(host, to: 1)
    #expect(host.configurations == 2)
    #expect(harness.registry.store(for: 1) === store)
    harness.send(.rename("Renamed"), to: store!)
    harness.executor.runUntilIdle()
    #expect(host.titles.value == ["Row 1", "Row 1", "Renamed"])
    #expect(host.observationCount == 1)
    #expect(harness.registry.boundHostCount == 1)
  }

  @Test func prepareForReuseCancelsObservations() {
    let harness = Harness(rows: [1])
    defer { harness.drain() }
    let host = RowHost()
    harness.registry.bind(host, to: 1)
    harness.executor.runUntilIdle()
    let row = harness.registry.store(for: 1)!
    harness.send(.rename("Renamed"), to: row)
    harness.registry.unbind(host)
    harness.send(.rename("After reuse"), to: row)
    #expect(host.titles.value == ["Row 1", "Renamed"])
    #expect(host.observationCount == 0)
    #expect(host.store == nil)
  }

  @Test func twoHostsCanShowTheSameElement() {
    let harness = Harness(rows: [1])
    defer { harness.drain() }
    let first = RowHost()
    let second = RowHost()
    harness.registry.bind(first, to: 1)
    harness.registry.bind(second, to: 1)
    #expect(harness.registry.boundHostCount == 2)
    #expect(harness.registry.liveStoreCount == 1)
    #expect(first.store === second.store)
    harness.registry.unbind(first)
    harness.registry.unbind(second)
    #expect(harness.registry.boundHostCount == 0)
  }

  @Test func bindingAnAbsentIDIsReported() async {
    let issues = IssueCollector()
    let host = RowHost()
    IssueReporting.withReporter(issues) {
      let harness = Harness(rows: [1])
      defer { harness.drain() }
      harness.registry.bind(host, to: 7)
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("no element has ID 7") == true)
    #expect(host.configurations == 0)
  }

  @Test func scrollingAHundredThousandRowsThroughTwentyHostsLeavesNothingBehind() throws {
    let rows = Array(0..<100_000)
    let harness = Harness(rows: rows)
    defer { harness.drain() }
    let viewport = CollectionHostSimulator<Int, Int, RowHost>(
      registry: harness.registry, hostCount: 20, makeHost: { RowHost() })
    var snapshot = Snapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems(rows)
    try viewport.apply(snapshot)
    for index in stride(from: 0, to: rows.count, by: 5) {
      viewport.scroll(to: index)
      // As a UI's run loop would: let reused hosts' observations wind down as we go.
      if index.isMultiple(of: 5_000) { harness.executor.runUntilIdle() }
    }
    #expect(harness.registry.boundHostCount == 20)
    #expect(harness.registry.liveStoreCount <= rows.count)
    viewport.tearDown()
    harness.send(.setRows([]))
    #expect(harness.registry.boundHostCount == 0)
    #expect(harness.registry.liveStoreCount == 0)
    #expect(viewport.bindCount == viewport.unbindCount)
  }

  @Test func viewportFollowsSnapshotUpdatesThatPassTheValidator() throws {
    let harness = Harness(rows: Array(0..<50))
    defer { harness.drain() }
    let viewport = CollectionHostSimulator<Int, Int, RowHost>(
      registry: harness.registry, hostCount: 5, makeHost: { RowHost() })
    var snapshot = Snapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems(Array(0..<50))
    try viewport.apply(snapshot)
    #expect(viewport.visibleIDs == [0, 1, 2, 3, 4])
    harness.send(.remove(2))
    snapshot.deleteItems([2])
    snapshot.moveItem(4, beforeItem: 0)
    let update = try viewport.apply(snapshot)
    #expect(update.itemDeletes.count == 1)
    #expect(update.itemMoves.count == 1)
    #expect(viewport.visibleIDs == [4, 0, 1, 3, 5])
    #expect(viewport.host(for: 5) != nil)
    #expect(harness.registry.boundHostCount == 5)
  }
}
