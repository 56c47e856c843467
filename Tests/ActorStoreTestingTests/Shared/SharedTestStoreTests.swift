import Foundation
@testable import ActorStore
import ActorStoreTesting
import Testing

/// `TestStore` asserts shared values like state: by key, exhaustively, isolated per test store.
@MainActor @Suite struct SharedTestStoreTests {
  @Test func sharedChangesAreAssertedWithWithLockOrByAssigning() async {
    let store = TestStore(initialState: MeetingList.State()) { MeetingList() }
    await store.send(.add("Standup")) { $0.$meetings.withLock { $0.append("Standup") } }
    await store.send(.add("Retro")) { $0.meetings = ["Standup", "Retro"] }
    await store.send(.removeFirst) {
      // Inside the closure the shared value reads as asserted so far.
      #expect($0.meetings == ["Standup", "Retro"])
      $0.$meetings.withLock { _ = $0.removeFirst() }
    }
    await store.send(.assign(["Retro"]))
    await store.send(.add("Demo")) {
      // A read of the value inside its own change, in an assertion too, sees it as it was.
      let meetings = $0.$meetings
      meetings.withLock { $0 = meetings.wrappedValue + ["Demo"] }
    }
    await store.finish()
  }

  @Test func anUnassertedSharedChangeFailsWithADiffNamingTheKey() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: MeetingList.State()) { MeetingList() }
      await store.send(.add("Standup"))
      await store.send(.add("Retro")) { $0.meetings = ["Standup", "Planning"] }
    }
    let messages = issues.messages
    #expect(messages.count == 2, "\(messages)")
    #expect(
      messages.first?.hasPrefix(
        #"Shared value .inMemory("meetings") was not expected to change after send(add("Standup")), but it did:"#)
        == true)
    #expect(messages.first?.contains(#"+   "Standup""#) == true, "\(messages)")
    #expect(
      messages.last?.hasPrefix(#"Shared value .inMemory("meetings") after send(add("Retro")) does not match"#) == true)
    #expect(messages.last?.contains(#"−   "Planning""#) == true, "\(messages)")
    #expect(messages.last?.contains(#"+   "Retro""#) == true, "\(messages)")
  }

  @Test func aChangeAnEffectMakesIsAssertedAtTheNextStep() async {
    let store = TestStore(initialState: MeetingList.State()) { MeetingList() }
    await store.send(.addLater("Offsite"))
    await store.receive(.edit) {
      $0.edits = 1
      $0.meetings = ["Offsite"]
    }
    await store.finish()
  }

  @Test func aNonExhaustiveStoreChecksOnlyTheSharedValuesTheClosureChanged() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: MeetingList.State()) { MeetingList() }
      store.exhaustivity = .off
      await store.send(.add("Standup"))
      await store.send(.add("Retro")) {
        #expect($0.meetings == ["Standup", "Retro"])
        $0.meetings = ["Standup", "Retro"]
      }
      await store.send(.add("Planning")) { $0.meetings = ["Planning"] }
      await store.finish()
    }
    #expect(issues.messages.count == 1)
    #expect(
      issues.messages.first?.hasPrefix(#"Shared value .inMemory("meetings") after send(add("Planning")) does not match"#)
        == true)
  }

  @Test func everyTestStoreStartsWithItsOwnValuesAndPersistsNothing() async {
    let first = TestStore(initialState: MeetingList.State()) { MeetingList() }
    await first.send(.add("Standup")) { $0.meetings = ["Standup"] }
    let second = TestStore(initialState: MeetingList.State()) { MeetingList() }
    #expect(second.state.meetings == [])
    await first.finish()
    await second.finish()
  }

  @Test func fileAndAppStorageKeysAreInMemoryUnderATestStore() async {
    struct Settings: Reducer {
      struct State: Equatable, Sendable {
        @Shared(.fileStorage(URL(fileURLWithPath: "/nonexistent/dir/settings.json"))) var names: [String] = []
        @Shared(.appStorage("soundOn")) var soundOn = true
      }

      func reduce(into state: inout State, action: Void) -> Effect<Void> {
        state.names.append("a")
        state.soundOn.toggle()
        return .none
      }
    }
    let store = TestStore(initialState: Settings.State()) { Settings() }
    await store.send(()) {
      $0.names = ["a"]
      $0.soundOn = false
    }
    await store.finish()
  }
}
