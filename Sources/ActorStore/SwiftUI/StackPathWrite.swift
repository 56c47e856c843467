/// One screen of a navigation path as SwiftUI holds it: a ``StackState`` element with its ID
/// (TCA's `StackState.Component`). A `NavigationLink(state:)` makes one with a fresh ID; the
/// path binding's getter makes one per element of the state.
///
/// Equal and hashed by ID alone: SwiftUI's `NavigationStack` needs `Hashable` path elements,
/// and an ID names one screen for good (its state as of the component's making is a snapshot;
/// the screen's store shows the current one).
public struct StackPathComponent<Element>: Hashable {
  /// The element's ID; fresh (from ``DependencyValues/stackElementID``) for a link's push.
  public let id: StackElementID
  /// The element's state when the component was made.
  public let element: Element

  /// A component.
  /// - Parameters:
  ///   - id: The element's ID.
  ///   - element: The element's state.
  public init(id: StackElementID, element: Element) {
    self.id = id
    self.element = element
  }

  /// Whether the two name the same screen.
  /// - Parameters:
  ///   - lhs: A component.
  ///   - rhs: Another.
  /// - Returns: Whether their IDs are equal.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }

  /// Hashes the ID.
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

extension StackPathComponent: Sendable where Element: Sendable {}

/// What a path SwiftUI wrote through a `NavigationStack(path:)` binding means for the store: the
/// decision, by IDs alone, that the path binding over a ``StackState`` turns into
/// ``StackAction``s (see ``actions(for:)``).
///
/// SwiftUI edits the path it was last *shown* (the binding's last read, or its own last write):
/// the back button, the back swipe and a long press on back write a prefix of it; a
/// `NavigationLink(state:)` writes it with fresh components appended. By the time the write
/// arrives the store's state may have moved on (an effect pushed or popped, a reducer replaced
/// the stack), so the write is judged against the *current* IDs, with the shown IDs telling a
/// late write from a real one:
///
/// 1. Equal to the current IDs: ``unchanged``; nothing to send.
/// 2. A strict prefix of the current IDs: the user went back; ``popFrom(_:)`` the first element
///    removed (it and everything above it go, as ``StackAction/popFrom(id:)`` does), provided
///    SwiftUI was shown that element. If it was not (the state pushed it after SwiftUI's last
///    read, or replaced the screen the user left), the write is about an older path: ``stale``.
/// 3. The current IDs followed by more: a push; ``push(from:)`` the appended components, in
///    order, provided none of them was shown before (a link's components have fresh IDs). An
///    appended component SwiftUI was shown is one the state already popped: the write is a late
///    pop (shown `[a, b, c]`, the store popped to `[a]`, the user's back from `c` writes
///    `[a, b]`), and pushing `b` back would undo the store's pop: ``stale``.
/// 4. Neither a prefix nor an extension of the current IDs: SwiftUI wrote after the state moved
///    on (the user tapped a link on a screen the state no longer has on top, or went back
///    below a screen the state replaced): ``stale``.
///
/// Why not TCA's rule: TCA compares the written path's *count* with the current count (longer
/// pushes the last component, otherwise it pops from the current ID at the written count). A
/// late write then acts on screens the user never saw: shown `[a, b]`, the store pushed `c`,
/// SwiftUI re-writes `[a, b]` and TCA pops `c`; or, as above, a late back re-pushes a popped
/// screen. Judging against the current IDs, with the shown ones, sends an action only when the
/// user's edit still applies to the state as it is; a stale write changes nothing, and the
/// forwarding layer has SwiftUI read the path again (``isStale``), so what SwiftUI shows and the
/// state agree again.
package enum StackPathWrite: Equatable, Sendable {
  /// The write is the current path: nothing to send.
  case unchanged
  /// The user went back: pop from this ID (the first written away).
  case popFrom(StackElementID)
  /// Links pushed: push the written components from this position on, in order.
  case push(from: Int)
  /// The write is about a path the state no longer has: nothing to send.
  case stale

  /// Decides what a write means.
  /// - Parameters:
  ///   - written: The IDs SwiftUI wrote, bottom first.
  ///   - current: The IDs of the stack's state now, bottom first.
  ///   - shown: The IDs SwiftUI was shown last (the binding's last read or SwiftUI's last write).
  package init(
    written: some Collection<StackElementID>, current: [StackElementID], shown: some Sequence<StackElementID>
  ) {
    if written.elementsEqual(current) {
      self = .unchanged
    } else if written.count < current.count, written.elementsEqual(current.prefix(written.count)) {
      let first = current[written.count]
      self = shown.contains(first) ? .popFrom(first) : .stale
    } else if written.count > current.count, written.prefix(current.count).elementsEqual(current) {
      let appended = written.dropFirst(current.count)
      let wasShown = Set(shown)
      self =
        appended.contains(where: wasShown.contains) || Set(appended).count != appended.count
        ? .stale : .push(from: current.count)
    } else {
      self = .stale
    }
  }

  /// Whether SwiftUI now shows a path other than the state's, and must read it again.
  package var isStale: Bool { self == .stale }

  /// The stack actions to send for `written`, the components this decision was made for: none,
  /// one ``StackAction/popFrom(id:)``, or one ``StackAction/push(id:state:)`` per appended
  /// component, in order.
  /// - Parameter written: The components SwiftUI wrote.
  /// - Returns: The actions, in the order to send them.
  package func actions<State, Action>(for written: [StackPathComponent<State>]) -> [StackAction<State, Action>] {
    switch self {
    case .unchanged, .stale: []
    case .popFrom(let id): [.popFrom(id: id)]
    case .push(let start): written[start...].map { .push(id: $0.id, state: $0.element) }
    }
  }
}
