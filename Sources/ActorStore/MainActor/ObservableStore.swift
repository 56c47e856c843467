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
/// which tracks every change). For a scoped store, ``isAlive`` turns `false` (observably) when
/// its state is gone, and the last state stays readable. When `Action` is a ``BindableAction``
/// of `State`, members are also settable: setting one sends a ``BindingAction``, which is what
/// SwiftUI's `@Bindable` needs for `$store.member`.
///
/// Over a store of a main-actor tree (``StoreExecutor/mainActor``), the one for a screen,
/// ``send(_:)`` and a member's setter reduce the action before they return, and the observers
/// of the members it changed are notified inside the call (`withAnimation { store.send(…) }`
/// animates; a text field bound to a member reads back what was typed at once). Over a store
/// running elsewhere, states arrive on the main actor through the store tree's
/// ``StoreExecutor/mainActorScheduler``, coalesced (a burst of changes between two main-actor
/// turns is one update to the newest state), and a member set through a binding reads the value
/// written until the store's state that includes the write arrives: a text field never shows a
/// stale echo of what was typed.
@MainActor @dynamicMemberLookup
public final class ObservableStore<State: Sendable, Action: Sendable>: Observable {
  /// The store shown.
  public let store: Store<State, Action>

  // The `@exclusivity(unchecked)` fields below are touched only on the main actor, by this
  // class's own code, and every access to them is a read or a write that ends before any code of
  // the app runs (observers are called between accesses, never inside one), so the dynamic
  // exclusivity check a class property pays per access cannot fail. What that saves, counted:
  // Docs/Stress-and-Benchmarks.md, "A specialized ObservableStore".
  @exclusivity(unchecked) @usableFromInline private(set) var currentState: State
  @usableFromInline var alive = true
  /// The members observers read, by the state's key path; and the collections whose IDs
  /// ``elements(_:action:)`` tracks, by the collection's key path.
  @exclusivity(unchecked) @usableFromInline var tracked: [AnyKeyPath: TrackedMember] = [:]
  @exclusivity(unchecked) @usableFromInline var trackedIDs: [AnyKeyPath: TrackedMember] = [:]
  /// Every member of ``tracked`` and ``trackedIDs``, in the order they were first read: a new
  /// state notifies the changed ones in that order, whatever the dictionaries' hash order.
  @exclusivity(unchecked) @usableFromInline var members: [TrackedMember] = []
  @usableFromInline let registrar = ObservationRegistrar()
  /// `\.state`, formed once: a key path into a generic class is built anew at each use.
  @usableFromInline let stateMember: KeyPath<ObservableStore, State> = \.state
  /// Whether ``state`` was ever read: until then no observer can track it, and a new state
  /// skips its `willSet`/`didSet`.
  @exclusivity(unchecked) @usableFromInline var stateIsObserved = false
  /// The buffer `show` collects the changed members in.
  @exclusivity(unchecked) @usableFromInline var changedScratch: [TrackedMember] = []
  @usableFromInline var mailbox: MainActorMailbox<State>?
  /// Sends to a store off the main actor that wait for their state, by number (see
  /// ``MainActorMailbox/acknowledge(_:)``): binding writes, shown until acknowledged, and
  /// sends whose state change is to be applied within a transaction.
  @exclusivity(unchecked) @usableFromInline var awaited = AwaitedSends<State>()
  /// Element stores handed out by ``elements(_:action:)``, per collection, by element ID.
  @usableFromInline var elementStores: [AnyKeyPath: [AnyHashable: AnyObject]] = [:]
  /// What the tracked members know of the shared values the store tree's state holds, which
  /// members holding them follow by version.
  @usableFromInline let sharedScan: SharedMemberScan
  /// What the `scope(state:action:)`s keep per child (`ObservableStore+Scope.swift`,
  /// `ObservableStore+Stack.swift`), by the state's key path.
  var childScopes: [AnyKeyPath: AnyObject] = [:]

