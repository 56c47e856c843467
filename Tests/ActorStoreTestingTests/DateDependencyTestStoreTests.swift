import ActorStoreTesting
import Foundation
import Testing

/// `$0.date.now = …` in a `TestStore`'s overrides, as swift-dependencies allows: no issue for
/// the unimplemented test value it replaces, and reducers and effects see the date.
@MainActor @Suite struct DateDependencyTestStoreTests {
  struct Stamp: Reducer {
    struct State: Equatable, Sendable { var reduced: Date?; var fromEffect: Date? }
    enum Action: Equatable, Sendable { case stamp, stamped(Date) }
    @Dependency(\.date) var date
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .stamp:
        state.reduced = date.now
        return .run { send in await send(.stamped(date())) }
      case .stamped(let date):
        state.fromEffect = date
        return .none
      }
    }
  }

  @Test func settingNowInTheOverridesReachesReducersAndEffects() async {
    let fixed = Date(timeIntervalSince1970: 1_234_567_890)
    let store = TestStore(initialState: Stamp.State()) {
      Stamp()
    } withDependencies: {
      $0.date.now = fixed
    }
    await store.send(.stamp) { $0.reduced = fixed }
    await store.receive(.stamped(fixed)) { $0.fromEffect = fixed }

    let later = Date(timeIntervalSince1970: 1_234_567_950)
    store.dependencies.date.now = later
    await store.send(.stamp) { $0.reduced = later }
    await store.receive(.stamped(later)) { $0.fromEffect = later }
  }
}
