/// Optional child stores of an `ObservableStore`: what a sheet, a popover, a full-screen cover, a
/// navigation destination or an alert shows, as TCA's `store.scope(state: \.child, action:
/// \.child)` and `$store.scope(state:action:)` give them.
///
/// Invariants:
/// - While the child is presented, every call returns the same `ObservableStore` instance (SwiftUI
///   tells one presentation from the next by the item's identity, and a view holding the child
///   keeps its tracked members). A new presentation (the child gone and back, or an
///   `Identifiable` child replaced by one with another `id`) gets a new instance, and the old
///   one's store ends (its ``ObservableStore/isAlive`` turns `false`).
/// - Reading the child tracks its *presentation* alone: an observer is notified when the child
///   appears, disappears or is replaced, never when only its state changes (the child's own
///   store notifies its members' readers).
/// - The binding seam (``subscript(presentation:shown:)``) decides what SwiftUI's writes mean
///   with ``PresentationBindingWrite``: `nil` for the presentation SwiftUI was shown sends
///   `.dismiss` once; `nil` after the state already ended it, or replaced it, sends nothing (and,
///   when replaced, SwiftUI is made to read the binding again); a non-`nil` write changes nothing.
/// - Each optional child (and each screen of a stack, see `element(id:)`) keeps a small record
///   for the life of this store, whether presented or not.
extension ObservableStore {
  /// The presented child's store, `nil` while nothing is presented: TCA's `store.scope(state:
  /// \.destination?.edit, action: \.destination.edit)`, for `if let child = store.scope(…)` in a
  /// view, or, through `$store.scope(state:action:)`, for `.sheet(item:)` and the other item
  /// modifiers.
  ///
  /// The same instance comes back while the child is presented; reading this tracks the child's
  /// presentation only (not its state). A child that is one case of a destination enum is
  /// reached with a computed property on the enum (`\.destination?.edit`) and
  /// ``ActionPath/presented(_:_:)`` (`.presented(.destination, .edit)`).
  /// - Parameters:
  ///   - state: The child's optional state, `\.editor` for a `@Presents var editor`.
  ///   - action: The child's presentation actions within this store's actions.
  /// - Returns: The child's store, or `nil` when nothing is presented.
  public func scope<ChildState: Sendable, ChildAction: Sendable>(
    state: any KeyPath<State, ChildState?> & Sendable,
    action: ActionPath<Action, PresentationAction<ChildAction>>
  ) -> ObservableStore<ChildState, ChildAction>? {
    presentedChild(PresentationScope(state: state, action: action), tracking: true)
  }

  /// The presented child's store, `nil` while nothing is presented, for an `Identifiable` child:
  /// a child replaced by one with another `id` is a new presentation, with a new store (see the
  /// overload for any child state).
  /// - Parameters:
  ///   - state: The child's optional state, `\.editor` for a `@Presents var editor`.
  ///   - action: The child's presentation actions within this store's actions.
  /// - Returns: The child's store, or `nil` when nothing is presented.
  public func scope<ChildState: Identifiable & Sendable, ChildAction: Sendable>(
    state: any KeyPath<State, ChildState?> & Sendable,
    action: ActionPath<Action, PresentationAction<ChildAction>>
  ) -> ObservableStore<ChildState, ChildAction>? where ChildState.ID: Sendable {
    presentedChild(PresentationScope(state: state, action: action), tracking: true)
  }

  /// The number of the child's presentation now, `nil` while nothing is presented; reading it
  /// tracks the presentation as ``scope(state:action:)`` does. The forwarding behind
  /// `$store.scope(state:action:)` reads it when the view's body makes the binding, and passes it
  /// to ``subscript(presentation:shown:)``: the presentation that binding shows SwiftUI.
  /// - Parameter scope: The child.
  /// - Returns: The presentation's number.
  package func presentation<ChildState, ChildAction>(
    of scope: PresentationScope<State, Action, ChildState, ChildAction>
  ) -> Int? {
    presentedChild(scope, tracking: true).map { _ in entry(for: scope).presentation }
  }

  /// The binding seam behind `$store.scope(state:action:)`: SwiftUI's `Binding` to an optional
  /// child store is this subscript's key path (`Bindable`'s dynamic member), so its getter and
  /// setter are plain Swift. Getting returns the presented child's store (``scope(state:action:)``);
  /// setting `nil` sends `.dismiss` only when the state still presents `shown`, the presentation
  /// the binding was made for (see ``PresentationBindingWrite``); otherwise, when the state
  /// presents another child, the views that read it are notified, to make a binding for that one.
  ///
  /// `shown` is an argument, not a record of the last get, because a key path write reads the
  /// value before it writes it: SwiftUI's write of `nil` gets the current child first.
  /// - Parameters:
  ///   - scope: The child.
  ///   - shown: The presentation the binding shows SwiftUI (``presentation(of:)`` when it was
  ///     made).
  package subscript<ChildState: Sendable, ChildAction: Sendable>(
    presentation scope: PresentationScope<State, Action, ChildState, ChildAction>, shown shown: Int?
  ) -> ObservableStore<ChildState, ChildAction>? {
    get { presentedChild(scope, tracking: true) }
    set {
      let entry = entry(for: scope)
      let current = presentedChild(scope, tracking: false).map { _ in entry.presentation }
      // A presentation already dismissed is gone for SwiftUI's later writes too, even while a
      // store off the main actor has not yet shown it gone.
      let shown = shown == entry.dismissed ? nil : shown
      switch PresentationBindingWrite(writingNil: newValue == nil, current: current, shown: shown) {
      case .dismiss:
        entry.dismissed = shown
        send(scope.action.embed(.dismiss))
      case .replaced:
        let presence = presence(of: scope)
        presence.willSet(self)
        presence.didSet(self)
      case .alreadyGone, .ignored: break
      }
    }
  }

