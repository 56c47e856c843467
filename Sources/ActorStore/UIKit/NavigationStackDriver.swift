/// What a ``NavigationStackDriver`` needs from the view layer: the controllers pushed above the
/// root, replaced as a whole, and word of pops the user made (the back button, the back swipe).
/// The seam between the driver's logic, tested everywhere, and `UINavigationController`, which
/// only forwards (`UIKitNavigationStack` on Apple platforms).
@MainActor
public protocol NavigationStacking<Controller>: AnyObject {
  /// The pushed objects, view controllers on UIKit.
  associatedtype Controller: AnyObject
  /// The controllers above the root, bottom first, as shown now.
  var stackControllers: [Controller] { get }
  /// Shows exactly these controllers above the root, pushing and popping as needed.
  /// - Parameters:
  ///   - controllers: The controllers, bottom first.
  ///   - animated: Whether the change animates.
  func setStackControllers(_ controllers: [Controller], animated: Bool)
  /// Set by the driver; the stack calls it after the user changed the controllers shown (a pop
  /// the driver did not ask for). The driver compares ``stackControllers`` with what it set.
  var userDidChangeStack: (() -> Void)? { get set }
}

/// Keeps a navigation stack's controllers in step with a ``StackState``: one controller per
/// element, kept for as long as the element's ID stays in the stack (positions move, IDs do
/// not); pushes and pops to match each new state; reports the user's pops as the ID of the
/// lowest element popped (to be sent as ``StackAction/popFrom(id:)``).
///
/// ```swift
/// let driver = NavigationStackDriver<Path.State, UIViewController>(
///   stack: UIKitNavigationStack(navigationController: navigationController),
///   makeController: { id, _ in ScreenViewController(store: …, id: id) },
///   userDidPop: { id in connection.send(.path(.popFrom(id: id))) })
/// connection.observe(\.path) { driver.update(to: $0) }
/// ```
///
/// Invariants: the controllers set are those of the state's IDs, in the state's order, each
/// built once per ID; after the user popped from an ID, the state that still holds it (until the
/// store has processed `.popFrom(id:)`) does not push it back.
@MainActor
public final class NavigationStackDriver<Element, Controller: AnyObject> {
  private let stack: any NavigationStacking<Controller>
  private let makeController: (StackElementID, Element) -> Controller
  private let userDidPop: (StackElementID) -> Void
  /// The controllers the driver set, with their elements' IDs, bottom first.
  private var shown: [(id: StackElementID, controller: Controller)] = []
  /// The lowest ID the user popped, while the state may still hold it.
  private var poppedByUser: StackElementID?

  /// A driver for `stack`.
  /// - Parameters:
  ///   - stack: Shows the controllers.
  ///   - makeController: Builds the controller of an element pushed with this ID.
  ///   - userDidPop: Called with the lowest ID the user popped; send `.popFrom(id:)` from it.
  public init(
    stack: some NavigationStacking<Controller>,
    makeController: @escaping (StackElementID, Element) -> Controller,
    userDidPop: @escaping (StackElementID) -> Void
  ) {
    self.stack = stack
    self.makeController = makeController
    self.userDidPop = userDidPop
    stack.userDidChangeStack = { [weak self] in self?.stackWasChangedByUser() }
  }

  /// The IDs of the controllers shown, bottom first.
  public var shownIDs: [StackElementID] { shown.map(\.id) }

  /// Brings the controllers in step with `state`.
  /// - Parameters:
  ///   - state: The stack's state.
  ///   - animated: Whether the change animates.
  public func update(to state: StackState<Element>, animated: Bool = true) {
    var ids = state.ids[...]
    if let popped = poppedByUser, let index = ids.firstIndex(of: popped) {
      ids = ids[..<index]
    } else {
      poppedByUser = nil
    }
    guard !ids.elementsEqual(shownIDs) else { return }
    let existing = Dictionary(shown.map { ($0.id, $0.controller) }, uniquingKeysWith: { first, _ in first })
    shown = zip(ids, state.prefix(ids.count)).map { id, element in (id, existing[id] ?? makeController(id, element)) }
    stack.setStackControllers(shown.map(\.controller), animated: animated)
  }

  private func stackWasChangedByUser() {
    let remaining = stack.stackControllers
    let remainingIDs = shown.filter { entry in remaining.contains { $0 === entry.controller } }.map(\.id)
    // The user only pops: the rule SwiftUI's path writes follow (``StackPathWrite``), with the
    // driver's controllers as both the current and the shown path; the first controller gone is
    // where the pop started.
    guard case .popFrom(let popped) = StackPathWrite(written: remainingIDs, current: shownIDs, shown: shownIDs),
      let index = shownIDs.firstIndex(of: popped)
    else { return }
    shown.removeSubrange(index...)
    poppedByUser = popped
    userDidPop(popped)
  }
}
