import ActorStore

/// The title of a row.
final class DeclaredTitleHost: DeclaredRowHost {
  /// How a title is made; part of its kind, so changing it replaces the item.
  enum Style: Hashable, Sendable { case regular, compact }
}
