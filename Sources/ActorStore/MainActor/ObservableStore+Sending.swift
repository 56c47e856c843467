extension ObservableStore {
  /// The binding seam behind `$store.name.sending(.nameChanged)`: a member of the state that a
  /// binding reads (tracking that member only), and that writing sends a feature's own action
  /// with, as TCA's `sending` does, instead of a ``BindingAction``. Every write sends, in order
  /// with the store's other main-actor sends. Writes to a store whose state is gone are ignored
  /// without a report, as the ``BindableAction`` members' are: SwiftUI writes a focused field's
  /// binding while dismissing it.
  /// - Parameter member: The member and the action.
  package subscript<Value: Equatable & Sendable>(sending member: SendingMember<State, Action, Value>) -> Value {
    get { self[dynamicMember: member.member as KeyPath<State, Value>] }
    set {
      guard isAliveUntracked, store.currentStateIfAlive != nil else { return }
      send(member.action.embed(newValue))
    }
  }
}

/// A member of a store's state and the action that sets it: the argument of
/// ``ObservableStore/subscript(sending:)``, hashable so that the subscript's key path is. Two are
/// equal when they reach the same member: a view sends one action per member.
package struct SendingMember<State, Action, Value>: Hashable, Sendable {
  /// The member.
  let member: any KeyPath<State, Value> & Sendable
  /// The action a write sends.
  let action: ActionPath<Action, Value>

  /// A member and its action.
  /// - Parameters:
  ///   - member: The member.
  ///   - action: The action a write sends.
  package init(member: any KeyPath<State, Value> & Sendable, action: ActionPath<Action, Value>) {
    self.member = member
    self.action = action
  }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.member == rhs.member }
  package func hash(into hasher: inout Hasher) { hasher.combine(member) }
}
