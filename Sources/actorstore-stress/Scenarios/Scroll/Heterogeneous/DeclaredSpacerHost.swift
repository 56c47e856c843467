import ActorStore

/// The spacing below a row; holds no store.
final class DeclaredSpacerHost: ItemHost {
  var height = 0
  func prepareForReuse() { height = 0 }
}
