import ActorStore
import Synchronization

/// The fuzzer's bytes, read front to back as small decisions. Reading past the end yields
/// zeros, so every input, however short, decodes to something, and a shorter input decodes to
/// a prefix of the work of a longer one (which keeps libFuzzer's minimized reproducers small).
struct FuzzInput {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var position = 0

  init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
    bytes = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
  }

  var isExhausted: Bool { position >= bytes.count }

  /// The next byte, or 0 past the end.
  mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  /// A value in `0..<bound` (`bound` at most 256).
  mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0 && bound <= 256)
    return Int(byte()) % bound
  }

  mutating func bool() -> Bool { byte() & 1 == 1 }
}

/// Stops the run with `message` when `condition` is false: the trap is what libFuzzer records
/// as a crash, and it saves the input that caused it.
func require(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
  file: StaticString = #fileID, line: UInt = #line
) {
  guard !condition() else { return }
  fatalError("model disagreement: \(message())", file: file, line: line)
}

/// Counts the issues ActorStore reports (duplicates, unknown anchors, …), so that a target can
/// check it was told about exactly the bad input it made.
final class IssueCounter: IssueReporter {
  private let messages = Mutex<[String]>([])

  func report(_ issue: RuntimeIssue) { messages.withLock { $0.append(issue.message) } }

  var count: Int { messages.withLock { $0.count } }
  var all: [String] { messages.withLock { $0 } }
}
