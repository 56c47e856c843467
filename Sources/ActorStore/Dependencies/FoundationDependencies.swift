// The only file of the dependency system that needs Foundation (for `UUID` and `Date`); the
// per-action path never reaches it unless a reducer reads these dependencies.
import Foundation

extension DependencyValues {
  /// Makes UUIDs: random ones live; in a `TestStore` (ActorStoreTesting),
  /// ``UUIDGenerator/incrementing`` unless overridden; elsewhere in tests, unimplemented.
  public var uuid: UUIDGenerator {
    get { self[UUIDGeneratorKey.self] }
    set { self[UUIDGeneratorKey.self] = newValue }
  }

  /// Tells the current date: the system's live; in tests, unimplemented until overridden, e.g.
  /// with `$0.date.now = someDate` or ``DateGenerator/constant(_:)``: asking it the date
  /// reports an issue (and tells the system's date), but reading the dependency does not, so
  /// that a test can set `$0.date.now` without first reading the unimplemented value.
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self] }
    set { self[DateGeneratorKey.self] = newValue }
  }

  /// The user's calendar (`Calendar.autoupdatingCurrent`) live; in tests, unimplemented until
  /// overridden, e.g. with `Calendar(identifier: .gregorian)`.
  public var calendar: Calendar {
    get { self[CalendarKey.self] }
    set { self[CalendarKey.self] = newValue }
  }

  /// The user's locale (`Locale.autoupdatingCurrent`) live; in tests, unimplemented until
  /// overridden, e.g. with `Locale(identifier: "en_US")`.
  public var locale: Locale {
    get { self[LocaleKey.self] }
    set { self[LocaleKey.self] = newValue }
  }

  /// The user's time zone (`TimeZone.autoupdatingCurrent`) live; in tests, unimplemented until
  /// overridden.
  public var timeZone: TimeZone {
    get { self[TimeZoneKey.self] }
    set { self[TimeZoneKey.self] = newValue }
  }
}

/// Makes UUIDs: `uuid()`.
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID

  /// A generator calling `generate`.
  /// - Parameter generate: Makes one UUID.
  public init(_ generate: @escaping @Sendable () -> UUID) { self.generate = generate }

  /// Makes a UUID.
  /// - Returns: The UUID.
  public func callAsFunction() -> UUID { generate() }

  /// Random UUIDs, as `UUID()` makes.
  public static var random: Self { Self { UUID() } }

  /// Always `uuid`.
  /// - Parameter uuid: The UUID to return.
  /// - Returns: The generator.
  public static func constant(_ uuid: UUID) -> Self { Self { uuid } }

  /// A new counter: `00000000-0000-0000-0000-000000000000`, then `…0001`, `…0002`, … Each
  /// access makes a new counter starting at zero; copies of one counter share it.
  public static var incrementing: Self {
    let next = IncrementingCounter()
    return Self { UUID(counting: next.take()) }
  }
}

/// A counter shared by the copies of one incrementing generator, behind a mutex.
private final class IncrementingCounter: Sendable {
  private let value = Locked<UInt64>(0)
  func take() -> UInt64 {
    value.withLock { count in
      defer { count &+= 1 }
      return count
    }
  }
}

extension UUID {
  /// The UUID whose last 64 bits are `count`, big-endian: its text ends in `count` in hex.
  /// ActorStoreTesting's `UUID(0)`, `UUID(1)`… are these.
  package init(counting count: UInt64) {
    let b = withUnsafeBytes(of: count.bigEndian) { Array($0) }
    self.init(uuid: (0, 0, 0, 0, 0, 0, 0, 0, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]))
  }
}

/// Tells the current date: `date()` or `date.now`.
///
/// Setting ``now`` makes the generator tell that date from then on, as swift-dependencies'
/// does, which reads well in an override:
/// ```swift
/// withDependencies {
///   $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
/// } operation: {
///   // …
/// }
/// ```
public struct DateGenerator: Sendable {
  private var generate: @Sendable () -> Date

  /// A generator calling `generate`.
  /// - Parameter generate: Tells the date.
  public init(_ generate: @escaping @Sendable () -> Date) { self.generate = generate }

  /// The current date. Setting it makes the generator tell the date set, always (as
  /// ``constant(_:)`` makes).
  public var now: Date {
    get { generate() }
    set { generate = { newValue } }
  }

  /// The current date.
  /// - Returns: The date.
  public func callAsFunction() -> Date { generate() }

  /// Always `date`.
  /// - Parameter date: The date to tell.
  /// - Returns: The generator.
  public static func constant(_ date: Date) -> Self { Self { date } }
}

/// The key of ``DependencyValues/uuid``.
enum UUIDGeneratorKey: DependencyKey {
  static let liveValue = UUIDGenerator.random
}

/// The key of ``DependencyValues/date``.
enum DateGeneratorKey: DependencyKey {
  static let liveValue = DateGenerator { Date() }
  /// Unimplemented when asked the date rather than when read (the default ``testValue``), so
  /// that `$0.date.now = …` in a test's overrides, which reads the value before setting its
  /// `now`, reports nothing.
  static let testValue = DateGenerator(
    unimplemented("@Dependency(\\.date)", placeholder: Date()))
}

/// The key of ``DependencyValues/calendar``. The autoupdating value follows the user's changes.
enum CalendarKey: DependencyKey {
  static let liveValue = Calendar.autoupdatingCurrent
}

/// The key of ``DependencyValues/locale``.
enum LocaleKey: DependencyKey {
  static let liveValue = Locale.autoupdatingCurrent
}

/// The key of ``DependencyValues/timeZone``.
enum TimeZoneKey: DependencyKey {
  static let liveValue = TimeZone.autoupdatingCurrent
}