  /// A member some observer read, and how to tell whether a new state changes it. A class: a
  /// publication walks every tracked member and collects the changed ones, one reference each.
  @usableFromInline final class TrackedMember {
    /// The key path Observation knows the member by (see ``nextObservedMember()``).
    @usableFromInline let key: KeyPath<ObservableStore, Int>
    @usableFromInline let changes: (State, State) -> Bool
    /// Whether dropping a binding write (by the state's key path) for a new state changes what
    /// the member shows.
    @usableFromInline let dropsWrite: ([AnyKeyPath: any Sendable], State) -> Bool

    @inlinable init(
      key: KeyPath<ObservableStore, Int>, changes: @escaping (State, State) -> Bool,
      dropsWrite: @escaping ([AnyKeyPath: any Sendable], State) -> Bool = { _, _ in false }
    ) {
      self.key = key
      self.changes = changes
      self.dropsWrite = dropsWrite
    }

    /// Tracks the member in the current observation, if any.
    @inlinable func access(_ store: ObservableStore) { store.registrar.access(store, keyPath: key) }
    /// Tells the member's observers it is about to change.
    @inlinable func willSet(_ store: ObservableStore) { store.registrar.willSet(store, keyPath: key) }
    /// Tells the member's observers it changed.
    @inlinable func didSet(_ store: ObservableStore) { store.registrar.didSet(store, keyPath: key) }
  }

  /// Starts following `store`'s state. Created off the main actor (only possible through an
  /// isolation hole), it reports an issue and does not follow the store.
  /// - Parameter store: A root, scoped or element store.
  @inlinable public init(_ store: Store<State, Action>) {
    self.store = store
    currentState = store.currentState
    sharedScan = SharedMemberScan(store.sharing)
    // Reachable off the main actor only through an isolation hole; then it reports and stays
    // put rather than let deliveries race with the creating thread.
    guard MainActorCheck.allows("ObservableStore.init") else { return }
    let mailbox = MainActorMailbox(watching: store) { [weak self] delivery, acknowledged in
      guard let self else { return false }
      self.receive(delivery, acknowledged: acknowledged)
      return true
    }
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
  @inlinable public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    (tracked[keyPath] ?? track(keyPath)).access(self)
    if awaited.hasWrites, let written = awaited.writtenValue(at: keyPath) as? Value { return written }
    return currentState[keyPath: keyPath]
  }

  /// Starts tracking the member at `keyPath`.
  @inlinable func track<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> TrackedMember {
    // Compared with what it last showed, not with the old state's value: a `Shared` the member
    // is or holds reads the same newest value through both states, so the member also compares
    // the versions of the shared values it showed (see `ShownMember`).
    let scan = sharedScan
    let shown = ShownMember(currentState[keyPath: keyPath], stateHoldsShared: scan.stateHoldsSharedNow)
    let tracking = TrackedMember(
      key: nextObservedMember(),
      changes: { _, new in shown.show(new[keyPath: keyPath], in: scan) },
      dropsWrite: { writes, state in
        guard let written = writes[keyPath] as? Value else { return false }
        return written != state[keyPath: keyPath]
      })
    tracked[keyPath] = tracking
    members.append(tracking)
    return tracking
  }

  /// The key path Observation knows the next tracked member by: a slot number of this store's,
  /// cheaper for Observation to hash on every access and change than the member's own key path
  /// into this class, whose argument is the state's key path.
  @usableFromInline func nextObservedMember() -> KeyPath<ObservableStore, Int> {
    \.[observedMember: members.count]
  }

  /// A tracked member's identity for Observation (see ``nextObservedMember()``).
  private subscript(observedMember slot: Int) -> Int { slot }

