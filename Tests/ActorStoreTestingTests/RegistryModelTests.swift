import ActorStore
import ActorStoreTesting
import Testing

/// Registry accounting and element-store invalidation as a property: seeded random sequences of
/// `store(for:)` (each also making a `scope(id:in:action:)` store), `bind`, `unbind`, removals,
/// re-insertions of the same ID, moves, parent edits, sends from hosts and hosts released
/// without `unbind`, each step checked against a small reference model, with the collection as
/// a stored property (compared in place) and through a computed one. A failure reports its seed
/// and a shrunk sequence that still fails.
@Suite struct RegistryModelTests {
  enum Operation: Equatable, CustomStringConvertible {
    case storeFor(Int)
    case bind(host: Int, id: Int)
    case unbind(host: Int)
    case insert(Int)
    case remove(Int)
    case rename(Int)
    case reverse
    case tap(host: Int)
    case releaseHost(Int)

    var description: String {
      switch self {
      case .storeFor(let id): "storeFor(\(id))"
      case .bind(let host, let id): "bind(h\(host), \(id))"
      case .unbind(let host): "unbind(h\(host))"
      case .insert(let id): "insert(\(id))"
      case .remove(let id): "remove(\(id))"
      case .rename(let id): "rename(\(id))"
      case .reverse: "reverse"
      case .tap(let host): "tap(h\(host))"
      case .releaseHost(let host): "release(h\(host))"
      }
    }
  }

  static let idRange = 0..<6
  static let hostCount = 4

  static func operations(seed: UInt64, count: Int) -> [Operation] {
    var random = SeededGenerator(seed: seed)
    return (0..<count).map { _ in
      let id = Int.random(in: idRange, using: &random)
      let host = Int.random(in: 0..<hostCount, using: &random)
      switch Int.random(in: 0..<20, using: &random) {
      case 0..<3: return .storeFor(id)
      case 3..<8: return .bind(host: host, id: id)
      case 8..<10: return .unbind(host: host)
      case 10..<12: return .insert(id)
      case 12..<14: return .remove(id)
      case 14: return .rename(id)
      case 15: return .reverse
      case 16..<18: return .tap(host: host)
      default: return .releaseHost(host)
      }
    }
  }

  /// A host that shows the latest row state it observed.
  final class ObservingHost: StoreHostBase<Board.Row, Board.RowAction> {
    let shown = SharedValue<Board.Row>()
    override func configureStateObservation(on store: Store<Board.Row, Board.RowAction>) {
      observe(\.self) { [shown] row in shown.value = row }
    }
  }

  /// The collection as a stored property (element tables compare its IDs in place) and through
  /// a computed property (they project it).
  static let collections: [any KeyPath<Board.State, IdentifiedArrayOf<Board.Row>> & Sendable] = [
    \Board.State.rows, \Board.State.rowsView,
  ]

