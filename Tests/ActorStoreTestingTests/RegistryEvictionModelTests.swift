import ActorStore
import ActorStoreTesting
import Testing

/// A list whose rows run ticker effects on the test executor's clock: one tick a second, as many
/// as asked, delivered to the row through `forEach`.
struct Ticker: Reducer {
  struct Row: Equatable, Sendable, Identifiable {
    let id: Int
    var title: String
    var ticks = 0
  }
  struct State: Equatable, Sendable {
    var rows: IdentifiedArrayOf<Row> = []
  }
  enum RowAction: Equatable, Sendable {
    case start(ticks: Int)
    case tick
  }
  enum Action: Equatable, Sendable {
    case insert(Int)
    case remove(Int)
    case rename(Int, String)
    case rows(IdentifiedAction<Int, RowAction>)
  }

  static let rowsPath = ActionPath<Action, IdentifiedAction<Int, RowAction>>(
    embed: Action.rows, extract: { if case .rows(let action) = $0 { action } else { nil } })

  let clock: TestClock

  var body: some Reducer<State, Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .insert(let id): state.rows.append(Row(id: id, title: "row \(id)"))
      case .remove(let id): state.rows.remove(id: id)
      case .rename(let id, let title): state.rows[id: id]?.title = title
      case .rows: break
      }
      return .none
    }
    .forEach(\.rows, action: Self.rowsPath) { [clock] in
      Reduce<Row, RowAction> { row, action in
        switch action {
        case .start(let ticks):
          return .run { send in
            for _ in 0..<ticks {
              try await clock.sleep(for: .seconds(1))
              await send(.tick)
            }
          }
        case .tick:
          row.ticks += 1
          return .none
        }
      }
    }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

/// A ticker list on a test executor, driven synchronously.
struct TickerHarness {
  let executor = TestExecutor()
  let store: Store<Ticker.State, Ticker.Action>

  init(rows: [Int]) {
    store = Store(
      initialState: Ticker.State(), reducer: Ticker(clock: executor.clock), executor: executor.makeTestStoreExecutor())
    for id in rows { send(.insert(id)) }
  }

  func send(_ action: Ticker.Action) { send(action, to: store) }

  func send<S: Sendable, A: Sendable>(_ action: A, to store: Store<S, A>) {
    Task(executorPreference: executor) { await store.send(action) }
    executor.runUntilIdle()
  }

  func registry(limit: Int) -> ChildStoreRegistry<Int, Ticker.Row, Ticker.RowAction> {
    ChildStoreRegistry(parent: store, elements: \.rows, action: Ticker.rowsPath, unboundStoreLimit: limit)
  }
}

/// Eviction of unbound element stores as a property: seeded random sequences of `store(for:)`,
/// `bind`, `unbind`, removals, re-insertions, renames, ticker effects started through element
/// stores, clock moves, stores kept by the caller, and hosts released without `unbind`, against
/// an independent model of the least-recently-unbound list. Each step checks the bound (stores
/// kept ≤ limit + bound hosts), which stores exist (a store the registry evicted and nobody else
/// holds is deallocated; one it keeps is not, so eviction order is observed exactly), the
/// identity of every bound host's store, every row's ticks (effects keep delivering after their
/// element's store was evicted), and the exact last state of evicted stores the caller kept.
/// A failure reports its seed and a shrunk sequence that still fails.
@Suite struct RegistryEvictionModelTests {
  enum Operation: Equatable, CustomStringConvertible {
    case storeFor(Int)
    case bind(host: Int, id: Int)
    case unbind(host: Int)
    case insert(Int)
    case remove(Int)
    case rename(Int)
    /// A rename and a removal with no read between: a store the caller kept must end with the
    /// renamed state, which only its invalidation at the removal gives it.
    case renameAndRemove(Int)
    case start(Int)
    case advance
    case keep(Int)
    case dropKept
    case releaseHost(Int)

