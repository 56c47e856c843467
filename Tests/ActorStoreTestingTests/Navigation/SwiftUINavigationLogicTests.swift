import ActorStore
import ActorStoreTesting
import Testing

/// The decisions behind SwiftUI's navigation bindings, without SwiftUI: what a path written
/// through `NavigationStack(path:)` means (`StackPathWrite`), what a `nil` written through an
/// item binding means (`PresentationBindingWrite`), and keeping a `@FocusState` and a store
/// member in step (`FocusBinding`). First the rules by example, then each against an independent
/// model of what SwiftUI does over thousands of seeded random sequences: SwiftUI edits the path
/// or presentation it was last shown, writes `nil` on swipe-down, a shorter path on back, a
/// longer one on a link, rewrites what it shows, and writes late, after the state moved on.
@Suite struct SwiftUINavigationLogicTests {
  typealias Write = StackPathWrite

  func ids(_ generations: [Int]) -> [StackElementID] { generations.map(StackElementID.init(generation:)) }

  func decide(written: [Int], current: [Int], shown: [Int]) -> Write {
    StackPathWrite(written: ids(written), current: ids(current), shown: ids(shown))
  }

  // MARK: Stack path writes, by example

  @Test func aWriteEqualToTheStateIsNoAction() {
    #expect(decide(written: [0, 1], current: [0, 1], shown: [0, 1]) == .unchanged)
    #expect(decide(written: [], current: [], shown: []) == .unchanged)
    // SwiftUI wrote back the state after a store change it had not read yet: still nothing.
    #expect(decide(written: [0], current: [0], shown: [0, 1]) == .unchanged)
  }

  @Test func aStrictPrefixPopsFromTheFirstRemovedElement() {
    #expect(decide(written: [0, 1], current: [0, 1, 2], shown: [0, 1, 2]) == .popFrom(2))
    #expect(decide(written: [], current: [0, 1, 2], shown: [0, 1, 2]) == .popFrom(0))
    // The store pushed 3 after SwiftUI's read: going back from 2 pops 3 with it.
    #expect(decide(written: [0, 1], current: [0, 1, 2, 3], shown: [0, 1, 2]) == .popFrom(2))
  }

  @Test func anExtensionWithFreshComponentsPushesThemInOrder() {
    #expect(decide(written: [0, 1, 7], current: [0, 1], shown: [0, 1]) == .push(from: 2))
    #expect(decide(written: [7, 8], current: [], shown: []) == .push(from: 0))
    let written = [StackPathComponent(id: 0, element: "a"), .init(id: 7, element: "b"), .init(id: 8, element: "c")]
    let actions: [StackAction<String, Never>] = Write.push(from: 1).actions(for: written)
    #expect(actions.map(describe) == ["push #7 b", "push #8 c"])
  }

  @Test func lateWritesAfterTheStateMovedOnAreStale() {
    // The store popped to [0]; the user's back from 2 writes [0, 1]: not a push of 1.
    #expect(decide(written: [0, 1], current: [0], shown: [0, 1, 2]) == .stale)
    // The store pushed 2 after SwiftUI's read; SwiftUI rewrites what it shows: not a pop of 2.
    #expect(decide(written: [0, 1], current: [0, 1, 2], shown: [0, 1]) == .stale)
    // The store replaced 1 by 5; the user's back from 1 must not pop 5, never shown.
    #expect(decide(written: [0], current: [0, 5], shown: [0, 1]) == .stale)
    // A link tapped on 1, which the store already replaced.
    #expect(decide(written: [0, 1, 9], current: [0, 5], shown: [0, 1]) == .stale)
    // A link tapped on 0 while the store pushed 5 on it.
    #expect(decide(written: [0, 9], current: [0, 5], shown: [0]) == .stale)
    #expect(Write.stale.actions(for: [StackPathComponent(id: 0, element: 0)]) as [StackAction<Int, Never>] == [])
  }

