import Synchronization

/// The object that stands for an effect node outside the registry: what a ``StoreTask`` and an
/// effect's ``Send`` hold. It names its node, describes it for diagnostics, and remembers the
/// node's outcome once the node's slot is freed and reused.
///
/// Not final: a `.run` effect's record is an ``EffectTaskRecord``, which also holds what its task
/// runs.
// `@unchecked` only because the class is not final: every stored property, here and in the
// subclass, is an immutable `let` of a `Sendable` type, and `status` is atomic.
@usableFromInline class EffectRecord: @unchecked Sendable {
  /// The node this record stands for.
  @usableFromInline final let node: EffectNodeID
  final let origin: SourceLocation?
  final let label: String?
  /// The action whose reduce launched this effect, for diagnostics.
  final let startedBy: (any Sendable)?
  /// The node's outcome so far: written by registry transitions only (under its lock, with
  /// release ordering), read from anywhere without the lock.
  final let status = Atomic<Status.RawValue>(0)

  /// What has happened to a record's node.
  struct Status: OptionSet {
    let rawValue: UInt8
    /// The node was cancelled, by any means.
    static let cancelled = Status(rawValue: 1 << 0)
    /// The send the node tracks was cancelled as a whole (see ``EffectNode/Flags/cancelledAsSend``).
    static let cancelledAsSend = Status(rawValue: 1 << 1)
    /// The node finished transitively; its slot is free.
    static let finished = Status(rawValue: 1 << 2)
  }

  @usableFromInline init(node: EffectNodeID, origin: SourceLocation?, label: String?, startedBy: (any Sendable)?) {
    self.node = node
    self.origin = origin
    self.label = label
    self.startedBy = startedBy
  }

  /// The record of a send's origin, the node a ``StoreTask`` tracks.
  static func sendOrigin(_ node: EffectNodeID) -> EffectRecord {
    EffectRecord(node: node, origin: nil, label: "send", startedBy: nil)
  }

  /// The outcome so far.
  final var currentStatus: Status { Status(rawValue: status.load(ordering: .acquiring)) }

  /// Adds `change` to the outcome; called by registry transitions, under the registry's lock.
  final func publish(_ change: Status) {
    status.bitwiseOr(change.rawValue, ordering: .releasing)
  }

  /// "effect started at Feature.swift:12 by action .load", for diagnostics.
  final var diagnosticDescription: String {
    var text = label.map { "\($0) effect" } ?? "effect"
    if let origin { text += " started at \(origin)" }
    if let startedBy { text += " by action \(startedBy)" }
    return text
  }
}
