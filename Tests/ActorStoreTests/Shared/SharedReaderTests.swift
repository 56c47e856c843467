import Foundation
@testable import ActorStore
import Testing

/// `SharedReader`: the value of a key, read only, the same value as every `Shared` of the key.
@Suite struct SharedReaderTests {
  struct Settings: Codable, Equatable, Hashable, Identifiable, Sendable {
    var id = "settings"
    var volume = 5
    var names: [String] = []
  }

  @Test func aReaderOfEachStorageReadsTheValueEverySharedOfTheKeyChanges() {
    withDependencies { $0.sharedStorage = .inMemory() } operation: {
      @SharedReader(.inMemory("count")) var count = 1
      @Shared(.inMemory("count")) var writable = 99
      #expect(writable == 1)
      $writable.withLock { $0 += 1 }
      #expect(count == 2)

      @SharedReader(.appStorage("soundOn")) var soundOn = true
      @Shared(.appStorage("soundOn")) var soundSetting = false
      soundSetting = false
      #expect(soundOn == false)

      let url = URL(fileURLWithPath: "/nonexistent/settings.json")
      @SharedReader(.fileStorage(url)) var settings = Settings()
      @Shared(.fileStorage(url)) var editable = Settings()
      $editable.volume.withLock { $0 = 9 }
      #expect(settings.volume == 9)
      #expect($settings.volume.wrappedValue == 9)
      #expect($settings.keyDescription == ".fileStorage(/nonexistent/settings.json)")
      #expect($settings.volume.keyDescription == ".fileStorage(/nonexistent/settings.json).volume")
    }
  }

  @Test func aReaderOfASharedIsTheSameValue() {
    let shared = Shared(value: Settings())
    let reader = SharedReader(shared)
    let volume = reader.volume
    shared.withLock { $0.volume = 7 }
    #expect(reader.wrappedValue.volume == 7)
    #expect(volume.wrappedValue == 7)
    #expect(reader.sharedRoot === shared.sharedRoot)
    #expect(volume.sharedRoot === shared.sharedRoot)
    // A member only readable (a computed property) of a `Shared` is a reader too.
    let count: SharedReader<Int> = shared.names.count
    shared.withLock { $0.names = ["a", "b"] }
    #expect(count.wrappedValue == 2)
    #expect(SharedReader(projectedValue: reader).sharedRoot === shared.sharedRoot)
  }

  @Test func aConstantReaderKeepsItsValue() {
    let reader = SharedReader(value: Settings(volume: 3))
    #expect(reader.wrappedValue.volume == 3)
    #expect(reader.keyDescription.contains("Settings"))
  }

  /// Every conformance `Shared` has, by the current value, for any pair of values.
  @Test(arguments: [(0, 0), (1, 2), (3, 3), (-4, 4)])
  func readersCompareHashAndDescribeAsTheirValues(pair: (Int, Int)) {
    let (lhs, rhs) = (SharedReader(value: pair.0), SharedReader(value: pair.1))
    #expect((lhs == rhs) == (pair.0 == pair.1))
    #expect((lhs.hashValue == rhs.hashValue) == (pair.0.hashValue == pair.1.hashValue))
    #expect(lhs.description == pair.0.description)
    #expect(StateDump.lines(of: lhs) == StateDump.lines(of: pair.0))
    let settings = SharedReader(value: Settings(id: "s\(pair.0)"))
    #expect(settings.id == "s\(pair.0)")
  }

  @Test func aStoreFindsTheReadersItsStateHolds() {
    struct State {
      @SharedReader(value: 1) var count: Int
      var rows: [SharedReader<String>]
    }
    let text = Shared(value: "row")
    let state = State(rows: [SharedReader(text)])
    let found = SharedDiscovery.references(in: state)
    #expect(Set(found.keys) == Set([state.$count.sharedRoot, text.sharedRoot].map(ObjectIdentifier.init)))
  }
}
