@testable import ActorStore
import ActorStoreTesting
import Foundation
import Testing

/// `fileStorage` and `appStorage` over test seams, on virtual time: coalesced, atomic writes
/// off the store's executor; pending writes flushed on release and on the background seam;
/// bad data reported, kept and never overwritten by the default.
@Suite struct SharedPersistenceTests {
  /// Files in memory, with every write and the virtual time it happened at.
  final class MemoryFiles: Sendable {
    let files = LockIsolated<[String: [UInt8]]>([:])
    let writes = LockIsolated<[(path: String, at: Duration)]>([])
    let executor: TestExecutor

    init(executor: TestExecutor) { self.executor = executor }

    var fileSystem: SharedFileSystem {
      SharedFileSystem(
        read: { [files] path in files.withValue { $0[path] } },
        write: { [files, writes, executor] bytes, path in
          files.withValue { $0[path] = bytes }
          writes.withValue { $0.append((path, executor.clock.now.offset)) }
        },
        moveAside: { [files] path in
          files.withValue { files in
            files["\(path).undecodable"] = files.removeValue(forKey: path)
          }
          return "\(path).undecodable"
        })
    }

    func text(at path: String) -> String? { files.withValue { $0[path] }.map { String(decoding: $0, as: UTF8.self) } }
  }

  struct World {
    let executor = TestExecutor()
    let files: MemoryFiles
    let defaults = LockIsolated<[String: any Sendable]>([:])
    let storage: SharedStorage

    init() {
      files = MemoryFiles(executor: executor)
      let defaults = self.defaults
      storage = SharedStorage(
        persistence: SharedStorage.Persistence(
          fileSystem: files.fileSystem,
          defaults: SharedDefaults(
            value: { key -> Any? in defaults.withValue { $0[key] } },
            set: { value, key in defaults.withValue { $0[key] = value } }),
          taskExecutor: executor))
    }

    /// Runs `body` with the storage and the executor's clock in force, as a store would.
    func inForce<R>(_ body: () -> R) -> R {
      withDependencies {
        $0.sharedStorage = storage
        $0.continuousClock = executor.clock
      } operation: { body() }
    }
  }

  static let path = "/app/meetings.json"
  static let url = URL(fileURLWithPath: path)

  @Test(arguments: [1, 2, 3])
  func aBurstOfChangesIsWrittenAtMostOncePerWindowAndLosesNothing(seed: UInt64) {
    let world = World()
    let meetings = world.inForce { Shared(wrappedValue: [Int](), .fileStorage(Self.url)) }
    var random = SeededGenerator(seed: seed)
    var last = 0
    for value in 1...10_000 {
      // Changes spread over about ten windows, at random moments.
      if Int.random(in: 0..<1_000, using: &random) == 0 { world.executor.advance(by: .milliseconds(Int.random(in: 1...1_500, using: &random))) }
      meetings.withLock { $0 = [value] }
      last = value
    }
    world.executor.advance(by: .seconds(1))
    let writes = world.files.writes.value.map(\.at)
    let window = SharedKey<[Int]>.fileStorageWriteWindow
    #expect(!writes.isEmpty)
    for (earlier, later) in zip(writes, writes.dropFirst()) { #expect(later - earlier >= window) }
    #expect(world.files.text(at: Self.path) == "[\(last)]")
    world.executor.runUntilIdle()
    #expect(world.executor.stats.pendingJobs == 0)
  }

  @Test func tenThousandChangesInOneWindowAreOneWriteAtItsEnd() {
    let world = World()
    let count = world.inForce { Shared(wrappedValue: 0, .fileStorage(Self.url)) }
    for _ in 0..<10_000 { count.withLock { $0 += 1 } }
    world.executor.advance(by: .milliseconds(999))
    #expect(world.files.writes.value.isEmpty)
    world.executor.advance(by: .milliseconds(1))
    #expect(world.files.writes.value.map(\.at) == [.seconds(1)])
    #expect(world.files.text(at: Self.path) == "10000")
  }

  @Test func theStoredValueIsLoadedAndTheDefaultIsNotWritten() {
    let world = World()
    world.files.files.withValue { $0[Self.path] = Array("[\"Standup\"]".utf8) }
    let meetings = world.inForce { Shared(wrappedValue: [String](), .fileStorage(Self.url)) }
    #expect(meetings.wrappedValue == ["Standup"])
    world.executor.advance(by: .seconds(5))
    #expect(world.files.writes.value.isEmpty)
  }

  @Test func anUndecodableFileIsReportedKeptAndMovedAsideBeforeTheFirstWrite() async {
    let world = World()
    world.files.files.withValue { $0[Self.path] = Array("not json".utf8) }
    let issues = IssueCollector()
    let meetings = IssueReporting.withReporter(issues) {
      world.inForce { Shared(wrappedValue: ["default"], .fileStorage(Self.url)) }
    }
    #expect(meetings.wrappedValue == ["default"])
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains(Self.path) == true)
    #expect(issues.messages.first?.contains("could not be decoded as Array<String>") == true)
    world.executor.advance(by: .seconds(5))
    #expect(world.files.text(at: Self.path) == "not json")

    IssueReporting.withReporter(issues) {
      meetings.withLock { $0.append("new") }
      world.executor.advance(by: .seconds(1))
    }
    #expect(world.files.text(at: "\(Self.path).undecodable") == "not json")
    #expect(world.files.text(at: Self.path) == #"["default","new"]"#)
    #expect(issues.messages.last?.contains("moved to \(Self.path).undecodable") == true)
  }

