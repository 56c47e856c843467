/// One node of a store's effect tree: a running task, a `cancellable` group, a pending
/// `concatenate` item, or the origin of one `send`.
///
/// A record is *structurally* finished when its own work and its structural children (the
/// effect's own sub-effects) are done: it leaves the cancellation index and a `concatenate`
/// moves on. It is *transitively* finished when, in addition, every effect started by actions
/// it sent is done: ``StoreTask/finish()`` waits for that.
///
/// Not final: a `.run` effect's record is an ``EffectTaskRecord``, which also holds what its task
/// runs. Every member here is `final`, so that none is reached through dynamic dispatch.
@usableFromInline class EffectRecord: @unchecked Sendable {
  // Every `var` below is read and written only under the owning EffectRegistry's mutex, so the
  // dynamic exclusivity checks a class property pays on each modification buy nothing here.
  @usableFromInline final let origin: SourceLocation?
  final let label: String?
  /// The action whose reduce launched this effect, for diagnostics.
  final let startedBy: (any Sendable)?
  @exclusivity(unchecked) final var parent: EffectRecord?
  @exclusivity(unchecked) final var isSpawned = false
  /// Whether the record runs a task of its own (a `run`, a `concatenate`, a throttle's wait).
  @exclusivity(unchecked) final var isTask = false
  @exclusivity(unchecked) final var firstChild: EffectRecord?
  @exclusivity(unchecked) final var nextSibling: EffectRecord?
  @exclusivity(unchecked) final var previousSibling: EffectRecord?
  @exclusivity(unchecked) final var task: EffectTask?
  @exclusivity(unchecked) final var keys = EffectKeys.none
  @exclusivity(unchecked) final var openStructural = 1
  @exclusivity(unchecked) final var openTransitive = 1
  /// The order the record was opened in, so that cancelling several records under one ID
  /// visits them in a reproducible order (never by address).
  @exclusivity(unchecked) final var serial: UInt64 = 0
  @exclusivity(unchecked) final var isCancelled = false
  /// Whether the send this record tracks was cancelled as a whole (``StoreTask/cancel()``, or
  /// the cancelled wait of its `finish()`), as opposed to the record alone, by an ID: the two
  /// differ for a task record standing for its send's origin.
  @exclusivity(unchecked) final var isCancelledAsSend = false
  /// Whether the record was cancelled transitively (with its send, or its store), so that a
  /// record spawned below it later opens cancelled too; a cancel by ID leaves it `false`.
  final var cancelsSpawned = false
  @exclusivity(unchecked) final var isStructurallyFinished = false
  @exclusivity(unchecked) final var isTransitivelyFinished = false
  @exclusivity(unchecked) final var structuralWaiters = EffectWaiters()
  @exclusivity(unchecked) final var transitiveWaiters = EffectWaiters()

  @usableFromInline init(origin: SourceLocation?, label: String?, startedBy: (any Sendable)? = nil) {
    self.origin = origin
    self.label = label
    self.startedBy = startedBy
  }

  /// "effect started at Feature.swift:12 by action .load", for diagnostics.
  final var diagnosticDescription: String {
    var text = label.map { "\($0) effect" } ?? "effect"
    if let origin { text += " started at \(origin)" }
    if let startedBy { text += " by action \(startedBy)" }
    return text
  }
}
