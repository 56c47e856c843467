import ActorStore

/// The seeds' "favourite characters" list: characters loaded through an effect, one child
/// store per row, swipe-to-delete routed by ID, and per-row image loads that are cancelled when
/// the row is deleted or its cell is reused.
public struct CharacterList: Reducer {
  /// The list's state.
  public struct State: Equatable, Sendable {
    /// The rows, by character ID.
    public var rows: IdentifiedArrayOf<CharacterRow.State> = []
    /// Whether the list is loading.
    public var isLoading = false

    /// Creates an empty list.
    public init() {}
  }

  /// What can happen in the list.
  public enum Action: Equatable, Sendable, Codable {
    /// The list appeared: load the characters.
    case onAppear
    /// The characters arrived.
    case charactersLoaded([Character])
    /// An action of one row, by ID.
    case rows(IdentifiedAction<Int, CharacterRow.Action>)
  }

  @Dependency(\.charactersClient) var client

  /// Creates the list feature; it loads through the `charactersClient` dependency.
  public init() {}

  /// Loads the characters, removes swiped rows, and runs each row's own reducer.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        state.isLoading = true
        return .run { send in await send(.charactersLoaded(try await client.loadCharacters())) }
      case .charactersLoaded(let characters):
        state.isLoading = false
        state.rows = IdentifiedArray(uniqueElements: characters.map(CharacterRow.State.init(character:)))
        return .none
      case .rows(.element(let id, .swipedToDelete)):
        state.rows.remove(id: id)
        return .none
      case .rows:
        return .none
      }
    }
    .forEach(\.rows, action: .rows) { CharacterRow() }
  }
}

extension ActionPath where Root == CharacterList.Action, Value == IdentifiedAction<Int, CharacterRow.Action> {
  /// The list's row actions.
  public static let rows = ActionPath(
    embed: CharacterList.Action.rows,
    extract: { if case .rows(let action) = $0 { action } else { nil } })
}
