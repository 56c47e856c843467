import ActorStore
import ActorStoreTesting
import Synchronization

// Registry lifecycles: a `ChildStoreRegistry` over a list whose rows run timers on a
// `TestExecutor`, driven by a sequence of `store(for:)`, `bind`, `unbind`, hosts released
// without unbinding, inserts, removals and re-insertions of the same ID, reorders, taps sent
// from hosts, timers started and stopped, and clock advances; after each step, everything is
// checked against a model: store identity per live ID, the counts of stores and bound hosts,
// what each host shows (a removed element's store frozen at its last state), the list's state,
// the effects in flight and the issues reported. At the end everything is released and every
// store, the registry and the parent must be gone, with nothing left on the executor.

struct Board: Reducer {
  struct Row: Equatable, Sendable, Identifiable {
    let id: UInt8
    var ticks = 0
    var taps = 0
  }
  struct State: Equatable, Sendable {
    var rows = IdentifiedArrayOf<Row>()
  }
  enum RowAction: Equatable, Sendable { case tap, startTimer, stopTimer, tick }
  enum Action: Equatable, Sendable {
    case insert(UInt8)
    case remove(UInt8)
    case reverse
    case rows(IdentifiedAction<UInt8, RowAction>)
  }

  static let rowsPath = ActionPath<Action, IdentifiedAction<UInt8, RowAction>>(
    embed: Action.rows, extract: { if case .rows(let action) = $0 { action } else { nil } })

  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }

  var body: some Reducer<State, Action> {
    let clock = self.clock
    return Reduce<State, Action> { state, action in
      switch action {
      case .insert(let id): state.rows.append(Row(id: id))
      case .remove(let id): state.rows.remove(id: id)
      case .reverse: state.rows = IdentifiedArrayOf(uniqueElements: state.rows.reversed())
      case .rows: break
      }
      return .none
    }
    .forEach(\.rows, action: Self.rowsPath) {
      Reduce<Row, RowAction> { row, action in
        switch action {
        case .tap:
          row.taps += 1
          return .none
        case .tick:
          row.ticks += 1
          return .none
        case .startTimer:
          return .run { send in
            while true {
              try await clock.sleep(for: .seconds(1))
              await send(.tick)
            }
          }
          .cancellable(id: "timer", cancelInFlight: true)
        case .stopTimer:
          return .cancel(id: "timer")
        }
      }
    }
  }
}

/// The last value an observation delivered.
final class Latest: Sendable {
  private let value = Mutex<Board.Row?>(nil)
  var row: Board.Row? {
    get { value.withLock { $0 } }
    set { value.withLock { $0 = newValue } }
  }
}

/// A host that records the last row state it observed.
final class RowHost: StoreHostBase<Board.Row, Board.RowAction> {
  private let latest = Latest()
  var shown: Board.Row? { latest.row }

  override func configureStateObservation(on store: Store<Board.Row, Board.RowAction>) {
    observe(\.self) { [latest] row in latest.row = row }
  }
}

final class WeakStore {
  weak var store: Store<Board.Row, Board.RowAction>?
  init(_ store: Store<Board.Row, Board.RowAction>) { self.store = store }
}

/// What the registry should hold.
struct RegistryModel {
  struct Shown {
    let id: UInt8
    let store: WeakStore
    /// The row's state when its element was removed; `nil` while it exists.
    var final: Board.Row?
  }

  var rows: [Board.Row] = []
  var timers: Set<UInt8> = []
  /// Elements whose timer was started since they were inserted: a cancel of an ID no effect
  /// of the element's scope used is reported, and the target sends only cancels it can predict.
  var started: Set<UInt8> = []
  /// The store handed out for each existing element asked for.
  var live: [UInt8: WeakStore] = [:]
  var shows: [Int: Shown] = [:]
  var everyStore: [WeakStore] = []
  var expectedIssues = 0

  func row(_ id: UInt8) -> Board.Row? { rows.first { $0.id == id } }

  mutating func record(_ store: Store<Board.Row, Board.RowAction>?, for id: UInt8) -> String? {
    guard row(id) != nil else { return store == nil ? nil : "a store for absent \(id)" }
    guard let store else { return "no store for existing \(id)" }
    if let known = live[id] {
      return known.store === store ? nil : "a new store for \(id) while its element exists"
    }
    if everyStore.contains(where: { $0.store === store }) { return "an earlier element's store handed out for \(id)" }
    let weak = WeakStore(store)
    live[id] = weak
    everyStore.append(weak)
    return nil
  }

  mutating func remove(_ id: UInt8) {
    guard let index = rows.firstIndex(where: { $0.id == id }) else { return }
    let row = rows.remove(at: index)
    timers.remove(id)
    started.remove(id)
    live[id] = nil
    for (host, shown) in shows where shown.id == id && shown.final == nil { shows[host]!.final = row }
  }

  /// Stores the registry keeps: one per element asked for, plus removed elements' stores that
  /// hosts still show.
  var storeCount: Int {
    live.count
      + Set(shows.values.filter { $0.final != nil }.compactMap { $0.store.store.map(ObjectIdentifier.init) }).count
  }
}

let hostCount = 3

