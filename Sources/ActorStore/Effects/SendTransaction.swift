import Synchronization

/// The transaction an effect's ``Send/callAsFunction(_:within:)`` applies its action's state
/// change within, carried to the store with the send's task.
///
/// A task-local value, so that it reaches the store through every layer a `Send` may be mapped
/// through (a child feature's effects) without each layer passing it on. The store reads it only
/// once some send in the process has used a transaction (one relaxed atomic load otherwise).
@usableFromInline enum SendTransaction {
  @usableFromInline typealias Body = @MainActor @Sendable (_ update: () -> Void) -> Void

  @usableFromInline @TaskLocal static var current: Body?

  /// Whether any send has used a transaction since the process started.
  @usableFromInline static let wasEverUsed = Atomic(false)

  /// Records that a send uses a transaction.
  static func markUsed() { wasEverUsed.store(true, ordering: .relaxed) }
}