  /// Runs `operations` on a real registry, and on `scope(id:in:action:)` stores made at each
  /// `store(for:)`, and the model side by side; returns the first disagreement, or `nil`.
  static func check(
    _ operations: [Operation],
    elements: any KeyPath<Board.State, IdentifiedArrayOf<Board.Row>> & Sendable = \Board.State.rows
  ) -> String? {
    let issues = IssueCollector()
    return IssueReporting.withReporter(issues) { () -> String? in
      let harness = BoardHarness()
      let registry = ChildStoreRegistry(parent: harness.store, elements: elements, action: Board.rowsPath)
      var hosts: [ObservingHost?] = (0..<hostCount).map { _ in ObservingHost() }
      var model = RegistryModel()
      var expectedIssues = 0
      for (step, operation) in operations.enumerated() {
        switch operation {
        case .storeFor(let id):
          let store = registry.store(for: id)
          if let expected = model.storeFor(id, made: store) {
            if store !== expected { return "step \(step) \(operation): not the same store as before" }
          } else if store != nil && !model.rows.keys.contains(id) {
            return "step \(step) \(operation): a store for an absent element"
          }
          let scoped = harness.store.scope(id: id, in: elements, action: Board.rowsPath)
          if (scoped != nil) != model.rows.keys.contains(id) {
            return "step \(step) \(operation): scope(id:in:) gave \(scoped == nil ? "no" : "a") store"
          }
          if let scoped { model.scoped.append(.init(id: id, store: scoped)) }
        case .bind(let host, let id):
          if hosts[host] == nil { hosts[host] = ObservingHost() }
          registry.bind(hosts[host]!, to: id)
          if !model.bind(host, to: id, madeIfNeeded: registry.store(for: id)) { expectedIssues += 1 }
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
        case .reverse:
          harness.send(.reverse)
        case .tap(let host):
          guard let store = hosts[host]?.store else { continue }
          harness.send(.tap, to: store)
          if !model.tap(host) { expectedIssues += 1 }
        case .releaseHost(let host):
          hosts[host] = nil
          model.unbind(host)
        }
        harness.executor.runUntilIdle()
        if let problem = model.verify(registry: registry, hosts: hosts) { return "step \(step) \(operation): \(problem)" }
        if issues.messages.count != expectedIssues {
          return "step \(step) \(operation): \(issues.messages.count) issues, expected \(expectedIssues): \(issues.messages)"
        }
      }
      if let problem = model.verifyLiveStores() { return "after the sequence: \(problem)" }
      // Unbinding every host and removing every element leaves nothing behind, and every store
      // keeps its element's last state.
      for (index, host) in hosts.enumerated() {
        if let host { registry.unbind(host) }
        model.unbind(index)
      }
      for id in model.rows.keys.sorted() {
        harness.send(.remove(id))
        model.remove(id)
      }
      if let problem = model.verify(registry: registry, hosts: hosts) { return "after clean-up: \(problem)" }
      if registry.liveStoreCount != 0 || registry.boundHostCount != 0 {
        return "after clean-up: \(registry.liveStoreCount) stores, \(registry.boundHostCount) hosts"
      }
      return nil
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

  @Test(arguments: [(0, 3_000), (1, 1_000)])
  func accountingMatchesTheModelOverThousandsOfSeededSequences(collection: Int, seeds: UInt64) {
    let elements = Self.collections[collection]
    for seed in UInt64(0)..<seeds {
      let operations = Self.operations(seed: seed, count: 40)
      if let problem = Self.check(operations, elements: elements) {
        let shrunk = Self.shrink(operations) { Self.check($0, elements: elements) != nil }
        Issue.record(
          """
          \(elements), seed \(seed): \(problem)
          shrunk to \(shrunk.count) operations: \(shrunk.map(\.description).joined(separator: ", "))
          which fails with: \(Self.check(shrunk, elements: elements) ?? "?")
          """)
        return
      }
    }
  }

  @Test func theIssuesRegressionSequenceIsClean() {
    // bind A to 1; remove 1; re-insert 1; store(for: 1); unbind A; remove 1.
    let sequence: [Operation] = [.insert(1), .bind(host: 0, id: 1), .remove(1), .insert(1), .storeFor(1), .unbind(host: 0), .remove(1)]
    #expect(Self.check(sequence) == nil)
  }
}

/// What the registry should hold: the elements, the store asked for per live element, the
/// stores of removed elements that hosts still show, and which store each host shows.
struct RegistryModel {
  final class StoreRecord {
    let store: Store<Board.Row, Board.RowAction>
    var isAlive = true
    /// The state the element had when it was removed.
    var finalRow: Board.Row?
    init(_ store: Store<Board.Row, Board.RowAction>) { self.store = store }
  }

  /// A `scope(id:in:action:)` store: alive while its element exists, then frozen at the state
  /// the element had when removed (a re-inserted element never revives it).
  struct ScopedRecord {
    let id: Int
    let store: Store<Board.Row, Board.RowAction>
    var finalRow: Board.Row?
  }

  var rows: [Int: Board.Row] = [:]
  var live: [Int: StoreRecord] = [:]
  var shows: [Int: (id: Int, record: StoreRecord)] = [:]
  var scoped: [ScopedRecord] = []
  /// Registry stores whose element was removed, shown by a host or not.
  var removedStores: [StoreRecord] = []

  /// The store previously handed out for `id`, recording `made` if this is the first request.
  mutating func storeFor(_ id: Int, made: Store<Board.Row, Board.RowAction>?) -> Store<Board.Row, Board.RowAction>? {
    if let record = live[id] { return record.store }
    if rows[id] != nil, let made { live[id] = StoreRecord(made) }
    return nil
  }

  /// Returns `false` when the bind must be reported (no element).
  mutating func bind(_ host: Int, to id: Int, madeIfNeeded store: Store<Board.Row, Board.RowAction>?) -> Bool {
    guard rows[id] != nil, let store else { return false }
    if live[id] == nil { live[id] = StoreRecord(store) }
    shows[host] = (id, live[id]!)
    return true
  }

  mutating func unbind(_ host: Int) { shows[host] = nil }

  mutating func insert(_ id: Int) { rows[id] = Board.Row(id: id, title: "row \(id)") }

  mutating func remove(_ id: Int) {
    guard let row = rows.removeValue(forKey: id) else { return }
    for index in scoped.indices where scoped[index].id == id && scoped[index].finalRow == nil {
      scoped[index].finalRow = row
    }
    if let record = live.removeValue(forKey: id) {
      record.isAlive = false
      record.finalRow = row
      removedStores.append(record)
    }
  }

  /// Returns `false` when the send must be dropped and reported (its element is gone).
  mutating func tap(_ host: Int) -> Bool {
    guard let shown = shows[host] else { return true }
    guard shown.record.isAlive else { return false }
    rows[shown.id]!.taps += 1
    return true
  }

  func verify(registry: ChildStoreRegistry<Int, Board.Row, Board.RowAction>, hosts: [RegistryModelTests.ObservingHost?])
    -> String?
  {
    let retired = Set(shows.values.filter { !$0.record.isAlive }.map { ObjectIdentifier($0.record) })
    let expectedStores = live.count + retired.count
    if registry.liveStoreCount != expectedStores {
      return "liveStoreCount \(registry.liveStoreCount), model \(expectedStores)"
    }
    if registry.boundHostCount != shows.count {
      return "boundHostCount \(registry.boundHostCount), model \(shows.count)"
    }
    for (index, host) in hosts.enumerated() {
      guard let host else { continue }
      guard let shown = shows[index] else {
        if host.store != nil { return "h\(index) still shows a store" }
        continue
      }
      guard host.store === shown.record.store else { return "h\(index) shows another store" }
      let expected = shown.record.isAlive ? rows[shown.id]! : shown.record.finalRow!
      if host.store!.currentState != expected {
        return "h\(index)'s store reads \(host.store!.currentState), expected \(expected)"
      }
      if host.shown.value != expected {
        return "h\(index) shows \(String(describing: host.shown.value)), expected \(expected)"
      }
    }
    // Removed elements' stores only: reading a live store refreshes the state it remembers,
    // which would hide a store invalidated with a stale state.
    for record in removedStores where record.store.currentState != record.finalRow! {
      return "removed element's store reads \(record.store.currentState), expected \(record.finalRow!)"
    }
    for record in scoped {
      guard let expected = record.finalRow else { continue }
      if record.store.currentState != expected {
        return "scope(id: \(record.id)) store reads \(record.store.currentState), expected \(expected)"
      }
    }
    return nil
  }

  /// Every live store (registry or `scope(id:in:)`) reads its element's current state; checked
  /// once a sequence has run, since a read refreshes what a store remembers.
  func verifyLiveStores() -> String? {
    for (id, record) in live where record.store.currentState != rows[id]! {
      return "store of \(id) reads \(record.store.currentState), expected \(rows[id]!)"
    }
    for record in scoped where record.finalRow == nil && record.store.currentState != rows[record.id]! {
      return "scope(id: \(record.id)) store reads \(record.store.currentState), expected \(rows[record.id]!)"
    }
    return nil
  }
}
