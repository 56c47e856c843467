import ActorStore
import Dispatch
import Glibc

/// A request to stop the run early (Ctrl-C): the run starts no more work, abandons the pass in
/// progress, prints the report of what completed, and exits 130.
///
/// `main` wires the process's one to SIGINT with ``installSignalHandler(console:)``; the tests
/// make their own and request it themselves.
final class StopRequest: Sendable {
  private struct State {
    var isRequested = false
    /// What to do on the request, by registration; removed once no longer needed.
    var handlers: [Int: @Sendable () -> Void] = [:]
    var nextHandler = 0
  }

  // Uncontended (a signal, a pass starting or ending); the package's lock keeps TSan runs quiet.
  private let state = Locked(State())

  /// Whether a stop was requested.
  var isRequested: Bool { state.withLock { $0.isRequested } }

  /// Requests the stop and runs every handler waiting for it.
  /// - Returns: `false` when a stop had already been requested.
  @discardableResult
  func request() -> Bool {
    let handlers = state.withLock { state -> [@Sendable () -> Void]? in
      guard !state.isRequested else { return nil }
      state.isRequested = true
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
        guard !state.isRequested else { return nil }
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

  /// Routes SIGINT to this request: the first Ctrl-C requests the stop, a second one exits at
  /// once with status 130.
  /// - Parameter console: Where to say that the run is stopping.
  /// - Returns: The signal source; keep it for as long as the run lasts.
  func installSignalHandler(console: some Console) -> any DispatchSourceSignal {
    signal(SIGINT, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler { [self] in
      guard request() else { exit(ExitStatus.interrupted.rawValue) }
      console.writeError("actorstore-stress: interrupted; reporting what completed (Ctrl-C again to quit now)\n")
    }
    source.resume()
    return source
  }
}
