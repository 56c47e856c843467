/// A minimal line diff (longest common subsequence) printed with `−` for lines only in the old
/// text and `+` for lines only in the new one, unchanged lines indented.
///
/// Shared by ``Reducer/logChanges(to:)`` and `ActorStoreTesting`'s `TestStore`.
package enum LineDiff {
  /// Renders the diff of two line lists.
  /// - Parameters:
  ///   - expected: The old (or expected) lines, shown with `−`.
  ///   - actual: The new (or actual) lines, shown with `+`.
  ///   - context: How many unchanged lines to keep around each change; runs of unchanged lines
  ///     beyond that become one `… N unchanged lines` line. `nil` keeps every line.
  /// - Returns: The diff, lines joined by line breaks.
  package static func render(expected: [String], actual: [String], context: Int? = nil) -> String {
    let n = expected.count
    let m = actual.count
    var lengths = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        lengths[i][j] = expected[i] == actual[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    var output: [(text: String, isChange: Bool)] = []
    var i = 0
    var j = 0
    while i < n || j < m {
      if i < n, j < m, expected[i] == actual[j] {
        output.append(("  " + expected[i], false))
        i += 1
        j += 1
      } else if i < n, j == m || lengths[i + 1][j] >= lengths[i][j + 1] {
        output.append(("− " + expected[i], true))
        i += 1
      } else {
        output.append(("+ " + actual[j], true))
        j += 1
      }
    }
    guard let context else { return output.map(\.text).joined(separator: "\n") }
    return collapse(output, context: context).joined(separator: "\n")
  }

  /// Keeps changed lines and `context` unchanged lines on either side of each; replaces every
  /// other run of unchanged lines by one line counting them.
  private static func collapse(_ lines: [(text: String, isChange: Bool)], context: Int) -> [String] {
    var keep = [Bool](repeating: false, count: lines.count)
    for (index, line) in lines.enumerated() where line.isChange {
      for near in max(0, index - context)...min(lines.count - 1, index + context) { keep[near] = true }
    }
    var result: [String] = []
    var skipped = 0
    for (index, line) in lines.enumerated() {
      if keep[index] {
        if skipped > 0 { result.append("  … \(skipped) unchanged line\(skipped == 1 ? "" : "s")") }
        skipped = 0
        result.append(line.text)
      } else {
        skipped += 1
      }
    }
    if skipped > 0 { result.append("  … \(skipped) unchanged line\(skipped == 1 ? "" : "s")") }
    return result
  }
}
