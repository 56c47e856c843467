import ActorStore

/// The `effects` scenario's bookkeeping, per token: running, cancelled or finished, how many
/// actions arrived, and which actions arrived too late or out of order.
///
/// A throttled or debounced token may never run (dropped, or replaced before it started), which
/// the reducer cannot see; so only a timed token that delivered something must finish or be
/// cancelled, and so must the last debounced token of each ID, which nothing replaced. A debounced
/// token counts as cancelled once the next of its ID is reduced: it must deliver nothing after.
///
/// It lives outside the feature's `State` on purpose: the store publishes a snapshot of the
/// state after every send, so the next mutation of an array in the state copies all of it, and
/// per-token arrays there would make every action cost O(tokens) in this rig, hiding the
/// runtime's own costs. The reducer alone writes it, one action at a time on the store's
/// executor, except ``markCancelledFromOutside(_:)``; the mutex makes it `Sendable`.
final class EffectsLedger: Sendable {
  enum Status: UInt8, Sendable { case idle, running, cancelled, finished }

  private struct Book {
    var status: [Status]
    var cancelledFromOutside: [Bool]
    var progress: [UInt8]
    /// Running tokens under each cancellation ID.
    var live: [[Int]]
    /// Timed tokens not finished, under each timing ID.
    var timedLive: [EffectsFeature.TimingID: [Int]] = [:]
    /// The last debounced token reduced, per debounce ID.
    var lastDebounced: [Int: Int] = [:]
    var lateDeliveries = 0
    var firstLate: String?
    var misordered = 0
    var firstMisordered: String?

    func isCancelled(_ token: Int) -> Bool { status[token] == .cancelled || cancelledFromOutside[token] }

    mutating func cancelAll(under id: Int) {
      for token in live[id] { status[token] = .cancelled }
      live[id].removeAll()
    }

    mutating func cancelAll(under id: EffectsFeature.TimingID) {
      for token in timedLive[id] ?? [] { status[token] = .cancelled }
      timedLive[id] = nil
    }

    mutating func late(_ description: String) {
      lateDeliveries += 1
      if firstLate == nil { firstLate = description }
    }

    mutating func misorder(_ description: String) {
      misordered += 1
      if firstMisordered == nil { firstMisordered = description }
    }
  }

  private let book: Locked<Book>
  private let plan: EffectsPlan

  init(plan: EffectsPlan) {
    self.plan = plan
    book = Locked(
      Book(
        status: Array(repeating: .idle, count: plan.tokens),
        cancelledFromOutside: Array(repeating: false, count: plan.tokens),
        progress: Array(repeating: 0, count: plan.tokens), live: Array(repeating: [], count: plan.ids)))
  }

  /// Records `token` starting; with `replaces`, its ID's running tokens are cancelled first.
  func start(_ token: Int, replaces: Bool) {
    let id = plan.id(of: token)
    book.withLock { book in
      if replaces { book.cancelAll(under: id) }
      book.status[token] = .running
      book.live[id].append(token)
    }
  }

  /// Records the reducer cancelling `id`.
  func cancel(id: Int) { book.withLock { $0.cancelAll(under: id) } }

  /// Records the timed `token` being reduced under its timing `id`: a debounced one replaces
  /// (cancels) the tokens of its ID.
  func startTimed(_ token: Int, _ timing: EffectsPlan.Timing, id: Int) {
    let key = EffectsFeature.TimingID(timing: timing, value: id)
    book.withLock { book in
      if timing == .debounced {
        book.cancelAll(under: key)
        book.lastDebounced[id] = token
      }
      book.status[token] = .running
      book.timedLive[key, default: []].append(token)
    }
  }

  /// Records the reducer cancelling a throttle's or a debounce's `id`.
  func cancel(_ timing: EffectsPlan.Timing, id: Int) {
    book.withLock { $0.cancelAll(under: EffectsFeature.TimingID(timing: timing, value: id)) }
  }

  /// Records a `StoreTask.cancel()` of `token`'s send; call it once `cancel()` has returned.
  func markCancelledFromOutside(_ token: Int) { book.withLock { $0.cancelledFromOutside[token] = true } }

  /// Checks the epilogue concatenated after `token`'s effect: not after its send's task was
  /// cancelled (a cancel by ID does not reach the epilogue), and only once the effect has ended,
  /// finished or cancelled.
  func receiveEpilogue(of token: Int) {
    book.withLock { book in
      if book.cancelledFromOutside[token] {
        return book.late("token \(token) delivered its epilogue after its task was cancelled")
      }
      if book.status[token] == .running {
        book.misorder("token \(token): the epilogue concatenated after its effect arrived while the effect ran")
      }
    }
  }

  /// Checks a step action of `token`: not after a cancel, and in order.
  func receiveStep(_ index: Int, of token: Int) {
    book.withLock { book in
      guard !lateDelivery(token, "step \(index)", &book) else { return }
      if index != Int(book.progress[token]) {
        book.misorder("token \(token): step \(index) arrived as #\(book.progress[token])")
      }
      book.progress[token] += 1
    }
  }

  /// Checks the last action of `token`: not after a cancel, and after all its steps.
  func receiveFinish(of token: Int) {
    let id = plan.id(of: token)
    book.withLock { book in
      guard !lateDelivery(token, "finished", &book) else { return }
      if book.progress[token] != plan.steps[token] {
        book.misorder("token \(token): finished after \(book.progress[token]) of \(plan.steps[token]) steps")
      }
      book.status[token] = .finished
      let timing = plan.timings[token]
      if timing.isTimed {
        book.timedLive[EffectsFeature.TimingID(timing: timing, value: plan.timingID(of: token))]?.removeAll {
          $0 == token
        }
      } else {
        book.live[id].removeAll { $0 == token }
      }
    }
  }

  /// Actions that arrived after their effect was cancelled, and the first one.
  var lateDeliveries: (count: Int, first: String?) { book.withLock { ($0.lateDeliveries, $0.firstLate) } }

  /// Actions out of order within their effect, and the first one.
  var misordered: (count: Int, first: String?) { book.withLock { ($0.misordered, $0.firstMisordered) } }

  /// Per timing kind, how many tokens were timed so and how many of them delivered nothing
  /// (dropped, replaced, or cancelled before their first action).
  var timingCounts: [(timing: EffectsPlan.Timing, tokens: Int, silent: Int)] {
    book.withLock { book in
      [EffectsPlan.Timing.throttled, .throttledLatest, .debounced].map { timing in
        let tokens = (0..<plan.tokens).filter { plan.timings[$0] == timing }
        return (timing, tokens.count, tokens.count { book.progress[$0] == 0 && book.status[$0] != .finished })
      }
    }
  }

  /// Tokens that neither finished nor were cancelled, though they had to: every untimed one, a
  /// timed one that delivered something, and the last debounced one of each ID.
  var unfinishedTokens: [Int] {
    book.withLock { book in
      let lastDebounced = Set(book.lastDebounced.values)
      return (0..<plan.tokens).filter { token in
        guard book.status[token] != .finished, !book.isCancelled(token) else { return false }
        return !plan.timings[token].isTimed || book.progress[token] > 0 || lastDebounced.contains(token)
      }
    }
  }

  private func lateDelivery(_ token: Int, _ action: String, _ book: inout Book) -> Bool {
    guard book.isCancelled(token) else { return false }
    book.late("token \(token) delivered \(action) after its effect was cancelled")
    return true
  }
}
