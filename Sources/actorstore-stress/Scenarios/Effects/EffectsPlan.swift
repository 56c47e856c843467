import ActorStoreTesting

/// What happens to each effect of the `effects` scenario, drawn from the seed. Effects are
/// numbered by *token*; several tokens share each cancellation ID.
struct EffectsPlan: Sendable {
  /// How an effect ends.
  enum Fate: UInt8, Sendable {
    /// Runs to its end.
    case finishes
    /// Its `StoreTask` is cancelled from outside, at once or after a few yields.
    case taskCancelled
    /// The reducer cancels its ID (and so every effect under that ID).
    case idCancelled
  }

  let tokens: Int
  let ids: Int
  /// Per token: actions its effect sends before its last one.
  let steps: [UInt8]
  let fates: [Fate]
  /// Per token: whether it starts with `cancelInFlight: true`, replacing its ID's effects.
  let replaces: [Bool]
  /// Per token: yields before a `taskCancelled` or `idCancelled` fate strikes.
  let delays: [UInt8]
  /// Per token: whether its effect runs first in a `concatenate`, ahead of an epilogue effect that
  /// is not cancellable by ID. Every fifth token that does not replace its ID's effects: an item
  /// applies `cancelInFlight` as it starts, a moment the ledger cannot see.
  let concatenated: [Bool]

  /// The most actions an effect sends before its last one.
  static let maximumSteps: UInt8 = 3
  /// Tokens per cancellation ID, on average.
  static let tokensPerID = 8

  /// Draws a plan.
  /// - Parameters:
  ///   - tokens: Effects to start.
  ///   - seed: The seed.
  init(tokens: Int, seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    self.tokens = tokens
    ids = max(1, tokens / Self.tokensPerID)
    var steps: [UInt8] = []
    var fates: [Fate] = []
    var replaces: [Bool] = []
    var delays: [UInt8] = []
    for _ in 0..<tokens {
      steps.append(UInt8.random(in: 0...Self.maximumSteps, using: &random))
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<5: fates.append(.finishes)
      case 5..<8: fates.append(.taskCancelled)
      default: fates.append(.idCancelled)
      }
      replaces.append(Int.random(in: 0..<10, using: &random) == 0)
      delays.append(UInt8.random(in: 0...3, using: &random))
    }
    self.steps = steps
    self.fates = fates
    self.replaces = replaces
    self.delays = delays
    concatenated = (0..<tokens).map { $0 % 5 == 0 && !replaces[$0] }
  }

  /// The cancellation ID of `token`.
  func id(of token: Int) -> Int { token % ids }
}
