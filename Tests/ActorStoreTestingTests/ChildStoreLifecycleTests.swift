import ActorStore
import ActorStoreTesting
import Testing

/// A list of rows that the parent renames and rows tap themselves, plus an optional detail.
struct Board: Reducer {
  struct Row: Equatable, Sendable, Identifiable {
    let id: Int
    var title: String
    var taps = 0
  }
  struct Detail: Equatable, Sendable { var n = 0 }
  struct State: Equatable, Sendable {
    var rows: IdentifiedArrayOf<Row> = []
    var detail: Detail?
    /// The rows through a computed property: element stores find removals without reading the
    /// collection in place.
    var rowsView: IdentifiedArrayOf<Row> { rows }
  }
  enum RowAction: Equatable, Sendable { case tap }
  enum DetailAction: Equatable, Sendable { case increment }
  enum Action: Equatable, Sendable {
    case insert(Int)
    case remove(Int)
    case rename(Int, String)
    case reverse
    case present(Int)
    case dismiss
    case rows(IdentifiedAction<Int, RowAction>)
    case detail(DetailAction)
  }

  static let rowsPath = ActionPath<Action, IdentifiedAction<Int, RowAction>>(
    embed: Action.rows, extract: { if case .rows(let action) = $0 { action } else { nil } })
  static let detailPath = ActionPath<Action, DetailAction>(
    embed: Action.detail, extract: { if case .detail(let action) = $0 { action } else { nil } })

  var body: some Reducer<State, Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .insert(let id):
        state.rows.append(Row(id: id, title: "row \(id)"))
      case .remove(let id):
        state.rows.remove(id: id)
      case .rename(let id, let title):
        state.rows[id: id]?.title = title
      case .reverse:
        state.rows = IdentifiedArray(uniqueElements: state.rows.reversed())
      case .present(let n):
        state.detail = Detail(n: n)
      case .dismiss:
        state.detail = nil
      case .rows, .detail:
        break
      }
      return .none
    }
    .forEach(\.rows, action: Self.rowsPath) {
      Reduce<Row, RowAction> { row, _ in
        row.taps += 1
        return .none
      }
    }
    .ifLet(\.detail, action: Self.detailPath) {
      Reduce<Detail, DetailAction> { detail, _ in
        detail.n += 1
        return .none
      }
    }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

/// A board store on a test executor, driven synchronously.
struct BoardHarness {
  let executor = TestExecutor()
  let store: Store<Board.State, Board.Action>

  init(rows: [Int] = []) {
    store = Store(initialState: Board.State(), reducer: Board(), executor: executor.makeTestStoreExecutor())
    for id in rows { send(.insert(id)) }
  }

  func send(_ action: Board.Action) { send(action, to: store) }

  func send<S: Sendable, A: Sendable>(_ action: A, to store: Store<S, A>) {
    Task(executorPreference: executor) { await store.send(action) }
    executor.runUntilIdle()
  }

  /// Collects every value of `stream` the executor delivers.
  func collect<Value: Sendable>(_ stream: AsyncStream<Value>) -> StreamLog<Value> {
    let log = StreamLog<Value>()
    Task(executorPreference: executor) {
      for await value in stream { log.append(value) }
      log.finish()
    }
    executor.runUntilIdle()
    return log
  }

  func rowsRegistry() -> ChildStoreRegistry<Int, Board.Row, Board.RowAction> {
    ChildStoreRegistry(parent: store, elements: \.rows, action: Board.rowsPath)
  }
}

/// What a stream delivered, and whether it finished.
final class StreamLog<Value: Sendable>: Sendable {
  private let contents = Locked<(values: [Value], finished: Bool)>(([], false))
  func append(_ value: Value) { contents.withLock { $0.values.append(value) } }
  func finish() { contents.withLock { $0.finished = true } }
  var values: [Value] { contents.withLock { $0.values } }
  var isFinished: Bool { contents.withLock { $0.finished } }
}

/// Issue #8's items 1–4, one test each, and the invalidation contract for every way of making
/// a child store.
@Suite struct ChildStoreLifecycleTests {
  // Item 1: an invalidated store never revives.
  @Test func aDismissedOptionalStoreNeverYieldsTheNextPresentationsValues() {
    let harness = BoardHarness()
    harness.send(.present(1))
    let old = harness.store.scope(state: { $0.detail }, action: { Board.Action.detail($0) })!
    harness.send(.dismiss)
    harness.send(.present(10))
    harness.send(.detail(.increment))
    let values = harness.collect(old.observe(\.n))
    harness.send(.detail(.increment))
    #expect(values.values.isEmpty)
    #expect(values.isFinished)
    #expect(old.currentState == Board.Detail(n: 1))
    #expect(harness.executor.value { await old.isAlive } == false)
    let fresh = harness.store.scope(state: { $0.detail }, action: { Board.Action.detail($0) })!
    #expect(fresh.currentState == Board.Detail(n: 12))
  }

