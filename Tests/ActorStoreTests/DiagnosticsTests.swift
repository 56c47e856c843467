import ActorStore
import Testing

/// Bad input is reported through `reportIssue`, naming the offending value, and never crashes.
@Suite(.timeLimit(.minutes(10)))
struct DiagnosticsTests {
  @Test func anActionForAMissingForEachElementIsReportedAndTheParentStillRuns() async {
    let store = ListFeature.store(rowIDs: [1, 2], probe: Probe())
    let issues = await capturingIssues {
      await store.send(.rows(.element(id: 99, action: .rename("ghost"))))
    }
    #expect(issues.all.count == 1)
    #expect(issues.all.first?.severity == .error)
    let message = issues.messages.first ?? ""
    #expect(message.contains("99"))
    #expect(message.contains("ghost"))
    // The issue points at the `forEach` call in the feature, not into the library.
    #expect(issues.all.first.map { "\($0.fileID)".hasSuffix("ListFeature.swift") } == true)
    let state = await store.state
    #expect(state.log == ["row 99: rename(\"ghost\")"])
    #expect(state.rows.map(\.title) == ["", ""])
  }

  @Test func aSendToAnInvalidatedChildStoreIsReported() async {
    let store = ListFeature.store(rowIDs: [1, 2], probe: Probe())
    let row1 = store.scope(id: 1, in: \.rows, action: .rows)!
    await store.send(.remove(id: 1))
    let issues = await capturingIssues {
      await row1.send(.rename("zombie"))
    }
    #expect(issues.all.count == 1)
    #expect(issues.all.first?.severity == .error)
    #expect(issues.messages.first?.contains("zombie") == true)
    // The issue points at the caller's `send`, not into the library.
    #expect(issues.all.first.map { "\($0.fileID)".hasSuffix("DiagnosticsTests.swift") } == true)
    #expect(await store.state.log.isEmpty)
  }

  @Test func anEffectsSendUsedAfterItsStoreWasReleasedIsReportedAndDropped() async {
    let escaped = Locked<Send<String>?>(nil)
    // The reducer captures `escaped`, which holds the effect's `Send`, which holds the engine,
    // which holds the reducer: a cycle this test made, broken when it ends.
    defer { escaped.withLock { $0 = nil } }
    var store: Store<[String], String>? = Store(
      initialState: [],
      reducer: Reduce<[String], String> { state, action in
        state.append(action)
        guard action == "start" else { return .none }
        return .run { send in escaped.withLock { $0 = send } }
      })
    await store?.send("start").finish()
    weak let released = store
    store = nil
    #expect(released == nil)
    let send = escaped.withLock { $0 }
    // Sent from a task that is not the effect's, so no cancellation hides it: the store is gone.
    let issues = await capturingIssues { await send?("late") }
    #expect(issues.all.count == 1)
    #expect(issues.all.first?.severity == .error)
    #expect(issues.messages.first?.contains("sent late after its store was released") == true)
  }

  @Test func aChildActionWhileIfLetStateIsNilIsReportedAndTheParentStillRuns() async {
    let store = Store(initialState: OptionalChildFeature.State(), reducer: OptionalChildFeature.reducer(probe: Probe()))
    let issues = await capturingIssues {
      await store.send(.child(.increment))
    }
    #expect(issues.all.count == 1)
    #expect(issues.messages.first?.contains("increment") == true)
    #expect(await store.state.log.count == 1)
    #expect(await store.state.child == nil)
  }

  @Test func cancellingAnIDNeverUsedInTheStoreTreeIsSilentAndTraced() async {
    let cancelLine: UInt = #line + 4
    let trace = StoreTraceBuffer(capacity: 16)
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, String> { _, id in .cancel(id: id) }, trace: trace)
    let issues = await capturingIssues {
      await store.send("never-used-id-31")
    }
    #expect(issues.all.isEmpty)
    let unused = trace.events.compactMap { event -> (String, String)? in
      guard case .unusedIDCancelled(let id, _, let site) = event.kind else { return nil }
      return (id, site)
    }
    #expect(unused.count == 1)
    #expect(unused.first?.0.contains("never-used-id-31") == true)
    // The trace points at the reducer's `.cancel(id:)`, not into the library.
    #expect(unused.first?.1.hasSuffix("DiagnosticsTests.swift:\(cancelLine)") == true)
  }

  @Test func cancellingAKnownIdleIDReportsNothing() async {
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, String> { _, action in
        action == "start" ? .run { _ in }.cancellable(id: "quick") : .cancel(id: "quick")
      })
    let issues = await capturingIssues {
      await store.send("start").finish()
      #expect(store.inFlightEffectCount == 0)
      await store.send("cancel")
      await store.send("cancel")
    }
    #expect(issues.all.isEmpty)
  }

  @Test func cancellingAKnownIDFromAnotherStoreTreeIsSilent() async {
    let reducer = Reduce<Int, String> { _, action in
      action == "start" ? .run { _ in }.cancellable(id: "shared") : .cancel(id: "shared")
    }
    let used = Store(initialState: 0, reducer: reducer)
    let fresh = Store(initialState: 0, reducer: reducer)
    let issues = await capturingIssues {
      await used.send("start").finish()
      await fresh.send("cancel")
    }
    #expect(issues.all.isEmpty)
  }

  @Test func duplicateIDsInAnIdentifiedArrayLiteralAreReportedAndTheFirstIsKept() async {
    var rows: IdentifiedArrayOf<RowFeature.State> = []
    let issues = await capturingIssues {
      rows = [
        RowFeature.State(id: 777, title: "first"), RowFeature.State(id: 8, title: "other"),
        RowFeature.State(id: 777, title: "second"),
      ]
    }
    #expect(issues.all.count == 1)
    #expect(issues.messages.first?.contains("777") == true)
    #expect(Array(rows.ids) == [777, 8])
    #expect(rows[id: 777]?.title == "first")
  }
}
