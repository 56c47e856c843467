@testable import ActorStore
import ActorStoreTesting
import Testing

/// Items shared by key, and members that hold `Shared`s of them without being one: a detail
/// presented with one item, rows each reading one, an item pinned from the start; and a count,
/// which holds none.
struct SharedHolders: Reducer {
  struct Item: Equatable, Identifiable, Sendable {
    let id: Int
    var text = ""
  }

  struct Detail: Equatable, Sendable {
    @Shared var item: Item
    var title = ""
  }

  struct Row: Equatable, Identifiable, Sendable {
    let id: Int
    @SharedReader var item: Item
  }

  struct State: Equatable, Sendable {
    @Shared(.inMemory("items")) var items: IdentifiedArrayOf<Item> = [Item(id: 1), Item(id: 2), Item(id: 3)]
    /// Holds a `Shared` from the start.
    var pinned: Detail
    /// Gains one when presented: derived from `items`, so no new `Shared` is made.
    var detail: Detail?
    var rows: [Row] = []
    var count = 0

    init() {
      pinned = Detail(item: Shared(_items[id: 3])!)
    }
  }

  enum Action: Equatable, Sendable {
    case setText(id: Int, String)
    case open(Int)
    case close
    case retitle(String)
    case showRows([Int])
    case increment
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .setText(let id, let text): state.$items.withLock { $0[id: id]?.text = text }
    case .open(let id): state.detail = Shared(state.$items[id: id]).map { Detail(item: $0, title: state.detail?.title ?? "") }
    case .close: state.detail = nil
    case .retitle(let title): state.detail?.title = title
    case .showRows(let ids):
      state.rows = ids.compactMap { id in SharedReader(state.$items[id: id]).map { Row(id: id, item: $0) } }
    case .increment: state.count += 1
    }
    return .none
  }
}

/// A member that holds a `Shared` somewhere inside (`store.detail`, `store.rows`) notifies its
/// observers when that shared value is changed anywhere (another store, the test's own
/// `withLock`), once per change of what it shows, and never for a change it does not show.
@MainActor @Suite struct SharedHoldingMemberTests {
  /// Two stores of `SharedHolders` over one in-memory storage, and an `ObservableStore` of the
  /// first.
  @MainActor struct World {
    let executor: TestExecutor
    let first: Store<SharedHolders.State, SharedHolders.Action>
    let second: Store<SharedHolders.State, SharedHolders.Action>
    let observable: ObservableStore<SharedHolders.State, SharedHolders.Action>

    init(mainActor: Bool, ordering: TestExecutor.Ordering = .fifo) {
      let executor = TestExecutor(ordering: ordering)
      let make = { mainActor ? executor.makeMainActorStoreExecutor() : executor.makeStoreExecutor() }
      (first, second) = withDependencies { $0.sharedStorage = .inMemory() } operation: {
        (
          Store(initialState: SharedHolders.State(), reducer: SharedHolders(), executor: make()),
          Store(initialState: SharedHolders.State(), reducer: SharedHolders(), executor: make())
        )
      }
      self.executor = executor
      observable = ObservableStore(first)
    }

    /// Sends `action` to the first store through its `ObservableStore`, as a view would.
    func sendHere(_ action: SharedHolders.Action) {
      observable.send(action)
      executor.runUntilIdle()
    }

    /// Sends `action` to the other store, as another screen would.
    func sendElsewhere(_ action: SharedHolders.Action) {
      Task(executorPreference: executor) { [second] in await second.send(action) }
      executor.runUntilIdle()
    }

    /// Changes an item through a `Shared` of the key the test holds.
    func setTextDirectly(id: Int, _ text: String) {
      first.currentState.$items.withLock { $0[id: id]?.text = text }
      executor.runUntilIdle()
    }
  }

  @Test(arguments: [false, true])
  func aMemberHoldingASharedChangedThroughAnotherStoreNotifiesOnceAndReadsTheNewValue(mainActor: Bool) {
    let world = World(mainActor: mainActor)
    defer { world.executor.drainAfterRelease() }
    world.sendHere(.open(1))
    let detail = ChangeCounter { _ = world.observable.detail }
    let pinned = ChangeCounter { _ = world.observable.pinned }
    world.sendElsewhere(.setText(id: 1, "one"))
    #expect((detail.count, pinned.count) == (1, 0))
    #expect(world.observable.detail?.item.text == "one")
    world.sendElsewhere(.setText(id: 3, "three"))
    #expect((detail.count, pinned.count) == (1, 1))
    #expect(world.observable.pinned.item.text == "three")
    // Through the test's own `Shared` of the key.
    world.setTextDirectly(id: 1, "uno")
    #expect((detail.count, pinned.count) == (2, 1))
    #expect(world.observable.detail?.item.text == "uno")
  }

