/// A type-erased hashable value that is also `Sendable`: `AnyHashable` for values that cross
/// tasks and actors (as swift-concurrency-extras' `AnyHashableSendable`).
///
/// Two boxes are equal when their bases are, compared as `AnyHashable` compares them (so
/// `1 as Int` and `1 as UInt8` are equal, as they are in `AnyHashable`). Boxing a box keeps the
/// inner box's base: boxes never nest.
///
/// ```swift
/// var seen: Set<AnyHashableSendable> = [1, "two", true]
/// seen.insert(AnyHashableSendable(Row.ID(3)))
/// ```
public struct AnyHashableSendable: Hashable, Sendable {
  /// The value in the box.
  public let base: any Hashable & Sendable

  /// Boxes `base`; a box given another box keeps that box's base.
  /// - Parameter base: The value to box.
  public init(_ base: some Hashable & Sendable) {
    if let box = base as? AnyHashableSendable {
      self = box
    } else {
      self.base = base
    }
  }

  /// Whether the two bases are equal, as `AnyHashable` compares them.
  /// - Parameters:
  ///   - lhs: One box.
  ///   - rhs: Another.
  /// - Returns: `true` when the bases are equal.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  /// Hashes the base as `AnyHashable` does, so that equal boxes hash equally.
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(AnyHashable(base))
  }
}

extension AnyHashableSendable: CustomStringConvertible, CustomDebugStringConvertible {
  /// The base's description: `42` for a boxed `42`.
  public var description: String { String(describing: base) }

  /// `AnyHashableSendable(` and the base's debug description, `)`:
  /// `AnyHashableSendable("id")`.
  public var debugDescription: String { "AnyHashableSendable(\(String(reflecting: base)))" }
}

extension AnyHashableSendable: ExpressibleByBooleanLiteral {
  /// A boxed `Bool`: `true` where an `AnyHashableSendable` is expected.
  /// - Parameter value: The literal.
  public init(booleanLiteral value: Bool) { self.init(value) }
}

extension AnyHashableSendable: ExpressibleByIntegerLiteral {
  /// A boxed `Int`: `42` where an `AnyHashableSendable` is expected.
  /// - Parameter value: The literal.
  public init(integerLiteral value: Int) { self.init(value) }
}

extension AnyHashableSendable: ExpressibleByFloatLiteral {
  /// A boxed `Double`: `0.5` where an `AnyHashableSendable` is expected.
  /// - Parameter value: The literal.
  public init(floatLiteral value: Double) { self.init(value) }
}

extension AnyHashableSendable: ExpressibleByStringLiteral {
  /// A boxed `String`: `"id"` where an `AnyHashableSendable` is expected.
  /// - Parameter value: The literal.
  public init(stringLiteral value: String) { self.init(value) }
}
