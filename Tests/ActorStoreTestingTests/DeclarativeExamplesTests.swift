import ActorStore
import ActorStoreTesting
import CountryPicker
import SettingsScreen
import Testing

/// The actions a collection's behaviours sent, for the test to forward to its store.
final class SentActions<Action: Sendable>: Sendable {
  private let actions = Locked<[Action]>([])
  func send(_ action: Action) { actions.withLock { $0.append(action) } }
  func drain() -> [Action] { actions.withLock { actions in defer { actions = [] }; return actions } }
}

@Suite struct CountryPickerTests {
  private static let countries = [("NZ", "New Zealand"), ("FR", "France"), ("JP", "Japan"), ("PE", "Peru")]

  @Test func oneStorePerCountryIsSharedByItsItemsAndRemovalCancelsAndUnbinds() async throws {
    let rows = IdentifiedArray(uniqueElements: Self.countries.map { CountryRow.State(id: $0.0, name: $0.1) })
    let store = TestStore(initialState: CountryPicker.State(rows: rows)) {
      CountryPicker()
    } withDependencies: {
      $0.favourites = FavouritesClient { _, _ in
        @Dependency(\.continuousClock) var clock
        try await clock.sleep(for: .seconds(1))
      }
    }
    store.exhaustivity = .off
    let registry = ChildStoreRegistry(parent: store.store, elements: \.rows, action: CountryPicker.rowsPath)
    let sent = SentActions<CountryPicker.Action>()
    let simulator = DeclaredCollectionHostSimulator<Int, CountryPickerItem>(hostCount: 9)
    func show() throws {
      try simulator.apply(CountryPickerLayout.collection(for: store.state, registry: registry, send: sent.send))
      store.executor.runUntilIdle()
    }
    try show()
    #expect(
      simulator.visibleIDs == [
        .topSpacing, .header, .headerSpacing, .title("NZ"), .favourite("NZ"), .separator("NZ"), .title("FR"),
        .favourite("FR"), .separator("FR"),
      ])
    #expect(simulator.host(for: .header, as: HeaderHost.self)?.text == "Choose a country")
    #expect(simulator.host(for: .topSpacing, as: SpacingHost.self)?.content == .init(height: 25, separator: false))
    #expect(simulator.host(for: .separator("FR"), as: SpacingHost.self)?.content == .init(height: 1, separator: true))

    // Two items per visible country, one store per country: keyed by the country, not the item.
    let title = try #require(simulator.host(for: .title("NZ"), as: CountryTitleHost.self))
    let favourite = try #require(simulator.host(for: .favourite("NZ"), as: FavouriteHost.self))
    #expect(title.store === favourite.store)
    #expect(title.store === registry.store(for: "NZ"))
    #expect(registry.liveStoreCount == 2 && registry.boundHostCount == 4)
    #expect(title.rendered == ["title New Zealand"])
    #expect(favourite.rendered == ["star empty"])
    #expect(favourite.accessibilityLabel == "Favourite New Zealand")

    // Tapping the star goes through the country's store and starts its save.
    simulator.tap(.favourite("NZ"))
    for action in sent.drain() { await store.send(action) }
    #expect(store.state.rows[id: "NZ"]?.isFavourite == true)
    #expect(store.store.inFlightEffectCount == 1)
    #expect(favourite.rendered == ["star empty", "star filled", "star saving"])

    // Selecting France changes one title's content: reconfigured on its host, no other change.
    let franceTitle = try #require(simulator.host(for: .title("FR"), as: CountryTitleHost.self))
    simulator.tap(.title("FR"))
    for action in sent.drain() { await store.send(action) }
    try show()
    #expect(simulator.host(for: .title("FR")) === franceTitle)
    #expect(franceTitle.isSelected && simulator.reconfigureCount == 1)