    var description: String {
      switch self {
      case .storeFor(let id): "storeFor(\(id))"
      case .bind(let host, let id): "bind(h\(host), \(id))"
      case .unbind(let host): "unbind(h\(host))"
      case .insert(let id): "insert(\(id))"
      case .remove(let id): "remove(\(id))"
      case .rename(let id): "rename(\(id))"
      case .renameAndRemove(let id): "renameAndRemove(\(id))"
      case .start(let id): "start(\(id))"
      case .advance: "advance"
      case .keep(let id): "keep(\(id))"
      case .dropKept: "dropKept"
      case .releaseHost(let host): "release(h\(host))"
      }
    }
  }

  static let idRange = 0..<8
  static let hostCount = 3
  static let ticksPerStart = 2

  static func operations(seed: UInt64, count: Int) -> [Operation] {
    var random = SeededGenerator(seed: seed)
    return (0..<count).map { _ in
      let id = Int.random(in: idRange, using: &random)
      let host = Int.random(in: 0..<hostCount, using: &random)
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<18: return .storeFor(id)
      case 18..<43: return .bind(host: host, id: id)
      case 43..<55: return .unbind(host: host)
      case 55..<62: return .insert(id)
      case 62..<70: return .remove(id)
      case 70..<72: return .rename(id)
      case 72..<74: return .renameAndRemove(id)
      case 74..<84: return .start(id)
      case 84..<92: return .advance
      case 92..<96: return .keep(id)
      case 96..<98: return .dropKept
      default: return .releaseHost(host)
      }
    }
  }

  final class PlainHost: StoreHostBase<Ticker.Row, Ticker.RowAction> {}

  /// Runs `operations` on a registry with `limit` and on the model side by side; returns the
  /// first disagreement, or `nil`.
  static func check(_ operations: [Operation], limit: Int) -> String? {
    let issues = IssueCollector()
    return IssueReporting.withReporter(issues) { () -> String? in
      let harness = TickerHarness(rows: Array(idRange))
      let registry = harness.registry(limit: limit)
      var hosts: [PlainHost?] = (0..<hostCount).map { _ in PlainHost() }
      var model = EvictionModel(limit: limit, rows: Array(idRange))
      var kept: [Store<Ticker.Row, Ticker.RowAction>] = []
      var expectedIssues = 0
      for (step, operation) in operations.enumerated() {
        func storeFor(_ id: Int) -> Store<Ticker.Row, Ticker.RowAction>? {
          let store = registry.store(for: id)
          let expected = model.storeFor(id, made: store)
          return expected === store ? store : nil
        }
        switch operation {
        case .storeFor(let id), .keep(let id), .start(let id):
          let exists = model.rows[id] != nil
          let store = storeFor(id)
          if exists != (store != nil) {
            return "step \(step) \(operation): \(store == nil ? "no store or another store" : "a store for an absent element")"
          }
          guard let store else { continue }
          if store.currentState != model.rows[id]! {
            return "step \(step) \(operation): the store reads \(store.currentState), expected \(model.rows[id]!)"
          }
          if case .keep = operation { kept.append(store) }
          if case .start = operation {
            harness.send(.start(ticks: ticksPerStart), to: store)
            model.start(id, ticks: ticksPerStart)
          }
        case .bind(let host, let id):
          if hosts[host] == nil { hosts[host] = PlainHost() }
          registry.bind(hosts[host]!, to: id)
          if !model.bind(host, to: id, showing: hosts[host]!.store) { expectedIssues += 1 }
        case .unbind(let host):
          if let object = hosts[host] { registry.unbind(object) }
          model.unbind(host)
        case .insert(let id):
          guard model.rows[id] == nil else { continue }
          harness.send(.insert(id))
          model.insert(id)
        case .remove(let id):
          harness.send(.remove(id))
          model.remove(id)
        case .rename(let id):
          harness.send(.rename(id, "renamed at \(step)"))
          model.rows[id]?.title = "renamed at \(step)"
        case .renameAndRemove(let id):
          harness.send(.rename(id, "renamed at \(step)"))
          model.rows[id]?.title = "renamed at \(step)"
          harness.send(.remove(id))
          model.remove(id)
        case .advance:
          harness.executor.advance(by: .seconds(1))
          model.advance()
        case .dropKept:
          kept.removeAll()
        case .releaseHost(let host):
          hosts[host] = nil
          model.unbind(host)
        }
        harness.executor.runUntilIdle()
        if let problem = model.verify(registry: registry, hosts: hosts, kept: kept, list: harness.store.currentState) {
          return "step \(step) \(operation): \(problem)"
        }
        if issues.messages.count != expectedIssues {
          return "step \(step) \(operation): \(issues.messages.count) issues, expected \(expectedIssues): \(issues.messages)"
        }
      }
      // Unbinding every host and removing every element leaves nothing behind and cancels
      // every effect.
      for (index, host) in hosts.enumerated() {
        if let host { registry.unbind(host) }
        model.unbind(index)
      }
      for id in model.rows.keys.sorted() {
        harness.send(.remove(id))
        model.remove(id)
      }
      if let problem = model.verify(registry: registry, hosts: hosts, kept: kept, list: harness.store.currentState) {
        return "after clean-up: \(problem)"
      }
      if registry.liveStoreCount != 0 || registry.boundHostCount != 0 {
        return "after clean-up: \(registry.liveStoreCount) stores, \(registry.boundHostCount) hosts"
      }
      harness.executor.runUntilIdle()
      if harness.store.inFlightEffectCount != 0 {
        return "after clean-up: \(harness.store.inFlightEffectCount) effects still in flight"
      }
      return nil
    }
  }

  @Test(arguments: [0, 1, 2, 3, 5])
  func evictionMatchesTheModelOverThousandsOfSeededSequences(limit: Int) {
    for seed in UInt64(0)..<800 {
      let operations = Self.operations(seed: seed, count: 60)
      if let problem = Self.check(operations, limit: limit) {
        let shrunk = Self.shrink(operations) { Self.check($0, limit: limit) != nil }
        Issue.record(
          """
          limit \(limit), seed \(seed): \(problem)
          shrunk to \(shrunk.count) operations: \(shrunk.map(\.description).joined(separator: ", "))
          which fails with: \(Self.check(shrunk, limit: limit) ?? "?")
          """)
        return
      }
    }
  }

  /// The smallest failing sub-sequence found by dropping one operation at a time.
  static func shrink(_ operations: [Operation], fails: ([Operation]) -> Bool) -> [Operation] {
    var current = operations
    var index = 0
    while index < current.count {
      var candidate = current
      candidate.remove(at: index)
      if fails(candidate) { current = candidate } else { index += 1 }
    }
    return current
  }

  @Test func theLimitDefaultsToTheDocumentedValue() {
    let harness = TickerHarness(rows: [])
    let registry = ChildStoreRegistry(parent: harness.store, elements: \.rows, action: Ticker.rowsPath)
    #expect(ChildStoreRegistry<Int, Ticker.Row, Ticker.RowAction>.defaultUnboundStoreLimit == 256)
    #expect(registry.unboundStoreLimit == RegistryBoundTests.documentedDefaultLimit)
  }

  @Test func anEvictedElementsEffectKeepsDeliveringAndAFreshStoreReadsAndSends() {
    let harness = TickerHarness(rows: [1, 2, 3])
    let registry = harness.registry(limit: 1)
    weak var first: Store<Ticker.Row, Ticker.RowAction>?
    do {
      let store = registry.store(for: 1)!
      first = store
      harness.send(.start(ticks: 3), to: store)
    }
    _ = registry.store(for: 2)
    _ = registry.store(for: 3)
    #expect(first == nil, "the least recently used unbound store is evicted")
    #expect(registry.liveStoreCount == 1)
    harness.executor.advance(by: .seconds(3))
    #expect(harness.store.currentState.rows[id: 1]?.ticks == 3)
    let fresh = registry.store(for: 1)!
    #expect(fresh.currentState.ticks == 3)
    harness.send(.start(ticks: 1), to: fresh)
    harness.executor.advance(by: .seconds(1))
    #expect(harness.store.currentState.rows[id: 1]?.ticks == 4)
    #expect(fresh.currentState.ticks == 4)
  }

  @Test func aReboundElementGetsItsStoreBackUntilItIsEvicted() {
    let harness = TickerHarness(rows: [1, 2, 3, 4])
    let registry = harness.registry(limit: 2)
    let host = PlainHost()
    registry.bind(host, to: 1)
    let shown = host.store!
    registry.unbind(host)
    _ = registry.store(for: 2)
    registry.bind(host, to: 1)
    #expect(host.store === shown)
    registry.unbind(host)
    _ = registry.store(for: 2)
    _ = registry.store(for: 3)
    _ = registry.store(for: 4)
    registry.bind(host, to: 1)
    #expect(host.store !== shown)
    #expect(registry.liveStoreCount == 3)
  }

  @Test func aStoreKeptByTheCallerAfterEvictionIsInvalidatedWithItsLastStateAndNeverRevives() {
    let issues = IssueCollector()
    IssueReporting.withReporter(issues) {
      let harness = TickerHarness(rows: [1])
      let registry = harness.registry(limit: 0)
      let kept = registry.store(for: 1)!
      #expect(registry.liveStoreCount == 0)
      #expect(registry.store(for: 1) !== kept)
      harness.send(.rename(1, "last"))
      #expect(kept.currentState.title == "last")
      harness.send(.rename(1, "final"))
      harness.send(.remove(1))
      harness.send(.insert(1))
      #expect(kept.currentState == Ticker.Row(id: 1, title: "final"))
      #expect(harness.executor.value { await kept.isAlive } == false)
      harness.send(.start(ticks: 1), to: kept)
      #expect(issues.messages.count == 1)
      #expect(registry.store(for: 1)?.currentState == Ticker.Row(id: 1, title: "row 1"))
    }
  }
}

