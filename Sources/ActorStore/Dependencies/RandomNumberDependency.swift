
extension DependencyValues {
  /// Runs work with the random number generator in force: the system's live; in tests,
  /// unimplemented until overridden, e.g. with a seeded generator, so that a test that draws
  /// numbers replays.
  ///
  /// ```swift
  /// @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
  /// let roll = withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
  /// ```
  public var withRandomNumberGenerator: WithRandomNumberGenerator {
    get { self[RandomNumberGeneratorKey.self] }
    set { self[RandomNumberGeneratorKey.self] = newValue }
  }
}

/// Shared access to one random number generator, one caller at a time: every copy draws from
/// the same sequence, so a seeded generator gives the same numbers in the same order of calls.
public struct WithRandomNumberGenerator: Sendable {
  /// The generator, behind a mutex: draws from several tasks are serialized.
  private final class Shared: Sendable {
    let generator: Locked<any RandomNumberGenerator & Sendable>
    init(_ generator: any RandomNumberGenerator & Sendable) { self.generator = Locked(generator) }
  }

  private let shared: Shared

  /// Wraps `generator`.
  /// - Parameter generator: The generator to draw from, e.g. a seeded one in tests.
  public init(_ generator: some RandomNumberGenerator & Sendable) {
    shared = Shared(generator)
  }

  /// Runs `work` with exclusive use of the generator.
  /// - Parameter work: Draws numbers, passing the generator as `using: &$0`.
  /// - Returns: What `work` returns.
  public func callAsFunction<R: Sendable>(_ work: (inout any RandomNumberGenerator & Sendable) -> R) -> R {
    shared.generator.withLock { generator in work(&generator) }
  }
}

/// The key of ``DependencyValues/withRandomNumberGenerator``.
enum RandomNumberGeneratorKey: DependencyKey {
  static let liveValue = WithRandomNumberGenerator(SystemRandomNumberGenerator())
}
