import ActorStore
import ActorStoreTesting
import Testing

/// `concatenate` with cancellable items, as a property: seeded sequences of sends that each start
/// a concatenation (items sleeping 0–2 s, some cancellable under a shared ID, some whole
/// concatenations cancellable too), cancels of those IDs and clock moves, checked against a model
/// after every step: which items delivered, and when. A concatenation runs one item at a time; an
/// item cancelled while it waits its turn is skipped, one cancelled while it runs ends there, and
/// either way the next item starts at once; a concatenation cancelled as a whole stops there.
@Suite struct ConcatenationModelTests {
  struct Item: Sendable, CustomStringConvertible {
    let tag: Int
    let seconds: Int
    let id: Int?

    var description: String { "#\(tag) \(seconds)s" + (id.map { " id \($0)" } ?? "") }
  }

  enum Action: Sendable {
    case start([Item])
    /// A concatenation cancellable as a whole under the ID.
    case startCancellable([Item], id: Int)
    case cancel(Int)
    case delivered(Int)
  }

  struct Delivery: Hashable, Sendable, CustomStringConvertible {
    let tag: Int
    let at: Duration
    var description: String { "#\(tag)@\(at)" }
  }

  struct Feature: Reducer {
    let clock: TestClock

    func reduce(into state: inout Set<Delivery>, action: Action) -> Effect<Action> {
      let clock = self.clock
      switch action {
      case .start(let items):
        return concatenation(of: items)
      case .startCancellable(let items, let id):
        return concatenation(of: items).cancellable(id: id)
      case .cancel(let id):
        return .cancel(id: id)
      case .delivered(let tag):
        state.insert(Delivery(tag: tag, at: clock.now.offset))
        return .none
      }
    }

    func concatenation(of items: [Item]) -> Effect<Action> {
      let clock = self.clock
      return .concatenate(
        items.map { item in
          let run = Effect<Action>.run { send in
            try await clock.sleep(for: .seconds(item.seconds))
            await send(.delivered(item.tag))
          }
          return item.id.map { run.cancellable(id: $0) } ?? run
        })
    }
  }

  /// The reference: each concatenation's items, which one runs and since when.
  struct Model {
    struct Chain {
      var items: [Item]
      /// The ID the whole concatenation is cancellable under, if any.
      var id: Int?
      var cancelled: Set<Int> = []
      /// The running item's index and start; `nil` once every item is done.
      var current: (index: Int, since: Int)?
    }

    var chains: [Chain] = []
    var delivered: Set<Delivery> = []

    mutating func start(_ items: [Item], id: Int?, at now: Int) {
      var chain = Chain(items: items, id: id)
      chain.current = Self.next(after: -1, in: chain, at: now)
      chains.append(chain)
      settle(at: now)
    }

    mutating func cancel(_ id: Int, at now: Int) {
      for index in chains.indices {
        if chains[index].id == id {
          chains[index].current = nil
          continue
        }
        for item in chains[index].items where item.id == id { chains[index].cancelled.insert(item.tag) }
        let chain = chains[index]
        if let current = chain.current, chain.cancelled.contains(chain.items[current.index].tag) {
          chains[index].current = Self.next(after: current.index, in: chain, at: now)
        }
      }
      settle(at: now)
    }

    /// Runs every item that ends by `now`, in time order.
    mutating func settle(at now: Int) {
      for index in chains.indices {
        while let current = chains[index].current {
          let item = chains[index].items[current.index]
          let end = current.since + item.seconds
          guard end <= now else { break }
          delivered.insert(Delivery(tag: item.tag, at: .seconds(end)))
          chains[index].current = Self.next(after: current.index, in: chains[index], at: end)
        }
      }
    }

    /// The first item after `index` not cancelled, starting at `time`.
    static func next(after index: Int, in chain: Chain, at time: Int) -> (index: Int, since: Int)? {
      var candidate = index + 1
      while candidate < chain.items.count, chain.cancelled.contains(chain.items[candidate].tag) { candidate += 1 }
      return candidate < chain.items.count ? (candidate, time) : nil
    }
  }

  /// The case the model found: a cancellable item holds back the next one until it finishes,
  /// written `.concatenate(a, b)` or, as TCA also writes it, `a.concatenate(with: b)`.
  @Test(arguments: [false, true]) func aCancellableItemHoldsBackTheNextOne(writtenWithConcatenateWith: Bool) async {
    let store = TestStore(initialState: Set<Delivery>()) { executor in
      let feature = Feature(clock: executor.clock)
      return Reduce<Set<Delivery>, Action> { state, action in
        guard writtenWithConcatenateWith, case .start(let items) = action else {
          return feature.reduce(into: &state, action: action)
        }
        return feature.concatenation(of: [items[0]]).concatenate(with: feature.concatenation(of: [items[1]]))
      }
    }
    store.exhaustivity = .off
    await store.send(.start([Item(tag: 1, seconds: 2, id: 0), Item(tag: 2, seconds: 1, id: nil)]))
    store.executor.advance(to: TestClock.Instant(offset: .seconds(5)))
    await store.skipReceivedActions()
    #expect(store.state == [Delivery(tag: 1, at: .seconds(2)), Delivery(tag: 2, at: .seconds(3))])
    await store.finish()
  }

