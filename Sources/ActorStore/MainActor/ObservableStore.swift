import Observation

/// An `Observable` view of a store's state, for SwiftUI (and anything using `Observation`):
/// read state with dynamic member lookup, send actions with ``send(_:)``.
///
/// ```swift
/// let counter = ObservableStore(store)            // root, scoped or element store
/// withObservationTracking { _ = counter.count } onChange: { print("count will change") }
/// ```
///
/// Only what a view reads is tracked: each `Equatable` member read through dynamic member
/// lookup is its own observable property, and a new state fires the observers of exactly the
/// members whose values changed (members that are not `Equatable` are read through ``state``,
/// which tracks every change). States arrive on the main actor through the store tree's
/// ``StoreExecutor/mainActorScheduler``, coalesced: a burst of changes between two main-actor
/// turns is one update to the newest state. For a scoped store, ``isAlive`` turns `false`
/// (observably) when its state is gone, and the last state stays readable. When `Action` is a
/// ``BindableAction`` of `State`, members are also settable: setting one sends a
/// ``BindingAction``, which is what SwiftUI's `@Bindable` needs for `$store.member`.
@MainActor @dynamicMemberLookup
public final class ObservableStore<State: Sendable, Action: Sendable>: Observable {
  /// The store shown.
  public let store: Store<State, Action>

  private var currentState: State
  private var alive = true
  private var tracked: [AnyKeyPath: TrackedMember] = [:]
  private let registrar = ObservationRegistrar()
  private var mailbox: MainActorMailbox<State>?
  /// Element stores handed out by ``elements(_:action:)``, per collection, by element ID.
  private var elementStores: [AnyKeyPath: [AnyHashable: AnyObject]] = [:]

  /// A member some observer read, and how to tell whether a new state changes it.
  private struct TrackedMember {
    let changes: (State, State) -> Bool
    let willSet: (ObservableStore) -> Void
    let didSet: (ObservableStore) -> Void
  }

  /// Starts following `store`'s state. Created off the main actor (only possible through an
  /// isolation hole), it reports an issue and does not follow the store.
  /// - Parameter store: A root, scoped or element store.
  public init(_ store: Store<State, Action>) {
    self.store = store
    currentState = store.currentState
    // Reachable off the main actor only through an isolation hole; then it reports and stays
    // put rather than let deliveries race with the creating thread.
    guard MainActorCheck.allows("ObservableStore.init") else { return }
    let mailbox = MainActorMailbox(watching: store) { [weak self] state in self?.receive(state) }
    if let initial = mailbox.takeInitial(reading: { store.currentStateIfAlive }) {
      currentState = initial
      self.mailbox = mailbox
    } else {
      alive = false
    }
  }

  deinit { mailbox?.close() }

  /// A member of the state; reading it in an observation tracks that member only.
  /// - Parameter keyPath: The member.
  public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    let member: KeyPath<ObservableStore, Value> = \.[dynamicMember: keyPath]
    if tracked[member] == nil {
      tracked[member] = TrackedMember(
        changes: { $0[keyPath: keyPath] != $1[keyPath: keyPath] },
        willSet: { $0.registrar.willSet($0, keyPath: member) },
        didSet: { $0.registrar.didSet($0, keyPath: member) })
    }
    registrar.access(self, keyPath: member)
    return currentState[keyPath: keyPath]
  }

  /// The elements of a collection in the state, each as an `ObservableStore` of its own, in
  /// order: one per row of a SwiftUI `ForEach`. The same instance comes back for an ID while the
  /// element exists. Reading this tracks the collection's IDs only (inserts, removals, moves);
  /// each element's store tracks the members read from it.
  /// - Parameters:
  ///   - elements: The collection within the state.
  ///   - action: How element actions embed into this store's actions.
  /// - Returns: The element stores, in the collection's order.
  public func elements<ID: Hashable & Sendable, ElementState: Sendable, ElementAction: Sendable>(
    _ elements: any KeyPath<State, IdentifiedArray<ID, ElementState>> & Sendable,
    action: ActionPath<Action, IdentifiedAction<ID, ElementAction>>
  ) -> [ObservableStore<ElementState, ElementAction>] {
    let member: KeyPath<ObservableStore, IdentifiedArray<ID, ElementState>.IDs> = \.[ids: elements]
    if tracked[member] == nil {
      tracked[member] = TrackedMember(
        changes: { !$0[keyPath: elements].ids.elementsEqual($1[keyPath: elements].ids) },
        willSet: { $0.registrar.willSet($0, keyPath: member) },
        didSet: { $0.registrar.didSet($0, keyPath: member) })
    }
    let ids = self[ids: elements]
    let cached = elementStores[elements] ?? [:]
    var stores: [AnyHashable: AnyObject] = [:]
    var result: [ObservableStore<ElementState, ElementAction>] = []
    result.reserveCapacity(ids.count)
    for id in ids {
      let key = AnyHashable(id)
      if let existing = cached[key] as? ObservableStore<ElementState, ElementAction> {
        stores[key] = existing
        result.append(existing)
      } else if let elementStore = store.scope(id: id, in: elements, action: action) {
        let observable = ObservableStore<ElementState, ElementAction>(elementStore)
        stores[key] = observable
        result.append(observable)
      }
    }
    elementStores[elements] = stores
    return result
  }

  /// The IDs of a collection in the state, as an observable member of its own.
  private subscript<ID: Hashable & Sendable, ElementState>(
    ids elements: any KeyPath<State, IdentifiedArray<ID, ElementState>> & Sendable
  ) -> IdentifiedArray<ID, ElementState>.IDs {
    registrar.access(self, keyPath: \.[ids: elements])
    return currentState[keyPath: elements].ids
  }

  /// The whole state; reading it tracks every change.
  public var state: State {
    registrar.access(self, keyPath: \.state)
    return currentState
  }

  /// Whether the store still has state; `false` once a scoped store's state is gone.
  public var isAlive: Bool {
    registrar.access(self, keyPath: \.isAlive)
    return alive
  }

  /// Sends `action` to the store, on the store's task executor (deterministic under
  /// `ActorStoreTesting`), behind every send made this way to its store tree before it: sends
  /// reach the store in call order, as in TCA.
  /// - Parameter action: The action.
  public func send(_ action: Action) {
    store.sendInOrder(action)
  }

  private func receive(_ newState: State?) {
    guard let newState else {
      mailbox = nil
      registrar.withMutation(of: self, keyPath: \.isAlive) { alive = false }
      return
    }
    let old = currentState
    let changed = tracked.values.filter { $0.changes(old, newState) }
    registrar.willSet(self, keyPath: \.state)
    for member in changed { member.willSet(self) }
    currentState = newState
    for member in changed { member.didSet(self) }
    registrar.didSet(self, keyPath: \.state)
  }
}

extension ObservableStore where Action: BindableAction, Action.State == State {
  /// A member of the state, readable as the read-only member is (tracking that member only),
  /// and settable: setting it sends `.binding(.set(keyPath, newValue))`, in order with the
  /// other sends, as TCA's store does. The member reads the new value once the store has
  /// applied the action and its state has reached the main actor, not at once.
  ///
  /// With SwiftUI, `@Bindable var store: ObservableStore<State, Action>` then makes
  /// `$store.name` a `Binding` through this subscript, the way TCA's `$store.name` is written.
  /// - Parameter keyPath: The member.
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: any WritableKeyPath<State, Value> & Sendable
  ) -> Value {
    get { self[dynamicMember: keyPath as KeyPath<State, Value>] }
    set { send(.binding(.set(keyPath, newValue))) }
  }
}
