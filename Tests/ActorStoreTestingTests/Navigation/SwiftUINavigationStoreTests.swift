import ActorStore
import ActorStoreTesting
import Testing

/// The SwiftUI navigation decisions end to end, through real main-actor stores (the stack and
/// presentation features of `StackNavigationTests` and `PresentationTests`, and a sign-in sheet
/// with a focus member): SwiftUI, modelled, reads and writes the path or the presentation at
/// random, the store moves on its own (pushes, pops, effects that dismiss), the decisions'
/// actions are sent, and after every write the store's state is what SwiftUI shows and what the
/// user meant, with no issue reported (no pop of a missing screen, no duplicate push, no
/// dismissal of nothing).
@MainActor @Suite struct SwiftUINavigationStoreTests {
  typealias Root = StackNavigationTests.Root
  typealias Parent = PresentationTests.Parent

  @Test func pathWritesThroughAStoreLeaveItShowingWhatSwiftUIShows() {
    let issues = IssueCollector()
    var counts: [String: Int] = [:]
    IssueReporting.withReporter(issues) {
      for seed in 0..<500 as Range<UInt64> {
        let executor = TestExecutor()
        defer { executor.drainAfterRelease() }
        let store = Store(
          initialState: Root.State(), reducer: Root(clock: executor.clock),
          executor: executor.makeMainActorStoreExecutor())
        var random = SeededGenerator(seed: seed)
        var binding = StackPathBinding()
        var swiftUI = binding.read(store.currentState.path)
        for step in 0..<30 {
          var ids: [StackElementID] { store.currentState.path.ids }
          let written: [StackPathComponent<StackNavigationTests.Screen.State>]
          let event: SwiftUINavigationLogicTests.PathEvent
          var fresh: [StackElementID] = []
          switch Int.random(in: 0..<12, using: &random) {
          case 0, 1:
            swiftUI = binding.read(store.currentState.path)
            continue
          case 2, 3, 4:
            let depth =
              Int.random(in: 0..<4, using: &random) == 0
              ? Int.random(in: 0...swiftUI.count, using: &random) : max(swiftUI.count - 1, 0)
            event = .back(toDepth: depth)
            written = Array(swiftUI.prefix(depth))
          case 5, 6:
            // `NavigationLink(state:)`: a fresh ID from the generator the store uses too.
            let component = StackPathComponent(
              id: DependencyValues.inForce.stackElementID.next(),
              element: StackNavigationTests.Screen.State(number: step))
            event = .link
            fresh = [component.id]
            written = swiftUI + [component]
          case 7:
            event = .rewrite
            written = swiftUI
          case 8:
            store.sendOnMainActor(.push(step))
            continue
          case 9:
            store.sendOnMainActor(Int.random(in: 0..<4, using: &random) == 0 ? .popToRoot : .push(step))
            continue
          default:
            // A screen dismisses itself from an effect, or starts one that outlives a pop.
            guard let id = ids.randomElement(using: &random) else { continue }
            store.sendOnMainActor(.path(.element(id: id, action: Bool.random(using: &random) ? .closeTapped : .load)))
            executor.runUntilIdle()
            continue
          }
          let shown = swiftUI.map(\.id)
          let before = ids
          let expected = SwiftUINavigationLogicTests.intended(event, shown: shown, fresh: fresh, current: before)
          let (decision, actions): (StackPathWrite, [StackActionOf<StackNavigationTests.Screen>]) =
            binding.write(written, current: before)
          counts["\(decision)".prefix { $0 != "(" }.description, default: 0] += 1
          for action in actions { store.sendOnMainActor(.path(action)) }
          executor.runUntilIdle()
          swiftUI = written
          if decision.isStale { swiftUI = binding.read(store.currentState.path) }
          let context =
            "seed \(seed) step \(step): \(event), shown \(shown), wrote \(written.map(\.id)), state was \(before)"
          #expect(ids == expected, "\(context): \(decision) left \(ids)")
          #expect(swiftUI.map(\.id) == ids, "\(context): SwiftUI shows \(swiftUI.map(\.id)), the state is \(ids)")
          #expect(swiftUI.map(\.element) == Array(store.currentState.path), "\(context): elements differ")
        }
        executor.advance(by: .seconds(2))
        executor.checkForeignEnqueues()
      }
    }
    #expect(issues.messages.isEmpty, "\(issues.messages.prefix(3))")
    for outcome in ["unchanged", "popFrom", "push", "stale"] {
      #expect(counts[outcome, default: 0] > 100, "\(outcome): \(counts)")
    }
  }

