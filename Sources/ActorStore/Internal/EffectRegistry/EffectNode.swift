/// Names a node of a registry's effect tree: its slot in the node table, and the serial number
/// it was opened with. Serials are unique in a registry and never reused, so an ID whose slot now
/// holds another node (or none) names a node that has finished: a stale ID is never mistaken for
/// a live one.
@usableFromInline struct EffectNodeID: Hashable, Sendable {
  let slot: UInt32
  /// The order the node was opened in: trace events number effects with it, and cancelling
  /// several nodes under one ID visits them by it (never by slot or address).
  @usableFromInline let serial: UInt64

  @usableFromInline init(slot: UInt32, serial: UInt64) {
    self.slot = slot
    self.serial = serial
  }
}

/// One node of a registry's effect tree, kept by value in the registry's node table: a running
/// task, a `cancellable` or element-scope group, a pending `concatenate` item's gate, or the
/// origin of one `send`.
///
/// A node is *structurally* finished when its own work and its structural children (the
/// effect's own sub-effects) are done: it leaves the cancellation index and a `concatenate`
/// moves on. It is *transitively* finished when, in addition, every effect started by actions it
/// sent (its spawned children) is done: ``StoreTask/finish()`` waits for that, and the node's
/// slot is then freed.
struct EffectNode {
  /// The slot value that links to no node.
  static let none = UInt32.max

  struct Flags: OptionSet {
    let rawValue: UInt8
    /// Started by an action the parent sent, rather than part of the parent's own work.
    static let spawned = Flags(rawValue: 1 << 0)
    /// Runs a task of its own (a `run`, a `concatenate`, a throttle's wait).
    static let task = Flags(rawValue: 1 << 1)
    static let cancelled = Flags(rawValue: 1 << 2)
    /// Cancelled transitively (with its send, or its store), so that a node spawned below it
    /// later opens cancelled too; a cancel by ID leaves it unset.
    static let cancelsSpawned = Flags(rawValue: 1 << 4)
    static let structurallyFinished = Flags(rawValue: 1 << 5)
    /// The slot is free: the node finished transitively.
    static let free = Flags(rawValue: 1 << 6)
  }

  var serial: UInt64
  var flags: Flags
  var parent = EffectNode.none
  var firstChild = EffectNode.none
  var nextSibling = EffectNode.none
  var previousSibling = EffectNode.none
  /// Units of own work (the task, or a launcher's hold) and structural children still open.
  var openStructural: Int32 = 1
  /// `openStructural`'s units plus spawned children still open.
  var openTransitive: Int32 = 1
  var keys = TinyArray<EffectKey>()
  var task: EffectTask?
  /// The object that outlives the node for its holders (a `Send`, a ``StoreTask``): it learns the
  /// node's outcome (see ``EffectRecord/Status``) and describes it. Groups have none.
  var record: EffectRecord?
  var structuralWaiters = TinyArray<UnsafeContinuation<Void, Never>>()
  var transitiveWaiters = TinyArray<UnsafeContinuation<Void, Never>>()

  init(serial: UInt64, flags: Flags, record: EffectRecord?) {
    self.serial = serial
    self.flags = flags
    self.record = record
  }

  var isCancelled: Bool { flags.contains(.cancelled) }
  var isTask: Bool { flags.contains(.task) }
  var isSpawned: Bool { flags.contains(.spawned) }
  var isStructurallyFinished: Bool { flags.contains(.structurallyFinished) }
}
