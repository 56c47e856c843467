import ActorStore

/// A host of the heterogeneous `scroll` list bound to its row's store: the row's title, or its
/// badge. The two are distinct types, hence distinct kinds; the title also comes in two styles.
class DeclaredRowHost: StoreHostBase<RowFeature.State, RowFeature.Action>, ItemHost {
  /// The revision of the row's declared content last applied.
  var revision = -1

  override init() { super.init() }

  override func prepareForReuse() {
    revision = -1
    super.prepareForReuse()
  }
}
