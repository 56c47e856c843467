import ActorStore
import ActorStoreTesting
import Testing

/// A navigation stack from an `ObservableStore` (`scope(state:action:)` of a `StackState`, the
/// path seam `subscript(path:)`, `element(id:)`): the path is tracked by its IDs alone, a
/// screen's store is one instance while the screen is pushed, and SwiftUI's path writes, modelled
/// (back to any depth, links, rewrites, possibly after the store moved on, through the binding
/// of the last render), leave the state as the user meant it and SwiftUI showing it.
@MainActor @Suite struct ObservableStoreStackTests {
  typealias Root = StackNavigationTests.Root
  typealias Screen = StackNavigationTests.Screen

  private func makeRoot(on executor: TestExecutor) -> ObservableStore<Root.State, Root.Action> {
    ObservableStore(
      Store(initialState: Root.State(), reducer: Root(clock: executor.clock), executor: executor.makeMainActorStoreExecutor()))
  }

  @Test func thePathIsTrackedByItsIDsAndEachScreenHasOneStore() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let root = makeRoot(on: executor)
    let stack = root.scope(state: \.path, action: .path)
    #expect(root.scope(state: \.path, action: .path) === stack)
    let path = ChangeCounter { _ = stack.pathIDs() }
    root.send(.push(1))
    root.send(.push(2))
    #expect(path.count == 2)
    let ids = stack.pathIDs()
    let top: ObservableStore<Screen.State, Screen.Action>? = stack.element(id: ids[1])
    #expect(top?.number == 2)
    top?.send(.increment)
    #expect(path.count == 2)
    #expect(stack.element(id: ids[1]) === top)
    // The screen dismisses itself: it and nothing below it is popped.
    top?.send(.closeTapped)
    executor.runUntilIdle()
    #expect(stack.pathIDs() == [ids[0]])
    #expect(top?.isAlive == false)
    #expect((stack.element(id: ids[1]) as ObservableStore<Screen.State, Screen.Action>?) == nil)
  }

  @Test func seededPathWritesThroughTheBindingOfTheLastRenderDoWhatTheUserMeant() {
    let issues = IssueCollector()
    var counts: [String: Int] = [:]
    IssueReporting.withReporter(issues) {
      for seed in 0..<300 as Range<UInt64> {
        let executor = TestExecutor()
        defer { executor.drainAfterRelease() }
        let root = makeRoot(on: executor)
        let stack = root.scope(state: \.path, action: .path)
        var random = SeededGenerator(seed: seed)
        var ids: [StackElementID] { root.state.path.ids }
        // A render: the body makes the binding (with the IDs it shows) and SwiftUI reads it.
        var binding = \ObservableStore<StackState<Screen.State>, StackActionOf<Screen>>.[path: []]
        var swiftUI: [StackPathComponent<Screen.State>] = []
        @MainActor func render() {
          binding = \.[path: stack.pathIDs()]
          swiftUI = stack[keyPath: binding]
        }
        render()
        let renders = ChangeCounter { _ = stack.pathIDs() }
        for step in 0..<40 {
          let event = SwiftUINavigationLogicTests.pathEvent(using: &random, shownDepth: swiftUI.count)
          let written: [StackPathComponent<Screen.State>]
          var fresh: [StackElementID] = []
          switch event {
          case .render:
            render()
            continue
          case .store:
            root.send(Bool.random(using: &random) ? .push(step) : .popToRoot)
            continue
          case .back(let depth): written = Array(swiftUI.prefix(depth))
          case .link:
            let component = StackPathComponent(
              id: DependencyValues.inForce.stackElementID.next(), element: Screen.State(number: step))
            fresh = [component.id]
            written = swiftUI + [component]
          case .rewrite: written = swiftUI
          }
          let before = ids
          let expected = SwiftUINavigationLogicTests.intended(event, shown: swiftUI.map(\.id), fresh: fresh, current: before)
          let notified = renders.count
          stack[keyPath: binding] = written
          executor.runUntilIdle()
          counts["\(event)".prefix { $0 != "(" }.description, default: 0] += 1
          swiftUI = written
          // SwiftUI renders again when the path changed, or the write was stale.
          if renders.count > notified { render() }
          let context = "seed \(seed) step \(step): \(event), wrote \(written.map(\.id)), state was \(before)"
          #expect(ids == expected, "\(context): left \(ids)")
          #expect(swiftUI.map(\.id) == ids, "\(context): SwiftUI shows \(swiftUI.map(\.id))")
        }
        executor.checkForeignEnqueues()
      }
    }
    #expect(issues.messages.isEmpty, "\(issues.messages.prefix(3))")
    for event in ["back", "link", "rewrite"] { #expect(counts[event, default: 0] > 300, "\(counts)") }
  }
}
