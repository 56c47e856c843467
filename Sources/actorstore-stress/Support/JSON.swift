import ActorStore

/// A JSON value, written without Foundation. Objects keep their keys in the order given.
enum JSON: Equatable, Sendable {
  case null
  case bool(Bool)
  case integer(Int)
  case number(Double)
  case string(String)
  case array([JSON])
  case object([(String, JSON)])

  /// `value`, or `null` when it is `nil`.
  static func optional(_ value: Double?) -> JSON { value.map(JSON.number) ?? .null }

  /// `value`, or `null` when it is `nil`.
  static func optional(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }

  /// `value`, or `null` when it is `nil`.
  static func optional(_ value: Bool?) -> JSON { value.map(JSON.bool) ?? .null }

  /// The value as compact JSON text. Non-finite numbers, which JSON cannot express, are `null`.
  var text: String {
    var output = ""
    write(to: &output)
    return output
  }

  private func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .integer(let value): output += String(value)
    case .number(let value): output += value.isFinite ? String(value) : "null"
    case .string(let value): output += JSONObject.quoted(value)
    case .array(let values):
      output += "["
      for (index, value) in values.enumerated() {
        if index > 0 { output += "," }
        value.write(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { output += "," }
        output += JSONObject.quoted(key)
        output += ":"
        value.write(to: &output)
      }
      output += "}"
    }
  }

  static func == (lhs: JSON, rhs: JSON) -> Bool { lhs.text == rhs.text }
}
