@_spi(Testing) import ActorStore

/// Every action a ``TestStore``'s reducer processed, with the state right after it, in order.
final class ActionLog<State: Sendable, Action: Sendable>: Sendable {
  struct Entry: Sendable {
    let action: Action
    let state: State
    /// The shared values of the test store's storage right after the action: the state's
    /// `Shared` members read the newest values, so their values at each step are kept here.
    let shared: SharedSnapshot
  }

  private let entries = Locked<[Entry]>([])

  func append(_ entry: Entry) { entries.withLock { $0.append(entry) } }

  /// Whether nothing was logged since the last ``drain()``.
  var isEmpty: Bool { entries.withLock { $0.isEmpty } }

  /// Takes every entry logged so far.
  func drain() -> [Entry] {
    entries.withLock { entries in
      defer { entries = [] }
      return entries
    }
  }
}

/// Runs a reducer and logs each action with the state (and shared values) it produced.
struct RecordingReducer<Base: Reducer>: Reducer {
  let base: Base
  let log: ActionLog<Base.State, Base.Action>
  let sharedStorage: SharedStorage

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let effect = base.reduce(into: &state, action: action)
    log.append(.init(action: action, state: state, shared: sharedStorage.snapshot()))
    return effect
  }
}
