/// A JSON reader just big enough to check the command's `--json` output.
enum MiniJSON: Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([MiniJSON])
  case object([String: MiniJSON])

  struct ParseError: Error, CustomStringConvertible {
    let description: String
  }

  /// Parses one JSON value spanning all of `text` (surrounding whitespace allowed).
  static func parse(_ text: String) throws -> MiniJSON {
    var parser = Parser(scalars: Array(text.unicodeScalars))
    let value = try parser.value()
    parser.skipWhitespace()
    guard parser.position == parser.scalars.count else { throw ParseError(description: "trailing text") }
    return value
  }

  subscript(key: String) -> MiniJSON? {
    if case .object(let members) = self { members[key] } else { nil }
  }

  var array: [MiniJSON]? { if case .array(let values) = self { values } else { nil } }
  var string: String? { if case .string(let value) = self { value } else { nil } }
  var number: Double? { if case .number(let value) = self { value } else { nil } }
  var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
  var keys: Set<String> { if case .object(let members) = self { Set(members.keys) } else { [] } }

  private struct Parser {
    let scalars: [Unicode.Scalar]
    var position = 0

    mutating func skipWhitespace() {
      while position < scalars.count, [" ", "\n", "\r", "\t"].contains(scalars[position]) { position += 1 }
    }

    mutating func value() throws -> MiniJSON {
      skipWhitespace()
      guard position < scalars.count else { throw ParseError(description: "unexpected end") }
      switch scalars[position] {
      case "{": return try object()
      case "[": return try array()
      case "\"": return .string(try string())
      case "t": return try literal("true", .bool(true))
      case "f": return try literal("false", .bool(false))
      case "n": return try literal("null", .null)
      default: return try number()
      }
    }

    mutating func literal(_ word: String, _ value: MiniJSON) throws -> MiniJSON {
      let end = position + word.unicodeScalars.count
      guard end <= scalars.count, String(String.UnicodeScalarView(scalars[position..<end])) == word else {
        throw ParseError(description: "bad literal at \(position)")
      }
      position = end
      return value
    }

    mutating func number() throws -> MiniJSON {
      let start = position
      while position < scalars.count, "+-0123456789.eE".unicodeScalars.contains(scalars[position]) { position += 1 }
      guard let value = Double(String(String.UnicodeScalarView(scalars[start..<position]))) else {
        throw ParseError(description: "bad number at \(start)")
      }
      return .number(value)
    }

    mutating func string() throws -> String {
      position += 1
      var result = String.UnicodeScalarView()
      while position < scalars.count {
        let scalar = scalars[position]
        position += 1
        switch scalar {
        case "\"":
          return String(result)
        case "\\":
          guard position < scalars.count else { break }
          let escaped = scalars[position]
          position += 1
          switch escaped {
          case "n": result.append("\n")
          case "r": result.append("\r")
          case "t": result.append("\t")
          case "b": result.append("\u{8}")
          case "f": result.append("\u{C}")
          case "u":
            guard position + 4 <= scalars.count,
              let code = UInt32(String(String.UnicodeScalarView(scalars[position..<position + 4])), radix: 16),
              let decoded = Unicode.Scalar(code)
            else { throw ParseError(description: "bad \\u escape") }
            result.append(decoded)
            position += 4
          default: result.append(escaped)
          }
        default:
          guard scalar.value >= 0x20 else { throw ParseError(description: "raw control character in string") }
          result.append(scalar)
        }
      }
      throw ParseError(description: "unterminated string")
    }

    mutating func array() throws -> MiniJSON {
      position += 1
      var values: [MiniJSON] = []
      skipWhitespace()
      if position < scalars.count, scalars[position] == "]" {
        position += 1
        return .array(values)
      }
      while true {
        values.append(try value())
        skipWhitespace()
        guard position < scalars.count else { throw ParseError(description: "unterminated array") }
        position += 1
        if scalars[position - 1] == "]" { return .array(values) }
        guard scalars[position - 1] == "," else { throw ParseError(description: "expected , in array") }
      }
    }

    mutating func object() throws -> MiniJSON {
      position += 1
      var members: [String: MiniJSON] = [:]
      skipWhitespace()
      if position < scalars.count, scalars[position] == "}" {
        position += 1
        return .object(members)
      }
      while true {
        skipWhitespace()
        guard position < scalars.count, scalars[position] == "\"" else { throw ParseError(description: "expected key") }
        let key = try string()
        skipWhitespace()
        guard position < scalars.count, scalars[position] == ":" else { throw ParseError(description: "expected :") }
        position += 1
        members[key] = try value()
        skipWhitespace()
        guard position < scalars.count else { throw ParseError(description: "unterminated object") }
        position += 1
        if scalars[position - 1] == "}" { return .object(members) }
        guard scalars[position - 1] == "," else { throw ParseError(description: "expected , in object") }
      }
    }
  }
}
