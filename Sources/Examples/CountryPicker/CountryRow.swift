import ActorStore

/// One country of the picker, with state of its own: whether it is a favourite, saved through
/// an effect. Shown as several items (a title and a favourite button) that share this one store.
public struct CountryRow: Reducer {
  /// The row's state.
  public struct State: Equatable, Sendable, Identifiable {
    /// The country code, e.g. "NZ".
    public let id: String
    /// The country's name.
    public var name: String
    /// Whether the user marked it a favourite.
    public var isFavourite = false
    /// Whether a favourite change is being saved.
    public var isSaving = false

    /// Creates a row.
    /// - Parameters:
    ///   - id: The country code.
    ///   - name: The country's name.
    public init(id: String, name: String) {
      self.id = id
      self.name = name
    }
  }

  /// What can happen in a row.
  public enum Action: Equatable, Sendable {
    /// The favourite button was tapped: toggle and save.
    case favouriteTapped
    /// The save finished.
    case saved
  }

  struct SaveID: Hashable, Sendable {}

  @Dependency(\.favourites) var favourites

  /// Creates the row feature; it saves through the `favourites` dependency.
  public init() {}

  /// Toggles and saves the favourite flag.
  /// - Parameters:
  ///   - state: The row.
  ///   - action: The action.
  /// - Returns: The save, cancelling a previous one still running.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .favouriteTapped:
      state.isFavourite.toggle()
      state.isSaving = true
      return .run { [id = state.id, isFavourite = state.isFavourite] send in
        try await favourites.save(id, isFavourite)
        await send(.saved)
      }
      .cancellable(id: SaveID(), cancelInFlight: true)
    case .saved:
      state.isSaving = false
      return .none
    }
  }
}
