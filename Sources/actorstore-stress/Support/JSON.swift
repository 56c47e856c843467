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
    case .string(let value): Self.write(value, to: &output)
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
        Self.write(key, to: &output)
        output += ":"
        value.write(to: &output)
      }
      output += "}"
    }
  }

  private static func write(_ string: String, to output: inout String) {
    output += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }

  static func == (lhs: JSON, rhs: JSON) -> Bool { lhs.text == rhs.text }
}