  @Test func sheetWritesThroughAStoreDismissOnlyWhatSwiftUIShowed() {
    let issues = IssueCollector()
    var counts: [PresentationBindingWrite: Int] = [:]
    IssueReporting.withReporter(issues) {
      for seed in 0..<500 as Range<UInt64> {
        let executor = TestExecutor()
        defer { executor.drainAfterRelease() }
        let store = Store(
          initialState: Parent.State(), reducer: Parent(clock: executor.clock),
          executor: executor.makeMainActorStoreExecutor())
        var random = SeededGenerator(seed: seed)
        var binding = PresentationBinding<Int>()
        var presented: Int? { store.currentState.editor?.id }
        var swiftUI: Int?
        for step in 0..<30 {
          switch Int.random(in: 0..<10, using: &random) {
          case 0, 1:
            binding.read(presented)
            swiftUI = presented
          case 2, 3, 4:
            guard swiftUI != nil else { continue }
            // Swipe-down: SwiftUI writes nil for the sheet it shows.
            let before = presented
            let expected = before == swiftUI ? nil : before
            let decision = binding.write(isNil: true, current: before)
            counts[decision, default: 0] += 1
            if decision == .dismiss { store.sendOnMainActor(.editor(.dismiss)) }
            executor.runUntilIdle()
            swiftUI = nil
            if decision.needsRead {
              binding.read(presented)
              swiftUI = presented
            }
            let context = "seed \(seed) step \(step): swipe-down, state was \(String(describing: before))"
            #expect(presented == expected, "\(context): \(decision)")
            #expect(swiftUI == presented, "\(context): SwiftUI shows \(String(describing: swiftUI))")
          case 5, 6: store.sendOnMainActor(.present(Int.random(in: 0..<3, using: &random)))
          case 7: store.sendOnMainActor(.close)
          default:
            // The editor dismisses itself from an effect, or starts one.
            guard presented != nil else { continue }
            store.sendOnMainActor(.editor(.presented(Bool.random(using: &random) ? .saveTapped : .load)))
            executor.runUntilIdle()
          }
        }
        executor.advance(by: .seconds(2))
        executor.checkForeignEnqueues()
      }
    }
    #expect(issues.messages.isEmpty, "\(issues.messages.prefix(3))")
    for outcome in [PresentationBindingWrite.dismiss, .alreadyGone, .replaced] {
      #expect(counts[outcome, default: 0] > 100, "\(outcome): \(counts)")
    }
  }

  // MARK: A focused field while its sheet is swiped down

  struct SignIn: Reducer {
    enum Field: Hashable, Sendable { case email, password }
    struct State: Equatable, Identifiable, Sendable {
      let id: Int
      var email = ""
      var focus: Field? = .email
    }
    enum Action: BindableAction, Equatable, Sendable {
      case binding(BindingAction<State>)
      case nextTapped
    }

    var body: some Reducer<State, Action> {
      BindingReducer()
      Reduce { state, action in
        if case .nextTapped = action { state.focus = state.focus == .email ? .password : nil }
        return .none
      }
    }
  }

