import Synchronization

/// How a store finds the shared values its state holds, with no help from the feature's code:
/// it walks its state with `Mirror` when it publishes, but only after some ``Shared`` was made
/// since its last walk.
///
/// A state comes to hold a shared value it did not hold before through a `Shared` made somewhere
/// (a key used in a child state's initializer, `Shared(value:)`): a copy of a `Shared` the state
/// already holds is the same value. So every such making bumps ``epoch``, and a store that has
/// seen the current epoch and holds no shared value skips all of this with one relaxed atomic
/// load: the per-action cost for stores without shared state. A walk costs time in proportion to
/// the state; it happens once per store per burst of `Shared`s made (opening a screen), not per
/// action. A root store also walks its initial state. Deriving a member (`$value.member`) makes
/// no new value and bumps nothing, so that a reducer doing it on every action does not make every
/// store walk its state: a derived `Shared` (or any `Shared` made before) that reaches a store's
/// state only inside an action's payload is found at that store's next walk. Class instances in
/// the state are not walked into (no cycles, no shared mutable objects); a `Shared` held only
/// inside one is not seen.
@usableFromInline enum SharedDiscovery {
  /// Bumped each time a `Shared` is made.
  @usableFromInline static let epoch = Atomic<UInt64>(0)

  /// Records that a `Shared` was made: every store walks its state at its next publication.
  static func noteNewShared() { epoch.add(1, ordering: .relaxed) }

  /// The shared values `value` holds, by identity of their reference.
  static func references(in value: Any) -> [ObjectIdentifier: any AnySharedReference] {
    var found: [ObjectIdentifier: any AnySharedReference] = [:]
    collect(value, into: &found)
    return found
  }

  private static func collect(_ value: Any, into found: inout [ObjectIdentifier: any AnySharedReference]) {
    if let holder = value as? any SharedValueHolder {
      let reference = holder.sharedRoot
      found[ObjectIdentifier(reference)] = reference
      return
    }
    // Text holds no `Shared`: not walked character by character.
    if value is any StringProtocol { return }
    // Any collection through its elements (an `IdentifiedArray` keeps them in storage a mirror
    // would not show), without a mirror per element.
    if let collection = value as? any Collection { return collectElements(of: collection, into: &found) }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .class { return }
    for child in mirror.children { collect(child.value, into: &found) }
  }

  private static func collectElements(
    of collection: some Collection, into found: inout [ObjectIdentifier: any AnySharedReference]
  ) {
    for element in collection { collect(element, into: &found) }
  }
}

/// A value that is, or reaches, a shared reference: ``Shared``, ``SharedReader``.
protocol SharedValueHolder {
  /// The reference a store holding this value subscribes to.
  var sharedRoot: any AnySharedReference { get }
}

/// A ``Shared`` or ``SharedReader`` of an `Equatable` value, read as a member of an
/// `ObservableStore` (`store.$meetings`): every state holds the same reference, whose `==`
/// compares the newest values, so the member is compared by the value it held when last shown.
@usableFromInline protocol SharedValueSnapshotting {
  /// The current value, a copy to compare with later.
  func valueSnapshot() -> any Sendable
  /// Whether two snapshots of this value are equal.
  func isEqual(_ snapshot: any Sendable, to other: any Sendable) -> Bool
}

extension Shared: SharedValueSnapshotting where Value: Equatable {
  @usableFromInline func valueSnapshot() -> any Sendable { wrappedValue }

  @usableFromInline func isEqual(_ snapshot: any Sendable, to other: any Sendable) -> Bool {
    (snapshot as? Value) == (other as? Value)
  }
}

extension SharedReader: SharedValueSnapshotting where Value: Equatable {
  @usableFromInline func valueSnapshot() -> any Sendable { wrappedValue }

  @usableFromInline func isEqual(_ snapshot: any Sendable, to other: any Sendable) -> Bool {
    (snapshot as? Value) == (other as? Value)
  }
}
