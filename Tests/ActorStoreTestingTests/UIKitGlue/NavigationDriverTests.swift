import ActorStore
import Testing

/// The presentation and navigation-stack glue, against recording fakes of the UIKit seams: what
/// the drivers ask the view layer to do for each state change, and what they report when the
/// user dismisses or pops on their own.
@MainActor
@Suite struct NavigationDriverTests {
  final class Screen {
    let name: String
    init(_ name: String) { self.name = name }
  }

  /// Records presents and dismisses; `userDismisses()` plays a swipe-down.
  final class RecordingPresenter: ModalPresenting {
    var log: [String] = []
    var shown: Screen?
    var userDidDismiss: ((Screen) -> Void)?

    func present(_ controller: Screen, animated: Bool) {
      #expect(shown == nil, "UIKit presents one controller at a time")
      shown = controller
      log.append("present \(controller.name)")
    }

    func dismiss(_ controller: Screen, animated: Bool) {
      #expect(shown === controller)
      shown = nil
      log.append("dismiss \(controller.name)")
    }

    func userDismisses() {
      guard let shown else { return }
      self.shown = nil
      userDidDismiss?(shown)
    }
  }

  struct Sheet: Identifiable {
    let id: Int
    var text = ""
  }

  @Test func presentsDismissesAndReplacesByIdentity() {
    let presenter = RecordingPresenter()
    var made = 0
    let driver = ModalPresentationDriver<Sheet, Screen>(
      presenter: presenter, makeController: { made += 1; return Screen("sheet \($0.id)") }, userDidDismiss: {})
    driver.update(to: nil)
    driver.update(to: Sheet(id: 1))
    driver.update(to: Sheet(id: 1, text: "edited"))
    driver.update(to: Sheet(id: 2))
    driver.update(to: nil)
    #expect(presenter.log == ["present sheet 1", "dismiss sheet 1", "present sheet 2", "dismiss sheet 2"])
    #expect(made == 2)
    #expect(driver.presentedController == nil)
  }

  @Test func withoutIdentityAnyStateIsTheSamePresentation() {
    let presenter = RecordingPresenter()
    let driver = ModalPresentationDriver<Int, Screen>(
      presenter: presenter, makeController: { Screen("\($0)") }, userDidDismiss: {})
    driver.update(to: 1)
    driver.update(to: 2)
    #expect(presenter.log == ["present 1"])
  }

  @Test func aUserDismissalIsReportedOnceAndNotUndone() {
    let presenter = RecordingPresenter()
    var dismissals = 0
    let driver = ModalPresentationDriver<Sheet, Screen>(
      presenter: presenter, makeController: { Screen("sheet \($0.id)") }, userDidDismiss: { dismissals += 1 })
    driver.update(to: Sheet(id: 1))
    presenter.userDismisses()
    #expect(dismissals == 1)
    // The store has not processed `.dismiss` yet: the state still holds the sheet.
    driver.update(to: Sheet(id: 1, text: "late"))
    #expect(presenter.shown == nil)
    driver.update(to: nil)
    driver.update(to: Sheet(id: 1))
    #expect(presenter.log == ["present sheet 1", "present sheet 1"])
    #expect(dismissals == 1)
  }

  /// Holds the controllers above the root; `userPops(to:)` plays the back button.
  final class RecordingStack: NavigationStacking {
    var stackControllers: [Screen] = []
    var log: [[String]] = []
    var userDidChangeStack: (() -> Void)?

    func setStackControllers(_ controllers: [Screen], animated: Bool) {
      stackControllers = controllers
      log.append(controllers.map(\.name))
      // UIKit tells its delegate after every change, the driver's own too.
      userDidChangeStack?()
    }

    func userPops(to count: Int) {
      stackControllers.removeSubrange(count...)
      userDidChangeStack?()
    }
  }

  func stack(_ elements: [String], first: Int = 0) -> StackState<String> {
    withDependencies { $0.stackElementID = StackElementIDGenerator(first: first) } operation: { StackState(elements) }
  }

  @Test func followsTheStateByIDBuildingEachControllerOnce() {
    let fake = RecordingStack()
    var made: [StackElementID] = []
    let driver = NavigationStackDriver<String, Screen>(
      stack: fake, makeController: { id, name in made.append(id); return Screen(name) }, userDidPop: { _ in })
    var state = stack(["a", "b"])
    driver.update(to: state)
    let a = fake.stackControllers[0]
    driver.update(to: state)
    withDependencies { $0.stackElementID = StackElementIDGenerator(first: 2) } operation: { state.append("c") }
    driver.update(to: state)
    state.pop(from: 1)
    driver.update(to: state)
    #expect(fake.log == [["a", "b"], ["a", "b", "c"], ["a"]])
    #expect(fake.stackControllers.first === a)
    #expect(made == [0, 1, 2])
    #expect(driver.shownIDs == [0])
  }

  @Test func aUserPopIsReportedAsTheLowestPoppedIDAndNotUndone() {
    let fake = RecordingStack()
    var pops: [StackElementID] = []
    let driver = NavigationStackDriver<String, Screen>(
      stack: fake, makeController: { _, name in Screen(name) }, userDidPop: { pops.append($0) })
    let state = stack(["a", "b", "c"])
    driver.update(to: state)
    fake.userPops(to: 1)
    #expect(pops == [1])
    // The store has not processed `.popFrom(id: 1)` yet.
    driver.update(to: state)
    #expect(fake.log == [["a", "b", "c"]])
    var popped = state
    popped.pop(from: 1)
    driver.update(to: popped)
    #expect(fake.log == [["a", "b", "c"]])
    #expect(driver.shownIDs == [0])
    #expect(pops == [1])
  }
}
