/// Declares a section's items from state, the way seed 003 writes
/// `header + objects.flatMap { [Title(object), Spacing(1)] }`: single items, optional items,
/// arrays of items, `if`/`else`, `switch` and `for` loops, in order.
@resultBuilder public enum ItemsBuilder<ItemID: Hashable & Sendable> {
  /// The item type this builder declares.
  public typealias Item = ItemModel<ItemID>

  /// One item.
  /// - Parameter item: The item.
  /// - Returns: A list holding it.
  @inlinable public static func buildExpression(_ item: Item) -> [Item] { [item] }

  /// An item that may be absent.
  /// - Parameter item: The item, or `nil`.
  /// - Returns: A list holding it, or nothing.
  @inlinable public static func buildExpression(_ item: Item?) -> [Item] {
    item.map { [$0] } ?? []
  }

  /// Several items at once, e.g. `objects.map { … }`.
  /// - Parameter items: The items.
  /// - Returns: The same list.
  @inlinable public static func buildExpression(_ items: [Item]) -> [Item] { items }

  /// The statements of a block, in order.
  /// - Parameter components: Each statement's items.
  /// - Returns: All of them, in order.
  @inlinable public static func buildBlock(_ components: [Item]...) -> [Item] {
    components.count == 1 ? components[0] : joined(components)
  }

  /// An `if` without `else`.
  /// - Parameter component: The items when the condition held.
  /// - Returns: Those items, or nothing.
  @inlinable public static func buildOptional(_ component: [Item]?) -> [Item] {
    component ?? []
  }

  /// The first branch of an `if`/`else` or `switch`.
  /// - Parameter component: The branch's items.
  /// - Returns: The same items.
  @inlinable public static func buildEither(first component: [Item]) -> [Item] {
    component
  }

  /// The second branch of an `if`/`else` or `switch`.
  /// - Parameter component: The branch's items.
  /// - Returns: The same items.
  @inlinable public static func buildEither(second component: [Item]) -> [Item] {
    component
  }

  /// A `for` loop.
  /// - Parameter components: Each iteration's items.
  /// - Returns: All of them, in order.
  @inlinable public static func buildArray(_ components: [[Item]]) -> [Item] {
    joined(components)
  }

  /// An `if #available` block.
  /// - Parameter component: The block's items.
  /// - Returns: The same items.
  @inlinable public static func buildLimitedAvailability(_ component: [Item]) -> [Item] {
    component
  }

  /// `components` in one array sized up front: a collection keeps a section's array for as long
  /// as it is shown, and growing it by doubling, as `Array(components.joined())` does, would
  /// keep up to twice the items' memory. (A `for` loop still holds each iteration's array until
  /// the loop ends; for very long lists, append items to one array reserved up front.)
  @inlinable static func joined(_ components: [[Item]]) -> [Item] {
    var items: [Item] = []
    var count = 0
    for component in components { count += component.count }
    items.reserveCapacity(count)
    for component in components { items.append(contentsOf: component) }
    return items
  }
}
