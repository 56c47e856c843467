@testable import ActorStore
import Testing

/// What a `Shared` is as a value: one value per key, read like a value, changed with `withLock`.
@Suite struct SharedValueTests {
  struct Meeting: Equatable, Sendable {
    var title: String
    var attendees: [String] = []
  }

  @Test func everySharedOfAKeyInOneStorageIsOneValue() {
    withDependencies { $0.sharedStorage = .inMemory() } operation: {
      @Shared(.inMemory("count")) var first = 0
      @Shared(.inMemory("count")) var second = 41
      #expect(second == 0)
      $second.withLock { $0 += 1 }
      #expect(first == 1)
      first = 5
      #expect(second == 5)
    }
  }

  @Test func storagesDoNotShareValues() {
    let one = withDependencies { $0.sharedStorage = .inMemory() } operation: { Shared(wrappedValue: 1, .inMemory("k")) }
    let other = withDependencies { $0.sharedStorage = .inMemory() } operation: { Shared(wrappedValue: 2, .inMemory("k")) }
    #expect((one.wrappedValue, other.wrappedValue) == (1, 2))
  }

  @Test func aDerivedSharedReadsAndChangesTheMemberOfTheSameValue() {
    let meeting = Shared(value: Meeting(title: "Standup"))
    let title = meeting.title
    title.withLock { $0 += "!" }
    #expect(meeting.wrappedValue.title == "Standup!")
    meeting.withLock { $0.title = "Retro" }
    #expect(title.wrappedValue == "Retro")
    #expect(title.keyDescription.hasSuffix(".title"))
    #expect(title.sharedRoot === meeting.sharedRoot)
  }

  @Test func anUnchangedEquatableValueIsNoChange() {
    let shared = Shared(value: [1, 2])
    let reference = shared.sharedRoot
    shared.withLock { $0 = [1, 2] }
    #expect(reference.version == 0)
    shared.withLock { $0.append(3) }
    #expect(reference.version == 1)
  }

  @Test func aReadInsideTheChangeSeesTheValueAsTheChangeFoundIt() {
    let count = Shared(value: 1)
    count.withLock { $0 = count.wrappedValue + 10 }
    #expect(count.wrappedValue == 11)
  }

  @Test func aNestedChangeOfTheSameValueIsReportedAndDropped() async {
    let count = Shared(value: 0)
    let issues = await capturingIssues {
      count.withLock { outer in
        count.withLock { $0 = 100 }
        outer += 1
      }
    }
    #expect(count.wrappedValue == 1)
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("from inside its own withLock") == true)
  }

  @Test func aKeyUsedWithTwoTypesIsReportedAndTheSecondUseGetsAValueOfItsOwn() async {
    let storage = SharedStorage.inMemory()
    let issues = await capturingIssues {
      withDependencies { $0.sharedStorage = storage } operation: {
        let number = Shared(wrappedValue: 1, .inMemory("k"))
        let text = Shared(wrappedValue: "one", .inMemory("k"))
        #expect(number.wrappedValue == 1)
        #expect(text.wrappedValue == "one")
      }
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains(#".inMemory("k") is already shared"#) == true)
  }

  @Test func aStateHoldingASharedComparesAndDumpsByValue() {
    struct State: Equatable {
      @Shared(value: 3) var count: Int
    }
    let state = State()
    #expect(state == state)
    #expect(StateDump.lines(of: state).joined().contains("3"))
  }
}

/// How a store finds the shared values its state holds.
@Suite struct SharedDiscoveryTests {
  struct Row: Identifiable, Sendable {
    let id: Int
    var shared: Shared<Int>
  }

  enum Destination: Sendable {
    case none
    case detail(Shared<String>)
  }

  struct State: Sendable {
    var rows: IdentifiedArrayOf<Row>
    var byName: [String: Shared<Int>]
    var destination: Destination?
    var title = "a long title, not walked letter by letter"
  }

  @Test func sharedValuesAreFoundInCollectionsDictionariesAndEnumPayloads() {
    let first = Shared(value: 1)
    let second = Shared(value: 2)
    let text = Shared(value: "detail")
    let state = State(
      rows: [Row(id: 1, shared: first), Row(id: 2, shared: second), Row(id: 3, shared: first)],
      byName: ["first": first], destination: .detail(text))
    let found = SharedDiscovery.references(in: state)
    let expected = Set([first.sharedRoot, second.sharedRoot, text.sharedRoot].map(ObjectIdentifier.init))
    #expect(Set(found.keys) == expected)
  }
}