  @Test func aRemovedElementsStoreNeverYieldsTheReinsertedElementsValues() {
    let harness = BoardHarness(rows: [1, 2])
    let registry = harness.rowsRegistry()
    let viaRegistry = registry.store(for: 1)!
    let viaScope = harness.store.scope(id: 1, in: \.rows, action: Board.rowsPath)!
    let observed = harness.collect(viaScope.observe(\.title))
    harness.send(.remove(1))
    harness.send(.insert(1))
    harness.send(.rename(1, "second life"))
    #expect(observed.values == ["row 1"])
    #expect(observed.isFinished)
    for old in [viaRegistry, viaScope] {
      let late = harness.collect(old.observe(\.title))
      #expect(late.values.isEmpty && late.isFinished)
      #expect(old.currentState.title == "row 1")
    }
    #expect(registry.store(for: 1) !== viaRegistry)
    #expect(registry.store(for: 1)?.currentState.title == "second life")
  }

  // Item 2: a removed element's store keeps exactly the last state it had.
  @Test func aRemovedElementsStoreKeepsItsLastStateWithParentEditsAndItsOwnSends() {
    let harness = BoardHarness(rows: [1, 2])
    let registry = harness.rowsRegistry()
    let viaRegistry = registry.store(for: 1)!
    let viaScope = harness.store.scope(id: 1, in: \.rows, action: Board.rowsPath)!
    // Read once now: a stale cached read must not win later.
    #expect(viaRegistry.currentState.title == "row 1")
    harness.send(.rename(1, "renamed"))
    harness.send(.tap, to: viaRegistry)
    harness.send(.tap, to: viaScope)
    harness.send(.remove(1))
    let expected = Board.Row(id: 1, title: "renamed", taps: 2)
    for old in [viaRegistry, viaScope] {
      #expect(old.currentState == expected)
      #expect(harness.executor.value { await old.state } == expected)
    }
  }

  @Test(arguments: [\Board.State.rows, \Board.State.rowsView])
  func removalIsFoundThroughStoredAndComputedCollections(
    _ rows: any KeyPath<Board.State, IdentifiedArrayOf<Board.Row>> & Sendable
  ) {
    let harness = BoardHarness(rows: [1, 2, 3])
    let registry = ChildStoreRegistry(parent: harness.store, elements: rows, action: Board.rowsPath)
    let viaRegistry = registry.store(for: 2)!
    let viaScope = harness.store.scope(id: 2, in: rows, action: Board.rowsPath)!
    // Edits that keep the IDs, then a reorder that keeps them too: no store may end.
    harness.send(.tap, to: viaScope)
    harness.send(.rename(2, "kept"))
    harness.send(.reverse)
    let bothAlive = harness.executor.value { () async -> Bool in
      let registryStoreIsAlive = await viaRegistry.isAlive
      let scopeStoreIsAlive = await viaScope.isAlive
      return registryStoreIsAlive && scopeStoreIsAlive
    }
    #expect(bothAlive == true)
    harness.send(.tap, to: viaRegistry)
    harness.send(.remove(2))
    let expected = Board.Row(id: 2, title: "kept", taps: 2)
    for old in [viaRegistry, viaScope] {
      #expect(harness.executor.value { await old.isAlive } == false)
      #expect(old.currentState == expected)
    }
    #expect(registry.liveStoreCount == 0)
  }

  @Test func elementStoresOfAScopedParentKeepTheirLastStateWhenTheParentGoesToo() {
    let harness = BoardHarness(rows: [1, 2])
    // A parent that is gone once the board is empty.
    let board = harness.store.scope(state: { $0.rows.isEmpty ? nil : $0 }, action: { $0 })!
    let one = board.scope(id: 1, in: \.rows, action: Board.rowsPath)!
    let two = board.scope(id: 2, in: \.rows, action: Board.rowsPath)!
    harness.send(.tap, to: one)
    harness.send(.remove(1))
    #expect(harness.executor.value { await one.isAlive } == false)
    #expect(one.currentState == Board.Row(id: 1, title: "row 1", taps: 1))
    harness.send(.rename(2, "last"))
    harness.send(.remove(2))
    #expect(harness.executor.value { await board.isAlive } == false)
    #expect(harness.executor.value { await two.isAlive } == false)
    #expect(two.currentState == Board.Row(id: 2, title: "last"))
  }

