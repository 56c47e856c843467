/// One thing that happened in a traced store tree: an action arrived, an effect started, was
/// cancelled or finished, or an action was dropped.
///
/// Events carry a sequence number, strictly increasing in the order the store tree produced
/// them and shared by every store tree tracing into the same sink, so that no two events of a
/// sink carry the same number; a gap means events were dropped (see ``StoreTraceStatistics``).
public struct StoreTraceEvent: Sendable, CustomStringConvertible {
  /// The event's position in the trace, from 1.
  public let sequence: UInt64
  /// What happened.
  public let kind: Kind

  /// Creates an event.
  /// - Parameters:
  ///   - sequence: The position in the trace.
  ///   - kind: What happened.
  public init(sequence: UInt64, kind: Kind) {
    self.sequence = sequence
    self.kind = kind
  }

  /// What happened.
  public enum Kind: Sendable {
    /// An action entered the store, to be reduced in this batch.
    case actionReceived(action: any Sendable, source: ActionSource)
    /// An effect task was launched (a `run`, a `concatenate` or a throttle's wait).
    // Boxed: the other cases stay small, so events copy cheaply into a trace buffer.
    indirect case effectStarted(EffectStart)
    /// An effect was cancelled; it delivers no further action.
    case effectCancelled(effect: UInt64, cause: CancellationCause)
    /// An effect's task ended (after its cancellation, if it was cancelled).
    case effectFinished(effect: UInt64)
    /// An action was never reduced.
    case actionDropped(action: any Sendable, reason: DropReason)
    /// ``Effect/cancel(id:fileID:filePath:line:column:)``, called at `site` (`file:line`), named an
    /// ID no effect of the store tree was ever tagged with in that scope (the collection
    /// elements, outermost first).
    /// Normal when a feature cancels a request before starting its first one; a typo or a
    /// mis-scoped ID when it never matches.
    case unusedIDCancelled(id: String, scopePath: [String], site: String)
  }

  /// Where an action came from.
  public enum ActionSource: Sendable, Hashable {
    /// A call to `Store.send` (on the root store or a scoped one).
    case outside
    /// An ``Effect/send(_:)`` effect returned by the reducer.
    case sendEffect
    /// The `send` of the effect with this number.
    case effect(UInt64)
  }

  /// Why an effect was cancelled.
  public enum CancellationCause: Sendable, Hashable {
    /// ``Effect/cancel(id:fileID:filePath:line:column:)``, or
    /// `cancellable(id:cancelInFlight: true)`, with this ID.
    case id(String)
    /// Its collection element was removed (or its `ifLet` state cleared).
    case elementRemoved(String)
    /// `StoreTask.cancel()`, or the cancellation of a task awaiting ``StoreTask/finish()``.
    case storeTask
    /// Its store was released (or every effect of the tree was cancelled at once).
    case storeReleased
    /// It was launched inside an effect that was cancelled already.
    case enclosingCancelled
  }

  /// Why an action was never reduced.
  public enum DropReason: Sendable, Hashable {
    /// The effect with this number sent it after being cancelled.
    case effectCancelled(UInt64)
    /// An effect sent it after its store was released.
    case storeReleased
    /// It was sent to a scoped store whose state is gone (e.g. a removed element).
    case stateRemoved
  }

  /// Everything known about an effect when it starts.
  public struct EffectStart: Sendable {
    /// The effect's number, used by the later events about it.
    public let effect: UInt64
    /// `run`, `concatenate` or `throttled`.
    public let operation: String
    /// The cancellation IDs it was launched under, innermost first.
    public let cancellationIDs: [String]
    /// The collection elements it belongs to, outermost first; empty at the top level.
    public let scopePath: [String]
    /// Where the effect was created (`file:line`), for `run` effects.
    public let origin: String?
    /// The action whose reduce returned it.
    public let startedBy: (any Sendable)?
    /// The effect whose action started it; `nil` when it descends from an outside send.
    public let parentEffect: UInt64?

    /// Creates a description of an effect start.
    /// - Parameters:
    ///   - effect: The effect's number.
    ///   - operation: `run`, `concatenate` or `throttled`.
    ///   - cancellationIDs: Its cancellation IDs, innermost first.
    ///   - scopePath: Its collection elements, outermost first.
    ///   - origin: Where it was created.
    ///   - startedBy: The action whose reduce returned it.
    ///   - parentEffect: The effect whose action started it.
    public init(
      effect: UInt64, operation: String, cancellationIDs: [String], scopePath: [String], origin: String?,
      startedBy: (any Sendable)?, parentEffect: UInt64?
    ) {
      self.effect = effect
      self.operation = operation
      self.cancellationIDs = cancellationIDs
      self.scopePath = scopePath
      self.origin = origin
      self.startedBy = startedBy
      self.parentEffect = parentEffect
    }
  }

