import ActorStore

/// Where the country picker saves favourite flags, read as the `favourites` dependency.
public struct FavouritesClient: Sendable {
  /// Saves whether a country is a favourite.
  public var save: @Sendable (_ countryID: String, _ isFavourite: Bool) async throws -> Void

  /// Creates a client.
  /// - Parameter save: Saves a favourite flag.
  public init(save: @escaping @Sendable (_ countryID: String, _ isFavourite: Bool) async throws -> Void) {
    self.save = save
  }
}

extension FavouritesClient: DependencyKey {
  /// The example's "server": every save succeeds at once. Tests override it; a test that does not
  /// is reported (there is no `testValue`).
  public static let liveValue = FavouritesClient { _, _ in }
}

extension DependencyValues {
  /// Where the country picker saves favourite flags.
  public var favourites: FavouritesClient {
    get { self[FavouritesClient.self] }
    set { self[FavouritesClient.self] = newValue }
  }
}