  /// The elements of a collection in the state, each as an `ObservableStore` of its own, in
  /// order: one per row of a SwiftUI `ForEach`. The same instance comes back for an ID while the
  /// element exists. Reading this tracks the collection's IDs only (inserts, removals, moves);
  /// each element's store tracks the members read from it.
  /// - Parameters:
  ///   - elements: The collection within the state.
  ///   - action: How element actions embed into this store's actions.
  /// - Returns: The element stores, in the collection's order.
  @inlinable public func elements<ID: Hashable & Sendable, ElementState: Sendable, ElementAction: Sendable>(
    _ elements: any KeyPath<State, IdentifiedArray<ID, ElementState>> & Sendable,
    action: ActionPath<Action, IdentifiedAction<ID, ElementAction>>
  ) -> [ObservableStore<ElementState, ElementAction>] {
    trackedStructure(elements, fact: { $0[keyPath: elements].ids }).access(self)
    let ids = currentState[keyPath: elements].ids
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

  /// The tracked member for a fact about the state's structure, under `key`: a collection's IDs
  /// (``elements(_:action:)``), a child's presence (`scope(state:action:)`). Created at the first
  /// call; `fact` reads the fact from a state, and is the same for every call with one key.
  ///
  /// A new state changes the fact when it differs from the fact last *shown* (as a member's
  /// value is compared with the value it last showed), not from the old state's: a shared
  /// collection changed through another store reads the same newest value through both states.
  /// - Parameters:
  ///   - key: The state's key path to what the fact is about.
  ///   - fact: The fact, read from a state.
  ///   - didChange: Called when a state shown changes the fact, before its observers are told.
  /// - Returns: The member, to access (track) or to notify.
  @usableFromInline func trackedStructure<Fact: Equatable>(
    _ key: AnyKeyPath, fact: @escaping (State) -> Fact, didChange: (() -> Void)? = nil
  ) -> TrackedMember {
    if let member = trackedIDs[key] { return member }
    let shown = ShownValue(fact(currentState))
    let tracking = TrackedMember(
      key: nextObservedMember(),
      changes: { _, new in
        let value = fact(new)
        guard value != shown.value else { return false }
        shown.value = value
        didChange?()
        return true
      })
    trackedIDs[key] = tracking
    members.append(tracking)
    return tracking
  }

  /// The whole state; reading it tracks every change.
  public var state: State {
    stateIsObserved = true
    registrar.access(self, keyPath: stateMember)
    return currentState
  }

  /// Whether the store still has state; `false` once a scoped store's state is gone.
  public var isAlive: Bool {
    registrar.access(self, keyPath: \.isAlive)
    return alive
  }

  /// ``isAlive``, read without tracking it.
  @usableFromInline var isAliveUntracked: Bool { alive }

  /// Sends `action` to the store with ``Store/sendOnMainActor(_:fileID:filePath:line:column:)``:
  /// over a main-actor store, the action is reduced, and the observers of the members it changed
  /// are notified, before this returns; over another store, it is reduced later, behind every
  /// send made from synchronous code to its store tree before it, in call order, as in TCA.
  /// - Parameter action: The action.
  /// - Returns: A handle on the effects the action started.
  @discardableResult
  @inlinable public func send(_ action: Action) -> StoreTask {
    store.sendOnMainActor(action)
  }

  /// Sends `action` and applies the state change it makes within `transaction`, on the main
  /// actor: what SwiftUI's `send(_:animation:)` and `send(_:transaction:)` do with
  /// `withAnimation` and `withTransaction`, and what UIKit code can do with
  /// `UIView.animate(withDuration:animations:)`.
  ///
  /// Over a main-actor store, `transaction` runs at once around the send, which reduces the
  /// action and notifies observers inside it. Over another store, `transaction` runs later, on
  /// the main actor, around the update that first shows a state including the action (with any
  /// state published meanwhile).
  /// - Parameters:
  ///   - action: The action.
  ///   - transaction: Runs the update it is given, once, synchronously.
  /// - Returns: A handle on the effects the action started.
  @discardableResult
  public func send(
    _ action: Action, within transaction: @escaping @MainActor (_ update: () -> Void) -> Void
  ) -> StoreTask {
    if store.runsOnMainActor {
      var task: StoreTask?
      transaction { task = store.sendOnMainActor(action) }
      return task ?? store.sendOnMainActor(action)
    }
    let number = awaited.nextNumber()
    awaited.transactions.append((number: number, transaction: transaction))
    return sendAwaited(action, numbered: number)
  }

  /// Sends `action` to a store off the main actor as the send numbered `number` (see
  /// ``AwaitedSends``): the mailbox is told once the store has processed it.
  @usableFromInline func sendAwaited(_ action: Action, numbered number: UInt64) -> StoreTask {
    store.sendInOrder(action) { [mailbox] _ in mailbox?.acknowledge(number) }
  }

  @inlinable func receive(_ delivery: MainActorMailbox<State>.Delivery, acknowledged: UInt64) {
    let newState: State
    switch delivery {
    case .state(let state): newState = state
    case .unchanged: newState = currentState
    case .gone:
      mailbox = nil
      awaited = AwaitedSends()
      registrar.withMutation(of: self, keyPath: \.isAlive) { alive = false }
      return
    }
    guard awaited.isWaiting else { return show(newState, replacingWrites: [:]) }
    let (writes, transactions) = awaited.takeAcknowledged(upTo: acknowledged)
    guard let transaction = transactions.last else { return show(newState, replacingWrites: writes) }
    transaction { show(newState, replacingWrites: writes) }
  }

  /// Shows `newState`, dropping the binding writes it includes: notifies the members whose
  /// shown value changes.
  @inlinable func show(_ newState: State, replacingWrites writes: [AnyKeyPath: any Sendable]) {
    let old = currentState
    // Kept between publications (emptied after each), so that showing a state allocates no
    // array for the members it changes.
    var changed = changedScratch
    changedScratch = []
    sharedScan.willShow()
    for member in members
    where member.changes(old, newState) || (!writes.isEmpty && member.dropsWrite(writes, newState)) {
      changed.append(member)
    }
    if stateIsObserved { registrar.willSet(self, keyPath: stateMember) }
    for member in changed { member.willSet(self) }
    currentState = newState
    for member in changed { member.didSet(self) }
    if stateIsObserved { registrar.didSet(self, keyPath: stateMember) }
    changed.removeAll(keepingCapacity: true)
    changedScratch = changed
  }
}

/// The value a fact about an ``ObservableStore``'s state (``ObservableStore/trackedStructure(_:fact:didChange:)``)
/// last showed; a member's is a ``ShownMember``. Touched only by that store's
/// `show`, on the main actor, never while another access to it is in progress, so it skips the
/// dynamic exclusivity check a captured `var` would pay on every publication (what that saves:
/// Docs/Stress-and-Benchmarks.md, "Exclusivity checks of shared state").
@usableFromInline final class ShownValue<Value> {
  @exclusivity(unchecked) @usableFromInline var value: Value

