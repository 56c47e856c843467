import ActorStore
import ActorStoreTesting
import Testing

/// Seeded sequences of effect starts (plain and `cancelInFlight`) and cancels, one or several
/// per reduce, over IDs of mixed types, checked against a model after every send: how many
/// effects run, how many IDs hold them, and which cancels name an ID never used (traced, never reported).
///
/// IDs compare as their `AnyHashable`s do, so `3`, `Int64(3)` and `UInt8(3)` are one ID, while
/// `"3"` is another; `Int` IDs take a faster path than the others, which must not change that.
@Suite struct CancellationModelTests {
  /// An ID value, of one of four types.
  enum Key: Sendable, CustomStringConvertible {
    case int(Int), int64(Int64), uint8(UInt8), string(String)

    /// The ID itself.
    var id: any Hashable & Sendable {
      switch self {
      case .int(let value): value
      case .int64(let value): value
      case .uint8(let value): value
      case .string(let value): value
      }
    }

    /// Which ID the model counts it as: equal numbers are one ID whatever their type.
    var modelKey: String {
      switch self {
      case .int(let value): "n\(value)"
      case .int64(let value): "n\(value)"
      case .uint8(let value): "n\(value)"
      case .string(let value): "s\(value)"
      }
    }

    var description: String { "\(type(of: id))(\(id))" }

    static func random(using generator: inout SeededGenerator) -> Key {
      let value = Int.random(in: 0..<4, using: &generator)
      switch Int.random(in: 0..<4, using: &generator) {
      case 0: return .int(value)
      case 1: return .int64(Int64(value))
      case 2: return .uint8(UInt8(value))
      default: return .string(String(value))
      }
    }
  }

  enum Operation: Sendable {
    case start(Key, cancelInFlight: Bool)
    case cancel(Key)
  }

  struct Feature: Reducer {
    let clock: TestClock

    func reduce(into state: inout Int, action: [Operation]) -> Effect<[Operation]> {
      state += 1
      return .merge(action.map(effect(for:)))
    }

    private func effect(for operation: Operation) -> Effect<[Operation]> {
      switch operation {
      case .start(let key, let cancelInFlight):
        let clock = self.clock
        return Effect<[Operation]>.run { _ in try? await clock.sleep(for: .seconds(3_600)) }
          .cancellable(id: key.id, cancelInFlight: cancelInFlight)
      case .cancel(let key):
        return .cancel(id: key.id)
      }
    }
  }

  /// What the store must hold after each send.
  struct Model {
    var running: [String: Int] = [:]
    var used: Set<String> = []

    /// Applies one send's operations in order; returns how many cancels name an unused ID.
    mutating func apply(_ operations: [Operation]) -> Int {
      var warnings = 0
      for operation in operations {
        switch operation {
        case .start(let key, let cancelInFlight):
          if cancelInFlight { running[key.modelKey] = nil }
          running[key.modelKey, default: 0] += 1
          used.insert(key.modelKey)
        case .cancel(let key):
          if !used.contains(key.modelKey) { warnings += 1 }
          running[key.modelKey] = nil
        }
      }
      return warnings
    }
  }

  @Test func startsAndCancelsOverMixedIDTypesMatchTheModel() {
    for seed: UInt64 in 0..<200 {
      var generator = SeededGenerator(seed: seed)
      let executor = TestExecutor(ordering: .seeded(seed))
      defer { executor.drainAfterRelease() }
      let trace = StoreTraceBuffer(capacity: 10_000)
      let store = Store(
        initialState: 0, reducer: Feature(clock: executor.clock), executor: executor.makeTestStoreExecutor(),
        trace: trace)
      var unusedCancels = 0
      var model = Model()
      for step in 0..<30 {
        let operations = (0..<Int.random(in: 1...4, using: &generator)).map { _ -> Operation in
          let key = Key.random(using: &generator)
          return Int.random(in: 0..<3, using: &generator) == 0
            ? .cancel(key) : .start(key, cancelInFlight: Bool.random(using: &generator))
        }
        let expectedWarnings = model.apply(operations)
        let issues = IssueCollector()
        IssueReporting.withReporter(issues) {
          Task(executorPreference: executor) { await store.send(operations) }
          executor.runUntilIdle()
        }
        let context = Comment(rawValue: "seed \(seed), step \(step): \(operations)")
        #expect(store.inFlightEffectCount == model.running.values.reduce(0, +), context)
        #expect(store.cancellationIndexCount == model.running.count, context)
        // Silent, as in TCA: a cancel of an ID never used is only traced.
        #expect(issues.messages == [], context)
        let traced = trace.events.count { if case .unusedIDCancelled = $0.kind { true } else { false } }
        #expect(traced - unusedCancels == expectedWarnings, context)
        unusedCancels = traced
      }
    }
  }
}
