/// What a ``ModalPresentationDriver`` needs from the view layer: present and dismiss one
/// controller modally, and say when the user dismissed one (a swipe down on a sheet). The seam
/// between the driver's logic, which runs and is tested everywhere, and UIKit, which only
/// forwards (`UIKitModalPresenter` on Apple platforms).
@MainActor
public protocol ModalPresenting<Controller>: AnyObject {
  /// The presented objects, view controllers on UIKit.
  associatedtype Controller: AnyObject
  /// Presents `controller` modally.
  /// - Parameters:
  ///   - controller: The controller to show.
  ///   - animated: Whether the transition animates.
  func present(_ controller: Controller, animated: Bool)
  /// Dismisses `controller`, which this presenter presented.
  /// - Parameters:
  ///   - controller: The controller to hide.
  ///   - animated: Whether the transition animates.
  func dismiss(_ controller: Controller, animated: Bool)
  /// Set by the driver; the presenter calls it when the user dismissed a controller it presented
  /// without the driver asking (the system already removed it from the screen).
  var userDidDismiss: ((Controller) -> Void)? { get set }
}

/// Keeps a modal presentation in step with optional child state, such as a ``PresentationState``
/// read from a store: presents a controller when the state appears, dismisses it when the state
/// goes away, replaces it when the state's identity changes, and reports a dismissal the user
/// made (to be sent as ``PresentationAction/dismiss``).
///
/// ```swift
/// let driver = ModalPresentationDriver<Editor.State, UIViewController>(
///   presenter: UIKitModalPresenter(host: self),
///   makeController: { _ in EditorViewController(store: …) },
///   userDidDismiss: { connection.send(.editor(.dismiss)) })
/// connection.observe(\.editor) { driver.update(to: $0) }
/// ```
///
/// Invariants: at most one controller is presented; a state with the identity of the
/// presentation shown keeps that controller (the controller observes the child itself); after
/// the user dismissed a presentation, the state that still holds it (until the store has
/// processed `.dismiss`) does not present it again.
@MainActor
public final class ModalPresentationDriver<State, Controller: AnyObject> {
  private let presenter: any ModalPresenting<Controller>
  private let identity: (State) -> AnyHashable
  private let makeController: (State) -> Controller
  private let userDidDismiss: () -> Void
  /// The controller shown and the identity of the state it shows.
  private var shown: (controller: Controller, identity: AnyHashable)?
  /// The identity of a presentation the user dismissed, while the state may still hold it.
  private var dismissedByUser: AnyHashable?

  /// A driver for any child state: the presentation changes only when the state appears or goes
  /// away, or when `identity` changes.
  /// - Parameters:
  ///   - presenter: Presents and dismisses the controllers.
  ///   - identity: Tells one presentation from the next; one presentation per appearance by
  ///     default.
  ///   - makeController: Builds the controller for a newly presented state.
  ///   - userDidDismiss: Called when the user dismissed the controller; send the parent's
  ///     `.dismiss` from it.
  public init(
    presenter: some ModalPresenting<Controller>,
    identity: @escaping (State) -> AnyHashable = { _ in AnyHashable(0) },
    makeController: @escaping (State) -> Controller,
    userDidDismiss: @escaping () -> Void
  ) {
    self.presenter = presenter
    self.identity = identity
    self.makeController = makeController
    self.userDidDismiss = userDidDismiss
    presenter.userDidDismiss = { [weak self] controller in self?.controllerWasDismissedByUser(controller) }
  }

  /// A driver for `Identifiable` child state: a state with another `id` is a new presentation,
  /// as for `ifLet(_:action:then:)` over a ``PresentationState``.
  /// - Parameters:
  ///   - presenter: Presents and dismisses the controllers.
  ///   - makeController: Builds the controller for a newly presented state.
  ///   - userDidDismiss: Called when the user dismissed the controller.
  public convenience init(
    presenter: some ModalPresenting<Controller>,
    makeController: @escaping (State) -> Controller,
    userDidDismiss: @escaping () -> Void
  ) where State: Identifiable {
    self.init(
      presenter: presenter, identity: { AnyHashable($0.id) }, makeController: makeController,
      userDidDismiss: userDidDismiss)
  }

  /// The controller presented now, if any.
  public var presentedController: Controller? { shown?.controller }

  /// Brings the presentation in step with `state`.
  /// - Parameters:
  ///   - state: The child state, `nil` when nothing is presented.
  ///   - animated: Whether transitions animate.
  public func update(to state: State?, animated: Bool = true) {
    let newIdentity = state.map(identity)
    if dismissedByUser != nil, dismissedByUser == newIdentity { return }
    dismissedByUser = nil
    if let shown, shown.identity == newIdentity { return }
    if let shown {
      self.shown = nil
      presenter.dismiss(shown.controller, animated: animated)
    }
    if let state, let newIdentity {
      let controller = makeController(state)
      shown = (controller, newIdentity)
      presenter.present(controller, animated: animated)
    }
  }

  private func controllerWasDismissedByUser(_ controller: Controller) {
    guard let shown, shown.controller === controller else { return }
    self.shown = nil
    dismissedByUser = shown.identity
    userDidDismiss()
  }
}
