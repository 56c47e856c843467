/// Renders a value as indented lines, one field or element per line, so that two states can be
/// compared line by line in a failure message or a change log.
///
/// Shared by ``Reducer/logChanges(to:)`` and `ActorStoreTesting`'s `TestStore`, so a logged
/// change and a failed assertion read the same.
package enum StateDump {
  /// The value's lines, nested values indented by two spaces per level.
  /// - Parameter value: Any value; reflected with `Mirror`.
  /// - Returns: The lines, without line breaks.
  package static func lines(of value: Any) -> [String] {
    var lines: [String] = []
    render(value, label: nil, indent: 0, into: &lines)
    return lines
  }

  private static func render(_ value: Any, label: String?, indent: Int, into lines: inout [String]) {
    let prefix = String(repeating: "  ", count: indent) + (label.map { "\($0): " } ?? "")
    if let scalar = scalarText(value) {
      lines.append(prefix + scalar)
      return
    }
    let mirror = Mirror(reflecting: value)
    let typeName = qualifiedName(of: type(of: value))
    switch mirror.displayStyle {
    case .optional:
      if let wrapped = mirror.children.first?.value {
        render(wrapped, label: label, indent: indent, into: &lines)
      } else {
        lines.append(prefix + "nil")
      }
    case .enum:
      let caseName = mirror.children.first?.label ?? String(describing: value)
      guard let payload = mirror.children.first?.value else {
        lines.append(prefix + ".\(caseName)")
        return
      }
      renderContainer(
        open: prefix + ".\(caseName)(", close: ")", children: Mirror(reflecting: payload).children.isEmpty
          ? [(nil, payload)] : labelledChildren(of: payload),
        indent: indent, into: &lines)
    case .collection, .set:
      renderContainer(
        open: prefix + "[", close: "]", children: mirror.children.map { (nil, $0.value) },
        indent: indent, into: &lines)
    case .dictionary:
      renderContainer(
        open: prefix + "[", close: "]",
        children: mirror.children.map { pair in
          let parts = Array(Mirror(reflecting: pair.value).children)
          return (parts.first.map { scalarText($0.value) ?? String(describing: $0.value) }, parts.last?.value as Any)
        },
        indent: indent, into: &lines)
    case .tuple:
      renderContainer(open: prefix + "(", close: ")", children: labelledChildren(of: value), indent: indent, into: &lines)
    default:
      if let elements = collectionElements(value) {
        renderContainer(open: prefix + typeName + "[", close: "]", children: elements.map { (nil, $0) }, indent: indent, into: &lines)
      } else if mirror.children.isEmpty {
        lines.append(prefix + String(describing: value))
      } else {
        renderContainer(open: prefix + typeName + "(", close: ")", children: labelledChildren(of: value), indent: indent, into: &lines)
      }
    }
  }

  private static func renderContainer(
    open: String, close: String, children: [(String?, Any)], indent: Int, into lines: inout [String]
  ) {
    guard !children.isEmpty else {
      lines.append(open + close)
      return
    }
    lines.append(open)
    for (label, child) in children { render(child, label: label, indent: indent + 1, into: &lines) }
    lines.append(String(repeating: "  ", count: indent) + close)
  }

  private static func labelledChildren(of value: Any) -> [(String?, Any)] {
    Mirror(reflecting: value).children.map { child in
      let label = child.label.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 }
      return (label, child.value)
    }
  }

  /// `Feature.State` rather than `State` or `MyModule.Feature.State`.
  private static func qualifiedName(of type: Any.Type) -> String {
    let full = String(reflecting: type)
    guard let dot = full.firstIndex(of: "."), !full[..<dot].contains("<") else { return full }
    return String(full[full.index(after: dot)...])
  }

  private static func scalarText(_ value: Any) -> String? {
    switch value {
    case let string as String: return String(reflecting: string)
    case let substring as Substring: return String(reflecting: String(substring))
    case let character as Character: return String(reflecting: character)
    case is any Numeric, is Bool: return String(describing: value)
    default: return nil
    }
  }

  /// The elements of a collection type that reflects as a plain struct (e.g. IdentifiedArray).
  private static func collectionElements(_ value: Any) -> [Any]? {
    guard let collection = value as? any Collection else { return nil }
    return elements(of: collection)
  }

  private static func elements(of collection: some Collection) -> [Any] { collection.map { $0 } }
}