  @inlinable init(_ value: Value) { self.value = value }
}

extension ObservableStore where Action: BindableAction, Action.State == State {
  /// A member of the state, readable as the read-only member is (tracking that member only),
  /// and settable: setting it sends `.binding(.set(keyPath, newValue))`, in order with the
  /// other sends, as TCA's store does. The member reads the new value at once: over a main-actor
  /// store, the action has been reduced (and a reducer that rewrites the value is shown); over
  /// another store, the value written is shown until the store's state that includes the write
  /// arrives, then the store's value. Writes to a store whose state is gone are ignored without
  /// a report: SwiftUI writes a focused field's binding while dismissing it.
  ///
  /// With SwiftUI, `@Bindable var store: ObservableStore<State, Action>` then makes
  /// `$store.name` a `Binding` through this subscript, the way TCA's `$store.name` is written.
  /// - Parameter keyPath: The member.
  @inlinable public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: any WritableKeyPath<State, Value> & Sendable
  ) -> Value {
    get { self[dynamicMember: keyPath as KeyPath<State, Value>] }
    set { write(newValue, at: keyPath) }
  }

  @inlinable func write<Value: Equatable & Sendable>(
    _ value: Value, at keyPath: any WritableKeyPath<State, Value> & Sendable
  ) {
    guard isAliveUntracked, store.currentStateIfAlive != nil else { return }
    let action = Action.binding(.set(keyPath, value))
    if store.runsOnMainActor {
      store.sendOnMainActor(action)
      return
    }
    let number = awaited.nextNumber()
    let stateKeyPath = keyPath as KeyPath<State, Value>
    let member = tracked[stateKeyPath] ?? track(stateKeyPath)
    member.willSet(self)
    awaited.write(value, at: stateKeyPath, number: number)
    member.didSet(self)
    _ = sendAwaited(action, numbered: number)
  }
}
