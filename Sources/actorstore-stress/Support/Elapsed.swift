/// Wall-clock durations as plain numbers for reports.
extension Duration {
  /// The duration in seconds.
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }

  /// The duration in nanoseconds.
  var nanoseconds: Double { seconds * 1e9 }
}
