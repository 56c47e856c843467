/// An action addressed to one element of a collection, by the element's ID.
///
/// Routed by ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)``: an element's
/// action never depends on its position, which may have changed by the time it arrives.
public enum IdentifiedAction<ID: Hashable & Sendable, Action: Sendable>: Sendable {
  /// `action` for the element whose ID is `id`.
  case element(id: ID, action: Action)
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
/// Lets features whose actions embed element actions be recorded (see ``ActionRecorder``).
extension IdentifiedAction: Encodable where ID: Encodable, Action: Encodable {}
/// Lets recordings of features whose actions embed element actions be replayed.
extension IdentifiedAction: Decodable where ID: Decodable, Action: Decodable {}

extension ActionPath {
  /// The path into one element's actions: `.element(id: 3)` extracts the action of element 3
  /// and embeds an action as element 3's, as TCA's `\.[id: 3]`. In a test, after the path to
  /// the list: `store.receive(.rows, .element(id: 3))`.
  /// - Parameter id: The element's ID.
  /// - Returns: The path from an ``IdentifiedAction`` to that element's actions.
  public static func element<ID>(id: ID) -> Self where Root == IdentifiedAction<ID, Value> {
    Self(
      embed: { .element(id: id, action: $0) },
      extract: { action in
        guard case .element(id, let elementAction) = action else { return nil }
        return elementAction
      })
  }
}

/// The actions of a list of a feature's elements, as TCA spells it: `IdentifiedActionOf<Todo>` is
/// `IdentifiedAction<Todo.State.ID, Todo.Action>`.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable, R.State.ID: Sendable
