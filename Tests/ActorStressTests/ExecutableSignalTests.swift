import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Spawning a process (Foundation's `Process`) exists on Linux and macOS only.
#if os(Linux) || os(macOS)
  /// The built `actorstore-stress` beside the test binary, when the build made it.
  private let stressExecutable: URL? = {
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    // The build directory holds both: `.build/debug/` on Linux; on Apple platforms the test binary
    // sits inside an `.xctest` bundle in it.
    var directory = testBinary.deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("actorstore-stress")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return nil
  }()

  @Suite struct ExecutableSignalTests {
    /// The real process and the real signal: SIGTERM once the run is under way (its first
    /// progress line is the proof that the handlers are installed and a pass is running) ends it
    /// with status 143 and the report of what completed.
    @Test(.enabled(if: stressExecutable != nil, "needs the built actorstore-stress"), .timeLimit(.minutes(2)))
    func sigtermPrintsThePartialReportAndExits143() throws {
      let process = Process()
      process.executableURL = stressExecutable
      process.arguments = ["send", "--actions", "2000", "--duration", "600", "--seed", "3", "--progress"]
      // The child exits mid-run on purpose, with work in flight: under LeakSanitizer (CI's ASan
      // step) that work would be reported and turn the exit status into 1. Leaks are the suite's
      // own check, not this test's.
      var environment = ProcessInfo.processInfo.environment
      environment["ASAN_OPTIONS"] = (environment["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "detect_leaks=0"
      process.environment = environment
      let output = Pipe()
      let errors = Pipe()
      process.standardOutput = output
      process.standardError = errors
      try process.run()
      // The bound: a process that ignored SIGTERM is killed, and the assertions below fail.
      let watchdog = DispatchWorkItem { [process] in if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
      DispatchQueue.global().asyncAfter(deadline: .now() + 90, execute: watchdog)
      defer { watchdog.cancel() }

      var errorText = ""
      while !errorText.contains("\n") {
        let chunk = errors.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        errorText += String(decoding: chunk, as: UTF8.self)
      }
      #expect(errorText.hasPrefix("send: "), "a progress line first: \(errorText)")
      kill(process.processIdentifier, SIGTERM)

      let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      errorText += String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationReason == .exit)
      #expect(process.terminationStatus == 143, "\(errorText)")
      #expect(report.contains("INTERRUPTED during send"), "\(report)")
      #expect(errorText.contains("actorstore-stress: terminated (SIGTERM); the report covers only what completed"))
    }
  }
#endif