  @Test func theBindingRemembersWhatSwiftUIShows() {
    withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: {
      var binding = StackPathBinding()
      var state = StackState(["a", "b", "c"])
      let read = binding.read(state)
      #expect(read.map(\.id) == [0, 1, 2] && read.map(\.element) == ["a", "b", "c"])
      state.pop(from: 1)  // the store pops first
      let late: (decision: Write, actions: [StackAction<String, Never>]) = binding.write(
        Array(read.prefix(2)), current: state.ids)
      #expect(late.decision == .stale && late.decision.isStale && late.actions.isEmpty)
      #expect(binding.shown == [0, 1], "SwiftUI shows what it wrote until it reads again")
      _ = binding.read(state)
      let push: (decision: Write, actions: [StackAction<String, Never>]) = binding.write(
        [StackPathComponent(id: 0, element: "a"), StackPathComponent(id: 9, element: "z")], current: state.ids)
      #expect(push.actions.map(describe) == ["push #9 z"])
    }
  }

  func describe<State, Action>(_ action: StackAction<State, Action>) -> String {
    switch action {
    case .popFrom(let id): "popFrom \(id)"
    case .push(let id, let state): "push \(id) \(state)"
    case .element(let id, _): "element \(id)"
    }
  }

  // MARK: Stack path writes against a model of SwiftUI

  /// What SwiftUI does to a path, in the model.
  enum PathEvent {
    /// A render: SwiftUI reads the binding.
    case render
    /// Back (or a long press on back) to this depth.
    case back(toDepth: Int)
    /// A `NavigationLink(state:)` on the top screen.
    case link
    /// SwiftUI writes back the path it shows.
    case rewrite
    /// The store changes the stack on its own.
    case store(StoreChange)
  }

  enum StoreChange: CaseIterable {
    case append, popLast, popFromRandom, removeAll, removeMiddle, insertMiddle
  }

  static func pathEvent(using random: inout SeededGenerator, shownDepth: Int) -> PathEvent {
    switch Int.random(in: 0..<12, using: &random) {
    case 0, 1: .render
    case 2, 3: .back(toDepth: shownDepth == 0 ? 0 : shownDepth - 1)
    case 4: .back(toDepth: Int.random(in: 0...shownDepth, using: &random))
    case 5, 6: .link
    case 7: .rewrite
    default: .store(StoreChange.allCases.randomElement(using: &random)!)
    }
  }

  /// The state after the user's edit, as the user meant it, judged against the state as it is:
  /// going back removes the screens SwiftUI showed from that depth up, with whatever the store put
  /// above them, when what stays below is what the user saw; a link pushes on the screen the user
  /// saw, when the state still is exactly what the user saw; anything else leaves the state alone.
  static func intended(
    _ event: PathEvent, shown: [StackElementID], fresh: [StackElementID], current: [StackElementID]
  ) -> [StackElementID] {
    switch event {
    case .back(let depth):
      let gone = Set(shown[depth...])
      guard let first = current.firstIndex(where: gone.contains), Array(current[..<first]) == Array(shown[..<depth])
      else { return current }
      return Array(current[..<first])
    case .link:
      return current == shown ? current + fresh : current
    case .rewrite, .render, .store:
      return current
    }
  }

