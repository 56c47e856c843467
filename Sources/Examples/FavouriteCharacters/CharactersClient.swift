import ActorStore

/// What the favourite-characters feature needs from the outside world, read as the
/// `charactersClient` dependency.
public struct CharactersClient: Sendable {
  /// Loads the list of characters.
  public var loadCharacters: @Sendable () async throws -> [Character]
  /// Loads a character's image (a name standing in for bytes).
  public var loadImage: @Sendable (_ characterID: Int) async throws -> String

  /// Creates a client.
  /// - Parameters:
  ///   - loadCharacters: Loads the list.
  ///   - loadImage: Loads one image.
  public init(
    loadCharacters: @escaping @Sendable () async throws -> [Character],
    loadImage: @escaping @Sendable (_ characterID: Int) async throws -> String
  ) {
    self.loadCharacters = loadCharacters
    self.loadImage = loadImage
  }
}

extension CharactersClient: DependencyKey {
  /// The example's "server": a fixed catalogue, answered at once. Tests override it; a test that
  /// does not is reported (there is no `testValue`).
  public static let liveValue = CharactersClient(
    loadCharacters: { ["Ada", "Grace", "Alan", "Barbara", "Edsger"].enumerated().map { Character(id: $0 + 1, name: $1) } },
    loadImage: { id in "image-\(id)" })
}

extension DependencyValues {
  /// Where the favourite-characters feature loads characters and images from.
  public var charactersClient: CharactersClient {
    get { self[CharactersClient.self] }
    set { self[CharactersClient.self] = newValue }
  }
}

/// A character of the list.
public struct Character: Equatable, Sendable, Identifiable, Codable {
  /// The character's ID.
  public let id: Int
  /// The character's name.
  public var name: String
  /// Whether the user marked it as a favourite.
  public var isFavourite: Bool

  /// Creates a character.
  /// - Parameters:
  ///   - id: Its ID.
  ///   - name: Its name.
  ///   - isFavourite: Whether it is a favourite.
  public init(id: Int, name: String, isFavourite: Bool = false) {
    self.id = id
    self.name = name
    self.isFavourite = isFavourite
  }
}
