/// How a ``SharedReader`` reaches its value: the reference of its key, a member of another
/// shared value, an element of a shared collection.
protocol SharedReading<Value>: Sendable {
  associatedtype Value: Sendable
  /// The reference whose changes this value's changes are: what a store holding it subscribes to.
  var root: any AnySharedReference { get }
  /// Names the value in diagnostics, e.g. `.inMemory("meetings")` or `.inMemory("meetings").count`.
  var keyDescription: String { get }
  func read() -> Value
}

/// How a ``Shared`` reaches its value: what a reader does, and changes through the root's lock.
protocol SharedAccess<Value>: SharedReading {
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
  var keyDescription: String { "\(base.keyDescription)\(memberDescription(member))" }

  func read() -> Value { base.read()[keyPath: member] }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try base.withLock { try body(&$0[keyPath: member]) }
  }
}

/// A member of another shared value, read only: a ``SharedReader`` of it.
struct SharedMemberReading<Base: Sendable, Value: Sendable>: SharedReading {
  let base: any SharedReading<Base>
  let member: any KeyPath<Base, Value> & Sendable

  var root: any AnySharedReference { base.root }
  var keyDescription: String { "\(base.keyDescription)\(memberDescription(member))" }

  func read() -> Value { base.read()[keyPath: member] }
}

/// `member` as it reads after the base: `\Meeting.title` gives `.title`.
private func memberDescription(_ member: AnyKeyPath) -> String {
  let path = String(describing: member)
  guard let dot = path.firstIndex(of: ".") else { return "[\(path)]" }
  return String(path[dot...])
}

/// The element with one ID of a shared `IdentifiedArray`, `nil` while the array has none:
/// ``Shared/subscript(id:)``. Setting it replaces, adds or (with `nil`) removes that element,
/// through the array's lock.
struct SharedElementAccess<ID: Hashable & Sendable, Element: Sendable>: SharedAccess {
  let base: any SharedAccess<IdentifiedArray<ID, Element>>
  let id: ID

  var root: any AnySharedReference { base.root }
  var keyDescription: String { "\(base.keyDescription)[id: \(id)]" }

  func read() -> Element? { base.read()[id: id] }

  func withLock<Result>(_ body: (inout Element?) throws -> Result) rethrows -> Result {
    try base.withLock { try body(&$0[id: id]) }
  }
}

/// The element with one ID of a shared `IdentifiedArray`, read only: ``SharedReader/subscript(id:)``.
struct SharedElementReading<ID: Hashable & Sendable, Element: Sendable>: SharedReading {
  let base: any SharedReading<IdentifiedArray<ID, Element>>
  let id: ID

  var root: any AnySharedReference { base.root }
  var keyDescription: String { "\(base.keyDescription)[id: \(id)]" }

  func read() -> Element? { base.read()[id: id] }
}

/// A shared optional seen as a value: `Shared.init(_:)`. It reads the base's
/// value while there is one, and the last one it read once the base is `nil` (a row still on
/// screen while its element is removed reads what it showed, never traps). A change made while
/// the base is `nil` changes that last value only, as swift-sharing's does: there is nothing to
/// change in the base.
struct SharedUnwrappedAccess<Value: Sendable>: SharedAccess {
  let base: any SharedAccess<Value?>
  let last: SharedLastValue<Value>

  var root: any AnySharedReference { base.root }
  var keyDescription: String { "\(base.keyDescription)!" }

  func read() -> Value { last.read(base.read()) }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try base.withLock { optional in
      guard var value = optional else {
        var copy = last.value.withLock { $0 }
        defer { last.value.withLock { [copy] in $0 = copy } }
        return try body(&copy)
      }
      defer {
        optional = value
        last.value.withLock { [value] in $0 = value }
      }
      return try body(&value)
    }
  }
}

/// A shared optional seen as a value, read only: `SharedReader.init(_:)`.
struct SharedUnwrappedReading<Value: Sendable>: SharedReading {
  let base: any SharedReading<Value?>
  let last: SharedLastValue<Value>

  var root: any AnySharedReference { base.root }
  var keyDescription: String { "\(base.keyDescription)!" }

  func read() -> Value { last.read(base.read()) }
}

/// The last value an unwrapped shared optional read, kept by every copy of it. Its `Locked` is
/// taken only around copying the value in or out, never while a caller's closure runs, and
/// always after the base's lock when both are held (never the other order).
final class SharedLastValue<Value: Sendable>: Sendable {
  let value: Locked<Value>

  init(_ value: Value) { self.value = Locked(value) }

  /// `current`, recorded as the last value, or the last value when `current` is `nil`.
  func read(_ current: Value?) -> Value {
    guard let current else { return value.withLock { $0 } }
    value.withLock { $0 = current }
    return current
  }
}