    // Removing New Zealand mid-save cancels the save and unbinds both of its items' hosts,
    // which are reused for Japan, the next country to come on screen.
    await store.send(.remove("NZ"))
    #expect(store.store.inFlightEffectCount == 0)
    try show()
    #expect(simulator.host(for: .title("JP")) === title && simulator.host(for: .favourite("JP")) === favourite)
    #expect(title.store === registry.store(for: "JP") && favourite.store === title.store)
    #expect(title.rendered == ["title New Zealand", "title Japan"])
    #expect(registry.store(for: "NZ") == nil)
    #expect(registry.liveStoreCount == 2 && registry.boundHostCount == 4)

    simulator.tearDown()
    await store.send(.remove("FR"))
    await store.send(.remove("JP"))
    #expect(registry.liveStoreCount == 0 && registry.boundHostCount == 0)
    await store.finish()
  }
}

@Suite struct SettingsScreenTests {
  @Test func severalKindsAToggleInAChildStoreAndSectionsThatComeAndGo() async throws {
    let toggles: IdentifiedArrayOf<ToggleSetting.State> = [
      .init(id: "push", title: "Push", isOn: true), .init(id: "email", title: "Email"),
    ]
    let store = TestStore(initialState: SettingsScreen.State(username: "ada", toggles: toggles)) { _ in SettingsScreen() }
    store.exhaustivity = .off
    let registry = ChildStoreRegistry(parent: store.store, elements: \.toggles, action: SettingsScreen.togglesPath)
    let sent = SentActions<SettingsScreen.Action>()
    let simulator = DeclaredCollectionHostSimulator<SettingsSection, SettingsItem>(hostCount: 20)
    func show() throws {
      try simulator.apply(SettingsLayout.collection(for: store.state, registry: registry, send: sent.send))
      store.executor.runUntilIdle()
    }
    try show()
    #expect(simulator.collection.snapshot.sectionIDs == [.account, .notifications, .actions])
    #expect(simulator.host(for: .label("username"), as: LabelRowHost.self)?.text == "Signed in as ada")
    let push = try #require(simulator.host(for: .toggle("push"), as: ToggleRowHost.self))
    #expect(push.title == "Push" && push.isOn)
    // Section titles and value rows share a host type but not a style: two kinds.
    let titleKind = try #require(simulator.collection.item(id: .title(.account))?.kind)
    let valueKind = try #require(simulator.collection.item(id: .label("username"))?.kind)
    #expect(titleKind != valueKind && titleKind.hostType == valueKind.hostType)

    // The switch lives in the setting's store: flipping it needs no new collection.
    push.flip()
    store.executor.runUntilIdle()
    // The flip reaches the root store as a received action: `state` shows it once skipped (or
    // received), as in TCA.
    await store.skipReceivedActions()
    #expect(store.state.toggles[id: "push"]?.isOn == false)
    #expect(!push.isOn)

    // Opening the advanced section inserts a section and reconfigures the "Advanced" row.
    simulator.tap(.label("advanced"))
    for action in sent.drain() { await store.send(action) }
    let update = try { () throws -> CollectionUpdate<SettingsSection, SettingsItem> in
      let update = try simulator.apply(SettingsLayout.collection(for: store.state, registry: registry, send: sent.send))
      store.executor.runUntilIdle()
      return update
    }()
    #expect(update.sectionInserts == [2])
    #expect(update.itemReconfigures == [ItemPath(section: 0, item: 2)])
    #expect(simulator.host(for: .label("advanced"), as: LabelRowHost.self)?.text == "Hide advanced")
    #expect(simulator.host(for: .label("cache"), as: LabelRowHost.self)?.text == "Clear cache")

    simulator.tap(.button("signOut"))
    for action in sent.drain() { await store.send(action) }
    #expect(store.state.isSignedOut)
    #expect(simulator.staleVisibleIDs.isEmpty)

    simulator.tearDown()
    #expect(registry.boundHostCount == 0)
    await store.finish()
  }
}