/// libFuzzer's entry point: decodes and checks one input; a broken check traps, which
/// libFuzzer records as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func registryLifecycleFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let issues = IssueCounter()
  weak var weakParent: Store<Board.State, Board.Action>?
  weak var weakRegistry: ChildStoreRegistry<UInt8, Board.Row, Board.RowAction>?
  let executor = TestExecutor()
  var model = RegistryModel()
  IssueReporting.withReporter(issues) {
    let parent = Store(
      initialState: Board.State(), reducer: Board(clock: executor.clock), executor: executor.makeStoreExecutor())
    let registry = ChildStoreRegistry(parent: parent, elements: \.rows, action: Board.rowsPath)
    weakParent = parent
    weakRegistry = registry
    var hosts: [RowHost?] = (0..<hostCount).map { _ in RowHost() }
    var history: [String] = []

    func send(_ action: Board.Action) {
      Task(executorPreference: executor) { await parent.send(action) }
    }

    while !input.isExhausted && history.count < 48 {
      let id = UInt8(input.below(5))
      let host = input.below(hostCount)
      var step: String
      switch input.below(12) {
      case 0:
        step = "store(for: \(id))"
        if let problem = model.record(registry.store(for: id), for: id) { require(false, "\(step): \(problem)") }
      case 1:
        step = "bind h\(host) to \(id)"
        if hosts[host] == nil { hosts[host] = RowHost() }
        registry.bind(hosts[host]!, to: id)
        if model.row(id) == nil {
          model.expectedIssues += 1
        } else {
          if let problem = model.record(hosts[host]!.store, for: id) { require(false, "\(step): \(problem)") }
          model.shows[host] = .init(id: id, store: model.live[id]!)
        }
      case 2:
        step = "unbind h\(host)"
        if let object = hosts[host] { registry.unbind(object) }
        model.shows[host] = nil
      case 3:
        step = "release h\(host)"
        hosts[host] = nil
        model.shows[host] = nil
      case 4, 5:
        step = "insert \(id)"
        guard model.row(id) == nil else { continue }
        send(.insert(id))
        model.rows.append(Board.Row(id: id))
      case 6:
        step = "remove \(id)"
        send(.remove(id))
        model.remove(id)
      case 7:
        step = "reverse"
        send(.reverse)
        model.rows.reverse()
      case 8:
        step = "tap from h\(host)"
        guard let store = hosts[host]?.store, let shown = model.shows[host] else { continue }
        Task(executorPreference: executor) { await store.send(.tap) }
        if shown.final != nil {
          model.expectedIssues += 1
        } else if let index = model.rows.firstIndex(where: { $0.id == shown.id }) {
          model.rows[index].taps += 1
        }
      case 9:
        step = "start timer \(id)"
        guard model.row(id) != nil else { continue }
        send(.rows(.element(id: id, action: .startTimer)))
        model.timers.insert(id)
        model.started.insert(id)
      case 10:
        step = "stop timer \(id)"
        guard model.started.contains(id) else { continue }
        send(.rows(.element(id: id, action: .stopTimer)))
        model.timers.remove(id)
      default:
        step = "advance 1s"
        executor.advance(by: .seconds(1))
        for index in model.rows.indices where model.timers.contains(model.rows[index].id) {
          model.rows[index].ticks += 1
        }
      }
      history.append(step)
      executor.runUntilIdle()

      let context = history.suffix(8).joined(separator: "; ")
      require(
        parent.currentState.rows.elements == model.rows,
        "\(context): rows \(parent.currentState.rows), model \(model.rows)")
      require(
        parent.inFlightEffectCount == model.timers.count,
        "\(context): \(parent.inFlightEffectCount) effects, \(model.timers.count) timers")
      require(
        registry.boundHostCount == model.shows.count,
        "\(context): \(registry.boundHostCount) hosts bound, model \(model.shows.count)")
      require(
        registry.liveStoreCount == model.storeCount,
        "\(context): \(registry.liveStoreCount) stores, model \(model.storeCount)")
      for (index, object) in hosts.enumerated() {
        guard let object else { continue }
        guard let shown = model.shows[index] else {
          require(object.store == nil, "\(context): h\(index) still shows a store")
          continue
        }
        require(object.store != nil && object.store === shown.store.store, "\(context): h\(index) shows another store")
        let expected = shown.final ?? model.row(shown.id)
        require(
          object.shown == expected,
          "\(context): h\(index) shows \(String(describing: object.shown)), model \(String(describing: expected))")
        require(
          object.store?.currentState == expected,
          "\(context): h\(index)'s store reads \(String(describing: object.store?.currentState))")
      }
      require(
        issues.count == model.expectedIssues,
        "\(context): \(issues.count) issues, expected \(model.expectedIssues): \(issues.all)")
    }

    // Clean-up: every host unbound, then every element removed.
    for object in hosts.compactMap({ $0 }) { registry.unbind(object) }
    model.shows.removeAll()
    for row in model.rows { send(.remove(row.id)) }
    executor.runUntilIdle()
    model.rows.forEach { model.remove($0.id) }
    require(
      registry.liveStoreCount == 0 && registry.boundHostCount == 0,
      "after clean-up: \(registry.liveStoreCount) stores, \(registry.boundHostCount) hosts")
    require(parent.inFlightEffectCount == 0, "after clean-up: \(parent.inFlightEffectCount) effects in flight")
  }
  // Everything made inside is released by now; the jobs their release queued still have to run.
  executor.runUntilIdle()
  require(!executor.hasPendingWork, "work left on the executor: \(executor.stats)")
  require(weakParent == nil, "the parent store outlived the run")
  require(weakRegistry == nil, "the registry outlived the run")
  for (index, store) in model.everyStore.enumerated() {
    require(store.store == nil, "child store \(index) outlived the run")
  }
  return 0
}
