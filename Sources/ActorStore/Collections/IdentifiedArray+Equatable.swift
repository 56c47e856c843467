extension IdentifiedArray: Equatable where Element: Equatable {
  /// Whether both hold equal elements in the same order; the id functions are not compared.
  /// - Parameters:
  ///   - lhs: One array.
  ///   - rhs: Another array.
  /// - Returns: `true` when the elements are pairwise equal.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.count == rhs.count else { return false }
    // Shared id storage means identical slot layouts: compare the value buffers directly.
    if lhs.order.identity === rhs.order.identity { return lhs.values == rhs.values }
    return lhs.elementsEqual(rhs)
  }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  /// Hashes the elements in order.
  /// - Parameter hasher: The hasher to feed.
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for element in self { hasher.combine(element) }
  }
}
