import ActorStoreTesting
import Testing

/// Collects change-log entries.
private final class Entries: Sendable {
  private let entries = Locked<[String]>([])
  var all: [String] { entries.withLock { $0 } }
  var output: ChangeLogOutput { ChangeLogOutput { entry in self.entries.withLock { $0.append(entry) } } }
}

@Suite struct ChangeLogTests {
  @Test func eachActionLogsItsStateDiffOrThatNothingChanged() async {
    let entries = Entries()
    let store = TestStore(initialState: Counter.State()) { Counter(clock: $0.clock).logChanges(to: entries.output) }
    await store.send(.increment) { $0.count = 1 }
    await store.send(.load)
    await store.receive(.loaded(42)) { $0.count = 42 }
    #expect(
      entries.all == [
        """
        received action: increment
            Counter.State(
          −   count: 0
          +   count: 1
              title: "Counter"
            )

        """,
        """
        received action: load
          (no state change)

        """,
        """
        received action: loaded(42)
            Counter.State(
          −   count: 1
          +   count: 42
              title: "Counter"
            )

        """,
      ])
  }

  @Test func longUnchangedRunsCollapse() async {
    let entries = Entries()
    let store = TestStore(initialState: TimerList.State()) {
      TimerList(clock: $0.clock).logChanges(to: entries.output, context: 1)
    }
    store.exhaustivity = .off
    for id in 1...6 { await store.send(.add(id)) }
    await store.send(.remove(6))
    await store.skipInFlightEffects()
    #expect(
      entries.all.last == """
        received action: remove(6)
            … 21 unchanged lines
                )
          −     TimerList.Row(
          −       id: 6
          −       ticks: 0
          −     )
              ]
            … 1 unchanged line

        """)
  }
}
