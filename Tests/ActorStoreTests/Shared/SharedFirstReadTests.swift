@testable import ActorStore
import Foundation
import Testing

/// A `fileStorage` key's file is read once per storage (the process, in the app), on the thread
/// of the key's first use, under that key's lock alone.
@Suite struct SharedFirstReadTests {
  /// A file system holding one file, counting reads; `onRead` runs inside each read.
  final class CountingFiles: Sendable {
    let reads = LockIsolated<[String]>([])
    let onRead: @Sendable () -> Void

    init(onRead: @escaping @Sendable () -> Void = {}) { self.onRead = onRead }

    var storage: SharedStorage {
      SharedStorage(
        persistence: SharedStorage.Persistence(
          fileSystem: SharedFileSystem(
            read: { [reads, onRead] path in
              reads.withValue { $0.append(path) }
              onRead()
              return Array("[1,2,3]".utf8)
            },
            write: { _, _ in }, moveAside: { $0 }),
          defaults: SharedDefaults(value: { _ in nil }, set: { _, _ in }),
          taskExecutor: nil))
    }
  }

  @Test func everyUseOfAKeyFromManyThreadsReadsTheFileOnce() async {
    let files = CountingFiles()
    let storage = files.storage
    // Spellings of one file: one key.
    let urls = ["/app/meetings.json", "/app/./meetings.json", "/app/data/../meetings.json"].map(URL.init(fileURLWithPath:))
    let values = await withTaskGroup(of: [Int].self) { group in
      for index in 0..<24 {
        group.addTask {
          withDependencies { $0.sharedStorage = storage } operation: {
            index.isMultiple(of: 2)
              ? Shared(wrappedValue: [], .fileStorage(urls[index % 3])).wrappedValue
              : SharedReader(wrappedValue: [], .fileStorage(urls[index % 3])).wrappedValue
          }
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(values.count == 24 && values.allSatisfy { $0 == [1, 2, 3] })
    #expect(files.reads.value == ["/app/meetings.json"])
  }

  @Test func readingAFileHoldsUpNoOtherKey() {
    let storage = LockIsolated<SharedStorage?>(nil)
    // A read that uses another key of the same storage: it would wait forever (or trap) if
    // the first read held the storage's lock.
    let files = CountingFiles {
      let other = withDependencies { $0.sharedStorage = storage.value! } operation: {
        Shared(wrappedValue: 7, .inMemory("other")).wrappedValue
      }
      #expect(other == 7)
    }
    storage.setValue(files.storage)
    let meetings = withDependencies { $0.sharedStorage = storage.value! } operation: {
      Shared(wrappedValue: [Int](), .fileStorage(URL(fileURLWithPath: "/app/meetings.json")))
    }
    #expect(meetings.wrappedValue == [1, 2, 3])
    #expect(files.reads.value.count == 1)
    // The storage reaches its own box through the read's closure: a cycle, broken here.
    storage.setValue(nil)
  }
}