  @Test func releasingTheLastStoreHoldingTheKeyWritesAtOnce() {
    struct Feature: Reducer {
      struct State: Equatable, Sendable {
        @Shared(.fileStorage(SharedPersistenceTests.url)) var count = 0
      }

      func reduce(into state: inout State, action: Void) -> Effect<Void> {
        state.$count.withLock { $0 += 1 }
        return .none
      }
    }
    let world = World()
    var store: Store<Feature.State, Void>? = world.inForce {
      Store(initialState: Feature.State(), reducer: Feature(), executor: world.executor.makeStoreExecutor())
    }
    Task(executorPreference: world.executor) { [store] in await store?.send(()) }
    world.executor.runUntilIdle()
    #expect(world.files.writes.value.isEmpty)
    store = nil
    world.executor.runUntilIdle()
    #expect(world.files.writes.value.map(\.at) == [.zero])
    #expect(world.files.text(at: Self.path) == "1")
    world.executor.advance(by: .seconds(1))
    #expect(world.files.writes.value.count == 1)
  }

  @Test func theBackgroundSeamWritesEveryPendingValueAtOnce() {
    let world = World()
    let count = world.inForce { Shared(wrappedValue: 0, .fileStorage(Self.url)) }
    count.withLock { $0 = 7 }
    world.storage.flushPendingWrites()
    world.executor.runUntilIdle()
    #expect(world.files.text(at: Self.path) == "7")
    // The window still open closes with nothing left to write.
    world.executor.advance(by: .seconds(1))
    #expect(world.files.writes.value.count == 1)
    #expect(world.executor.stats.pendingSleepers == 0)
  }

  @Test func appStorageReadsAndWritesTheDefaults() async {
    let world = World()
    world.defaults.withValue { $0["volume"] = 3 }
    let volume = world.inForce { Shared(wrappedValue: 1, .appStorage("volume")) }
    #expect(volume.wrappedValue == 3)
    volume.withLock { $0 = 4 }
    #expect(world.defaults.withValue { $0["volume"] as? Int } == 4)

    world.defaults.withValue { $0["name"] = 12 }
    let issues = IssueCollector()
    let name = IssueReporting.withReporter(issues) { world.inForce { Shared(wrappedValue: "none", .appStorage("name")) } }
    #expect(name.wrappedValue == "none")
    #expect(issues.messages.first?.contains(#"The app storage value at "name" is a Int, not a String"#) == true)
  }
}
