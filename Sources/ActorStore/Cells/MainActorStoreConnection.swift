/// The main-actor side of a host: shows one store at a time, calls its observation callbacks
/// on the main actor, and cancels everything in ``prepareForReuse()``.
///
/// Own one in a `UICollectionViewCell`, a view controller or any `@MainActor` class that
/// conforms to ``StoreHost`` (``MainActorStoreHost`` is a ready-made base class built on it):
///
/// ```swift
/// @MainActor final class TitleLabel: @MainActor StoreHost {
///   let connection = MainActorStoreConnection<Counter.State, Counter.Action>()
///   var text = ""
///
///   func configure(with store: Store<Counter.State, Counter.Action>) {
///     connection.configure(with: store)
///     connection.observe(\.count) { [unowned self] count in text = "\(count)" }
///   }
///   func prepareForReuse() { connection.prepareForReuse() }
///   nonisolated func allowsBinding() -> Bool {
///     MainActorStoreConnection<Counter.State, Counter.Action>.allowsBinding(of: self)
///   }
/// }
/// ```
///
/// On a store of a main-actor tree (``StoreExecutor/mainActor``), each publication reaches the
/// callbacks within it, before the send that caused it returns. Elsewhere values are coalesced:
/// however many states the store publishes between two main-actor turns, each callback runs at
/// most once per turn, with the newest value, and never with a value older than one it already
/// got. ``observe(_:_:)`` calls its callback at once with the current
/// value, so a cell is filled before it is first drawn. Deliveries go through the store tree's
/// ``StoreExecutor/mainActorScheduler``: the real main actor, or a `TestExecutor` in tests.
@MainActor
public final class MainActorStoreConnection<State: Sendable, Action: Sendable> {
  /// The store shown, between ``configure(with:)`` and ``prepareForReuse()``.
  public private(set) var store: Store<State, Action>?
  /// The state the callbacks last saw; `nil` when nothing is shown or the store's state is gone.
  public private(set) var state: State?
  /// Called once, on the main actor, when the shown store's state is gone (its element was
  /// removed, its optional state cleared): observations stop there, so the host can show a
  /// placeholder rather than keep a value that no longer exists.
  public var onStateGone: (() -> Void)?

  private var observations: [(State) -> Void] = []
  private var mailbox: MainActorMailbox<State>?
  /// The ``sendWhileShown(_:)`` sends since the last ``prepareForReuse()``.
  private var shownSends: [StoreTask] = []

  /// Creates a connection showing nothing.
  public init() {}

  deinit {
    mailbox?.close()
    for shown in shownSends { shown.cancel() }
  }

  /// What a `@MainActor` host returns from ``StoreHost/allowsBinding()``: `true` on the main
  /// actor; off it, reports that `host` was bound or unbound from nonisolated code and returns
  /// `false`, so the registry leaves the host and its bindings as they were.
  /// - Parameter host: The host being bound or unbound, named in the report.
  /// - Returns: Whether the caller is on the main actor.
  nonisolated public static func allowsBinding(of host: AnyObject) -> Bool {
    MainActorCheck.allows("ChildStoreRegistry.bind(_:to:) or unbind(_:) of a \(type(of: host))")
  }

  /// Starts showing `store`; drops any previous one first (as ``prepareForReuse()``). Called
  /// off the main actor (possible through a generic `StoreHost` call from nonisolated code), it
  /// reports an issue and does nothing.
  /// - Parameter store: The store to show.
  public func configure(with store: Store<State, Action>) {
    guard MainActorCheck.allows("MainActorStoreConnection.configure(with:)") else { return }
    if self.store != nil { prepareForReuse() }
    self.store = store
    let mailbox = MainActorMailbox(watching: store) { [weak self] delivery, _ in
      guard let self else { return false }
      self.receive(delivery)
      return true
    }
    self.mailbox = mailbox
    state = mailbox.takeInitial { store.currentStateIfAlive }
    if state == nil { stateIsGone() }
  }

  /// Stops showing the store: no callback runs after this, every ``sendWhileShown(_:)`` effect
  /// is cancelled, and the callbacks are dropped.
  public func prepareForReuse() {
    guard MainActorCheck.allows("MainActorStoreConnection.prepareForReuse()") else { return }
    mailbox?.close()
    mailbox = nil
    for shown in shownSends { shown.cancel() }
    shownSends.removeAll()
    observations.removeAll()
    store = nil
    state = nil
  }

  /// Calls `apply` now with the current value at `keyPath`, then on the main actor with each
  /// distinct newer value, until ``prepareForReuse()``. Does nothing when no store is shown.
  /// - Parameters:
  ///   - keyPath: The value to observe. Values must be `Sendable`: they come from states the
  ///     store published on its own executor.
  ///   - apply: Receives each value, on the main actor.
  public func observe<Value: Equatable & Sendable>(
    _ keyPath: KeyPath<State, Value>, _ apply: @escaping (Value) -> Void
  ) {
    guard let state else { return }
    var last = state[keyPath: keyPath]
    apply(last)
    observations.append { state in
      let value = state[keyPath: keyPath]
      guard value != last else { return }
      last = value
      apply(value)
    }
  }

  /// Sends `action` to the shown store with ``Store/sendOnMainActor(_:fileID:filePath:line:column:)``:
  /// reduced before this returns on a main-actor store; otherwise behind every send made this
  /// way to its store tree before it, in call order, as in TCA. Reports an issue when no store
  /// is shown.
  /// - Parameter action: The action.
  /// - Returns: A handle on the effects the action started (an empty one when no store is
  ///   shown).
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    guard let store = storeOrReport(action) else { return StoreTask(record: nil, registry: nil) }
    return store.sendOnMainActor(action)
  }

  /// Sends `action`, in call order like ``send(_:)``, and keeps the effects it starts running
  /// only while this store is shown: ``prepareForReuse()`` cancels them (as soon as the send is
  /// processed, if it has not been yet). Reports an issue when no store is shown.
  /// - Parameter action: The action, e.g. "start loading the image".
  public func sendWhileShown(_ action: Action) {
    guard let store = storeOrReport(action) else { return }
    shownSends.append(store.sendOnMainActor(action))
  }

  /// The number of ``sendWhileShown(_:)`` sends made since the last ``prepareForReuse()``.
  public var sendWhileShownCount: Int { shownSends.count }

  private func storeOrReport(_ action: Action) -> Store<State, Action>? {
    if let store { return store }
    reportIssue(
      """
      MainActorStoreConnection: \(action) was sent while no store is shown (before \
      configure(with:) or after prepareForReuse()); the action was dropped.
      """)
    return nil
  }

  private func receive(_ delivery: MainActorMailbox<State>.Delivery) {
    guard store != nil else { return }
    let newState: State
    switch delivery {
    case .state(let state): newState = state
    case .unchanged: return
    case .gone: return stateIsGone()
    }
    state = newState
    for observation in observations { observation(newState) }
  }

  private func stateIsGone() {
    state = nil
    mailbox = nil
    observations.removeAll()
    onStateGone?()
  }
}
