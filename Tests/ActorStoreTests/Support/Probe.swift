import ActorStore

/// Records named events from effects and lets a test suspend until one has been recorded.
///
/// Each event name doubles as a one-shot latch: `await probe.wait(for: "started 1")` returns once
/// `probe.record("started 1")` has run, whichever came first.
final class Probe: Sendable {
  private let state = Locked<(events: [String], latches: [String: Latch])>(([], [:]))

  /// Appends `event` to the log and releases everyone waiting for it.
  func record(_ event: String) {
    latch(named: event, recording: true).open()
  }

  /// Suspends until `event` has been recorded.
  func wait(for event: String) async {
    await latch(named: event, recording: false).wait()
  }

  /// Every recorded event, in the order recorded.
  var events: [String] { state.withLock { $0.events } }

  private func latch(named name: String, recording: Bool) -> Latch {
    state.withLock { state in
      if recording { state.events.append(name) }
      if let latch = state.latches[name] { return latch }
      let latch = Latch()
      state.latches[name] = latch
      return latch
    }
  }
}

/// An error with a recognisable description, for checking that diagnostics name it.
struct TestFailure: Error, CustomStringConvertible {
  let code: Int
  var description: String { "TestFailure-\(code)" }
}