  @Test(arguments: [false, true])
  func aWriteThatChangesNothingTheMemberShowsNotifiesNothing(mainActor: Bool) {
    let world = World(mainActor: mainActor)
    defer { world.executor.drainAfterRelease() }
    world.sendHere(.open(1))
    world.sendElsewhere(.setText(id: 1, "one"))
    let detail = ChangeCounter { _ = world.observable.detail }
    // The same value again: no change of the shared value.
    world.sendElsewhere(.setText(id: 1, "one"))
    world.setTextDirectly(id: 1, "one")
    // Another element of the same shared array: a change the detail does not show.
    world.sendElsewhere(.setText(id: 2, "two"))
    #expect(detail.count == 0)
    world.sendElsewhere(.setText(id: 1, "once more"))
    #expect(detail.count == 1)
  }

  @Test(arguments: [false, true])
  func aMemberHoldingNoSharedIsNotNotifiedOfSharedChanges(mainActor: Bool) {
    let world = World(mainActor: mainActor)
    defer { world.executor.drainAfterRelease() }
    world.sendHere(.open(1))
    let count = ChangeCounter { _ = world.observable.count }
    world.sendElsewhere(.setText(id: 1, "one"))
    world.setTextDirectly(id: 3, "three")
    #expect(count.count == 0)
    world.sendHere(.increment)
    world.sendHere(.increment)
    #expect(count.count == 2)
    #expect(world.observable.count == 2)
  }

  @Test(arguments: [false, true])
  func aMemberThatGainsASharedLaterFollowsItUntilItLosesIt(mainActor: Bool) {
    let world = World(mainActor: mainActor)
    defer { world.executor.drainAfterRelease() }
    let detail = ChangeCounter { _ = world.observable.detail }
    world.sendElsewhere(.setText(id: 2, "before"))
    #expect(detail.count == 0)
    world.sendHere(.open(2))
    #expect(detail.count == 1)
    #expect(world.observable.detail?.item.text == "before")
    world.sendElsewhere(.setText(id: 2, "after"))
    #expect(detail.count == 2)
    #expect(world.observable.detail?.item.text == "after")
    world.sendHere(.close)
    world.sendElsewhere(.setText(id: 2, "gone"))
    #expect(detail.count == 3)
    #expect(world.observable.detail == nil)
  }

  @Test(arguments: [false, true])
  func aCollectionOfStructsHoldingSharedNotifiesWhenAnElementsSharedValueChanges(mainActor: Bool) {
    let world = World(mainActor: mainActor)
    defer { world.executor.drainAfterRelease() }
    world.sendHere(.showRows([1, 2]))
    let rows = ChangeCounter { _ = world.observable.rows }
    world.sendElsewhere(.setText(id: 2, "two"))
    #expect(rows.count == 1)
    #expect(world.observable.rows.map(\.item.text) == ["", "two"])
    world.sendElsewhere(.setText(id: 3, "three"))
    #expect(rows.count == 1)
    world.setTextDirectly(id: 1, "one")
    #expect(rows.count == 2)
    #expect(world.observable.rows.map(\.item.text) == ["one", "two"])
  }

  /// A `Shared` made before the store and reaching its state only inside an action's payload is
  /// found at the store's next walk of its state (Docs/Shared-State.md): the member holding it is
  /// followed from that walk on, though its value compared equal throughout.
  @Test(arguments: [false, true])
  func aSharedTheStoreFindsLateIsFollowedFromThen(mainActor: Bool) {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let outside = Shared(value: SharedHolders.Item(id: 9))
    let store = Store(
      initialState: Adopting.State(), reducer: Adopting(),
      executor: mainActor ? executor.makeMainActorStoreExecutor() : executor.makeStoreExecutor())
    let observable = ObservableStore(store)
    observable.send(.adopt(outside))
    executor.runUntilIdle()
    let detail = ChangeCounter { _ = observable.detail }
    // A `Shared` made anywhere makes the store walk its state at its next publication.
    _ = Shared(value: 0)
    observable.send(.touch)
    executor.runUntilIdle()
    #expect(detail.count == 0)
    outside.withLock { $0.text = "changed" }
    executor.runUntilIdle()
    #expect(detail.count == 1)
    #expect(observable.detail?.item.text == "changed")
  }
}

