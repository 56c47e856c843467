import ActorStore

/// Seed 003's country picker: a header, spacings and, per country, a title, a favourite button
/// and a separator, declared as a ``DeclaredCollection`` by ``CountryPickerLayout``. Each
/// country has one child store, shared by its title and its favourite button.
public struct CountryPicker: Reducer {
  /// The picker's state.
  public struct State: Equatable, Sendable {
    /// The countries, by code.
    public var rows: IdentifiedArrayOf<CountryRow.State>
    /// The code of the country picked, if any.
    public var selected: String?

    /// Creates a picker.
    /// - Parameter rows: The countries.
    public init(rows: IdentifiedArrayOf<CountryRow.State>) { self.rows = rows }
  }

  /// What can happen in the picker.
  public enum Action: Equatable, Sendable {
    /// A country's title was tapped.
    case select(String)
    /// A country was removed from the list.
    case remove(String)
    /// An action of one country, by code.
    case rows(IdentifiedAction<String, CountryRow.Action>)
  }

  /// How country actions embed into picker actions.
  public static let rowsPath = ActionPath<Action, IdentifiedAction<String, CountryRow.Action>>(
    embed: Action.rows, extract: { if case .rows(let action) = $0 { action } else { nil } })

  /// Creates the picker feature.
  public init() {}

  /// Selects and removes countries, then routes country actions to their rows.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .select(let id):
        state.selected = id
      case .remove(let id):
        state.rows.remove(id: id)
        if state.selected == id { state.selected = nil }
      case .rows:
        break
      }
      return .none
    }
    .forEach(\.rows, action: Self.rowsPath) { CountryRow() }
  }
}