/// What the registry should keep: the elements and their ticks, the store of each live element
/// it keeps with its bound-host count, the unbound ones oldest first, which store each host
/// shows, and every store it ever made (to check which were released).
struct EvictionModel {
  final class Record {
    let id: Int
    weak var store: Store<Ticker.Row, Ticker.RowAction>?
    var boundHosts = 0
    /// Whether the registry still keeps it as its element's store.
    var isKept = true
    /// The state its element had when removed, once it was removed while the store existed.
    var finalRow: Ticker.Row?
    init(id: Int, store: Store<Ticker.Row, Ticker.RowAction>) {
      self.id = id
      self.store = store
    }
  }

  let limit: Int
  var rows: [Int: Ticker.Row] = [:]
  /// Remaining ticks of each running effect, by row.
  var effects: [Int: [Int]] = [:]
  var live: [Int: Record] = [:]
  /// IDs of the live stores no host shows, least recently unbound (or asked for) first.
  var unbound: [Int] = []
  var shows: [Int: Record] = [:]
  var records: [Record] = []

  init(limit: Int, rows ids: [Int]) {
    self.limit = limit
    for id in ids { insert(id) }
  }

  /// `store(for:)`: the kept store, now the newest unbound if unbound; or `made`, recorded.
  mutating func storeFor(_ id: Int, made: Store<Ticker.Row, Ticker.RowAction>?) -> Store<Ticker.Row, Ticker.RowAction>? {
    guard rows[id] != nil else { return nil }
    if let record = live[id] {
      if record.boundHosts == 0 {
        unbound.removeAll { $0 == id }
        unbound.append(id)
      }
      return record.store
    }
    guard let made else { return nil }
    let record = Record(id: id, store: made)
    records.append(record)
    live[id] = record
    unbound.append(id)
    evictOverLimit()
    return made
  }

