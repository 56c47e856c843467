import ActorStore
import ActorStoreTesting
import Testing

/// Effects of collection elements, as a property: seeded sequences of rows added and removed
/// (re-added under an old ID too), row effects started (some cancellable, some concatenated
/// after a cancellable one), cancels by ID from a row and from the parent, and clock moves,
/// checked against a model after every step: what each row received, and when. A row's effects
/// deliver to that row only; removing a row cancels its effects, so a row re-added under the same
/// ID never receives its predecessor's; a row's `cancel(id:)` reaches its own effects only; the
/// parent's reaches that ID in every row; a concatenation moves on when its item ends or is
/// cancelled.
@Suite struct ElementEffectsModelTests {
  struct Row: Equatable, Sendable, Identifiable {
    let id: Int
    var delivered: [Delivery] = []
  }

  /// A delivered tag and the second it arrived at.
  struct Delivery: Comparable, Sendable, CustomStringConvertible {
    let tag: Int
    let at: Int

    var description: String { "#\(tag)@\(at)s" }
    static func < (lhs: Self, rhs: Self) -> Bool { (lhs.tag, lhs.at) < (rhs.tag, rhs.at) }
  }

  enum RowAction: Sendable {
    case start(tag: Int, seconds: Int, id: Int?)
    /// A concatenation: an effect that may be cancellable, then a plain one.
    case sequence(first: Int, firstSeconds: Int, then: Int, thenSeconds: Int, id: Int?)
    case cancel(Int)
    case delivered(Int)
  }

  enum Action: Sendable {
    case add(Int)
    case remove(Int)
    case cancel(Int)
    case rows(IdentifiedAction<Int, RowAction>)
  }

  static let rowsPath = ActionPath<Action, IdentifiedAction<Int, RowAction>>(
    embed: Action.rows, extract: { if case .rows(let action) = $0 { action } else { nil } })

  struct Feature: Reducer {
    let clock: TestClock

    var body: some Reducer<IdentifiedArrayOf<Row>, Action> {
      let feature = self
      return Reduce<IdentifiedArrayOf<Row>, Action> { rows, action in
        switch action {
        case .add(let id):
          rows.append(Row(id: id))
        case .remove(let id):
          rows.remove(id: id)
        case .cancel(let id):
          return .cancel(id: id)
        case .rows:
          break
        }
        return .none
      }
      .forEach(\.self, action: ElementEffectsModelTests.rowsPath) {
        Reduce<Row, RowAction> { row, action in
          switch action {
          case .start(let tag, let seconds, let id):
            return feature.delivery(tag, after: seconds, id: id)
          case .sequence(let first, let firstSeconds, let then, let thenSeconds, let id):
            return .concatenate(
              feature.delivery(first, after: firstSeconds, id: id),
              feature.delivery(then, after: thenSeconds, id: nil))
          case .cancel(let id):
            return .cancel(id: id)
          case .delivered(let tag):
            row.delivered.append(Delivery(tag: tag, at: Int(feature.clock.now.offset.components.seconds)))
            return .none
          }
        }
      }
    }

    func reduce(into state: inout IdentifiedArrayOf<Row>, action: Action) -> Effect<Action> {
      body.reduce(into: &state, action: action)
    }

    /// Delivers `tag` after `seconds`, cancellable under `id` if given.
    func delivery(_ tag: Int, after seconds: Int, id: Int?) -> Effect<RowAction> {
      let clock = self.clock
      let run = Effect<RowAction>.run { send in
        try await clock.sleep(for: .seconds(seconds))
        await send(.delivered(tag))
      }
      return id.map { run.cancellable(id: $0) } ?? run
    }
  }

  /// The reference: each row's lifetime (a generation per add) and every effect started.
  struct Model {
    struct Effect {
      let row: Int
      let generation: Int
      let tag: Int
      var endsAt: Int
      let id: Int?
      var isCancelled = false
      /// The effect a concatenation runs after this one, which starts when this one ends.
      var next: Int?
    }

    /// Live rows in order, with their generation.
    var rows: [(id: Int, generation: Int)] = []
    var nextGeneration = 0
    var effects: [Effect] = []
    /// Which IDs each row's scope, and the parent's, have seen, so that no cancel warns.
    var usedByRow: Set<[Int]> = []
    var usedByAny: Set<Int> = []

    func generation(of row: Int) -> Int? { rows.first { $0.id == row }?.generation }

    mutating func add(_ row: Int) {
      rows.append((row, nextGeneration))
      nextGeneration += 1
    }

    mutating func remove(_ row: Int, at now: Int) {
      guard let generation = generation(of: row) else { return }
      cancel(at: now) { $0.row == row && $0.generation == generation }
      rows.removeAll { $0.id == row }
    }

    mutating func start(_ row: Int, tag: Int, seconds: Int, id: Int?, at now: Int) {
      guard let generation = generation(of: row) else { return }
      effects.append(Effect(row: row, generation: generation, tag: tag, endsAt: now + seconds, id: id))
      if let id {
        usedByRow.insert([row, id])
        usedByAny.insert(id)
      }
    }

