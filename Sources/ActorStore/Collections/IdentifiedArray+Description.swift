extension IdentifiedArray: CustomStringConvertible, CustomDebugStringConvertible {
  /// The elements keyed by id, in order: `[1: Row(…), 2: Row(…)]`.
  public var description: String {
    "[" + zip(ids, self).map { "\($0): \($1)" }.joined(separator: ", ") + "]"
  }

  /// Like ``description``, with ids and elements in their debug form:
  /// `IdentifiedArray([1: Row(…)])`.
  public var debugDescription: String {
    let entries = zip(ids, self).map { "\(String(reflecting: $0)): \(String(reflecting: $1))" }
    return "IdentifiedArray([" + entries.joined(separator: ", ") + "])"
  }
}
