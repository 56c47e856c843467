import ActorStoreTesting
import Foundation
import Testing

/// A client whose three values say which one a reader got.
struct Greeter: Sendable {
  var greet: @Sendable () -> String
}

enum GreeterKey: DependencyKey {
  static let liveValue = Greeter { "live" }
  static let testValue = Greeter { "test" }
}

/// A key with no `testValue`: reading it in a test without an override is an issue.
enum UnimplementedGreeterKey: DependencyKey {
  static let liveValue = Greeter { "live" }
}

extension DependencyValues {
  var greeter: Greeter {
    get { self[GreeterKey.self] }
    set { self[GreeterKey.self] = newValue }
  }
  var unimplementedGreeter: Greeter {
    get { self[UnimplementedGreeterKey.self] }
    set { self[UnimplementedGreeterKey.self] = newValue }
  }
}

/// A client that is its own key, read as `@Dependency(Farewell.self)`.
struct Farewell: DependencyKey, Sendable {
  var say: @Sendable () -> String
  static let liveValue = Farewell { "bye live" }
  static let testValue = Farewell { "bye test" }
}

/// An interface module's client: test and preview values only.
struct Weather: TestDependencyKey, Sendable {
  var forecast: @Sendable () -> String
  static let testValue = Weather { "test weather" }
}

/// Reads the greeter in its reduce and again inside its effect, after the reduce.
struct Greeting: Reducer {
  struct State: Equatable, Sendable {
    var reduced = ""
    var fromEffect = ""
  }
  enum Action: Equatable, Sendable {
    case greet
    case greeted(String)
  }
  @Dependency(\.greeter) var greeter

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .greet:
      state.reduced = greeter.greet()
      return .run { send in await send(.greeted(greeter.greet())) }
    case .greeted(let text):
      state.fromEffect = text
      return .none
    }
  }
}

/// Two `Greeting` children, the second overriding the greeter for its subtree; the parent
/// records what it reads while reducing every action, the children's included.
struct TwoGreetings: Reducer {
  struct State: Equatable, Sendable {
    var plain = Greeting.State()
    var overridden = Greeting.State()
    var parentSaw: [String] = []
  }
  enum Action: Equatable, Sendable {
    case plain(Greeting.Action)
    case overridden(Greeting.Action)
  }
  @Dependency(\.greeter) var greeter

  var body: some Reducer<State, Action> {
    Reduce { state, _ in
      state.parentSaw.append(greeter.greet())
      return .none
    }
    Scope(state: \.plain, action: ActionPath(embed: Action.plain, extract: { if case .plain(let a) = $0 { a } else { nil } })) {
      Greeting()
    }
    Scope(
      state: \.overridden,
      action: ActionPath(embed: Action.overridden, extract: { if case .overridden(let a) = $0 { a } else { nil } })
    ) {
      Greeting().dependency(\.greeter, Greeter { "subtree" })
    }
  }
}

@Suite struct DependencyTests {
  @Test func aPlainStoreSeesLiveValuesInItsReducerAndItsEffects() async {
    let store = Store(initialState: Greeting.State(), reducer: Greeting())
    await store.send(.greet).finish()
    #expect(await store.state == Greeting.State(reduced: "live", fromEffect: "live"))
  }

  @Test func aStoreOverrideReachesEffectsRunningOnThePoolAfterTheReduce() async {
    let store = Store(initialState: Greeting.State(), reducer: Greeting()) {
      $0.greeter = Greeter { "store" }
    }
    await store.send(.greet).finish()
    #expect(await store.state == Greeting.State(reduced: "store", fromEffect: "store"))
  }

  @Test func aStoreKeepsTheValuesOfItsCreationNotOfItsCaller() async {
    let overridden = withDependencies { $0.greeter = Greeter { "creation" } } operation: {
      Store(initialState: Greeting.State(), reducer: Greeting())
    }
    let plain = Store(initialState: Greeting.State(), reducer: Greeting())
    await withDependencies { $0.greeter = Greeter { "caller" } } operation: {
      await overridden.send(.greet).finish()
      await plain.send(.greet).finish()
    }
    #expect(await overridden.state == Greeting.State(reduced: "creation", fromEffect: "creation"))
    #expect(await plain.state == Greeting.State(reduced: "live", fromEffect: "live"))
  }

  @Test func withDependenciesOverridesForItsBlockOnly() {
    @Dependency(\.greeter) var greeter
    #expect(greeter.greet() == "live")
    let inside = withDependencies { $0.context = .test } operation: { greeter.greet() }
    #expect(inside == "test")
    #expect(greeter.greet() == "live")
    let preview = withDependencies { $0.context = .preview } operation: { greeter.greet() }
    #expect(preview == "live")
  }