  @Test func pathWritesMatchTheModelOfSwiftUI() {
    var counts: [String: Int] = [:]
    var failures = 0
    for seed in 0..<3_000 as Range<UInt64> where failures == 0 {
      withDependencies {
        $0.stackElementID = StackElementIDGenerator()
      } operation: {
        var random = SeededGenerator(seed: seed)
        var state = StackState<Int>()
        var binding = StackPathBinding()
        var swiftUI = binding.read(state)  // what SwiftUI shows
        for step in 0..<40 where failures == 0 {
          let event = Self.pathEvent(using: &random, shownDepth: swiftUI.count)
          var written: [StackPathComponent<Int>]
          var fresh: [StackElementID] = []
          switch event {
          case .render:
            swiftUI = binding.read(state)
            continue
          case .store(let change):
            Self.apply(change, to: &state, using: &random, step: step)
            continue
          case .back(let depth): written = Array(swiftUI.prefix(depth))
          case .rewrite: written = swiftUI
          case .link:
            // A link's component draws a fresh ID, as TCA's `NavigationLink(state:)`.
            let component = StackPathComponent(id: DependencyValues.inForce.stackElementID.next(), element: step)
            fresh = [component.id]
            written = swiftUI + [component]
          }
          let shownIDs = swiftUI.map(\.id)
          let before = state.ids
          let expected = Self.intended(event, shown: shownIDs, fresh: fresh, current: before)
          let (decision, actions): (StackPathWrite, [StackAction<Int, Never>]) = binding.write(written, current: before)
          counts["\(decision)".prefix { $0 != "(" }.description, default: 0] += 1
          for action in actions {
            switch action {
            case .popFrom(let id):
              if !state.ids.contains(id) { failures += 1 }
              state.pop(from: id)
            case .push(let id, let element):
              if state.ids.contains(id) { failures += 1 }
              state[id: id] = element
            case .element: failures += 1
            }
          }
          swiftUI = written
          // A stale write leaves SwiftUI showing something else: the forwarding layer has it read.
          if decision.isStale { swiftUI = binding.read(state) }
          let context =
            "seed \(seed) step \(step): \(event), shown \(shownIDs), wrote \(written.map(\.id)), state was \(before)"
          #expect(state.ids == expected, "\(context): \(decision) left \(state.ids), the user meant \(expected)")
          #expect(
            swiftUI.map(\.id) == state.ids, "\(context): SwiftUI shows \(swiftUI.map(\.id)), the state is \(state.ids)")
          #expect(decision.isStale == (state.ids == before && written.map(\.id) != before), "\(context): \(decision)")
          if state.ids != expected || swiftUI.map(\.id) != state.ids { failures += 1 }
        }
      }
    }
    #expect(failures == 0)
    // Every rule was exercised, many times.
    for outcome in ["unchanged", "popFrom", "push", "stale"] {
      #expect(counts[outcome, default: 0] > 1_000, "\(outcome): \(counts)")
    }
  }

  static func apply(
    _ change: StoreChange, to state: inout StackState<Int>, using random: inout SeededGenerator, step: Int
  ) {
    switch change {
    case .append: state.append(step)
    case .popLast: state.popLast()
    case .popFromRandom: if let id = state.ids.randomElement(using: &random) { state.pop(from: id) }
    case .removeAll: if Int.random(in: 0..<3, using: &random) == 0 { state.removeAll() } else { state.append(step) }
    case .removeMiddle: if state.count > 2 { state.remove(at: state.count / 2) }
    case .insertMiddle: state.insert(step, at: state.count / 2)
    }
  }

  // MARK: Optional presentation writes

  @Test func aNilWriteDismissesOnlyThePresentationSwiftUIWasShown() {
    #expect(PresentationBindingWrite(writingNil: true, current: 1, shown: 1) == .dismiss)
    #expect(PresentationBindingWrite(writingNil: true, current: nil as Int?, shown: 1) == .alreadyGone)
    #expect(PresentationBindingWrite(writingNil: true, current: 2, shown: 1) == .replaced)
    #expect(PresentationBindingWrite(writingNil: true, current: 2, shown: nil) == .replaced)
    #expect(PresentationBindingWrite(writingNil: false, current: 1, shown: 1) == .ignored)
    #expect(PresentationBindingWrite(writingNil: false, current: nil as Int?, shown: nil) == .ignored)
    #expect(PresentationBindingWrite.replaced.needsRead)
    #expect(!PresentationBindingWrite.dismiss.needsRead && !PresentationBindingWrite.alreadyGone.needsRead)
  }

  @Test func theBindingDismissesOnceAndIgnoresALateSecondWrite() {
    var binding = PresentationBinding<Int>()
    binding.read(1)
    #expect(binding.write(isNil: true, current: 1) == .dismiss)
    // SwiftUI writes nil again before the store has processed `.dismiss`.
    #expect(binding.write(isNil: true, current: 1) == .replaced)
    binding.read(nil as Int?)
    #expect(binding.write(isNil: true, current: nil as Int?) == .alreadyGone)
  }

  enum SheetEvent {
    case render, swipeDown, writeValue
    case storePresents(Int), storeClears
  }

  @Test func presentationWritesMatchTheModelOfSwiftUI() {
    var counts: [PresentationBindingWrite: Int] = [:]
    var failures = 0
    for seed in 0..<3_000 as Range<UInt64> where failures == 0 {
      var random = SeededGenerator(seed: seed)
      var state: Int?  // the presented child's id
      var binding = PresentationBinding<Int>()
      var swiftUI: Int?  // the presentation SwiftUI shows
      for step in 0..<40 where failures == 0 {
        let event: SheetEvent =
          switch Int.random(in: 0..<8, using: &random) {
          case 0, 1: .render
          case 2, 3: .swipeDown
          case 4: .writeValue
          // Few ids, so a presentation often comes back with the id of one before.
          case 5, 6: .storePresents(Int.random(in: 0..<3, using: &random))
          default: .storeClears
          }
        switch event {
        case .render:
          binding.read(state)
          swiftUI = state
        case .storePresents(let id): state = id
        case .storeClears: state = nil
        case .swipeDown, .writeValue:
          let isNil = event.isSwipeDown
          // SwiftUI swipes down only what it shows.
          if isNil && swiftUI == nil { continue }
          let before = state
          // The user meant to dismiss what they saw: it goes if the state still presents it.
          let expected = isNil && state != nil && state == swiftUI ? nil : state
          let decision = binding.write(isNil: isNil, current: state)
          counts[decision, default: 0] += 1
          if decision == .dismiss { state = nil }
          if isNil { swiftUI = nil }
          if decision.needsRead {
            binding.read(state)
            swiftUI = state
          }
          let context = "seed \(seed) step \(step): \(event), state was \(before.map(String.init) ?? "nil")"
          #expect(state == expected, "\(context): \(decision)")
          if isNil { #expect(swiftUI == state, "\(context): SwiftUI shows \(String(describing: swiftUI))") }
          if state != expected || (isNil && swiftUI != state) { failures += 1 }
        }
      }
    }
    #expect(failures == 0)
    for outcome in [PresentationBindingWrite.dismiss, .alreadyGone, .replaced, .ignored] {
      #expect(counts[outcome, default: 0] > 1_000, "\(outcome): \(counts)")
    }
  }

  // MARK: Focus binding

  enum Field: Hashable, CaseIterable, Sendable { case name, email, password }

  @Test func focusFollowsTheStoreAndTheStoreFollowsFocusWithoutEchoes() {
    typealias Sides = FocusBinding<Field?>.Sides
    var focus = FocusBinding<Field?>()
    #expect(focus.modelChanged(to: .name, now: Sides(model: .name, view: nil)) == .none, "not on screen yet")
    #expect(focus.appear(model: .name, view: nil) == .setView(.name))
    // SwiftUI's onChange for the value just set: both sides agree, nothing to do.
    #expect(focus.viewChanged(to: .name, now: Sides(model: .name, view: .name)) == .none)
    #expect(focus.viewChanged(to: .email, now: Sides(model: .name, view: .email)) == .setModel(.email))
    #expect(focus.modelChanged(to: .email, now: Sides(model: .email, view: .email)) == .none)
    #expect(focus.modelChanged(to: .password, now: Sides(model: .password, view: .email)) == .setView(.password))
    // Both changed in one update; the model's handler ran first and set the view: the view's
    // report is stale, and must not set the model back.
    #expect(focus.modelChanged(to: .name, now: Sides(model: .name, view: .password)) == .setView(.name))
    #expect(focus.viewChanged(to: .email, now: Sides(model: .name, view: .name)) == .none)
    // The sheet goes: a clear reported after onDisappear does not write the store.
    focus.disappear()
    #expect(focus.viewChanged(to: nil, now: Sides(model: .name, view: nil)) == .none)
    #expect(focus.appear(model: .name, view: .name) == .none)
  }

  /// SwiftUI's `onChange`, in the model: after each update, every modifier whose value differs
  /// from the one it saw at the previous update fires once, in either order, with the value of
  /// this update (a value changed and changed back in between does not fire). Commands change the
  /// other side at once; the next update sees it.
  @Test func focusSettlesWithBothSidesEqualAndNoLoopsInTheModelOfSwiftUI() {
    typealias Sides = FocusBinding<Field?>.Sides
    var failures = 0
    var commandsSent = 0
    var staleReports = 0
    for seed in 0..<3_000 as Range<UInt64> where failures == 0 {
      var random = SeededGenerator(seed: seed)
      func field() -> Field? {
        Int.random(in: 0..<4, using: &random) == 0 ? nil : Field.allCases.randomElement(using: &random)
      }
      var model = field()  // the store's member
      var view = field()  // the @FocusState
      var binding = FocusBinding<Field?>()
      var onScreen = false
      var seenModel = model
      var seenView = view
      for step in 0..<40 where failures == 0 {
        let context = "seed \(seed) step \(step)"
        switch Int.random(in: 0..<10, using: &random) {
        case 0 where !onScreen:
          onScreen = true
          if case .setView(let value) = binding.appear(model: model, view: view) { view = value }
          seenModel = model
          seenView = view
          #expect(model == view, "\(context): appeared with \(String(describing: model)) / \(String(describing: view))")
          continue
        case 1 where onScreen:
          // Dismissal: SwiftUI clears focus as the view goes, reported before or after onDisappear.
          let reportedBeforeDisappearing = Bool.random(using: &random)
          if !reportedBeforeDisappearing { binding.disappear() }
          view = nil
          if seenView != nil,
            case .setModel(let value) = binding.viewChanged(to: nil, now: Sides(model: model, view: view))
          {
            model = value
          }
          binding.disappear()
          onScreen = false
          // Off screen, nothing reaches either side.
          if binding.viewChanged(to: .email, now: Sides(model: model, view: .email)) != .none
            || binding.modelChanged(to: .name, now: Sides(model: .name, view: view)) != .none
          {
            failures += 1
            Issue.record("\(context): a command while off screen")
          }
          continue
        case 2, 3, 4: model = field()  // a reducer moves focus
        case 5, 6, 7: view = field()  // the user taps a field, or the keyboard goes
        default:
          // Both change in one update.
          model = field()
          view = field()
        }
        guard onScreen else {
          seenModel = model
          seenView = view
          continue
        }
        var passes = 0
        while seenModel != model || seenView != view {
          passes += 1
          if passes > 3 {
            failures += 1
            Issue.record("\(context): not settled after 3 updates (a loop)")
            break
          }
          let reports: [(isModel: Bool, value: Field?)] = [
            seenModel != model ? (true, model) : nil, seenView != view ? (false, view) : nil,
          ].compactMap { $0 }
          seenModel = model
          seenView = view
          for report in Bool.random(using: &random) ? reports : reports.reversed() {
            let now = Sides(model: model, view: view)
            if report.value != (report.isModel ? now.model : now.view) { staleReports += 1 }
            let command =
              report.isModel
              ? binding.modelChanged(to: report.value, now: now) : binding.viewChanged(to: report.value, now: now)
            switch command {
            case .none: break
            case .setView(let value):
              commandsSent += 1
              #expect(view != value, "\(context): set the view to the value it has")
              view = value
            case .setModel(let value):
              commandsSent += 1
              #expect(model != value, "\(context): wrote the store with the value it has")
              model = value
            }
          }
        }
        #expect(model == view, "\(context): model \(String(describing: model)), view \(String(describing: view))")
        if model != view { failures += 1 }
      }
    }
    #expect(failures == 0)
    #expect(commandsSent > 10_000 && staleReports > 1_000, "\(commandsSent) commands, \(staleReports) stale reports")
  }
}

extension SwiftUINavigationLogicTests.SheetEvent {
  var isSwipeDown: Bool { if case .swipeDown = self { true } else { false } }
}
