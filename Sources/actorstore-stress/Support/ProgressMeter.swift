import Synchronization

/// Counts a scenario's progress, and prints a line a second to standard error while a
/// ``ProgressMeter/Ticker`` runs: done/total, rate and ETA.
final class ProgressMeter: Sendable {
  let label: String
  let unit: String
  private let done = Atomic<Int>(0)
  private let total = Atomic<Int>(0)
  private let start = ContinuousClock.now
  /// When the scenario stops starting passes (`--duration`), or `nil` when it runs one pass.
  private let deadline: ContinuousClock.Instant?

  init(label: String, unit: String, deadline: ContinuousClock.Instant?) {
    self.label = label
    self.unit = unit
    self.deadline = deadline
  }

  /// Announces `units` more to do (a pass starting).
  func expect(_ units: Int) { total.add(units, ordering: .relaxed) }

  /// Counts `units` done. Call it per batch, not per action, in hot loops.
  func advance(by units: Int) { done.add(units, ordering: .relaxed) }

  /// "send: 412 000/1 000 000 actions (41%), 410 000 actions/s, ETA 1.4 s".
  func line(now: ContinuousClock.Instant = .now) -> String {
    let done = done.load(ordering: .relaxed)
    let total = total.load(ordering: .relaxed)
    let elapsed = (now - start).seconds
    let rate = elapsed > 0 ? Double(done) / elapsed : 0
    var line = "\(label): \(Format.count(done))/\(Format.count(total)) \(unit)"
    if total > 0 { line += " (\(min(100, done * 100 / total))%)" }
    line += ", \(Format.scaled(rate, unit + "/s"))"
    if let deadline {
      line += ", ends in \(Format.seconds(max(0, (deadline - now).seconds)))"
    } else if rate > 0, total >= done {
      line += ", ETA \(Format.seconds(Double(total - done) / rate))"
    }
    return line
  }

  /// Prints ``line(now:)`` to standard error once a second until cancelled.
  /// - Parameter console: Where to print.
  /// - Returns: The printing task; cancel it when the scenario ends.
  func startTicking(on console: some Console) -> Task<Void, Never> {
    Task { [self] in
      while true {
        do { try await Task.sleep(for: .seconds(1)) } catch { return }
        console.writeError(line() + "\n")
      }
    }
  }
}
