import ActorStore

/// A model of a `NavigationStack` path binding that records what SwiftUI was shown when its
/// getter runs, and turns each write into the stack actions to send (``StackPathWrite`` has the
/// rules): the property tests drive the rules through it. The library's binding cannot work
/// this way (a key-path write runs the getter first, so a late write would always look
/// current); it carries what the view's body showed instead (`ObservableStore+Stack.swift`).
struct StackPathBinding: Sendable {
  /// The IDs SwiftUI shows, as far as the binding knows: its last read, or SwiftUI's last write.
  private(set) var shown: [StackElementID] = []

  /// A binding SwiftUI has not read yet.
  init() {}

  /// The path the getter hands SwiftUI: the state's, as components, remembered as shown.
  /// - Parameter state: The stack's state now.
  /// - Returns: Its components, bottom first.
  mutating func read<Element>(_ state: StackState<Element>) -> [StackPathComponent<Element>] {
    shown = state.ids
    return zip(state.ids, state).map { StackPathComponent(id: $0, element: $1) }
  }

  /// What SwiftUI's write of `written` means against the state's current IDs; SwiftUI shows
  /// `written` afterwards, whatever is sent. When the decision ``StackPathWrite/isStale``,
  /// SwiftUI must be made to read the path again.
  /// - Parameters:
  ///   - written: The components SwiftUI wrote.
  ///   - current: The IDs of the stack's state now.
  /// - Returns: The decision and the actions to send, in order.
  mutating func write<State, Action>(
    _ written: [StackPathComponent<State>], current: [StackElementID]
  ) -> (decision: StackPathWrite, actions: [StackAction<State, Action>]) {
    let writtenIDs = written.map(\.id)
    let decision = StackPathWrite(written: writtenIDs, current: current, shown: shown)
    shown = writtenIDs
    return (decision, decision.actions(for: written))
  }
}

/// A model of an optional child-store binding that records the presentation SwiftUI was shown
/// when its getter runs, and decides what each write means (``PresentationBindingWrite`` has
/// the rules): the property tests drive the rules through it. The library's binding carries
/// what the view's body showed instead (`ObservableStore+Scope.swift`), for the reason given at
/// ``StackPathBinding``.
struct PresentationBinding<Identity: Hashable & Sendable>: Sendable {
  /// The identity of the presentation SwiftUI shows, as far as the binding knows.
  private(set) var shown: Identity?

  /// A binding SwiftUI has not read yet.
  init() {}

  /// Records what the getter hands SwiftUI.
  /// - Parameter current: The identity of the state's presentation now, `nil` for none.
  mutating func read(_ current: Identity?) { shown = current }

  /// What a write means; SwiftUI shows nothing after a `nil` write, whatever is sent.
  /// - Parameters:
  ///   - isNil: Whether SwiftUI wrote `nil`.
  ///   - current: The identity of the state's presentation now, `nil` for none.
  /// - Returns: The decision: send `.dismiss` only for ``PresentationBindingWrite/dismiss``.
  mutating func write(isNil: Bool, current: Identity?) -> PresentationBindingWrite {
    let decision = PresentationBindingWrite(writingNil: isNil, current: current, shown: shown)
    if isNil { shown = nil }
    return decision
  }
}
