/// How a ``Shared`` reaches its value: the reference of its key itself, or a member of another
/// shared value (``Shared/subscript(dynamicMember:)``).
protocol SharedAccess<Value>: Sendable {
  associatedtype Value: Sendable
  /// The reference whose changes this value's changes are: what a store holding it subscribes to.
  var root: any AnySharedReference { get }
  /// Names the value in diagnostics, e.g. `.inMemory("meetings")` or `.inMemory("meetings").count`.
  var keyDescription: String { get }
  func read() -> Value
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result
}

extension SharedReference: SharedAccess {
  var root: any AnySharedReference { self }
}

/// A member of another shared value: reads and changes go through the base's lock, so a change
/// of the member is a change of the base, seen by every store holding either.
struct SharedMemberAccess<Base: Sendable, Value: Sendable>: SharedAccess {
  let base: any SharedAccess<Base>
  let member: any WritableKeyPath<Base, Value> & Sendable

  var root: any AnySharedReference { base.root }
  var keyDescription: String { "\(base.keyDescription)\(memberDescription)" }

  /// `member` as it reads after the base: `\Meeting.title` gives `.title`.
  private var memberDescription: String {
    let path = String(describing: member)
    guard let dot = path.firstIndex(of: ".") else { return "[\(path)]" }
    return String(path[dot...])
  }

  func read() -> Value { base.read()[keyPath: member] }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try base.withLock { try body(&$0[keyPath: member]) }
  }
}
