import ActorStore
import Testing

/// `onChange(of:_:)` runs its reducer after the base exactly when the base changed the watched
/// value, with the old and new value, as TCA's does.
@Suite struct OnChangeReducerTests {
  struct Feature: Reducer {
    struct State: Equatable, Sendable {
      var value = 0
      var other = 0
      var changes: [String] = []
    }
    enum Action: Equatable, Sendable { case set(Int), setOther(Int), changed(Int) }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .set(let value): state.value = value
        case .setOther(let other): state.other = other
        case .changed(let value): state.changes.append("changed \(value)")
        }
        return .none
      }
      .onChange(of: { $0.value }) { old, new in
        Reduce { state, _ in
          state.changes.append("\(old)→\(new)")
          return .send(.changed(new))
        }
      }
    }
  }

  @Test func runsOnlyWhenTheWatchedValueChanges() {
    // Over seeded action sequences, the change log equals a model that compares before/after.
    for seed in 0..<500 {
      var generator = SplitMix64(state: UInt64(seed))
      var state = Feature.State()
      var expected: [String] = []
      var modelValue = 0
      for _ in 0..<20 {
        let action: Feature.Action =
          generator.next() % 2 == 0 ? .set(Int(generator.next() % 3)) : .setOther(Int(generator.next() % 3))
        _ = Feature().reduce(into: &state, action: action)
        if case .set(let value) = action, value != modelValue {
          expected.append("\(modelValue)→\(value)")
          modelValue = value
        }
      }
      #expect(state.changes == expected, "seed \(seed)")
    }
  }

  @Test func theChangeReducersEffectRunsInTheStore() async {
    let store: StoreOf<Feature> = Store(initialState: Feature.State(), reducer: Feature())
    await store.send(.set(2))
    await store.send(.setOther(5))
    #expect(await store.state.changes == ["0→2", "changed 2"])
  }
}