  /// Gates inside an item's `merge` or nested `concatenate` hold the next item back as well.
  @Test func cancellableWorkNestedInAnItemHoldsBackTheNextOne() async {
    let executor = TestExecutor()
    let clock = executor.clock
    @Sendable func run(_ tag: Int, _ seconds: Int) -> Effect<Action> {
      .run { send in
        try await clock.sleep(for: .seconds(seconds))
        await send(.delivered(tag))
      }
    }
    let store = TestStore(initialState: Set<Delivery>(), executor: executor) {
      Reduce<Set<Delivery>, Action> { state, action in
        switch action {
        case .start:
          return .concatenate(
            .merge(run(1, 2).cancellable(id: 0), run(2, 1)),
            .concatenate(run(3, 1).cancellable(id: 1), run(4, 1)),
            run(5, 0))
        case .delivered(let tag):
          state.insert(Delivery(tag: tag, at: clock.now.offset))
          return .none
        case .cancel, .startCancellable:
          return .none
        }
      }
    }
    store.exhaustivity = .off
    await store.send(.start([]))
    executor.advance(to: TestClock.Instant(offset: .seconds(5)))
    await store.skipReceivedActions()
    #expect(
      store.state == [
        Delivery(tag: 1, at: .seconds(2)), Delivery(tag: 2, at: .seconds(1)), Delivery(tag: 3, at: .seconds(3)),
        Delivery(tag: 4, at: .seconds(4)), Delivery(tag: 5, at: .seconds(4)),
      ])
    await store.finish()
  }

  /// `cancelInFlight` of a concatenation's item cancels what runs under its ID when the item
  /// starts, as any effect's does: not when the concatenation starts, which would cancel an effect
  /// that finishes before the item begins and spare one started in between.
  @Test func anItemCancelsInFlightEffectsWhenItStarts() async {
    let executor = TestExecutor()
    let clock = executor.clock
    @Sendable func load(_ tag: Int, _ seconds: Int) -> Effect<Action> {
      Effect<Action>.run { send in
        try await clock.sleep(for: .seconds(seconds))
        await send(.delivered(tag))
      }
    }
    let store = TestStore(initialState: Set<Delivery>(), executor: executor) {
      Reduce<Set<Delivery>, Action> { state, action in
        switch action {
        case .start(let items):
          // One item: a load under ID 0 taking `seconds`.
          return load(items[0].tag, items[0].seconds).cancellable(id: 0)
        case .cancel:
          // Waits 3 s, then reloads, cancelling any load in flight.
          return .concatenate(
            .run { _ in try await clock.sleep(for: .seconds(3)) },
            load(99, 0).cancellable(id: 0, cancelInFlight: true))
        case .delivered(let tag):
          state.insert(Delivery(tag: tag, at: clock.now.offset))
          return .none
        case .startCancellable:
          return .none
        }
      }
    }
    store.exhaustivity = .off
    // A load that ends before the reload starts delivers; one still running when it starts
    // does not, though it started after the concatenation.
    await store.send(.start([Item(tag: 1, seconds: 2, id: 0)]))
    await store.send(.cancel(0))
    executor.advance(by: .seconds(1))
    await store.send(.start([Item(tag: 2, seconds: 5, id: 0)]))
    executor.advance(to: TestClock.Instant(offset: .seconds(10)))
    await store.skipReceivedActions()
    #expect(store.state == [Delivery(tag: 1, at: .seconds(2)), Delivery(tag: 99, at: .seconds(3))])
    await store.finish()
  }

  @Test func deliveriesFollowTheModelOverSeededSequences() async {
    for seed in UInt64(0)..<300 {
      var random = SeededGenerator(seed: seed)
      let store = TestStore(initialState: Set<Delivery>()) { Feature(clock: $0.clock) }
      store.exhaustivity = .off
      var model = Model()
      var history: [String] = []
      var usedIDs: Set<Int> = []
      var nextTag = 0
      for _ in 0..<20 {
        let now = Int(store.executor.clock.now.offset.components.seconds)
        switch Int.random(in: 0..<5, using: &random) {
        case 0, 1:
          let items = (0..<Int.random(in: 1...4, using: &random)).map { _ -> Item in
            nextTag += 1
            let id = Bool.random(using: &random) ? Int.random(in: 0..<3, using: &random) : nil
            return Item(tag: nextTag, seconds: Int.random(in: 0...2, using: &random), id: id)
          }
          usedIDs.formUnion(items.compactMap(\.id))
          if Int.random(in: 0..<3, using: &random) == 0 {
            let id = Int.random(in: 0..<3, using: &random)
            usedIDs.insert(id)
            history.append("start \(items) cancellable as a whole under \(id) at \(now)s")
            model.start(items, id: id, at: now)
            await store.send(.startCancellable(items, id: id))
          } else {
            history.append("start \(items) at \(now)s")
            model.start(items, id: nil, at: now)
            await store.send(.start(items))
          }
        // A cancel of an ID never used warns; that is not what this checks.
        case 2 where !usedIDs.isEmpty:
          let id = usedIDs.randomElement(using: &random)!
          history.append("cancel \(id) at \(now)s")
          model.cancel(id, at: now)
          await store.send(.cancel(id))
        default:
          let later = now + Int.random(in: 1...2, using: &random)
          history.append("advance to \(later)s")
          model.settle(at: later)
          store.executor.advance(to: TestClock.Instant(offset: .seconds(later)))
        }
        // The model delivers zero-second items at once: the test clock runs them only when
        // moved, so move it by zero after each step (a no-op after an advance).
        await store.clock.advance()
        await store.skipReceivedActions(strict: false)
        guard store.state == model.delivered else {
          Issue.record(
            """
            seed \(seed): delivered \(store.state.sorted { $0.tag < $1.tag }), \
            expected \(model.delivered.sorted { $0.tag < $1.tag })
            after \(history.joined(separator: "; "))
            """)
          break
        }
      }
      await store.skipInFlightEffects(strict: false)
      await store.finish()
    }
  }
}
