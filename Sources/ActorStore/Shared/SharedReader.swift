/// A shared value a feature reads and never changes, as swift-sharing's `@SharedReader`: the same
/// value as every ``Shared`` of its key, seen the same way (a change made through any store is
/// seen by every store, and every main-actor observer, whose state holds the key, through a
/// `Shared` or a `SharedReader`), with no way to change it.
///
/// ```swift
/// struct State: Equatable {
///   @SharedReader(.appStorage("soundOn")) var soundOn = true
/// }
/// // A child that only shows the meetings a parent edits:
/// Summary.State(meetings: SharedReader(state.$meetings))
/// ```
///
/// Make one from a key (`@SharedReader(.inMemory("key"))`, `.fileStorage(url)`,
/// `.appStorage("key")`: the key's value, or the declared one when the key has none yet), from a
/// ``Shared`` (``init(_:)-(Shared<Value>)``), or as a constant (``init(value:)``). A derived `SharedReader` of a
/// member reads that member of the same value: `state.$settings.volume`.
@propertyWrapper @dynamicMemberLookup
public struct SharedReader<Value: Sendable>: Sendable {
  let reading: any SharedReading<Value>

  init(reading: any SharedReading<Value>) {
    self.reading = reading
  }

  /// Reads the value of `key`, in the ``SharedStorage`` in force (``DependencyValues/sharedStorage``):
  /// the value the key already has, or `wrappedValue` if it has none (then saved as the key's,
  /// as a ``Shared`` of the key would). What `@SharedReader(.appStorage("key")) var value = initial`
  /// calls.
  /// - Parameters:
  ///   - wrappedValue: The value to start from when the key has none; evaluated only then.
  ///   - key: Where the value lives.
  public init(wrappedValue: @autoclosure () -> Value, _ key: SharedKey<Value>) {
    self.init(Shared(wrappedValue: wrappedValue(), key))
  }

  /// A value no key names and nothing changes: a constant, as swift-sharing's
  /// `SharedReader(value:)`. Handy in tests and previews.
  /// - Parameter value: The value.
  public init(value: Value) {
    self.init(Shared(value: value))
  }

  /// Reads what `base` holds: the same value, which `base` (or any `Shared` of its key) changes.
  /// - Parameter base: The shared value.
  public init(_ base: Shared<Value>) {
    self.init(reading: base.access)
  }

  /// The value `base` holds, as a `SharedReader` of its own, or `nil` when `base` holds `nil`
  /// now (see `Shared.init(_:)`, which this mirrors for readers).
  /// - Parameter base: A shared optional, read only.
  public init?(_ base: SharedReader<Value?>) {
    guard let value = base.wrappedValue else { return nil }
    self.init(reading: SharedUnwrappedReading(base: base.reading, last: SharedLastValue(value)))
  }

  /// A read-only view of what `base` holds, or `nil` when `base` holds `nil` now.
  /// - Parameter base: A shared optional.
  public init?(_ base: Shared<Value?>) {
    self.init(SharedReader<Value?>(base))
  }

  /// The same `SharedReader`: what Swift calls for a `@SharedReader` closure parameter given
  /// `$value`.
  /// - Parameter projectedValue: The reader.
  public init(projectedValue: Self) {
    self = projectedValue
  }

  /// The current value, whoever changed it last.
  public var wrappedValue: Value { reading.read() }

  /// The `SharedReader` itself: `state.$soundOn`, to hand it to a child feature.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// A `SharedReader` of a member of this value: `state.$settings.volume`.
  /// - Parameter member: The member.
  public subscript<Member: Sendable>(
    dynamicMember member: any KeyPath<Value, Member> & Sendable
  ) -> SharedReader<Member> {
    SharedReader<Member>(reading: SharedMemberReading(base: reading, member: member))
  }

  /// Names the value in diagnostics and test failures, e.g. `.appStorage("soundOn")`.
  public var keyDescription: String { reading.keyDescription }
}

extension SharedReader {
  /// The element with `id` of this shared `IdentifiedArray`, `nil` while the array has none.
  /// Unwrap it with `SharedReader.init(_:)`: `SharedReader($meetings[id: id])`.
  /// - Parameter id: The element's ID.
  public subscript<ID: Hashable & Sendable, Element: Sendable>(id id: ID) -> SharedReader<Element?>
  where Value == IdentifiedArray<ID, Element> {
    SharedReader<Element?>(reading: SharedElementReading(base: reading, id: id))
  }
}

extension SharedReader: Equatable where Value: Equatable {
  /// Whether both hold equal values now (see ``Shared``'s `==`).
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
}

extension SharedReader: Hashable where Value: Hashable {
  /// Hashes the current value.
  public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

extension SharedReader: Identifiable where Value: Identifiable {
  /// The current value's ID.
  public var id: Value.ID { wrappedValue.id }
}

extension SharedReader: SharedValueHolder {
  var sharedRoot: any AnySharedReference { reading.root }
}

extension SharedReader: CustomReflectable {
  /// Reflects the current value, so that state dumps and test diffs show the value.
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue) }
}

extension SharedReader: CustomStringConvertible {
  /// The current value's description.
  public var description: String { String(describing: wrappedValue) }
}
