import ActorStore
import ActorStoreTesting
import Foundation
import Testing

/// Optional child stores of an `ObservableStore` (`scope(state:action:)`) and the binding seam
/// behind `$store.scope(state:action:)` (`subscript(presentation:)`): one instance per
/// presentation, observers notified of presentation changes only, and SwiftUI's writes, modelled
/// (a swipe-down writes `nil` for what SwiftUI shows, possibly late), dismissing only what SwiftUI
/// was shown.
@MainActor @Suite struct ObservableStoreScopeTests {
  typealias Parent = PresentationTests.Parent
  typealias Screen = TCAParityPresentationTests.Screen

  private func makeParent(on executor: TestExecutor) -> ObservableStore<Parent.State, Parent.Action> {
    ObservableStore(
      Store(
        initialState: Parent.State(), reducer: Parent(clock: executor.clock),
        executor: executor.makeMainActorStoreExecutor()))
  }

  @Test func theChildStoreIsOneInstancePerPresentation() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let parent = makeParent(on: executor)
    #expect(parent.scope(state: \.editor, action: .editor) == nil)
    parent.send(.present(1))
    let first = parent.scope(state: \.editor, action: .editor)
    #expect(first?.id == 1)
    first?.send(.edit("draft"))
    #expect(parent.scope(state: \.editor, action: .editor) === first)
    #expect(first?.text == "draft")
    // Another `id`: a new presentation, a new store; the old one ends.
    parent.send(.present(2))
    let second = parent.scope(state: \.editor, action: .editor)
    #expect(second !== first && second?.id == 2)
    #expect(first?.isAlive == false)
    // Gone, then back with the same `id`: a new presentation too.
    parent.send(.close)
    #expect(parent.scope(state: \.editor, action: .editor) == nil)
    #expect(second?.isAlive == false)
    parent.send(.present(2))
    let third = parent.scope(state: \.editor, action: .editor)
    #expect(third !== second && third?.isAlive == true)
    executor.checkForeignEnqueues()
  }

  @Test func readingTheChildTracksItsPresentationNotItsState() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let parent = makeParent(on: executor)
    let presence = ChangeCounter { _ = parent.scope(state: \.editor, action: .editor) }
    parent.send(.present(1))
    #expect(presence.count == 1)
    let child = parent.scope(state: \.editor, action: .editor)
    let text = ChangeCounter { _ = child?.text }
    child?.send(.edit("a"))
    child?.send(.edit("b"))
    parent.send(.present(1))  // the same `id`: the same presentation
    #expect(presence.count == 1)
    #expect(text.count == 3)
    parent.send(.present(2))
    parent.send(.close)
    #expect(presence.count == 3)
  }

  /// The key path of the binding a view's body makes now (what `$store.scope(state: \.editor,
  /// action: .editor)` forwards to).
  private func binding(
    of parent: ObservableStore<Parent.State, Parent.Action>
  ) -> ReferenceWritableKeyPath<ObservableStore<Parent.State, Parent.Action>, ObservableStore<PresentationTests.Editor.State, PresentationTests.Editor.Action>?> {
    let scope = PresentationScope<Parent.State, Parent.Action, _, _>(state: \.editor, action: .editor)
    return \.[presentation: scope, shown: parent.presentation(of: scope)]
  }

  @Test func aNilWriteDismissesWhatSwiftUIWasShownOnce() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let parent = makeParent(on: executor)
    parent.send(.present(1))
    let binding = binding(of: parent)  // the body runs
    #expect(parent[keyPath: binding]?.id == 1)  // SwiftUI reads: it presents the sheet
    parent[keyPath: binding] = nil  // swipe-down
    #expect(parent.state.editor == nil)
    #expect(parent.state.log == ["dismissing 1"])
    parent[keyPath: binding] = nil  // a second write for the same sheet
    #expect(parent.state.log == ["dismissing 1"])
  }

  @Test func aLateNilWriteLeavesANewPresentationAndHasSwiftUIReadAgain() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let parent = makeParent(on: executor)
    parent.send(.present(1))
    let binding = binding(of: parent)
    _ = parent[keyPath: binding]
    let reads = ChangeCounter { _ = parent[keyPath: binding] }
    parent.send(.present(2))  // the state moves on before SwiftUI's write for sheet 1 arrives
    #expect(reads.count == 1)
    parent[keyPath: binding] = nil
    #expect(parent.state.editor?.id == 2)
    #expect(parent.state.log.isEmpty)
    #expect(reads.count == 2)  // the body runs again, and presents sheet 2
    // A non-nil write (SwiftUI never makes one) changes nothing.
    let newBinding = self.binding(of: parent)
    parent[keyPath: newBinding] = parent[keyPath: newBinding]
    #expect(parent.state.editor?.id == 2 && parent.state.log.isEmpty)
  }

  /// Over a store off the main actor, states arrive later: a second `nil` write for the same
  /// sheet, made before the state without it arrived, does not dismiss again.
  @Test func overAStoreOffTheMainActorASheetIsDismissedOnceToo() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let store = Store(initialState: Parent.State(), reducer: Parent(clock: executor.clock), executor: executor.makeStoreExecutor())
    let parent = ObservableStore(store)
    executor.send(.present(1), to: store)
    let child = parent.scope(state: \.editor, action: .editor)
    #expect(child?.state.id == 1)
    let binding = binding(of: parent)
    parent[keyPath: binding] = nil
    parent[keyPath: binding] = nil
    executor.runUntilIdle()
    #expect(parent.state.editor == nil)
    #expect(parent.state.log == ["dismissing 1"])
    #expect(parent.scope(state: \.editor, action: .editor) == nil)
    #expect(child?.isAlive == false)
    executor.checkForeignEnqueues()
  }

  @Test func aCaseOfADestinationEnumIsScopedWithAComputedPropertyAndPresented() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let screen = ObservableStore(
      Store(initialState: Screen.State(), reducer: Screen(), executor: executor.makeMainActorStoreExecutor()))
    let id = UUID()
    screen.send(.presentChild(id: id))
    #expect(screen.scope(state: \.destination?.alert, action: .presented(.destination, .alert)) == nil)
    let child = screen.scope(state: \.destination?.child, action: .presented(.destination, .child))
    #expect(child?.id == id)
    child?.send(.tick)
    #expect(screen.state.destination == .child(TCAParityPresentationTests.Child.State(id: id, count: 1)))
    let scope = PresentationScope<Screen.State, Screen.Action, _, _>(
      state: \.destination?.child, action: .presented(.destination, .child))
    screen[keyPath: \.[presentation: scope, shown: screen.presentation(of: scope)]] = nil
    #expect(screen.state.destination == nil)
    screen.send(.presentAlert)
    let alert = screen.scope(state: \.destination?.alert, action: .presented(.destination, .alert))
    #expect(alert?.state == Screen.alert)
    alert?.send(.deleteTapped)
    #expect(screen.state.isDeleted && screen.state.destination == nil)
  }

  /// SwiftUI, modelled: it reads the binding when it re-renders, and writes `nil` for the sheet it
  /// shows on swipe-down, possibly after the store moved on (an effect dismissed the sheet, the
  /// parent presented another). The model's expectation: a write dismisses exactly when the
  /// state still presents the presentation SwiftUI read (counted by the model as presentations
  /// come and go), and after it SwiftUI shows what the state presents. Each read returns the
  /// same store instance while the presentation lasts.
  @Test func seededSwiftUIWritesThroughTheBindingDismissOnlyWhatItShowed() {
    let issues = IssueCollector()
    var dismissals = 0
    var lateWrites = 0
    IssueReporting.withReporter(issues) {
      for seed in 0..<300 as Range<UInt64> {
        let executor = TestExecutor()
        defer { executor.drainAfterRelease() }
        let parent = makeParent(on: executor)
        var binding = binding(of: parent)
        var random = SeededGenerator(seed: seed)
        // The model: a number per presentation, bumped whenever the presented `id` changes.
        var presentation = 0
        var presentedID: Int?
        @MainActor func observe() {
          if parent.state.editor?.id != presentedID {
            presentation += 1
            presentedID = parent.state.editor?.id
          }
        }
        var shownPresentation: Int?
        var shownStore: ObservableStore<PresentationTests.Editor.State, PresentationTests.Editor.Action>?
        var storesByPresentation: [Int: ObjectIdentifier] = [:]
        @MainActor func read() {
          binding = self.binding(of: parent)
          shownStore = parent[keyPath: binding]
          shownPresentation = shownStore == nil ? nil : presentation
          if let shownStore {
            let known = storesByPresentation[presentation, default: ObjectIdentifier(shownStore)]
            #expect(known == ObjectIdentifier(shownStore), "seed \(seed): presentation \(presentation) changed store")
            storesByPresentation[presentation] = known
          }
        }
        for step in 0..<40 {
          switch Int.random(in: 0..<10, using: &random) {
          case 0, 1: read()
          case 2, 3, 4:
            guard let shown = shownPresentation else { continue }
            let before = parent.state
            let dismisses = shown == presentation && before.editor != nil
            parent[keyPath: binding] = nil
            executor.runUntilIdle()
            observe()
            let context = "seed \(seed) step \(step): swipe-down of \(shown), state was \(String(describing: before.editor))"
            if dismisses {
              dismissals += 1
              #expect(parent.state.editor == nil, "\(context)")
              #expect(parent.state.log.count == before.log.count + 1, "\(context)")
            } else {
              lateWrites += 1
              #expect(parent.state.editor == before.editor, "\(context)")
              #expect(parent.state.log == before.log, "\(context)")
            }
            shownPresentation = nil
            read()  // SwiftUI re-renders after its write
            #expect(shownStore?.id == parent.state.editor?.id, "\(context): SwiftUI shows another sheet")
          case 5, 6:
            parent.send(.present(Int.random(in: 0..<3, using: &random)))
            observe()
          case 7:
            parent.send(.close)
            observe()
          default:
            guard let child = parent.scope(state: \.editor, action: .editor) else { continue }
            child.send(Bool.random(using: &random) ? .saveTapped : .edit("step \(step)"))
            executor.runUntilIdle()
            observe()
          }
        }
        executor.checkForeignEnqueues()
      }
    }
    #expect(issues.messages.isEmpty, "\(issues.messages.prefix(3))")
    #expect(dismissals > 300 && lateWrites > 100, "dismissals \(dismissals), late writes \(lateWrites)")
  }
}

extension TCAParityPresentationTests.Destination.State {
  /// The child case, as TCA's `@CasePathable` gives it: what `\.destination?.child` reads.
  var child: TCAParityPresentationTests.Child.State? {
    if case .child(let state) = self { state } else { nil }
  }
  /// The alert case.
  var alert: AlertState<TCAParityPresentationTests.Destination.Action.Alert>? {
    if case .alert(let state) = self { state } else { nil }
  }
}
