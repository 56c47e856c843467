import ActorStore

/// The badge some rows show.
final class DeclaredBadgeHost: DeclaredRowHost {}
