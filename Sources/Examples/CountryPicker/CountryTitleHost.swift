import ActorStore

/// Seed 003's `Title` primitive for a country: its name, from the country's store, and a check
/// mark when it is the country picked (the item's content).
public final class CountryTitleHost: StoreHostBase<CountryRow.State, CountryRow.Action>, ItemHost {
  private let log = RenderLog()

  /// Whether the check mark shows.
  public var isSelected = false

  /// Lines this host rendered, in order.
  public var rendered: [String] { log.lines }

  /// Creates a title host showing nothing.
  public override init() { super.init() }

  /// Renders the country's name.
  /// - Parameter store: The country's store.
  public override func configureStateObservation(on store: Store<CountryRow.State, CountryRow.Action>) {
    observe(\.name) { [log] name in log.render("title \(name)") }
  }

  /// Drops the check mark, the store and its observations.
  public override func prepareForReuse() {
    isSelected = false
    super.prepareForReuse()
  }
}
