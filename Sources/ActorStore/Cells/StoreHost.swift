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
}
