/// A flat JSON object written by hand, so that traces need no Foundation. Its string escaping
/// is shared with the package's other hand-written JSON (the stress tool's reports).
package struct JSONObject {
  private(set) var text = "{"
  private var isEmpty = true

  mutating func add(_ key: String, _ value: String) { addRaw(key, Self.quoted(value)) }

  mutating func add(_ key: String, _ value: UInt64) { addRaw(key, String(value)) }

  mutating func add(_ key: String, _ values: [String]) {
    addRaw(key, "[" + values.map(Self.quoted).joined(separator: ",") + "]")
  }

  private mutating func addRaw(_ key: String, _ json: String) {
    if text.hasSuffix("}") { text.removeLast() }
    text += (isEmpty ? "" : ",") + Self.quoted(key) + ":" + json + "}"
    isEmpty = false
  }

  /// `value` as a JSON string literal: quotes, backslashes and control characters escaped.
  package static func quoted(_ value: String) -> String {
    var result = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
