import ActorStore
import Testing

private struct Boom: Error, Equatable {
  var code = 0
}

/// `LockIsolated`: exclusive access under contention, reads, writes, member reads.
@Suite(.timeLimit(.minutes(10)))
struct LockIsolatedTests {
  @Test func concurrentIncrementsAreNeverLost() async {
    let counter = LockIsolated(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<1_000 { counter.withValue { $0 += 1 } }
        }
      }
    }
    #expect(counter.value == 8_000)
  }

  @Test func readsWritesAndMembers() {
    let log = LockIsolated<[String]>([])
    #expect(log.isEmpty)
    log.withValue { $0.append("a") }
    log.setValue(["x", "y"])
    #expect(log.value == ["x", "y"])
    #expect(log.count == 2)
    #expect(log.first == "x")
    let joined = log.withValue { $0.joined(separator: "+") }
    #expect(joined == "x+y")
  }

  @Test func aThrowingOperationKeepsItsChangeAndRethrowsItsTypedError() {
    let value = LockIsolated(1)
    #expect(throws: Boom(code: 7)) {
      try value.withValue { (number: inout Int) throws(Boom) in
        number = 2
        throw Boom(code: 7)
      }
    }
    #expect(value.value == 2)
  }
}

/// `AsyncStream.finished`, `AsyncThrowingStream.finished(throwing:)`.
@Suite struct FinishedStreamTests {
  @Test func aFinishedStreamHasNoElements() async {
    var count = 0
    for await _ in AsyncStream<Int>.finished { count += 1 }
    #expect(count == 0)
  }

  @Test func aFinishedThrowingStreamEndsOrThrows() async throws {
    var iterator = AsyncThrowingStream<Int, any Error>.finished().makeAsyncIterator()
    #expect(try await iterator.next() == nil)

    var failing = AsyncThrowingStream<Int, any Error>.finished(throwing: Boom(code: 3)).makeAsyncIterator()
    await #expect(throws: Boom(code: 3)) { try await failing.next() }
    #expect(try await failing.next() == nil)
  }
}

/// `Result(catching:)` with an async body; synchronous bodies keep the standard library's.
@Suite struct AsyncResultTests {
  /// An actor the bodies below suspend on, so that they are truly asynchronous.
  actor Echo {
    func value(_ value: Int) -> Int { value }
  }

  private static func fetch(_ value: Int) async throws -> Int {
    _ = await Echo().value(value)
    if value < 0 { throw Boom(code: value) }
    return value * 2
  }

  private static func parse(_ text: String) throws -> Int {
    guard let value = Int(text) else { throw Boom(code: -1) }
    return value
  }

  @Test func capturesSuccessAndFailure() async throws {
    let success = await Result { try await Self.fetch(21) }
    #expect(try success.get() == 42)
    let failure = await Result { try await Self.fetch(-5) }
    #expect(throws: Boom(code: -5)) { try failure.get() }
  }

  @Test func keepsATypedFailure() async {
    let result = await Result { () async throws(Boom) -> Int in
      throw Boom(code: await Echo().value(9))
    }
    let typed: Result<Int, Boom> = result
    #expect(typed == .failure(Boom(code: 9)))
  }

  /// Compiles without `await`, here in an async function and in the synchronous one below:
  /// a synchronous body picks the standard library's initializer.
  @Test func synchronousBodiesNeedNoAwait() async throws {
    let parsed = Result { try Self.parse("12") }
    #expect(try parsed.get() == 12)
    #expect(Self.parseSynchronously("x") == .failure(Boom(code: -1)))
  }

  private static func parseSynchronously(_ text: String) -> Result<Int, Boom> {
    Result { () throws(Boom) -> Int in
      guard let value = Int(text) else { throw Boom(code: -1) }
      return value
    }
  }

  actor Counter {
    var count = 0
    /// The body touches the actor's state across a suspension: it runs on the actor.
    func incrementTwice() async -> Result<Int, any Error> {
      await Result { () async throws -> Int in
        count += 1
        _ = await Echo().value(0)
        count += 1
        return count
      }
    }
  }

  @Test func theBodyRunsOnTheCallersActor() async throws {
    let counter = Counter()
    #expect(try await counter.incrementTwice().get() == 2)
  }
}

/// `AnyHashableSendable`: equality and hashing as `AnyHashable`'s, over random values of
/// several types; no nesting; literals; descriptions.
@Suite struct AnyHashableSendableTests {
  /// A random value of one of several hashable types, from a small range so that equal values
  /// come up often.
  private static func randomValue(_ generator: inout SplitMix64) -> any Hashable & Sendable {
    let small = Int(generator.next() % 4)
    switch generator.next() % 6 {
    case 0: return small
    case 1: return String(small)
    case 2: return small.isMultiple(of: 2)
    case 3: return Double(small) / 2
    case 4: return UInt8(small)
    default: return AnyHashableSendable(small)
    }
  }

  @Test func equalityAndHashingMatchAnyHashable() {
    var generator = SplitMix64(state: 0x5EED)
    for _ in 0..<2_000 {
      let a = Self.randomValue(&generator)
      let b = Self.randomValue(&generator)
      let boxA = AnyHashableSendable(a), boxB = AnyHashableSendable(b)
      let expected = AnyHashable(Self.unboxed(a)) == AnyHashable(Self.unboxed(b))
      #expect((boxA == boxB) == expected, "\(a) vs \(b)")
      if expected { #expect(boxA.hashValue == boxB.hashValue, "\(a) vs \(b)") }
      #expect(boxA == AnyHashableSendable(boxA))
    }
  }

  private static func unboxed(_ value: any Hashable & Sendable) -> any Hashable & Sendable {
    (value as? AnyHashableSendable)?.base ?? value
  }

  @Test func boxesDoNotNest() {
    let inner = AnyHashableSendable("id")
    let outer = AnyHashableSendable(inner)
    #expect(outer.base is String)
    #expect(outer == inner)
  }

  @Test func literalsAndDescriptions() {
    let values: [AnyHashableSendable] = [true, 1, 1.5, "one"]
    #expect(values.map { $0.base is Bool } == [true, false, false, false])
    #expect(values[1].base as? Int == 1)
    #expect(values[2].base as? Double == 1.5)
    #expect(values[3].base as? String == "one")
    #expect(Set(values + [1, "one"]).count == 4)
    #expect(values.map(String.init(describing:)) == ["true", "1", "1.5", "one"])
    #expect(String(reflecting: values[3]) == #"AnyHashableSendable("one")"#)
  }
}
