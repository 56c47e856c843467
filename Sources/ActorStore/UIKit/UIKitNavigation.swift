#if canImport(UIKit)
  import UIKit

  /// Presents view controllers modally from a host view controller, for a
  /// ``ModalPresentationDriver``; reports the user's interactive dismissals (a sheet swiped
  /// down) through the presentation controller's delegate.
  @MainActor
  public final class UIKitModalPresenter: NSObject, ModalPresenting, UIAdaptivePresentationControllerDelegate {
    /// The controller that presents; held weakly, as it usually owns the driver.
    public weak var host: UIViewController?
    /// Set by the driver (see ``ModalPresenting/userDidDismiss``).
    public var userDidDismiss: ((UIViewController) -> Void)?

    /// A presenter that presents from `host`.
    /// - Parameter host: The presenting view controller.
    public init(host: UIViewController) {
      self.host = host
      super.init()
    }

    /// Presents `controller` from the host, and becomes its presentation controller's delegate.
    /// - Parameters:
    ///   - controller: The controller to show.
    ///   - animated: Whether the transition animates.
    public func present(_ controller: UIViewController, animated: Bool) {
      // Before presenting, so that a dismissal the user starts at once is already reported.
      controller.presentationController?.delegate = self
      host?.present(controller, animated: animated, completion: nil)
    }

    /// Dismisses `controller` (and anything it presented).
    /// - Parameters:
    ///   - controller: The controller to hide.
    ///   - animated: Whether the transition animates.
    public func dismiss(_ controller: UIViewController, animated: Bool) {
      controller.presentingViewController?.dismiss(animated: animated, completion: nil)
    }

    /// UIKit's call after the user dismissed a presented controller: forwards to the driver.
    /// - Parameter presentationController: The dismissed presentation.
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
      userDidDismiss?(presentationController.presentedViewController)
    }
  }

  /// A `UINavigationController`'s controllers above its root, for a ``NavigationStackDriver``;
  /// reports the user's pops (back button, back swipe) through the navigation controller's
  /// delegate, which it becomes.
  @MainActor
  public final class UIKitNavigationStack: NSObject, NavigationStacking, UINavigationControllerDelegate {
    /// The navigation controller; held weakly, as it usually owns the driver.
    public weak var navigationController: UINavigationController?
    /// Set by the driver (see ``NavigationStacking/userDidChangeStack``).
    public var userDidChangeStack: (() -> Void)?
    /// How many controllers at the bottom are not the stack's (the root).
    private let rootCount: Int

    /// The stack of `navigationController` above its first `rootCount` controllers.
    /// - Parameters:
    ///   - navigationController: The navigation controller; this object becomes its delegate.
    ///   - rootCount: How many controllers at the bottom belong to the root; 1 by default.
    public init(navigationController: UINavigationController, rootCount: Int = 1) {
      self.navigationController = navigationController
      self.rootCount = rootCount
      super.init()
      navigationController.delegate = self
    }

    /// The controllers above the root, bottom first.
    public var stackControllers: [UIViewController] {
      Array((navigationController?.viewControllers ?? []).dropFirst(rootCount))
    }

    /// Shows the root followed by `controllers`.
    /// - Parameters:
    ///   - controllers: The controllers above the root, bottom first.
    ///   - animated: Whether the change animates.
    public func setStackControllers(_ controllers: [UIViewController], animated: Bool) {
      guard let navigationController else { return }
      let root = navigationController.viewControllers.prefix(rootCount)
      navigationController.setViewControllers(Array(root) + controllers, animated: animated)
    }

    /// UIKit's call once a controller is shown, after any push or pop (the driver's own
    /// included, which the driver recognises): forwards to the driver.
    /// - Parameters:
    ///   - navigationController: The navigation controller.
    ///   - viewController: The controller now on top.
    ///   - animated: Whether the change animated.
    public func navigationController(
      _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {
      userDidChangeStack?()
    }
  }
#endif

#if canImport(UIKit)
  extension UIAlertController {
    /// An alert showing `state`; tapping a button sends its ``ButtonState/tapAction`` (UIKit
    /// dismisses the alert itself). An alert with no buttons gets an "OK" that sends `.dismiss`.
    /// - Parameters:
    ///   - state: The alert.
    ///   - send: Sends a presentation action to the presenting feature.
    public convenience init<Action>(state: AlertState<Action>, send: @escaping (PresentationAction<Action>) -> Void) {
      self.init(title: state.title.string, message: state.message?.string, preferredStyle: .alert)
      addActions(for: state.buttons.isEmpty ? [ButtonState(role: .cancel) { "OK" }] : state.buttons, send: send)
    }

    /// An action sheet showing `state`; tapping a button sends its ``ButtonState/tapAction``.
    /// - Parameters:
    ///   - state: The dialog.
    ///   - send: Sends a presentation action to the presenting feature.
    public convenience init<Action>(
      state: ConfirmationDialogState<Action>, send: @escaping (PresentationAction<Action>) -> Void
    ) {
      self.init(
        title: state.titleVisibility == .hidden ? nil : state.title.string, message: state.message?.string,
        preferredStyle: .actionSheet)
      addActions(for: state.buttons, send: send)
    }

    private func addActions<Action>(
      for buttons: [ButtonState<Action>], send: @escaping (PresentationAction<Action>) -> Void
    ) {
      for button in buttons {
        let style: UIAlertAction.Style =
          switch button.role {
          case .cancel?: .cancel
          case .destructive?: .destructive
          case nil: .default
          }
        let tap = button.tapAction
        addAction(UIAlertAction(title: button.label.string, style: style) { _ in send(tap) })
      }
    }
  }
#endif
