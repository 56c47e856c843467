#if canImport(UIKit)
  import UIKit

  /// A collection view cell showing one element's store (the seeds' `StateStoreCell`), built on
  /// a ``MainActorStoreConnection``; a ``ChildStoreRegistry`` binds it from the data source.
  ///
  /// ```swift
  /// final class RowCell: StateStoreCell<Row.State, Row.Action> {
  ///   let label = UILabel()
  ///   override func configureStateObservation(on connection: MainActorStoreConnection<Row.State, Row.Action>) {
  ///     connection.observe(\.title) { [unowned self] title in label.text = title }
  ///   }
  /// }
  /// // cellForItemAt: registry.bind(cell, to: id)
  /// ```
  ///
  /// Thin on purpose: delivery, coalescing and reuse live in the connection and the registry,
  /// tested on every platform. UIKit calls `prepareForReuse()` itself when it dequeues the cell;
  /// that ends the connection's observations, and the registry rebinds the cell when it is
  /// next bound, even to the same element.
  @MainActor
  open class StateStoreCell<State: Sendable, Action: Sendable>: UICollectionViewCell, @MainActor StoreHost {
    /// The connection doing the work: observe, send, `sendWhileShown`.
    public let connection = MainActorStoreConnection<State, Action>()

    /// The store shown, between ``configure(with:)`` and ``prepareForReuse()``.
    public var store: Store<State, Action>? { connection.store }

    /// Shows `store`: drops any previous one, then calls
    /// ``configureStateObservation(on:)`` while the store's state exists.
    /// - Parameter store: The element's store.
    open func configure(with store: Store<State, Action>) {
      connection.onStateGone = { [weak self] in self?.stateDidEnd() }
      connection.configure(with: store)
      if connection.store === store, connection.state != nil { configureStateObservation(on: connection) }
    }

    /// Override to bind state to views with `connection.observe(_:_:)`. Does nothing by default.
    /// - Parameter connection: The connection, showing the store just configured.
    open func configureStateObservation(on connection: MainActorStoreConnection<State, Action>) {}

    /// Called when the shown element's state is gone (it was removed while the cell showed
    /// it); no observation runs after it. Does nothing by default.
    open func stateDidEnd() {}

    /// Ends every observation and `sendWhileShown` effect, whether UIKit or the registry calls
    /// it.
    open override func prepareForReuse() {
      super.prepareForReuse()
      connection.prepareForReuse()
    }

    /// `true` on the main actor; off it, reports the call, so a registry called from
    /// nonisolated code leaves the cell as it was.
    /// - Returns: Whether the caller is on the main actor.
    nonisolated public func allowsBinding() -> Bool {
      MainActorStoreConnection<State, Action>.allowsBinding(of: self)
    }
  }

  /// A view controller driven by one store (the seeds' `StateStoreViewController`), built on a
  /// ``MainActorStoreConnection``: the connection shows the store from `viewDidLoad()`, and
  /// ``configureStateObservation(on:)`` binds state to views there.
  ///
  /// ```swift
  /// final class CounterViewController: StateStoreViewController<Counter.State, Counter.Action> {
  ///   let label = UILabel()
  ///   override func configureStateObservation(on connection: MainActorStoreConnection<Counter.State, Counter.Action>) {
  ///     connection.observe(\.count) { [unowned self] count in label.text = "\(count)" }
  ///   }
  /// }
  /// ```
  @MainActor
  open class StateStoreViewController<State: Sendable, Action: Sendable>: UIViewController {
    /// The store the screen shows.
    public let store: Store<State, Action>
    /// The connection doing the work: observe, send, `sendWhileShown`.
    public let connection = MainActorStoreConnection<State, Action>()

    /// Creates a controller for `store`.
    /// - Parameter store: The screen's store.
    public init(store: Store<State, Action>) {
      self.store = store
      super.init(nibName: nil, bundle: nil)
    }

    /// Not supported: a store cannot be decoded.
    /// - Parameter coder: Unused.
    public required init?(coder: NSCoder) {
      fatalError("StateStoreViewController: init(coder:) is not supported; use init(store:)")
    }

    /// Shows the store, then calls ``configureStateObservation(on:)``.
    open override func viewDidLoad() {
      super.viewDidLoad()
      connection.onStateGone = { [weak self] in self?.stateDidEnd() }
      connection.configure(with: store)
      if connection.state != nil { configureStateObservation(on: connection) }
    }

    /// Override to bind state to views with `connection.observe(_:_:)`. Does nothing by default.
    /// - Parameter connection: The connection, showing ``store``.
    open func configureStateObservation(on connection: MainActorStoreConnection<State, Action>) {}

    /// Called when the store's state is gone (a scoped store whose state was cleared). Does
    /// nothing by default.
    open func stateDidEnd() {}

    /// Sends `action` to the store, in call order with the screen's other sends.
    /// - Parameter action: The action.
    public func send(_ action: Action) { connection.send(action) }
  }
#endif