/// A state that holds no shared value until one is handed to it in an action.
struct Adopting: Reducer {
  struct State: Equatable, Sendable {
    var detail: SharedHolders.Detail?
    var touches = 0
  }

  enum Action: Equatable, Sendable {
    case adopt(Shared<SharedHolders.Item>)
    case touch
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .adopt(let item): state.detail = SharedHolders.Detail(item: item)
    case .touch: state.touches += 1
    }
    return .none
  }
}

extension SharedHoldingMemberTests {
  /// What each observed member shows, as a model computes it.
  struct Shown: Equatable {
    var detail: [String]?
    var rows: [[String]]
    var pinned: String
    var count: Int
  }

  /// Seeded sequences of changes (through this store, through another, through the test's own
  /// `Shared`), many writing what was already there: each observer is notified exactly when
  /// what its member shows changes, once, and reads what the model says.
  @Test(arguments: [false, true])
  func everyObserverIsNotifiedExactlyWhenWhatItsMemberShowsChanges(mainActor: Bool) {
    for seed in UInt64(0)..<40 {
      let world = World(mainActor: mainActor, ordering: .seeded(seed))
      defer { world.executor.drainAfterRelease() }
      var random = SeededGenerator(seed: seed)
      var texts = [1: "", 2: "", 3: ""]
      var detail: (id: Int, title: String)?
      var rowIDs: [Int] = []
      var count = 0
      let model = {
        Shown(
          detail: detail.map { [String($0.id), texts[$0.id]!, $0.title] },
          rows: rowIDs.map { [String($0), texts[$0]!] }, pinned: texts[3]!, count: count)
      }
      let read = {
        Shown(
          detail: world.observable.detail.map { [String($0.item.id), $0.item.text, $0.title] },
          rows: world.observable.rows.map { [String($0.id), $0.item.text] },
          pinned: world.observable.pinned.item.text, count: world.observable.count)
      }
      let counters = (
        detail: ChangeCounter { _ = world.observable.detail },
        rows: ChangeCounter { _ = world.observable.rows },
        pinned: ChangeCounter { _ = world.observable.pinned },
        count: ChangeCounter { _ = world.observable.count }
      )
      var expected = (detail: 0, rows: 0, pinned: 0, count: 0)
      let words = ["", "a", "b"]
      for step in 0..<30 {
        let before = model()
        let id = Int(random.next(upperBound: UInt64(3))) + 1
        let word = words[Int(random.next(upperBound: UInt64(words.count)))]
        switch random.next(upperBound: UInt64(8)) {
        case 0:
          world.sendHere(.setText(id: id, word))
          texts[id] = word
        case 1:
          world.sendElsewhere(.setText(id: id, word))
          texts[id] = word
        case 2:
          world.setTextDirectly(id: id, word)
          texts[id] = word
        case 3:
          world.sendHere(.open(id))
          detail = (id, detail?.title ?? "")
        case 4:
          world.sendHere(.close)
          detail = nil
        case 5:
          world.sendHere(.retitle(word))
          if detail != nil { detail?.title = word }
        case 6:
          let ids = [1, 2, 3].filter { _ in random.next(upperBound: UInt64(2)) == 0 }
          world.sendHere(.showRows(ids))
          rowIDs = ids
        default:
          world.sendHere(.increment)
          count += 1
        }
        let after = model()
        if after.detail != before.detail { expected.detail += 1 }
        if after.rows != before.rows { expected.rows += 1 }
        if after.pinned != before.pinned { expected.pinned += 1 }
        if after.count != before.count { expected.count += 1 }
        let notified = (counters.detail.count, counters.rows.count, counters.pinned.count, counters.count.count)
        #expect(notified == expected, "seed \(seed), step \(step)")
        #expect(read() == after, "seed \(seed), step \(step)")
      }
    }
  }
}
