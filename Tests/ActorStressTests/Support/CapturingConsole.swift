import Synchronization

@testable import actorstore_stress

/// A console that keeps what the command writes, for assertions.
final class CapturingConsole: Console {
  private let output = Mutex((standard: "", error: ""))

  func write(_ text: String) { output.withLock { $0.standard += text } }
  func writeError(_ text: String) { output.withLock { $0.error += text } }
  var errorIsTerminal: Bool { false }

  var standard: String { output.withLock { $0.standard } }
  var error: String { output.withLock { $0.error } }
}

/// Runs the command in-process.
/// - Parameter arguments: The arguments after the program name.
/// - Returns: The exit status and what was written.
func runCommand(_ arguments: String...) async -> (status: ExitStatus, standard: String, error: String) {
  await runCommand(arguments: arguments)
}

/// Runs the command in-process.
/// - Parameter arguments: The arguments after the program name.
/// - Returns: The exit status and what was written.
func runCommand(arguments: [String]) async -> (status: ExitStatus, standard: String, error: String) {
  let console = CapturingConsole()
  let status = await StressCommand.run(arguments: arguments, console: console)
  return (status, console.standard, console.error)
}
