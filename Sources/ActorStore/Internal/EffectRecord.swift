/// One node of a store's effect tree: a running task, a `cancellable` group, a pending
/// `concatenate` item, or the origin of one `send`.
///
/// A record is *structurally* finished when its own work and its structural children (the
/// effect's own sub-effects) are done: it leaves the cancellation index and a `concatenate`
/// moves on. It is *transitively* finished when, in addition, every effect started by actions
/// it sent is done: ``StoreTask/finish()`` waits for that.
@usableFromInline final class EffectRecord: @unchecked Sendable {
  // Every `var` below is read and written only under the owning EffectRegistry's mutex.
  @usableFromInline let origin: SourceLocation?
  let label: String?
  /// The action whose reduce launched this effect, for diagnostics.
  let startedBy: (any Sendable)?
  var parent: EffectRecord?
  var isSpawned = false
  /// Whether the record runs a task of its own (a `run`, a `concatenate`, a throttle's wait).
  var isTask = false
  var firstChild: EffectRecord?
  var nextSibling: EffectRecord?
  var previousSibling: EffectRecord?
  var task: EffectTask?
  var keys = EffectKeys.none
  var openStructural = 1
  var openTransitive = 1
  /// The order the record was opened in, so that cancelling several records under one ID
  /// visits them in a reproducible order (never by address).
  var serial: UInt64 = 0
  var isCancelled = false
  var isStructurallyFinished = false
  var isTransitivelyFinished = false
  var structuralWaiters: [UnsafeContinuation<Void, Never>] = []
  var transitiveWaiters: [UnsafeContinuation<Void, Never>] = []

  @usableFromInline init(origin: SourceLocation?, label: String?, startedBy: (any Sendable)? = nil) {
    self.origin = origin
    self.label = label
    self.startedBy = startedBy
  }

  /// "effect started at Feature.swift:12 by action .load", for diagnostics.
  var diagnosticDescription: String {
    var text = label.map { "\($0) effect" } ?? "effect"
    if let origin { text += " started at \(origin)" }
    if let startedBy { text += " by action \(startedBy)" }
    return text
  }
}
