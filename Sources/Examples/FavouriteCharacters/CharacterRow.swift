import ActorStore

/// One row of the list: a character and its image, loaded while the row is on screen.
public struct CharacterRow: Reducer {
  /// The row's state.
  public struct State: Equatable, Sendable, Identifiable {
    /// The character shown.
    public var character: Character
    /// The image, once loaded.
    public var image: String?
    /// The row's ID: its character's.
    public var id: Int { character.id }

    /// Creates a row.
    /// - Parameter character: The character shown.
    public init(character: Character) { self.character = character }
  }

  /// What can happen in a row.
  public enum Action: Equatable, Sendable, Codable {
    /// The row appeared on screen: load its image.
    case loadImage
    /// The image arrived.
    case imageLoaded(String)
    /// The favourite star was tapped.
    case toggleFavouriteTapped
    /// The row was swiped away; the list removes it.
    case swipedToDelete
  }

  @Dependency(\.charactersClient) var client

  /// Creates the row feature; it loads images through the `charactersClient` dependency.
  public init() {}

  private struct ImageLoadID: Hashable, Sendable {}

  /// Applies a row action.
  /// - Parameters:
  ///   - state: The row.
  ///   - action: The action.
  /// - Returns: The image load for `.loadImage`.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .loadImage:
      guard state.image == nil else { return .none }
      return .run { [id = state.id] send in await send(.imageLoaded(try await client.loadImage(id))) }
        .cancellable(id: ImageLoadID(), cancelInFlight: true)
    case .imageLoaded(let image):
      state.image = image
      return .none
    case .toggleFavouriteTapped:
      state.character.isFavourite.toggle()
      return .none
    case .swipedToDelete:
      return .none
    }
  }
}
