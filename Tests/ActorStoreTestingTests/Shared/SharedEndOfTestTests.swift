@testable import ActorStore
import ActorStoreTesting
import Testing

/// A shared value an effect changed after the last assertion, never asserted, fails at the end
/// of the test (`finish()`, or the test store's release), naming the key, as TCA's.
@MainActor @Suite struct SharedEndOfTestTests {
  @Test(arguments: [false, true])
  func aChangeNeverAssertedFailsAtTheEndNamingTheKey(finishes: Bool) async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: MeetingList.State()) { MeetingList() }
      await store.send(.addInBackground("Standup"))
      if finishes { await store.finish() }
    }
    #expect(issues.messages.count == 1, "\(issues.messages)")
    let message = issues.messages.first ?? ""
    #expect(
      message.hasPrefix(
        #"Shared value .inMemory("meetings") changed after the last assertion, and the change was never asserted"#),
      "\(message)")
    #expect(message.contains(#"+   "Standup""#), "\(message)")
  }

  @Test func aChangeAssertedWithAssertOrALaterStepPasses() async {
    let store = TestStore(initialState: MeetingList.State()) { MeetingList() }
    await store.send(.addInBackground("Standup"))
    store.assert { $0.meetings = ["Standup"] }
    await store.send(.addInBackground("Retro"))
    await store.send(.add("Demo")) { $0.meetings = ["Standup", "Retro", "Demo"] }
    await store.finish()
  }

  @Test func actionsLeftUnreceivedFailAloneForTheChangesTheyMade() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: MeetingList.State()) { MeetingList() }
      await store.send(.addLater("Offsite"))
      await store.finish()
    }
    #expect(issues.messages.count == 1, "\(issues.messages)")
    #expect(issues.messages.first?.hasPrefix("The store received 1 unexpected action") == true)
  }

  @Test func aNonExhaustiveStoreDoesNotFail() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: MeetingList.State()) { MeetingList() }
      store.exhaustivity = .off
      await store.send(.addInBackground("Standup"))
      await store.finish()
    }
    #expect(issues.messages.isEmpty, "\(issues.messages)")
  }
}

/// A key made during a step is asserted from the value it was made with: a change made to it in
/// the same step, or after the last assertion, is a change like any other.
@MainActor @Suite struct SharedKeyMadeDuringATestTests {
  @Test func aKeyMadeAndChangedInOneStepMustBeAsserted() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: DraftOpener.State()) { DraftOpener() }
      await store.send(.open(name: "a", text: "Hello")) {
        $0.draft = Shared(wrappedValue: "", .inMemory("draft-a"))
      }
    }
    #expect(issues.messages.count == 1, "\(issues.messages)")
    let message = issues.messages.first ?? ""
    #expect(message.contains(#".inMemory("draft-a")"#), "\(message)")
    #expect(message.contains(#""Hello""#), "\(message)")
  }

  @Test func aKeyMadeAndChangedInOneStepPassesWhenAsserted() async {
    let store = TestStore(initialState: DraftOpener.State()) { DraftOpener() }
    await store.send(.open(name: "b", text: "Hello")) {
      $0.draft = Shared(wrappedValue: "", .inMemory("draft-b"))
      $0.draft?.withLock { $0 = "Hello" }
    }
  }

  @Test func aKeyMadeUnchangedNeedsNoAssertion() async {
    let store = TestStore(initialState: DraftOpener.State()) { DraftOpener() }
    await store.send(.open(name: "c", text: nil)) {
      $0.draft = Shared(wrappedValue: "", .inMemory("draft-c"))
    }
    await store.finish()
  }

  @Test func aKeyMadeAndChangedAfterTheLastAssertionFailsAtTheEnd() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: DraftOpener.State()) { DraftOpener() }
      await store.send(.makeInBackground(name: "d", text: "Later"))
      await store.finish()
    }
    #expect(issues.messages.count == 1, "\(issues.messages)")
    let message = issues.messages.first ?? ""
    #expect(message.contains(#".inMemory("draft-d")"#) && message.contains(#""Later""#), "\(message)")
  }

  @Test func aKeyTheOpenStepMadeChangedLaterFailsAtTheEnd() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: DraftOpener.State()) { DraftOpener() }
      await store.send(.open(name: "e", text: nil)) {
        $0.draft = Shared(wrappedValue: "", .inMemory("draft-e"))
      }
      await store.send(.writeInBackground("Later"))
      await store.finish()
    }
    #expect(issues.messages.count == 1, "\(issues.messages)")
    let message = issues.messages.first ?? ""
    #expect(message.contains(#".inMemory("draft-e")"#) && message.contains(#""Later""#), "\(message)")
  }
}
