import ActorStoreTesting

/// Who sends what in the `send` scenario, drawn from the seed: each sender's way of sending and
/// how its actions are batched.
struct SendPlan: Sendable {
  /// How a sender gets its actions into the store.
  enum Route: CaseIterable, Sendable {
    /// `await store.send(.deliver(…))` from an outside task, one action per send.
    case awaited
    /// `await store.send(.chain(…))`: a batch of actions produced by `.send` effects.
    case chained
    /// `await store.send(.spawn(…)).finish()`: an effect task delivers the batch.
    case fromEffect
    /// `await child.send(.deliver(…))` through a scoped child store.
    case throughChild
  }

  struct Sender: Sendable {
    let route: Route
    /// Batch sizes, summing to the sender's share of the actions.
    let batches: [Int]
    var actions: Int { batches.reduce(0, +) }
  }

  let senders: [Sender]
  var actions: Int { senders.reduce(0) { $0 + $1.actions } }

  /// The most senders a plan has.
  static let maximumSenders = 16
  /// The largest batch.
  static let maximumBatch = 64

  /// Splits `actions` between up to ``maximumSenders`` senders, every route equally used.
  /// - Parameters:
  ///   - actions: Actions to send in all.
  ///   - seed: Draws the routes' assignment and the batch sizes.
  init(actions: Int, seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let count = max(1, min(Self.maximumSenders, actions))
    let routes = Route.allCases
    let offset = Int.random(in: 0..<routes.count, using: &random)
    senders = (0..<count).map { index in
      var share = actions / count + (index < actions % count ? 1 : 0)
      var batches: [Int] = []
      while share > 0 {
        let batch = min(share, Int.random(in: 1...Self.maximumBatch, using: &random))
        batches.append(batch)
        share -= batch
      }
      return Sender(route: routes[(index + offset) % routes.count], batches: batches)
    }
  }
}