  /// Returns `false` when the bind must be reported (no element).
  mutating func bind(_ host: Int, to id: Int, showing store: Store<Ticker.Row, Ticker.RowAction>?) -> Bool {
    guard rows[id] != nil else { return false }
    let record: Record
    if let existing = live[id] {
      record = existing
    } else {
      guard let store else { return true }
      record = Record(id: id, store: store)
      records.append(record)
      live[id] = record
      unbound.append(id)
    }
    if shows[host] === record { return true }
    if record.boundHosts == 0 { unbound.removeAll { $0 == id } }
    record.boundHosts += 1
    release(shows[host])
    shows[host] = record
    evictOverLimit()
    return true
  }

  mutating func unbind(_ host: Int) {
    release(shows.removeValue(forKey: host))
    evictOverLimit()
  }

  private mutating func release(_ record: Record?) {
    guard let record else { return }
    record.boundHosts -= 1
    if record.boundHosts == 0, record.isKept, live[record.id] === record { unbound.append(record.id) }
  }

  private mutating func evictOverLimit() {
    while unbound.count > limit {
      let id = unbound.removeFirst()
      live.removeValue(forKey: id)?.isKept = false
    }
  }

  mutating func insert(_ id: Int) { rows[id] = Ticker.Row(id: id, title: "row \(id)") }