  /// The presented child's store, the cached one while its presentation lasts.
  private func presentedChild<ChildState, ChildAction>(
    _ scope: PresentationScope<State, Action, ChildState, ChildAction>, tracking: Bool
  ) -> ObservableStore<ChildState, ChildAction>? {
    let presence = presence(of: scope)
    if tracking { presence.access(self) }
    let entry = entry(for: scope)
    guard let childState = currentState[keyPath: scope.state] else {
      entry.child = nil
      return nil
    }
    let identity = scope.identity(childState)
    // `presence` forgets the child when a shown state changes the presentation; a state
    // coalesced away (off the main actor) may have ended it unseen: then the child's store ended.
    if let child = entry.child, child.store.currentStateIfAlive != nil { return child }
    // The child's store follows this presentation alone: it ends when the state is gone or
    // presents another identity, so a late send from a dismissed sheet reaches nothing.
    let childStore = store.scope(
      state: { [path = scope.state, identify = scope.identity] state in
        state[keyPath: path].flatMap { identify($0) == identity ? $0 : nil }
      },
      action: { [embed = scope.action.embed] in embed(.presented($0)) })
    entry.child = childStore.map(ObservableStore<ChildState, ChildAction>.init)
    entry.presentation += 1
    return entry.child
  }

  /// The tracked member for the child's presentation: its presence, and its identity. A state
  /// shown with another presentation than the one before ends the cached child store's reign
  /// (even if a later state has the cached identity again: that is another presentation).
  private func presence<ChildState, ChildAction>(
    of scope: PresentationScope<State, Action, ChildState, ChildAction>
  ) -> TrackedMember {
    let entry = entry(for: scope)
    return trackedStructure(
      scope.state, fact: { $0[keyPath: scope.state].map(scope.identity) }, didChange: { entry.child = nil })
  }

  private func entry<ChildState, ChildAction>(
    for scope: PresentationScope<State, Action, ChildState, ChildAction>
  ) -> PresentedChild<ChildState, ChildAction> {
    let existing = childScopes[scope.state]
    if let entry = existing as? PresentedChild<ChildState, ChildAction> { return entry }
    if existing != nil {
      reportIssue(
        "One optional child state is scoped with two kinds of child actions (\(ChildAction.self) now): "
          + "each state has one presentation; the child store of the other scope was replaced.")
    }
    let entry = PresentedChild<ChildState, ChildAction>()
    childScopes[scope.state] = entry
    return entry
  }
}

/// An optional child of a store's state and its presentation actions: the argument of
/// ``ObservableStore/subscript(presentation:shown:)``, hashable so that the subscript's key path is
/// (SwiftUI compares bindings by it). Two are equal when they reach the same state: one state
/// has one presentation.
package struct PresentationScope<State, Action, ChildState: Sendable, ChildAction: Sendable>: Hashable, Sendable {
  /// The child's optional state.
  let state: any KeyPath<State, ChildState?> & Sendable
  /// The child's presentation actions.
  let action: ActionPath<Action, PresentationAction<ChildAction>>
  /// What tells one presentation from the next: the child's `id` when it is `Identifiable`.
  let identity: @Sendable (ChildState) -> AnyHashableSendable?

  /// A child whose presentations are told apart by presence alone.
  /// - Parameters:
  ///   - state: The child's optional state.
  ///   - action: The child's presentation actions.
  package init(
    state: any KeyPath<State, ChildState?> & Sendable, action: ActionPath<Action, PresentationAction<ChildAction>>
  ) {
    self.state = state
    self.action = action
    identity = { _ in nil }
  }

  /// An `Identifiable` child, whose presentations are told apart by `id` too.
  /// - Parameters:
  ///   - state: The child's optional state.
  ///   - action: The child's presentation actions.
  package init(
    state: any KeyPath<State, ChildState?> & Sendable, action: ActionPath<Action, PresentationAction<ChildAction>>
  ) where ChildState: Identifiable, ChildState.ID: Sendable {
    self.state = state
    self.action = action
    identity = { AnyHashableSendable($0.id) }
  }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.state == rhs.state }
  package func hash(into hasher: inout Hasher) { hasher.combine(state) }
}

/// What an `ObservableStore` keeps per optional child: the child's store for the presentation
/// shown now, and that presentation's number.
@MainActor final class PresentedChild<ChildState: Sendable, ChildAction: Sendable> {
  var child: ObservableStore<ChildState, ChildAction>?
  /// The number of the child's presentation, one more for each child store made: what the
  /// binding tells presentations apart by (an `ObjectIdentifier` of the store would not do: a
  /// released store's is reused by the next one).
  var presentation = 0
  /// The last presentation a binding write dismissed.
  var dismissed: Int?
}
