import ActorStoreTesting
import FavouriteCharacters
import Testing

/// A `@MainActor` suite, like an app's: the cells are main-actor hosts and the executor runs
/// their deliveries in its deterministic order.
@MainActor @Suite struct FavouriteCharactersTests {
  /// Thirty characters after a second, an image after two, on the store's clock: the
  /// `continuousClock` dependency, a `TestStore`'s `TestClock`.
  private static let client = CharactersClient(
    loadCharacters: {
      @Dependency(\.continuousClock) var clock
      try await clock.sleep(for: .seconds(1))
      return (1...30).map { Character(id: $0, name: "Character \($0)") }
    },
    loadImage: { id in
      @Dependency(\.continuousClock) var clock
      try await clock.sleep(for: .seconds(2))
      return "image-\(id)"
    })

  @Test func listLoadsRowsAndCellsLoadImagesOnlyWhileShown() async throws {
    let store = TestStore(initialState: CharacterList.State()) {
      CharacterList()
    } withDependencies: {
      $0.charactersClient = Self.client
    }
    await store.send(.onAppear) { $0.isLoading = true }
    store.executor.advance(by: .seconds(1))
    await store.receive({ if case .charactersLoaded = $0 { true } else { false } }) {
      $0.isLoading = false
      $0.rows = IdentifiedArray(uniqueElements: (1...30).map { CharacterRow.State(character: Character(id: $0, name: "Character \($0)")) })
    }
    store.exhaustivity = .off

    let registry = ChildStoreRegistry(parent: store.store, elements: \.rows, action: .rows)
    let viewport = CollectionHostSimulator<Int, Int, CharacterCell>(registry: registry, hostCount: 5) { CharacterCell() }
    var snapshot = Snapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems(Array(1...30))
    try viewport.apply(snapshot)
    store.executor.runUntilIdle()
    #expect(store.store.inFlightEffectCount == 5)
    let firstCell = try #require(viewport.host(for: 1))
    #expect(firstCell.rendered == ["name Character 1", "image placeholder"])

    // Swipe row 2 away: its image load is cancelled, and its cell is reused for row 6.
    await store.send(.rows(.element(id: 2, action: .swipedToDelete)))
    snapshot.deleteItems([2])
    try viewport.apply(snapshot)
    store.executor.runUntilIdle()
    #expect(store.state.rows[id: 2] == nil)
    #expect(viewport.visibleIDs == [1, 3, 4, 5, 6])
    #expect(store.store.inFlightEffectCount == 5)

    // Scroll past the first screen: reused cells cancel their rows' loads and start new ones.
    viewport.scroll(to: 5)
    store.executor.runUntilIdle()
    #expect(viewport.visibleIDs == [7, 8, 9, 10, 11])
    #expect(store.store.inFlightEffectCount == 5)

    store.executor.advance(by: .seconds(2))
    // The cells' actions reach the root store as received actions: `state` shows them once
    // skipped (or received), as in TCA.
    await store.skipReceivedActions()
    #expect(store.state.rows[id: 7]?.image == "image-7")
    #expect(store.state.rows[id: 1]?.image == nil)
    let cell = try #require(viewport.host(for: 7))
    #expect(cell.rendered.suffix(2) == ["image placeholder", "image image-7"])
    #expect(store.store.inFlightEffectCount == 0)

    viewport.tearDown()
    await store.finish()
    #expect(registry.boundHostCount == 0)
  }
}