  @Test func aSubtreeOverrideReachesItsEffectsAndNotItsSiblingsOrParent() async {
    let store = TestStore(initialState: TwoGreetings.State()) { TwoGreetings() }
    await store.send(.plain(.greet)) {
      $0.plain.reduced = "test"
      $0.parentSaw = ["test"]
    }
    await store.receive(.plain(.greeted("test"))) {
      $0.plain.fromEffect = "test"
      $0.parentSaw = ["test", "test"]
    }
    await store.send(.overridden(.greet)) {
      $0.overridden.reduced = "subtree"
      $0.parentSaw = ["test", "test", "test"]
    }
    // The effect read the subtree's value; its action is reduced with the store's again.
    await store.receive(.overridden(.greeted("subtree"))) {
      $0.overridden.fromEffect = "subtree"
      $0.parentSaw = ["test", "test", "test", "test"]
    }
  }

  @Test func aSubtreeOverrideAppliesToTheCatchHandlerToo() async {
    struct Failing: Reducer {
      struct Failure: Error {}
      @Dependency(\.greeter) var greeter
      func reduce(into state: inout String, action: String) -> Effect<String> {
        guard action == "start" else {
          state = action
          return .none
        }
        return .run { _ in throw Failure() } catch: { _, send in await send(greeter.greet()) }
      }
    }
    let store = TestStore(initialState: "") { Failing().dependency(\.greeter, Greeter { "caught" }) }
    await store.send("start")
    await store.receive("caught") { $0 = "caught" }
  }

  @Test func testStoreUsesTestValuesAndItsOverrides() async {
    let store = TestStore(initialState: Greeting.State()) { Greeting() }
    await store.send(.greet) { $0.reduced = "test" }
    await store.receive(.greeted("test")) { $0.fromEffect = "test" }

    let overridden = TestStore(initialState: Greeting.State()) {
      Greeting()
    } withDependencies: {
      $0.greeter = Greeter { "override" }
    }
    await overridden.send(.greet) { $0.reduced = "override" }
    await overridden.receive(.greeted("override")) { $0.fromEffect = "override" }
  }

