import Foundation

extension SharedKey where Value: Codable {
  /// A value kept in a JSON file at `url`, loaded when the key is first used and written after
  /// each change.
  ///
  /// The file is read once per process (per ``SharedStorage``), synchronously, on the thread
  /// that first makes a `Shared` or `SharedReader` of the key: where the state declaring it is
  /// created. Create that state before the store (or make a `Shared` of the key early, off the
  /// main thread) so that the read happens neither on a store's executor nor on the main actor;
  /// see `Docs/Shared-State.md`. Two URLs of one file (`/a/./b.json`, `/a/b.json`) are one key.
  ///
  /// Writes never block the store: they run off its executor, coalesced (at most one write per
  /// ``fileStorageWriteWindow``, on the `continuousClock` dependency, so virtual under test), and
  /// atomically (a temporary file renamed over the file). A value still waiting is written at
  /// once when a store holding the key is released, or when an Apple-platform app goes to the
  /// background. A file that cannot be decoded is reported with its path and the error and left
  /// as it is; the declared default is used and not written. A later change is written, after
  /// the undecodable file is moved aside (to `<file>.undecodable`), so nothing is lost. Under a
  /// `TestStore` the value is kept in memory and no file is touched.
  /// - Parameter url: The file.
  public static func fileStorage(_ url: URL) -> Self {
    let path = url.standardizedFileURL.path
    return Self(id: "fileStorage:\(path)", description: ".fileStorage(\(path))") { context in
      FileStoragePersistence<Value>(path: path, context: context)
    }
  }

  /// How long a `fileStorage` value waits after a change before it is written, so that a burst
  /// of changes costs one write: one second.
  public static var fileStorageWriteWindow: Duration { .seconds(1) }
}

/// A `fileStorage` key's file: loads it once, writes coalesced changes.
///
/// Writes are serialized by `writer` (one at a time, each taking the newest value when it
/// starts), so files are written in version order even when a flush and a window's write run at
/// once on two threads. Both run on tasks, never on the store's executor.
final class FileStoragePersistence<Value: Codable & Sendable>: SharedPersistence {
  private struct Pending {
    /// The newest value not written yet, and its version.
    var value: Value?
    var version: UInt64 = 0
    /// Whether a window is open: a write is scheduled at its end.
    var isWindowOpen = false
    /// Whether the file could not be decoded when loaded: it is moved aside before the first
    /// write, never overwritten.
    var keepsUndecodableFile = false
  }

  let path: String
  private let context: SharedPersistenceContext
  private let pending = Locked(Pending())
  private let writer = Locked(())

  init(path: String, context: SharedPersistenceContext) {
    self.path = path
    self.context = context
  }

  func load() -> Value? {
    let bytes: [UInt8]
    do {
      guard let read = try context.fileSystem.read(path) else { return nil }
      bytes = read
    } catch {
      return keepFile(because: "could not be read: \(error)")
    }
    do {
      return try JSONDecoder().decode(Value.self, from: Data(bytes))
    } catch {
      return keepFile(because: "could not be decoded as \(Value.self): \(error)")
    }
  }

  private func keepFile(because reason: String) -> Value? {
    pending.withLock { $0.keepsUndecodableFile = true }
    reportIssue(
      """
      The shared file \(path) \(reason). The default value is used; the file is left as it is, \
      and is moved aside (to \(path).undecodable, or a free name beside it) before the first \
      change is written.
      """)
    return nil
  }

  func save(_ value: Value, version: UInt64) {
    let opensWindow = pending.withLock { pending -> Bool in
      guard version > pending.version else { return false }
      pending.value = value
      pending.version = version
      guard !pending.isWindowOpen else { return false }
      pending.isWindowOpen = true
      return true
    }
    guard opensWindow else { return }
    let clock = context.clock
    Task(executorPreference: context.taskExecutor) {
      try? await clock.sleep(for: SharedKey<Value>.fileStorageWriteWindow)
      self.writePending(closingWindow: true)
    }
  }

  func flush() {
    guard pending.withLock({ $0.value != nil }) else { return }
    Task(executorPreference: context.taskExecutor) { self.writePending(closingWindow: false) }
  }

  /// Writes the newest value waiting, if any.
  private func writePending(closingWindow: Bool) {
    writer.withLock { _ in
      let taken = pending.withLock { pending -> (value: Value, movesAside: Bool)? in
        if closingWindow { pending.isWindowOpen = false }
        guard let value = pending.value else { return nil }
        pending.value = nil
        return (value, pending.keepsUndecodableFile)
      }
      guard let taken else { return }
      do {
        let data = try JSONEncoder().encode(taken.value)
        if taken.movesAside {
          let aside = try context.fileSystem.moveAside(path)
          pending.withLock { $0.keepsUndecodableFile = false }
          reportIssue("The undecodable shared file \(path) was moved to \(aside) before writing the new value.")
        }
        try context.fileSystem.write(Array(data), path)
      } catch {
        reportIssue(
          """
          The shared file \(path) could not be written: \(error). The value stays in memory, and \
          the next change tries again.
          """)
      }
    }
  }
}
