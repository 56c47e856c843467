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