  @Test func anUnimplementedTestValueReportsAnIssueNamingTheDependency() async {
    struct ReadsUnimplemented: Reducer {
      @Dependency(\.unimplementedGreeter) var greeter
      func reduce(into state: inout String, action: Void) -> Effect<Void> {
        state = greeter.greet()
        return .none
      }
    }
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: "") { ReadsUnimplemented() }
      await store.send(()) { $0 = "live" }
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("UnimplementedGreeterKey") == true)

    let quiet = IssueCollector()
    await IssueReporting.withReporter(quiet) {
      let store = TestStore(initialState: "") {
        ReadsUnimplemented()
      } withDependencies: {
        $0.unimplementedGreeter = Greeter { "overridden" }
      }
      await store.send(()) { $0 = "overridden" }
    }
    #expect(quiet.messages.isEmpty)
  }

  /// A timer on `@Dependency(\.continuousClock)`, which a test store makes its test clock.
  struct Timer: Reducer {
    enum Action: Equatable, Sendable {
      case start
      case tick
    }
    @Dependency(\.continuousClock) var clock
    @Dependency(\.suspendingClock) var suspendingClock

    func reduce(into state: inout Int, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
          try await suspendingClock.sleep(for: .seconds(1))
          await send(.tick)
        }
      case .tick:
        state += 1
        return .none
      }
    }
  }

  @Test func testStoreClocksAreTheExecutorsTestClock() async {
    let store = TestStore(initialState: 0) { Timer() }
    await store.send(.start)
    await store.clock.advance(by: .milliseconds(999))
    await store.clock.advance(by: .milliseconds(1))
    await store.receive(.tick) { $0 = 1 }
    await store.clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0 = 2 }
  }

  struct Todos: Reducer {
    struct State: Equatable, Sendable {
      var ids: [UUID]
      init() {
        @Dependency(\.uuid) var uuid
        ids = [uuid()]
      }
    }
    @Dependency(\.uuid) var uuid
    func reduce(into state: inout State, action: Void) -> Effect<Void> {
      state.ids.append(uuid())
      return .none
    }
  }

  @Test func aTypeThatIsItsOwnKeyIsReadByItsType() {
    @Dependency(Farewell.self) var farewell
    #expect(farewell.say() == "bye live")
    withDependencies {
      $0.context = .test
    } operation: {
      #expect(farewell.say() == "bye test")
      withDependencies {
        $0[Farewell.self] = Farewell { "bye override" }
      } operation: {
        #expect(farewell.say() == "bye override")
      }
    }
  }

  @Test func aKeyWithoutALiveValueIsReportedInTheLiveContextAndGivesItsTestValue() {
    @Dependency(Weather.self) var weather
    let issues = IssueCollector()
    let forecast = IssueReporting.withReporter(issues) { weather.forecast() }
    #expect(forecast == "test weather")
    #expect(issues.messages.count == 1)
    #expect(issues.messages.allSatisfy { $0.contains("Weather") && $0.contains("no live value") })
    withDependencies {
      $0.context = .preview
    } operation: {
      #expect(weather.forecast() == "test weather")
    }
    withDependencies {
      $0[Weather.self] = Weather { "sunny" }
    } operation: {
      #expect(weather.forecast() == "sunny")
    }
  }

  @Test func calendarLocaleAndTimeZoneAreLiveOrOverridden() throws {
    @Dependency(\.calendar) var calendar
    @Dependency(\.locale) var locale
    @Dependency(\.timeZone) var timeZone
    #expect(calendar == Calendar.autoupdatingCurrent)
    #expect(locale == Locale.autoupdatingCurrent)
    #expect(timeZone == TimeZone.autoupdatingCurrent)
    let utc = try #require(TimeZone(identifier: "UTC"))
    withDependencies {
      $0.context = .test
      $0.calendar = Calendar(identifier: .gregorian)
      $0.locale = Locale(identifier: "fr_FR")
      $0.timeZone = utc
    } operation: {
      #expect(calendar.identifier == .gregorian)
      #expect(locale.identifier == "fr_FR")
      #expect(timeZone == utc)
    }
    let issues = IssueCollector()
    IssueReporting.withReporter(issues) {
      withDependencies { $0.context = .test } operation: { _ = locale }
    }
    #expect(issues.messages.count == 1 && issues.messages.allSatisfy { $0.contains("LocaleKey") })
  }

  @Test func testStoreUUIDsIncrementFromTheInitialState() async throws {
    let zero = try #require(UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
    let one = try #require(UUID(uuidString: "00000000-0000-0000-0000-000000000001"))
    let store = TestStore(initialState: Todos.State()) { Todos() }
    #expect(store.state.ids == [zero])
    await store.send(()) { $0.ids.append(one) }
    // TCA's tests write them `UUID(0)`, `UUID(1)`.
    #expect(UUID(0) == zero && UUID(1) == one)
    #expect(UUID(0x1234).uuidString == "00000000-0000-0000-0000-000000001234")
    #expect(UUID(-1).uuidString == "00000000-0000-0000-FFFF-FFFFFFFFFFFF")
  }

  @Test func dateAndRandomNumbersAreOverridable() {
    let date = Date(timeIntervalSince1970: 1_000)
    withDependencies {
      $0.context = .test
      $0.date = .constant(date)
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(SeededGenerator(seed: 7))
    } operation: {
      @Dependency(\.date) var now
      @Dependency(\.withRandomNumberGenerator) var random
      #expect(now() == date)
      #expect(now.now == date)
      let first = random { UInt64.random(in: 0...UInt64.max, using: &$0) }
      var reference = SeededGenerator(seed: 7)
      #expect(first == UInt64.random(in: 0...UInt64.max, using: &reference))
    }
  }

  /// Three effects each take a UUID when they run: which gets which depends on the order, but
  /// every seed gives the three first UUIDs, each once, the subtree override holds for its
  /// effect under every order, and a seed replays its order exactly.
  @Test func underEverySeedEffectsSeeTheirReducesValues() async {
    struct Racing: Reducer {
      struct State: Equatable, Sendable { var taken: [String: UUID] = [:] }
      enum Action: Equatable, Sendable {
        case start
        case took(String, UUID)
      }
      @Dependency(\.uuid) var uuid
      @Dependency(\.greeter) var greeter
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start:
          return .merge(
            (0..<3).map { index in
              Effect<Action>.run { send in await send(.took("\(greeter.greet())\(index)", uuid())) }
            })
        case .took(let name, let id):
          state.taken[name] = id
          return .none
        }
      }
    }
    func scenario(_ executor: TestExecutor) async -> [String: UUID] {
      let store = TestStore(initialState: Racing.State(), reducer: Racing().dependency(\.greeter, Greeter { "s" }), executor: executor)
      store.exhaustivity = .off
      await store.send(.start)
      await store.skipReceivedActions()
      await store.finish()
      return store.state.taken
    }
    var orders = Set<[String: UUID]>()
    for seed: UInt64 in 0..<20 {
      let taken = await scenario(TestExecutor(ordering: .seeded(seed)))
      #expect(Set(taken.keys) == ["s0", "s1", "s2"])
      #expect(Set(taken.values.map { String($0.uuidString.suffix(1)) }) == ["0", "1", "2"])
      #expect(await scenario(TestExecutor(ordering: .seeded(seed))) == taken)
      orders.insert(taken)
    }
    // The seeds do explore orders: otherwise this test would prove nothing about them.
    #expect(orders.count > 1)
  }
}