  struct Account: Reducer {
    struct State: Equatable, Sendable {
      @Presents var signIn: SignIn.State?
    }
    enum Action: Equatable, Sendable {
      case signInTapped
      case signIn(PresentationAction<SignIn.Action>)
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if case .signInTapped = action { state.signIn = SignIn.State(id: (state.signIn?.id ?? 0) + 1) }
        return .none
      }
      .ifLet(\.$signIn, action: .signIn) { SignIn() }
    }
  }

  /// The sheet's view: its `@FocusState`, the focus binding, and SwiftUI's `onChange` memory.
  @MainActor final class SignInView {
    typealias Sides = FocusBinding<SignIn.Field?>.Sides
    let store: ObservableStore<SignIn.State, SignIn.Action>
    var focusState: SignIn.Field?
    var binding = FocusBinding<SignIn.Field?>()
    private var seen: Sides

    init(_ store: ObservableStore<SignIn.State, SignIn.Action>) {
      self.store = store
      seen = Sides(model: store.focus, view: nil)
      perform(binding.appear(model: store.focus, view: focusState))
      seen = now
    }

    var now: Sides { Sides(model: store.focus, view: focusState) }

    /// One SwiftUI update: each changed side's `onChange` fires with this update's value.
    func update() {
      for _ in 0..<3 where seen != now {
        let reported = now
        let changed = (model: seen.model != reported.model, view: seen.view != reported.view)
        seen = reported
        if changed.model { perform(binding.modelChanged(to: reported.model, now: now)) }
        if changed.view { perform(binding.viewChanged(to: reported.view, now: now)) }
      }
      #expect(seen == now, "the focus binding did not settle")
    }

    func perform(_ command: FocusBinding<SignIn.Field?>.Command) {
      switch command {
      case .none: break
      case .setView(let value): focusState = value
      case .setModel(let value): store.focus = value  // `$store.focus`: a binding action
      }
    }
  }

  @Test(arguments: [true, false])
  func aFocusedFieldClearedWhileItsSheetIsSwipedDownIsDroppedQuietly(focusClearedFirst: Bool) {
    let issues = IssueCollector()
    IssueReporting.withReporter(issues) {
      let executor = TestExecutor()
      defer { executor.drainAfterRelease() }
      let store = Store(
        initialState: Account.State(), reducer: Account(), executor: executor.makeMainActorStoreExecutor())
      var sheet = PresentationBinding<Int>()
      store.sendOnMainActor(.signInTapped)
      sheet.read(store.currentState.signIn?.id)
      let child = store.scope(state: { $0.signIn }, action: { .signIn(.presented($0)) })!
      let view = SignInView(ObservableStore(child))
      #expect(view.focusState == .email, "the view took the store's focus on appearing")
      view.focusState = .password  // the user taps the password field
      view.update()
      #expect(store.currentState.signIn?.focus == .password)
      view.store.send(.nextTapped)  // the reducer clears focus
      view.update()
      #expect(view.focusState == nil)
      view.focusState = .email
      view.update()
      #expect(store.currentState.signIn?.focus == .email)

      // Swipe-down: SwiftUI clears the focused field and writes nil for the sheet, in either order.
      @MainActor func clearFocus() {
        view.focusState = nil
        view.update()
        view.binding.disappear()
      }
      if focusClearedFirst { clearFocus() }
      let decision = sheet.write(isNil: true, current: store.currentState.signIn?.id)
      #expect(decision == .dismiss)
      store.sendOnMainActor(.signIn(.dismiss))
      if !focusClearedFirst { clearFocus() }
      executor.runUntilIdle()
      #expect(store.currentState.signIn == nil)
      #expect(!view.store.isAlive)
      // A second, late nil write (SwiftUI writes again as the sheet's view goes) sends nothing.
      #expect(sheet.write(isNil: true, current: store.currentState.signIn?.id) == .alreadyGone)
      executor.checkForeignEnqueues()
    }
    #expect(issues.messages.isEmpty, "\(issues.messages)")
  }
}

extension ActionPath
where
  Root == SwiftUINavigationStoreTests.Account.Action,
  Value == PresentationAction<SwiftUINavigationStoreTests.SignIn.Action>
{
  static let signIn = ActionPath(
    embed: Root.signIn, extract: { if case .signIn(let action) = $0 { action } else { nil } })
}