  mutating func remove(_ id: Int) {
    guard let row = rows.removeValue(forKey: id) else { return }
    effects[id] = nil
    // Every store made for this element and not yet frozen keeps the state it had last: the
    // registry's own, and evicted ones still held elsewhere.
    for record in records where record.id == id && record.finalRow == nil { record.finalRow = row }
    if let record = live.removeValue(forKey: id) {
      record.isKept = false
      unbound.removeAll { $0 == id }
    }
  }

  mutating func start(_ id: Int, ticks: Int) { effects[id, default: []].append(ticks) }

  mutating func advance() {
    for (id, remaining) in effects {
      rows[id]!.ticks += remaining.count
      let left = remaining.map { $0 - 1 }.filter { $0 > 0 }
      effects[id] = left.isEmpty ? nil : left
    }
  }

  func verify(
    registry: ChildStoreRegistry<Int, Ticker.Row, Ticker.RowAction>, hosts: [RegistryEvictionModelTests.PlainHost?],
    kept: [Store<Ticker.Row, Ticker.RowAction>], list: Ticker.State
  ) -> String? {
    let stores = registry.liveStoreCount
    let boundHosts = registry.boundHostCount
    let retired = Set(shows.values.filter { !$0.isKept }.map { ObjectIdentifier($0) })
    if stores != live.count + retired.count {
      return "liveStoreCount \(stores), model \(live.count) live + \(retired.count) retired"
    }
    if stores > limit + boundHosts { return "\(stores) stores exceed the limit \(limit) + \(boundHosts) bound hosts" }
    if boundHosts != shows.count { return "boundHostCount \(boundHosts), model \(shows.count)" }
    if unbound.count > limit { return "model bug: \(unbound.count) unbound over the limit" }
    // Which stores exist: the registry's and the hosts' are alive; one the registry dropped and
    // neither a host nor the caller holds is gone. So every eviction happened, in order.
    for record in records {
      let heldElsewhere =
        shows.values.contains { $0 === record } || kept.contains { ObjectIdentifier($0) == record.store.map(ObjectIdentifier.init) }
      if record.isKept, record.store == nil { return "the kept store of \(record.id) was released" }
      if !record.isKept, !heldElsewhere, record.store != nil {
        return "the store of \(record.id) was not evicted (unbound order \(unbound))"
      }
    }
    for (index, host) in hosts.enumerated() {
      guard let host else { continue }
      guard let shown = shows[index] else {
        if host.store != nil { return "h\(index) still shows a store" }
        continue
      }
      guard host.store != nil, host.store === shown.store else { return "h\(index) shows another store" }
      if shown.isKept, registry.store(for: shown.id) !== host.store {
        return "h\(index)'s store is not the registry's store for \(shown.id)"
      }
    }
    for (id, row) in rows where list.rows[id: id] != row {
      return "row \(id) is \(String(describing: list.rows[id: id])), expected \(row)"
    }
    if list.rows.count != rows.count { return "\(list.rows.count) rows, expected \(rows.count)" }
    for store in kept {
      guard let record = records.first(where: { $0.store === store }) else { return "a kept store has no record" }
      let expected = record.finalRow ?? rows[record.id]
      if store.currentState != expected {
        return "kept store of \(record.id) reads \(store.currentState), expected \(String(describing: expected))"
      }
    }
    return nil
  }
}
