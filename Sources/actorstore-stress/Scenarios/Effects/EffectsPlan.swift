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
  /// Per token: whether its effect is throttled or debounced, under an ID of its own kind.
  let timings: [Timing]

  /// How a token's effect is timed. A timed effect is not cancellable by the plan's IDs, does not
  /// replace its ID's effects and runs in no `concatenate`; its `idCancelled` fate cancels its
  /// timing ID instead (which reaches it waiting or running).
  enum Timing: UInt8, Sendable {
    case none
    /// `throttle(id:for:clock:latest: false)`: may be dropped, or start at its interval's end.
    case throttled
    /// `throttle(id:for:clock:latest: true)`: may be dropped, or replaced while it waits.
    case throttledLatest
    /// `debounce(id:for:clock:)`: replaced (cancelled, even running) by the next of its ID.
    case debounced

    /// Whether the effect is timed at all.
    var isTimed: Bool { self != .none }

    /// How reports name it.
    var label: String {
      switch self {
      case .none: "untimed"
      case .throttled: "throttled"
      case .throttledLatest: "throttled (latest)"
      case .debounced: "debounced"
      }
    }
  }

  /// A throttle's interval, and a debounce's wait.
  static let timingInterval = Duration.milliseconds(1)
  /// IDs per timing kind: few, so that each sees bursts.
  static let timingIDs = 4

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
    // Drawn after the rest, so that the untimed tokens' plan is the one each seed always drew.
    var timings: [Timing] = []
    for token in 0..<tokens {
      let timing: Timing
      switch Int.random(in: 0..<20, using: &random) {
      case 0, 1: timing = .throttled
      case 2: timing = .throttledLatest
      case 3: timing = .debounced
      default: timing = .none
      }
      timings.append(timing)
      if timing.isTimed { replaces[token] = false }
    }
    self.steps = steps
    self.fates = fates
    self.replaces = replaces
    self.delays = delays
    self.timings = timings
    concatenated = (0..<tokens).map { $0 % 5 == 0 && !replaces[$0] && !timings[$0].isTimed }
  }

  /// The cancellation ID of `token`.
  func id(of token: Int) -> Int { token % ids }

  /// The throttle or debounce ID of `token`, a timed one.
  func timingID(of token: Int) -> Int { token % Self.timingIDs }
}
