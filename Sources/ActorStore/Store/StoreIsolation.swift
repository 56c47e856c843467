// A store tree runs on one serial executor, on which up to three kinds of actor are isolated:
// the `Store`s themselves (the root and every store scoped from it), the root engine's
// `StoreIsolation`, and, for a tree given no serial executor, its `StoreIsolationAnchor`. Only the
// stores have behaviour of their own; the other two exist for lifetimes, as below.

/// An empty default actor that only owns a default actor executor: a store tree given no serial
/// executor (``StoreExecutor/serialExecutor`` is `nil`) borrows this actor's executor for its
/// root store, every store scoped from it and its ``StoreIsolation``, so that they all share one
/// default actor queue.
///
/// Nothing is ever isolated to the anchor itself; it exists because a default actor's executor
/// is only valid while that actor lives. The root store's engine owns the anchor, and the engine
/// outlives everything that runs on the borrowed executor: the stores (which hold the root
/// store, which holds the engine) and the effects (which hold the engine). The root store could
/// not lend its own executor instead: its effects may still run after it is released.
actor StoreIsolationAnchor {}

/// The store tree's serial executor as an actor of its own, owned by the root store's engine:
/// an effect hops onto it to deliver its actions (and a concatenation to launch its items)
/// without holding the ``Store``.
///
/// Isolated to the store, an effect would keep the store alive for as long as it runs; releasing
/// the root store is what cancels its effects, so a running effect would then never be
/// cancelled. Isolated to this actor instead, an effect holds only the engine (the live state
/// and the registry), and the store's release still cancels it.
@usableFromInline actor StoreIsolation {
  @usableFromInline nonisolated let unownedExecutor: UnownedSerialExecutor

  /// Creates the actor.
  /// - Parameter executor: The store tree's serial executor; its owner keeps it alive.
  init(executor: UnownedSerialExecutor) { unownedExecutor = executor }
}
