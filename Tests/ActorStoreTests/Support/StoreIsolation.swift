import ActorStore

extension Store {
  /// Runs `body` isolated to this store, so that a test can check which other stores share its
  /// executor (`other.assumeIsolated` traps unless they do).
  func isolated<T: Sendable>(_ body: @Sendable (isolated Store) -> T) -> T { body(self) }
}
