/// Something that shows one child store at a time and is reused for others: a list cell, a
/// row view, a view controller.
///
/// A ``ChildStoreRegistry`` drives the lifecycle: ``configure(with:)`` when the host starts
/// showing an element, ``prepareForReuse()`` when it stops (before it shows another one).
public protocol StoreHost<State, Action>: AnyObject {
  /// The element's state.
  associatedtype State: Sendable
  /// The element's actions.
  associatedtype Action: Sendable

  /// Starts showing the element whose store this is.
  /// - Parameter store: The element's store.
  func configure(with store: Store<State, Action>)

  /// Stops showing the current element: cancel observations, drop the store.
  func prepareForReuse()

  /// Whether the host can be bound or unbound from where the registry is called; asked by
  /// ``ChildStoreRegistry`` before it records a binding or drops one. A host that answers
  /// `false` should report why; the registry then leaves both the host and its bindings as they
  /// were, so a later call from the right context binds it. ``MainActorStoreHost`` answers
  /// `false` off the main actor; a `@MainActor` host built on a ``MainActorStoreConnection``
  /// should forward to ``MainActorStoreConnection/allowsBinding(of:)``. `true` by default.
  /// - Returns: `true` when ``configure(with:)`` and ``prepareForReuse()`` may run here.
  func allowsBinding() -> Bool
}

extension StoreHost {
  /// `true`: a host without isolation can be bound from anywhere.
  /// - Returns: `true`.
  @inlinable public func allowsBinding() -> Bool { true }
}
