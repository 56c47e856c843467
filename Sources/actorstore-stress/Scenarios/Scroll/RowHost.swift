import ActorStore
import Synchronization

/// A cell of the `scroll` scenario: observes its row's ticks while it shows the row.
final class RowHost: StoreHostBase<RowFeature.State, RowFeature.Action> {
  private let ticksSeen: TickCounter

  /// Counts tick values seen by every host.
  final class TickCounter: Sendable {
    private let seen = Atomic<Int>(0)
    func see() { seen.add(1, ordering: .relaxed) }
    var count: Int { seen.load(ordering: .relaxed) }
  }

  init(ticksSeen: TickCounter) {
    self.ticksSeen = ticksSeen
    super.init()
  }

  override func configureStateObservation(on store: Store<RowFeature.State, RowFeature.Action>) {
    let ticksSeen = self.ticksSeen
    observe(\.ticks) { _ in ticksSeen.see() }
  }
}