  /// One line for people, e.g. `#12 effect 7 cancelled: cancel(id: fact)`.
  public var description: String {
    let head = "#\(sequence) "
    switch kind {
    case .actionReceived(let action, let source):
      let from =
        switch source {
        case .outside: "send"
        case .sendEffect: ".send effect"
        case .effect(let effect): "effect \(effect)"
        }
      return head + "action \(action) from \(from)"
    case .effectStarted(let start):
      var text = head + "effect \(start.effect) started (\(start.operation)"
      if let origin = start.origin { text += " at \(origin)" }
      text += ")"
      if let startedBy = start.startedBy { text += " by \(startedBy)" }
      if let parent = start.parentEffect { text += " via effect \(parent)" }
      if !start.cancellationIDs.isEmpty { text += " ids [\(start.cancellationIDs.joined(separator: ", "))]" }
      if !start.scopePath.isEmpty { text += " in \(start.scopePath.joined(separator: " / "))" }
      return text
    case .effectCancelled(let effect, let cause):
      let why =
        switch cause {
        case .id(let id): "cancel(id: \(id))"
        case .elementRemoved(let element): "removal of \(element)"
        case .storeTask: "StoreTask.cancel"
        case .storeReleased: "store released"
        case .enclosingCancelled: "enclosing effect cancelled"
        }
      return head + "effect \(effect) cancelled: \(why)"
    case .effectFinished(let effect):
      return head + "effect \(effect) finished"
    case .actionDropped(let action, let reason):
      let why =
        switch reason {
        case .effectCancelled(let effect): "effect \(effect) was cancelled"
        case .storeReleased: "store released"
        case .stateRemoved: "scoped state removed"
        }
      return head + "action \(action) dropped: \(why)"
    case .unusedIDCancelled(let id, let scopePath, let site):
      let scope = scopePath.isEmpty ? "" : " in \(scopePath.joined(separator: " / "))"
      return head + "cancel(id: \(id))\(scope) at \(site) matched no effect ever tagged with that ID"
    }
  }

  /// The event as one line of JSON (no line break), e.g.
  /// `{"seq":3,"event":"effectFinished","effect":1}`.
  public var jsonLine: String {
    var object = JSONObject()
    object.add("seq", sequence)
    switch kind {
    case .actionReceived(let action, let source):
      object.add("event", "actionReceived")
      object.add("action", "\(action)")
      switch source {
      case .outside: object.add("source", "outside")
      case .sendEffect: object.add("source", "sendEffect")
      case .effect(let effect):
        object.add("source", "effect")
        object.add("effect", effect)
      }
    case .effectStarted(let start):
      object.add("event", "effectStarted")
      object.add("effect", start.effect)
      object.add("operation", start.operation)
      object.add("ids", start.cancellationIDs)
      object.add("scope", start.scopePath)
      if let origin = start.origin { object.add("origin", origin) }
      if let startedBy = start.startedBy { object.add("startedBy", "\(startedBy)") }
      if let parent = start.parentEffect { object.add("parentEffect", parent) }
    case .effectCancelled(let effect, let cause):
      object.add("event", "effectCancelled")
      object.add("effect", effect)
      switch cause {
      case .id(let id):
        object.add("cause", "id")
        object.add("id", id)
      case .elementRemoved(let element):
        object.add("cause", "elementRemoved")
        object.add("element", element)
      case .storeTask: object.add("cause", "storeTask")
      case .storeReleased: object.add("cause", "storeReleased")
      case .enclosingCancelled: object.add("cause", "enclosingCancelled")
      }
    case .effectFinished(let effect):
      object.add("event", "effectFinished")
      object.add("effect", effect)
    case .actionDropped(let action, let reason):
      object.add("event", "actionDropped")
      object.add("action", "\(action)")
      switch reason {
      case .effectCancelled(let effect):
        object.add("reason", "effectCancelled")
        object.add("effect", effect)
      case .storeReleased: object.add("reason", "storeReleased")
      case .stateRemoved: object.add("reason", "stateRemoved")
      }
    case .unusedIDCancelled(let id, let scopePath, let site):
      object.add("event", "unusedIDCancelled")
      object.add("id", id)
      object.add("scope", scopePath)
      object.add("site", site)
    }
    return object.text
  }
}
