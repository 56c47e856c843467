/// A minimal line diff (longest common subsequence) printed with `−` for expected-only lines
/// and `+` for actual-only lines, unchanged lines indented.
enum LineDiff {
  static func render(expected: [String], actual: [String]) -> String {
    let n = expected.count
    let m = actual.count
    var lengths = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        lengths[i][j] = expected[i] == actual[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    var output: [String] = []
    var i = 0
    var j = 0
    while i < n || j < m {
      if i < n, j < m, expected[i] == actual[j] {
        output.append("  " + expected[i])
        i += 1
        j += 1
      } else if i < n, j == m || lengths[i + 1][j] >= lengths[i][j + 1] {
        output.append("− " + expected[i])
        i += 1
      } else {
        output.append("+ " + actual[j])
        j += 1
      }
    }
    return output.joined(separator: "\n")
  }
}
