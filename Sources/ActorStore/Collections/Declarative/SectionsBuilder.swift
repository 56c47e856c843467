/// Declares a collection's sections from state: single sections, optional sections, arrays of
/// sections, `if`/`else`, `switch` and `for` loops, in order.
@resultBuilder public enum SectionsBuilder<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
  /// The section type this builder declares.
  public typealias Section = SectionModel<SectionID, ItemID>

  /// One section.
  /// - Parameter section: The section.
  /// - Returns: A list holding it.
  @inlinable public static func buildExpression(_ section: Section) -> [Section] { [section] }

  /// A section that may be absent.
  /// - Parameter section: The section, or `nil`.
  /// - Returns: A list holding it, or nothing.
  @inlinable public static func buildExpression(_ section: Section?) -> [Section] {
    section.map { [$0] } ?? []
  }

  /// Several sections at once, e.g. `groups.map { … }`.
  /// - Parameter sections: The sections.
  /// - Returns: The same list.
  @inlinable public static func buildExpression(_ sections: [Section]) -> [Section] { sections }

  /// The statements of a block, in order.
  /// - Parameter components: Each statement's sections.
  /// - Returns: All of them, in order.
  @inlinable public static func buildBlock(_ components: [Section]...) -> [Section] {
    components.count == 1 ? components[0] : Array(components.joined())
  }

  /// An `if` without `else`.
  /// - Parameter component: The sections when the condition held.
  /// - Returns: Those sections, or nothing.
  @inlinable public static func buildOptional(_ component: [Section]?) -> [Section] {
    component ?? []
  }

  /// The first branch of an `if`/`else` or `switch`.
  /// - Parameter component: The branch's sections.
  /// - Returns: The same sections.
  @inlinable public static func buildEither(first component: [Section]) -> [Section] {
    component
  }

  /// The second branch of an `if`/`else` or `switch`.
  /// - Parameter component: The branch's sections.
  /// - Returns: The same sections.
  @inlinable public static func buildEither(second component: [Section]) -> [Section] {
    component
  }

  /// A `for` loop.
  /// - Parameter components: Each iteration's sections.
  /// - Returns: All of them, in order.
  @inlinable public static func buildArray(_ components: [[Section]]) -> [Section] {
    Array(components.joined())
  }

  /// An `if #available` block.
  /// - Parameter component: The block's sections.
  /// - Returns: The same sections.
  @inlinable public static func buildLimitedAvailability(_ component: [Section]) -> [Section] {
    component
  }
}
