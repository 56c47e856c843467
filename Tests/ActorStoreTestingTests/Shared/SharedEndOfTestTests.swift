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
