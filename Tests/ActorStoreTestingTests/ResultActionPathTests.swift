import ActorStoreTesting
import Testing

/// `ActionPath.success` and `.failure` lead into a `Result`'s cases, alone, chained after an
/// action's case, and in a `TestStore`'s `receive`, as TCA's `\.response.success`.
@MainActor @Suite struct ResultActionPathTests {
  struct Failure: Error, Equatable { var code: Int }

  struct Feature: Reducer {
    struct State: Equatable, Sendable { var value: Int?; var error: Int? }
    enum Action: Sendable {
      case load(Int)
      case response(Result<Int, any Error>)
      case typed(Result<String, Failure>)
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .load(let number):
        return .run { send in
          await send(.response(number < 0 ? .failure(Failure(code: number)) : .success(number * 2)))
          await send(.typed(number < 0 ? .failure(Failure(code: number)) : .success("\(number)")))
        }
      case .response(.success(let value)):
        state.value = value
        return .none
      case .response(.failure(let error)):
        state.error = (error as? Failure)?.code
        return .none
      case .typed:
        return .none
      }
    }
  }

  @Test func pathsEmbedAndExtractOverRandomResults() {
    var generator = SeededGenerator(seed: 0x2E5)
    let success = ActionPath<Result<Int, Failure>, Int>.success
    let failure = ActionPath<Result<Int, Failure>, Failure>.failure
    for _ in 0..<500 {
      let number = Int.random(in: -1_000...1_000, using: &generator)
      let result: Result<Int, Failure> =
        Bool.random(using: &generator) ? .success(number) : .failure(Failure(code: number))
      switch result {
      case .success(let value):
        #expect(success.extract(result) == value && failure.extract(result) == nil)
      case .failure(let error):
        #expect(failure.extract(result) == error && success.extract(result) == nil)
      }
      #expect(success.embed(number) == .success(number))
      #expect(failure.embed(Failure(code: number)) == .failure(Failure(code: number)))
    }
  }

  @Test func chainedAfterAnActionsCase() {
    let path = ActionPath<Feature.Action, Int>.path(.response, .success)
    guard case .response(.success(3)) = path.embed(3) else {
      Issue.record("embedded \(path.embed(3))")
      return
    }
    #expect(path.extract(.response(.success(5))) == 5)
    #expect(path.extract(.response(.failure(Failure(code: 1)))) == nil)
    #expect(path.extract(.load(5)) == nil)
    let typedFailure = ActionPath<Feature.Action, Failure>.path(.typed, .failure)
    #expect(typedFailure.extract(.typed(.failure(Failure(code: 2)))) == Failure(code: 2))
  }

  @Test func aTestStoreReceivesByResultCase() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.load(21))
    await store.receive(.response, .success) { $0.value = 42 }
    await store.receive(.path(.typed, .success), "21")
    await store.send(.load(-4))
    await store.receive(.response, .failure) { $0.error = -4 }
    await store.receive(.path(.typed, .failure), Failure(code: -4))
    await store.finish()
  }
}

extension ActionPath where Root == ResultActionPathTests.Feature.Action, Value == Result<Int, any Error> {
  static let response = ActionPath(embed: Root.response, extract: { if case .response(let r) = $0 { r } else { nil } })
}

extension ActionPath
where Root == ResultActionPathTests.Feature.Action, Value == Result<String, ResultActionPathTests.Failure> {
  static let typed = ActionPath(embed: Root.typed, extract: { if case .typed(let r) = $0 { r } else { nil } })
}
