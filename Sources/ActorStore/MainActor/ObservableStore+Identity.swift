/// An `ObservableStore` is identified by the object itself, as TCA's `Store` is: SwiftUI's item
/// modifiers (`.sheet(item:)`, `.popover(item:)`, `.fullScreenCover(item:)`) need an
/// `Identifiable` item and `.navigationDestination(item:)` a `Hashable` one, and tell one
/// presentation from the next by it. ``scope(state:action:)-(_,ActionPath<Action,PresentationAction<ChildAction>>)``
/// hands out one instance per presentation, so the identity is the presentation's.
///
/// `id` is the object's identity, not the state's `id`: read that as `store.state.id`.
extension ObservableStore: Identifiable {}

extension ObservableStore: Hashable {
  /// Whether the two are the same object.
  /// - Parameters:
  ///   - lhs: A store.
  ///   - rhs: Another.
  /// - Returns: `lhs === rhs`.
  public nonisolated static func == (lhs: ObservableStore, rhs: ObservableStore) -> Bool { lhs === rhs }

  /// Hashes the object's identity.
  /// - Parameter hasher: The hasher.
  public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
