import ActorStore

/// The feature the `send` scenario hammers. Every action carries its sender and that sender's
/// sequence number; the reducer checks that each number arrives once and in order.
struct SendFeature: Reducer {
  struct State: Sendable {
    /// The sequence number expected next from each sender.
    var nextSequence: [Int]
    /// Actions reduced, in order or not.
    var reduced = 0
    /// Actions that arrived out of order, twice, or after a lost one.
    var misordered = 0
    var firstMisordered: String?
    var trace = TraceHash()

    init(senders: Int) { nextSequence = Array(repeating: 0, count: senders) }

    /// Counts `sequence` from `sender`, checking it is the next expected one.
    mutating func accept(_ sequence: Int, from sender: Int) {
      reduced += 1
      trace.record(sender, sequence)
      if sequence == nextSequence[sender] {
        nextSequence[sender] += 1
      } else {
        misordered += 1
        if firstMisordered == nil {
          firstMisordered = "sender \(sender) delivered #\(sequence) when #\(nextSequence[sender]) was expected"
        }
        nextSequence[sender] = max(nextSequence[sender], sequence + 1)
      }
    }
  }

  enum Action: Sendable {
    /// One numbered action.
    case deliver(sender: Int, sequence: Int)
    /// Numbered actions `sequence`, `sequence + 1`, … produced by `.send` effects, `remaining`
    /// more after this one.
    case chain(sender: Int, sequence: Int, remaining: Int)
    /// Starts an effect that delivers `count` numbered actions from `first`.
    case spawn(sender: Int, first: Int, count: Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .deliver(let sender, let sequence):
      state.accept(sequence, from: sender)
      return .none
    case .chain(let sender, let sequence, let remaining):
      state.accept(sequence, from: sender)
      return remaining > 0 ? .send(.chain(sender: sender, sequence: sequence + 1, remaining: remaining - 1)) : .none
    case .spawn(let sender, let first, let count):
      return .run { send in
        for sequence in first..<(first + count) { await send(.deliver(sender: sender, sequence: sequence)) }
      }
    }
  }
}
