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
    forEachHolder(in: value) { holder in
      let reference = holder.sharedRoot
      found[ObjectIdentifier(reference)] = reference
    }
    return found
  }

  /// Calls `body` with each `Shared` or `SharedReader` `value` is or holds, in a fixed order (the
  /// order of stored properties, then of elements): two walks of equal values visit their
  /// holders in the same order, which is what lets `ObservableStore` compare them by position.
  static func forEachHolder(in value: Any, _ body: (any SharedValueHolder) -> Void) {
    if let holder = value as? any SharedValueHolder { return body(holder) }
    // Text holds no `Shared`: not walked character by character.
    if value is any StringProtocol { return }
    // Any collection through its elements (an `IdentifiedArray` keeps them in storage a mirror
    // would not show), without a mirror per element.
    if let collection = value as? any Collection { return forEachElementHolder(of: collection, body) }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .class { return }
    for child in mirror.children { forEachHolder(in: child.value, body) }
  }

  private static func forEachElementHolder(
    of collection: some Collection, _ body: (any SharedValueHolder) -> Void
  ) {
    for element in collection { forEachHolder(in: element, body) }
  }
}

/// A value that is, or reaches, a shared reference: ``Shared``, ``SharedReader``.
protocol SharedValueHolder {
  /// The reference a store holding this value subscribes to.
  var sharedRoot: any AnySharedReference { get }
}

/// A ``Shared`` or ``SharedReader`` of an `Equatable` value that a member of an `ObservableStore`
/// is (`store.$meetings`) or holds (`store.detail`): every state holds the same reference, whose
/// `==` compares the newest values, so once its version moved the member compares the value it
/// held when last shown with the value now (see `SharedValuesShown`).
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
