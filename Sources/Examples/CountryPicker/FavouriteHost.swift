import ActorStore

/// A favourite button for a country: a star, filled while the country is a favourite, dimmed
/// while the change is being saved; both from the country's store.
public final class FavouriteHost: StoreHostBase<CountryRow.State, CountryRow.Action>, ItemHost {
  private let log = RenderLog()

  /// The button's accessibility label (the item's content).
  public var accessibilityLabel = ""

  /// Lines this host rendered, in order.
  public var rendered: [String] { log.lines }

  /// Creates a button showing nothing.
  public override init() { super.init() }

  /// Renders the star.
  /// - Parameter store: The country's store.
  public override func configureStateObservation(on store: Store<CountryRow.State, CountryRow.Action>) {
    observe(\.isFavourite) { [log] isFavourite in log.render(isFavourite ? "star filled" : "star empty") }
    observe(\.isSaving) { [log] isSaving in if isSaving { log.render("star saving") } }
  }

  /// Clears the label, the store and its observations.
  public override func prepareForReuse() {
    accessibilityLabel = ""
    super.prepareForReuse()
  }
}
