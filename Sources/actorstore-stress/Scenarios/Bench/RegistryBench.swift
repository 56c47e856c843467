import ActorStore

/// Figure 5: `ChildStoreRegistry` bind + unbind while scrolling every element through a few
/// hosts, against the dictionary work a minimal registry does (look the element up, inserting
/// it the first time; remove the host's old binding; insert its new one). Measured on a first
/// scroll (child stores created) and a second one (stores reused); the target is the ratio alone,
/// ≤ 3× (an absolute rate would judge the machine: the dictionary floor alone runs slower than
/// 5 M elements/s on a shared 2-core machine). Also measures figure 8a, the heap an idle
/// registry entry takes.
enum RegistryBench {
  struct Row: Identifiable, Sendable { let id: Int }
  enum RowAction: Sendable { case tapped }

  struct List: Reducer {
    struct State: Sendable { var rows: IdentifiedArrayOf<Row> }
    enum Action: Sendable { case rows(IdentifiedAction<Int, RowAction>), removeAll }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      if case .removeAll = action { state.rows.removeAll() }
      return .none
    }
  }

  static let rowsPath = ActionPath<List.Action, IdentifiedAction<Int, RowAction>>(
    embed: List.Action.rows,
    extract: { action in
      if case .rows(let rowAction) = action { rowAction } else { nil }
    })

  /// The least a host can do: keep the store it shows.
  final class Host: StoreHost {
    private(set) var store: Store<Row, RowAction>?
    func configure(with store: Store<Row, RowAction>) { self.store = store }
    func prepareForReuse() { store = nil }
  }

  typealias Registry = ChildStoreRegistry<Int, Row, RowAction>

  static func run(elements: Int, hosts: Int, rounds: BenchRounds, log: inout InvariantLog) async -> [Figure] {
    let rows = IdentifiedArrayOf(uniqueElements: (0..<elements).map(Row.init))
    var rescroll = ComparedRounds(subject: [], baseline: [])
    var entryBytes: [Double] = []
    var source = ""
    let first = await rounds.compare(
      subject: {
        let store = Store(initialState: List.State(rows: rows), reducer: List())
        // Keeping every store: the figures are the cost of an idle entry and of a scroll that
        // reuses stores, which eviction under the default limit would replace by creations.
        let registry = Registry(parent: store, elements: \.rows, action: rowsPath, unboundStoreLimit: elements)
        let hostList = (0..<hosts).map { _ in Host() }
        let before = ProcessMemory.heapInUse
        let firstScroll = await BenchRounds.time { scroll(elements, through: hostList, registry) }
        let after = ProcessMemory.heapInUse
        entryBytes.append(Double(after.bytes - before.bytes) / Double(elements))
        source = after.source
        let idle = (registry.liveStoreCount, registry.boundHostCount)
        rescroll.subject.append(await BenchRounds.time { scroll(elements, through: hostList, registry) })
        await store.send(.removeAll)
        log.check(
          "after a scroll every element has one idle store", idle == (elements, 0),
          "\(idle.0) stores and \(idle.1) bound hosts for \(elements) elements")
        log.check(
          "removing the elements evicts their stores", registry.liveStoreCount == 0,
          "\(registry.liveStoreCount) stores left")
        return firstScroll
      },
      baseline: {
        var stores: [Int: Int] = [:]
        var bindings: [Int: Int] = [:]
        let firstScroll = await BenchRounds.time { scroll(elements, hosts: hosts, &stores, &bindings) }
        rescroll.baseline.append(await BenchRounds.time { scroll(elements, hosts: hosts, &stores, &bindings) })
        blackhole(stores.count)
        return firstScroll
      })
    rescroll = ComparedRounds(subject: BenchRounds.measured(rescroll.subject), baseline: BenchRounds.measured(rescroll.baseline))
    entryBytes = BenchRounds.measured(entryBytes)
    let scrolls = [("first scroll, stores created", first), ("re-scroll, stores reused", rescroll)].map { name, times in
      var figure = Figure.comparison(
        "registry bind+unbind, \(name)", operations: elements, unit: "ns/element", times: times, maxRatio: 3,
        target: "≤ 3×")
      figure.detail =
        "\(Format.scaled(1e9 / figure.median, "elements/s")) over \(Format.count(elements)) elements, "
        + "\(hosts) hosts; baseline \(Format.scaled(1e9 / figure.baseline!, "elements/s"))"
      return figure
    }
    var memory = Figure(scenario: "bench", name: "memory per idle registry entry", unit: "B", samples: entryBytes)
    memory.target = "≤ 256 B"
    memory.met = memory.median <= 256
    memory.detail =
      "heap growth (\(source)) over \(Format.count(elements)) idle entries: child store, scope link, registry entry"
    return scrolls + [memory]
  }

  /// Binds every element in turn to the next host of the ring (which unbinds what it showed),
  /// then unbinds every host.
  private static func scroll(_ elements: Int, through hosts: [Host], _ registry: Registry) {
    for id in 0..<elements { registry.bind(hosts[id % hosts.count], to: id) }
    for host in hosts { registry.unbind(host) }
  }

  /// The baseline's dictionary work for the same scroll.
  private static func scroll(_ elements: Int, hosts: Int, _ stores: inout [Int: Int], _ bindings: inout [Int: Int]) {
    for id in 0..<elements {
      let host = id % hosts
      if stores[id] == nil { stores[id] = id }
      bindings.removeValue(forKey: host)
      bindings[host] = id
    }
    bindings.removeAll()
  }
}