  @Test func aDismissedIfLetChildKeepsItsLastState() {
    let harness = BoardHarness()
    harness.send(.present(3))
    let detail = harness.store.scope(state: { $0.detail }, action: { Board.Action.detail($0) })!
    harness.send(.increment, to: detail)
    harness.send(.dismiss)
    #expect(detail.currentState == Board.Detail(n: 4))
    #expect(harness.executor.value { await detail.state } == Board.Detail(n: 4))
  }

  @Test func sendsToAnInvalidatedStoreAreDroppedWithADiagnostic() {
    let issues = IssueCollector()
    IssueReporting.withReporter(issues) {
      let harness = BoardHarness(rows: [1])
      let row = harness.store.scope(id: 1, in: \.rows, action: Board.rowsPath)!
      harness.send(.remove(1))
      harness.send(.insert(1))
      harness.send(.tap, to: row)
      #expect(harness.store.currentState.rows[id: 1]?.taps == 0)
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("after its state was removed") == true)
  }

  @Test func aGrandchildOfARemovedElementIsInvalidatedToo() {
    let harness = BoardHarness(rows: [1])
    let row = harness.store.scope(id: 1, in: \.rows, action: Board.rowsPath)!
    let taps = row.scope(state: \.taps, action: ActionPath(embed: { $0 }, extract: { $0 }))
    let observed = harness.collect(taps.observe(\.self))
    harness.send(.tap, to: row)
    harness.send(.remove(1))
    harness.send(.insert(1))
    #expect(observed.values == [0, 1])
    #expect(observed.isFinished)
    #expect(harness.executor.value { await taps.isAlive } == false)
  }

  // Item 3: re-adding a row while its old host is still bound.
  @Test func reinsertingARowWhileItsOldHostIsBoundLeaksNothing() {
    let harness = BoardHarness(rows: [1])
    let registry = harness.rowsRegistry()
    let host = BoardRowHost()
    registry.bind(host, to: 1)
    harness.send(.remove(1))
    harness.send(.insert(1))
    let fresh = registry.store(for: 1)!
    #expect(registry.liveStoreCount == 2)
    registry.unbind(host)
    #expect(registry.liveStoreCount == 1)
    harness.send(.remove(1))
    #expect(registry.liveStoreCount == 0)
    #expect(registry.boundHostCount == 0)
    #expect(fresh.currentState.title == "row 1")
  }

  @Test func rebindingAHostHoldingADeadStoreMovesItToTheLiveOne() {
    let harness = BoardHarness(rows: [1])
    let registry = harness.rowsRegistry()
    let host = BoardRowHost()
    registry.bind(host, to: 1)
    let dead = host.store!
    harness.send(.remove(1))
    harness.send(.insert(1))
    registry.bind(host, to: 1)
    #expect(host.store !== dead)
    #expect(host.store === registry.store(for: 1))
    #expect(host.reuses == 1)
    harness.send(.tap, to: host.store!)
    #expect(harness.store.currentState.rows[id: 1]?.taps == 1)
    #expect(registry.liveStoreCount == 1)
    #expect(registry.boundHostCount == 1)
  }

  // Item 4: hosts released while bound are swept.
  @Test func aHostReleasedWhileBoundIsSweptAndItsDeadStoreEvicted() {
    let harness = BoardHarness(rows: [1, 2])
    let registry = harness.rowsRegistry()
    var host: BoardRowHost? = BoardRowHost()
    registry.bind(host!, to: 1)
    var other: BoardRowHost? = BoardRowHost()
    registry.bind(other!, to: 2)
    harness.send(.remove(1))
    #expect(registry.liveStoreCount == 2)
    host = nil
    other = nil
    #expect(registry.boundHostCount == 0)
    #expect(registry.liveStoreCount == 1)
    harness.send(.remove(2))
    #expect(registry.liveStoreCount == 0)
  }

  @Test func aNewHostAtAReleasedHostsAddressStartsUnbound() {
    let harness = BoardHarness(rows: [1, 2])
    let registry = harness.rowsRegistry()
    // Many short-lived hosts: the allocator hands released addresses out again.
    for round in 0..<200 {
      let host = BoardRowHost()
      registry.bind(host, to: 1 + round % 2)
      // Configured, never prepared for reuse: it showed nothing before, whatever its address.
      #expect(host.store != nil)
      #expect(host.reuses == 0)
    }
    #expect(registry.boundHostCount == 0)
    harness.send(.remove(1))
    harness.send(.remove(2))
    #expect(registry.liveStoreCount == 0)
  }
}

/// The least a host can do: keep the store it shows and count reuses.
final class BoardRowHost: StoreHost {
  private(set) var store: Store<Board.Row, Board.RowAction>?
  private(set) var reuses = 0
  func configure(with store: Store<Board.Row, Board.RowAction>) { self.store = store }
  func prepareForReuse() {
    reuses += 1
    store = nil
  }
}
