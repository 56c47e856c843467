/// Number formatting for tables and progress lines, without Foundation.
enum Format {
  /// `1234567` → `"1 234 567"`.
  static func count(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var grouped = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { grouped.append(" ") }
      grouped.append(digit)
    }
    return value < 0 ? "-" + grouped : grouped
  }

  /// `value` with `places` decimals, rounded half away from zero: `fixed(3.14159, 2)` → `"3.14"`.
  static func fixed(_ value: Double, _ places: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "n/a" : (value < 0 ? "-inf" : "inf") }
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let scaled = (value.magnitude * scale).rounded()
    guard scaled < 9e18 else { return String(value) }
    let units = Int(scaled)
    let whole = units / Int(scale)
    let fraction = units % Int(scale)
    var text = (value < 0 && units != 0 ? "-" : "") + String(whole)
    if places > 0 {
      let digits = String(fraction)
      text += "." + String(repeating: "0", count: places - digits.count) + digits
    }
    return text
  }

  /// Three significant digits or so: `1234.5` → `"1235"`, `12.345` → `"12.3"`, `0.01234` → `"0.0123"`.
  static func short(_ value: Double) -> String {
    let magnitude = value.magnitude
    if !value.isFinite { return fixed(value, 0) }
    if magnitude >= 100 { return count(Int(value.rounded())) }
    if magnitude >= 10 { return fixed(value, 1) }
    if magnitude >= 1 { return fixed(value, 2) }
    if magnitude >= 0.01 || magnitude == 0 { return fixed(value, 3) }
    return fixed(value, 5)
  }

  /// A quantity with an SI prefix before its unit: `(23_400_000, "actions/s")` →
  /// `"23.4 M actions/s"`.
  static func scaled(_ value: Double, _ unit: String) -> String {
    if value.magnitude >= 1e9 { return short(value / 1e9) + " G " + unit }
    if value.magnitude >= 1e6 { return short(value / 1e6) + " M " + unit }
    if value.magnitude >= 1e4 { return short(value / 1e3) + " k " + unit }
    return short(value) + " " + unit
  }

  /// Seconds for humans: `0.0123` → `"12.3 ms"`, `83.4` → `"83.4 s"`.
  static func seconds(_ value: Double) -> String {
    value < 1 ? short(value * 1e3) + " ms" : short(value) + " s"
  }

  /// Bytes with a binary prefix: `13_000_000` → `"12.4 MiB"`.
  static func bytes(_ value: Int) -> String {
    let magnitude = Double(value)
    if magnitude >= 1_073_741_824 { return short(magnitude / 1_073_741_824) + " GiB" }
    if magnitude >= 1_048_576 { return short(magnitude / 1_048_576) + " MiB" }
    if magnitude >= 1_024 { return short(magnitude / 1_024) + " KiB" }
    return "\(value) B"
  }

  /// `text` padded with spaces to `width` columns, on the right (or on the left).
  static func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
    let fill = String(repeating: " ", count: Swift.max(0, width - text.count))
    return left ? fill + text : text + fill
  }
}
