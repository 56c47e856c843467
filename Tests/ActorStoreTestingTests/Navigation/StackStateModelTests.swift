import ActorStore
import ActorStoreTesting
import Foundation
import Testing

/// `StackState` as a property: seeded sequences of appends, pops (`popLast`, `pop(from:)`,
/// `pop(to:)`, by ID set to `nil`), pushes with an explicit ID, in-place edits and `removeAll`,
/// checked against an array of (ID, value) pairs after every step; appended IDs always exceed
/// every ID seen before, so no ID is ever reused. Then the same operations as actions through
/// `forEach`, with screens starting long effects: after every step, exactly the effects of the
/// screens still in the stack are in flight.
@Suite struct StackStateModelTests {
  enum Operation: CustomStringConvertible {
    case append(Int)
    case popLast
    case popFrom(Int)
    case popTo(Int)
    case removeByID(Int)
    case push(id: Int, Int)
    case edit(Int, Int)
    case removeAll

    var description: String {
      switch self {
      case .append(let value): "append(\(value))"
      case .popLast: "popLast"
      case .popFrom(let id): "pop(from: #\(id))"
      case .popTo(let id): "pop(to: #\(id))"
      case .removeByID(let id): "[id: #\(id)] = nil"
      case .push(let id, let value): "[id: #\(id)] = \(value)"
      case .edit(let id, let value): "[id: #\(id)]? = \(value)"
      case .removeAll: "removeAll"
      }
    }
  }

  static func operations(seed: UInt64, count: Int) -> [Operation] {
    var random = SeededGenerator(seed: seed)
    // IDs up to 40 include some never assigned, so missing IDs are exercised too.
    func id() -> Int { Int.random(in: 0..<40, using: &random) }
    return (0..<count).map { step in
      switch Int.random(in: 0..<10, using: &random) {
      case 0, 1, 2: .append(step)
      case 3: .popLast
      case 4: .popFrom(id())
      case 5: .popTo(id())
      case 6: .removeByID(id())
      case 7: .push(id: id(), step)
      case 8: .edit(id(), step)
      default: Int.random(in: 0..<4, using: &random) == 0 ? .removeAll : .append(step)
      }
    }
  }

  @Test(arguments: 0..<200 as Range<UInt64>) func stackStateMatchesTheModel(seed: UInt64) {
    withDependencies { $0.stackElementID = StackElementIDGenerator() } operation: {
      var stack = StackState<Int>()
      var model: [(id: Int, value: Int)] = []
      var highestSeen = -1
      for (step, operation) in Self.operations(seed: seed, count: 60).enumerated() {
        switch operation {
        case .append(let value):
          stack.append(value)
          let id = stack.ids.last!.generation
          #expect(id > highestSeen, "seed \(seed) step \(step): append reused or went back to #\(id)")
          model.append((id, value))
        case .popLast:
          let popped = stack.popLast()
          #expect(popped == model.popLast()?.value)
        case .popFrom(let id):
          stack.pop(from: StackElementID(generation: id))
          if let index = model.firstIndex(where: { $0.id == id }) { model.removeSubrange(index...) }
        case .popTo(let id):
          stack.pop(to: StackElementID(generation: id))
          if let index = model.firstIndex(where: { $0.id == id }) { model.removeSubrange((index + 1)...) }
        case .removeByID(let id):
          stack[id: StackElementID(generation: id)] = nil
          model.removeAll { $0.id == id }
        case .push(let id, let value):
          stack[id: StackElementID(generation: id)] = value
          if let index = model.firstIndex(where: { $0.id == id }) { model[index].value = value } else { model.append((id, value)) }
        case .edit(let id, let value):
          stack[id: StackElementID(generation: id)]? = value
          if let index = model.firstIndex(where: { $0.id == id }) { model[index].value = value }
        case .removeAll:
          stack.removeAll()
          model.removeAll()
        }
        highestSeen = max(highestSeen, model.map(\.id).max() ?? -1)
        #expect(stack.ids.map(\.generation) == model.map(\.id), "seed \(seed) step \(step): \(operation)")
        #expect(Array(stack) == model.map(\.value), "seed \(seed) step \(step): \(operation)")
        #expect(Set(stack.ids).count == stack.count)
      }
    }
  }

  /// A screen that starts a long effect when it appears, so that every screen in the stack has
  /// one in flight.
  struct Screen: Reducer {
    enum Action: Sendable { case start }
    let clock: TestClock
    func reduce(into state: inout Int, action: Action) -> Effect<Action> {
      .run { [clock] _ in try await clock.sleep(for: .seconds(1_000)) }
    }
  }

  enum RootAction: Sendable {
    case append(Int)
    case removeAll
    case path(StackAction<Int, Screen.Action>)
  }

  @Test(arguments: 0..<50 as Range<UInt64>) func exactlyTheScreensInTheStackHaveEffectsInFlight(seed: UInt64) {
    let executor = TestExecutor()
    let path = ActionPath<RootAction, StackAction<Int, Screen.Action>>(
      embed: RootAction.path, extract: { if case .path(let action) = $0 { action } else { nil } })
    let reducer = Reduce<StackState<Int>, RootAction> { state, action in
      switch action {
      case .append(let value): state.append(value)
      case .removeAll: state.removeAll()
      case .path: break
      }
      return .none
    }
    .forEach(\.self, action: path) { Screen(clock: executor.clock) }
    let store = withDependencies { $0.stackElementID = StackElementIDGenerator() } operation: {
      Store(initialState: StackState<Int>(), reducer: reducer, executor: executor.makeTestStoreExecutor())
    }
    /// How many effects each screen started.
    var running: [StackElementID: Int] = [:]
    var random = SeededGenerator(seed: seed)
    for step in 0..<40 {
      let ids = store.currentState.ids
      let pick = ids.randomElement(using: &random)
      let action: RootAction? =
        switch Int.random(in: 0..<6, using: &random) {
        case 0, 1: .append(step)
        case 2: pick.map { .path(.element(id: $0, action: .start)) }
        case 3: pick.map { .path(.popFrom(id: $0)) }
        case 4: .path(.push(id: StackElementID(generation: 100 + step), state: step))
        default: Int.random(in: 0..<3, using: &random) == 0 ? .removeAll : .append(step)
        }
      guard let action else { continue }
      _ = executor.value { await store.send(action) }
      if case .path(.element(let id, _)) = action { running[id, default: 0] += 1 }
      running = running.filter { store.currentState.ids.contains($0.key) }
      #expect(store.inFlightEffectCount == running.values.reduce(0, +), "seed \(seed) step \(step): \(action)")
    }
    _ = executor.value { await store.send(.removeAll) }
    #expect(store.inFlightEffectCount == 0)
  }

  /// Navigation actions can be recorded and replayed (`ActionRecorder`), like element actions.
  @Test func navigationActionsRoundTripThroughJSON() throws {
    let actions: [StackAction<Int, PresentationAction<String>>] = [
      .push(id: 3, state: 7), .element(id: 3, action: .presented("tap")), .element(id: 3, action: .dismiss),
      .popFrom(id: 3),
    ]
    let decoded = try JSONDecoder().decode(
      [StackAction<Int, PresentationAction<String>>].self, from: JSONEncoder().encode(actions))
    #expect(decoded == actions)
  }
}