    /// A concatenation of two effects, the first cancellable under `id` if given.
    mutating func sequence(
      _ row: Int, first: (tag: Int, seconds: Int), then: (tag: Int, seconds: Int), id: Int?, at now: Int
    ) {
      start(row, tag: first.tag, seconds: first.seconds, id: id, at: now)
      start(row, tag: then.tag, seconds: first.seconds + then.seconds, id: nil, at: now)
      effects[effects.count - 2].next = effects.count - 1
    }

    mutating func cancel(_ id: Int, inRow row: Int?, at now: Int) {
      cancel(at: now) { effect in effect.id == id && (row == nil || effect.row == row) }
    }

    private mutating func cancel(at now: Int, where matches: (Effect) -> Bool) {
      for index in effects.indices
      where !effects[index].isCancelled && matches(effects[index]) && effects[index].endsAt > now {
        effects[index].isCancelled = true
        // The concatenation moves on at once.
        if let next = effects[index].next, !effects[next].isCancelled {
          effects[next].endsAt -= effects[index].endsAt - now
        }
      }
    }

    /// What each live row has received by `now`, and when, sorted.
    func delivered(at now: Int) -> [Row] {
      rows.map { row in
        Row(
          id: row.id,
          delivered: effects.filter {
            $0.row == row.id && $0.generation == row.generation && !$0.isCancelled && $0.endsAt <= now
          }.map { Delivery(tag: $0.tag, at: $0.endsAt) }.sorted())
      }
    }
  }

  @Test func rowEffectsFollowTheModelOverSeededSequences() async {
    for seed in UInt64(0)..<300 {
      var random = SeededGenerator(seed: seed)
      let store = TestStore(initialState: IdentifiedArrayOf<Row>()) { Feature(clock: $0.clock) }
      store.exhaustivity = .off
      var model = Model()
      var history: [String] = []
      var nextTag = 0
      for _ in 0..<30 {
        let now = Int(store.executor.clock.now.offset.components.seconds)
        let liveRows = model.rows.map(\.id)
        let row = Int.random(in: 0..<4, using: &random)
        let id = Int.random(in: 0..<2, using: &random)
        switch Int.random(in: 0..<9, using: &random) {
        case 0 where !liveRows.contains(row):
          history.append("add \(row)")
          model.add(row)
          await store.send(.add(row))
        case 1 where liveRows.contains(row):
          history.append("remove \(row) at \(now)s")
          model.remove(row, at: now)
          await store.send(.remove(row))
        case 6 where liveRows.contains(row):
          nextTag += 2
          let (first, then) = (nextTag - 1, nextTag)
          let firstSeconds = Int.random(in: 0...2, using: &random)
          let thenSeconds = Int.random(in: 0...2, using: &random)
          let effectID = Bool.random(using: &random) ? id : nil
          let idText = effectID.map(String.init) ?? "-"
          history.append(
            "row \(row) sequences #\(first) \(firstSeconds)s id \(idText), #\(then) \(thenSeconds)s at \(now)s")
          model.sequence(row, first: (first, firstSeconds), then: (then, thenSeconds), id: effectID, at: now)
          let sequence = RowAction.sequence(
            first: first, firstSeconds: firstSeconds, then: then, thenSeconds: thenSeconds, id: effectID)
          await store.send(.rows(.element(id: row, action: sequence)))
        case 2...3 where liveRows.contains(row):
          nextTag += 1
          let seconds = Int.random(in: 0...3, using: &random)
          let effectID = Bool.random(using: &random) ? id : nil
          history.append("row \(row) starts #\(nextTag) \(seconds)s id \(effectID.map(String.init) ?? "-") at \(now)s")
          model.start(row, tag: nextTag, seconds: seconds, id: effectID, at: now)
          await store.send(.rows(.element(id: row, action: .start(tag: nextTag, seconds: seconds, id: effectID))))
        case 4 where liveRows.contains(row) && model.usedByRow.contains([row, id]):
          history.append("row \(row) cancels \(id) at \(now)s")
          model.cancel(id, inRow: row, at: now)
          await store.send(.rows(.element(id: row, action: .cancel(id))))
        case 5 where model.usedByAny.contains(id):
          history.append("parent cancels \(id) at \(now)s")
          model.cancel(id, inRow: nil, at: now)
          await store.send(.cancel(id))
        default:
          let later = now + Int.random(in: 1...2, using: &random)
          history.append("advance to \(later)s")
          store.executor.advance(to: TestClock.Instant(offset: .seconds(later)))
        }
        // The model delivers zero-second effects at once: the test clock runs them only when
        // moved, so move it by zero after each step (a no-op after an advance).
        await store.clock.advance()
        await store.skipReceivedActions(strict: false)
        let at = Int(store.executor.clock.now.offset.components.seconds)
        let actual = store.state.map { Row(id: $0.id, delivered: $0.delivered.sorted()) }
        guard actual == model.delivered(at: at) else {
          Issue.record(
            """
            seed \(seed): rows \(actual), expected \(model.delivered(at: at))
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
