import ActorStore
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A signal that stops the run early, and how the run ends on it.
enum StopSignal: CaseIterable, Sendable {
  /// SIGINT (Ctrl-C): exit status 130.
  case interrupt
  /// SIGTERM (`kill`, a CI runner's or a process manager's timeout): exit status 143.
  case terminate

  /// 128 + the signal's number, as shells report a process the signal ended.
  var exitStatus: ExitStatus {
    switch self {
    case .interrupt: .interrupted
    case .terminate: .terminated
    }
  }

  /// What the run says it was: "interrupted" or "terminated (SIGTERM)".
  var stopped: String {
    switch self {
    case .interrupt: "interrupted"
    case .terminate: "terminated (SIGTERM)"
    }
  }

  /// How to send the signal again, to quit at once.
  var again: String {
    switch self {
    case .interrupt: "Ctrl-C again"
    case .terminate: "SIGTERM again"
    }
  }
}

/// What the process does on a stop signal (see ``StopRequest/respond(to:)``).
enum SignalResponse: Equatable, Sendable {
  /// The first signal: the stop was requested; print `message` and let the run report.
  case stopping(message: String)
  /// A signal after the stop was requested: exit at once with this status.
  case exitNow(ExitStatus)
}

/// A request to stop the run early (Ctrl-C or SIGTERM): the run starts no more work, abandons
/// the pass in progress, prints the report of what completed, and exits with the status of the
/// signal that asked (130 or 143).
///
/// `main` wires the process's one to SIGINT and SIGTERM with ``installSignalHandlers(console:)``;
/// the tests make their own and request it themselves, or call ``respond(to:)`` as the handlers do.
final class StopRequest: Sendable {
  private struct State {
    /// The signal that requested the stop; `nil` while none has.
    var signal: StopSignal?
    /// What to do on the request, by registration; removed once no longer needed.
    var handlers: [Int: @Sendable () -> Void] = [:]
    var nextHandler = 0
  }

  // Uncontended (a signal, a pass starting or ending); the package's lock keeps TSan runs quiet.
  private let state = Locked(State())

  /// Whether a stop was requested.
  var isRequested: Bool { requestedBy != nil }

  /// The signal that requested the stop (the first one), or `nil`.
  var requestedBy: StopSignal? { state.withLock { $0.signal } }

  /// Requests the stop and runs every handler waiting for it.
  /// - Parameter signal: What asked for it; the first request's signal sets the exit status.
  /// - Returns: `false` when a stop had already been requested.
  @discardableResult
  func request(_ signal: StopSignal = .interrupt) -> Bool {
    let handlers = state.withLock { state -> [@Sendable () -> Void]? in
      guard state.signal == nil else { return nil }
      state.signal = signal
      defer { state.handlers = [:] }
      return state.handlers.sorted { $0.key < $1.key }.map(\.value)
    }
    for handler in handlers ?? [] { handler() }
    return handlers != nil
  }

  /// Runs `operation` in a task of its own and returns its result, or `nil` as soon as a stop
  /// is requested. The task is then cancelled and left to wind down: the run is about to print
  /// what completed and exit, and waiting for a pass that may not poll cancellation would not
  /// be a prompt stop.
  /// - Parameter operation: The work, e.g. one pass of a scenario.
  /// - Returns: The result, or `nil` when the stop came first.
  func unlessStopped<T: Sendable>(_ operation: @escaping @Sendable () async -> T) async -> T? {
    await withUnsafeContinuation { (continuation: UnsafeContinuation<T?, Never>) in
      let pending = Locked<UnsafeContinuation<T?, Never>?>(continuation)
      let finish: @Sendable (T?) -> Void = { result in pending.withLock { $0.take() }?.resume(returning: result) }
      let work = Task {
        let result = await operation()
        finish(result)
      }
      let handler = state.withLock { state -> Int? in
        guard state.signal == nil else { return nil }
        state.nextHandler += 1
        state.handlers[state.nextHandler] = {
          work.cancel()
          finish(nil)
        }
        return state.nextHandler
      }
      guard let handler else {
        work.cancel()
        finish(nil)
        return
      }
      Task {
        _ = await work.value
        self.state.withLock { _ = $0.handlers.removeValue(forKey: handler) }
      }
    }
  }

  /// What the process does on `signal`: the first stop signal requests the stop, and the run
  /// goes on to report what completed; any later one asks to exit at once, with that signal's
  /// status. The signal handlers do only what this answers, so the tests check it here.
  /// - Parameter signal: The signal received.
  /// - Returns: The response.
  func respond(to signal: StopSignal) -> SignalResponse {
    guard request(signal) else { return .exitNow(signal.exitStatus) }
    return .stopping(
      message: "actorstore-stress: \(signal.stopped); reporting what completed (\(signal.again) to quit now)\n")
  }

  #if canImport(Glibc) || canImport(Darwin)
    /// Routes SIGINT and SIGTERM to this request, as ``respond(to:)`` says: the first one
    /// requests the stop, a second one exits at once.
    /// - Parameter console: Where to say that the run is stopping.
    /// - Returns: The signal sources; keep them for as long as the run lasts.
    func installSignalHandlers(console: some Console) -> [any DispatchSourceSignal] {
      StopSignal.allCases.map { stopSignal in
        let number = stopSignal == .interrupt ? SIGINT : SIGTERM
        // Ignored, so that the default action (ending the process) leaves the signal to the source.
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler { [self] in
          switch respond(to: stopSignal) {
          case .stopping(let message): console.writeError(message)
          case .exitNow(let status): exit(status.rawValue)
          }
        }
        source.resume()
        return source
      }
    }
  #endif
}
