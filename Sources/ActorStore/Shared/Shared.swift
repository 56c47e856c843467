/// A value several features share, as swift-sharing's `@Shared` (TCA), without macros: a
/// change made through any store is seen by every store, and every main-actor observer, whose
/// state holds the same key.
///
/// ```swift
/// struct State: Equatable {
///   @Shared(.inMemory("meetings")) var meetings: [Meeting] = []
/// }
/// // In a reducer:
/// state.$meetings.withLock { $0.append(meeting) }
/// let count = state.meetings.count
/// ```
///
/// Read it like a value (`state.meetings`, always the newest value); change it with
/// ``withLock(_:)``, which applies the change atomically (two stores on different executors
/// changing it at once both land), or by assigning the property (`state.meetings = []`, a
/// `withLock` that replaces the value). The key picks where the value lives: ``SharedKey/inMemory(_:)``
/// for the app's lifetime, `.fileStorage(url)` in a JSON file, `.appStorage("key")` in
/// `UserDefaults` (in memory on Linux). Every `Shared` of one key, in one ``SharedStorage``, is
/// the same value; the value the declaration gives is used only when the key has none yet.
///
/// A derived `Shared` of a member reads and changes that member of the same value:
/// `Child.State(title: state.$meeting.title)`. Of a shared `IdentifiedArray`, ``subscript(id:)``
/// derives one element (`Shared(state.$meetings[id: id])` unwraps it for a detail screen), and
/// `Array(state.$meetings)` gives one `Shared` per element. A feature that only reads holds a
/// ``SharedReader`` instead.
///
/// Stores learn the shared values their state holds when it is published, and republish their
/// state, once per change, when one changes elsewhere; an unchanged `Equatable` value publishes
/// nothing (see `Docs/Shared-State.md`). Under a `TestStore` every key is in memory, isolated to
/// that test store, and changes are asserted like state.
@propertyWrapper @dynamicMemberLookup
public struct Shared<Value: Sendable>: Sendable {
  let access: any SharedAccess<Value>

  init(access: any SharedAccess<Value>) {
    self.access = access
  }

  /// Shares the value of `key`, in the ``SharedStorage`` in force (``DependencyValues/sharedStorage``):
  /// the value the key already has, or `wrappedValue` if it has none (then saved as the key's).
  /// What `@Shared(.inMemory("key")) var value = initial` calls.
  /// - Parameters:
  ///   - wrappedValue: The value to start from when the key has none; evaluated only then.
  ///   - key: Where the value lives.
  public init(wrappedValue: @autoclosure () -> Value, _ key: SharedKey<Value>) {
    let storage = DependencyValues.inForce.sharedStorage
    self.init(access: storage.reference(for: key, default: wrappedValue))
    SharedDiscovery.noteNewShared()
  }

  /// Shares a value no key names: every copy of this `Shared` is the same value, as
  /// swift-sharing's `Shared(value:)`. Handy in tests and previews.
  /// - Parameter value: The value.
  public init(value: Value) {
    self.init(access: SharedReference(value: value, keyDescription: "Shared(value: \(Value.self))"))
    SharedDiscovery.noteNewShared()
  }

  /// The value `base` holds, as a `Shared` of its own, or `nil` when `base` holds `nil` now, as
  /// swift-sharing's: `Shared($meetings[id: id])` hands a detail screen the meeting it shows.
  ///
  /// It reads and changes the value inside `base`. Once `base` holds `nil` (the element was
  /// removed), it keeps reading the last value it read, and a change made then changes only
  /// that last value: there is nothing left in `base` to change.
  /// - Parameter base: A shared optional.
  public init?(_ base: Shared<Value?>) {
    guard let value = base.wrappedValue else { return nil }
    self.init(access: SharedUnwrappedAccess(base: base.access, last: SharedLastValue(value)))
  }

  /// The same `Shared`: what Swift calls for a `@Shared` closure parameter given `$value`.
  /// - Parameter projectedValue: The `Shared`.
  public init(projectedValue: Self) {
    self = projectedValue
  }

  /// The current value. Setting it replaces the value atomically (``withLock(_:)``).
  public var wrappedValue: Value {
    get { access.read() }
    nonmutating set { access.withLock { $0 = newValue } }
  }

  /// The `Shared` itself: `state.$meetings` to change it or to hand it to a child feature.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// Changes the value atomically: `body` mutates a copy of it under the shared value's lock,
  /// which then replaces it, and every store holding the key republishes its state once. `body`
  /// runs under that lock: keep it short, and do not change this shared value from inside it.
  /// - Parameter body: Changes the value.
  /// - Returns: What `body` returns.
  @discardableResult
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try access.withLock(body)
  }

  /// A `Shared` of a member of this value: reading and changing it reads and changes that member
  /// of the same shared value (`state.$meeting.title`).
  /// - Parameter member: The member.
  public subscript<Member: Sendable>(
    dynamicMember member: any WritableKeyPath<Value, Member> & Sendable
  ) -> Shared<Member> {
    Shared<Member>(access: SharedMemberAccess(base: access, member: member))
  }

  /// A read-only ``SharedReader`` of a member this value only lets read (a computed property, a
  /// `let`): `state.$meetings.count`.
  /// - Parameter member: The member.
  public subscript<Member: Sendable>(
    dynamicMember member: any KeyPath<Value, Member> & Sendable
  ) -> SharedReader<Member> {
    SharedReader(self)[dynamicMember: member]
  }

  /// Names the value in diagnostics and test failures, e.g. `.inMemory("meetings")`.
  public var keyDescription: String { access.keyDescription }
}

extension Shared {
  /// The element with `id` of this shared `IdentifiedArray`, as a `Shared` optional (`nil` while
  /// the array has no such element), as swift-sharing's `$meetings[id: id]`: setting it
  /// replaces the element, adds it when the array has none, or removes it (`nil`), all through
  /// the array's lock. Unwrap it with `init(_:)` to hand the element to a
  /// child feature: `Shared($meetings[id: id])`.
  /// - Parameter id: The element's ID.
  public subscript<ID: Hashable & Sendable, Element: Sendable>(id id: ID) -> Shared<Element?>
  where Value == IdentifiedArray<ID, Element> {
    Shared<Element?>(access: SharedElementAccess(base: access, id: id))
  }
}

extension Shared: Identifiable where Value: Identifiable {
  /// The current value's ID, so that a `Shared` element is identified as its value is (a
  /// SwiftUI `ForEach(Array($meetings)) { $meeting in … }`).
  public var id: Value.ID { wrappedValue.id }
}

extension Shared: Equatable where Value: Equatable {
  /// Whether both hold equal values now. Two `Shared`s of one key are always equal: `TestStore`
  /// asserts changes of shared values by key, beside the state (see `Docs/Shared-State.md`).
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
}

extension Shared: Hashable where Value: Hashable {
  /// Hashes the current value.
  public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

extension Shared: SharedValueHolder {
  var sharedRoot: any AnySharedReference { access.root }
}

extension Shared: CustomReflectable {
  /// Reflects the current value, so that state dumps and test diffs show the value, not the
  /// reference behind it.
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue) }
}

extension Shared: CustomStringConvertible {
  /// The current value's description.
  public var description: String { String(describing: wrappedValue) }
}
