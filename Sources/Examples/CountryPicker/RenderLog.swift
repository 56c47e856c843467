import Synchronization

/// What a host rendered, written from its store observations (which run on the store's task
/// executor, hence the lock).
final class RenderLog: Sendable {
  private let storage = Mutex<[String]>([])
  var lines: [String] { storage.withLock { $0 } }
  func render(_ line: String) { storage.withLock { $0.append(line) } }
}
