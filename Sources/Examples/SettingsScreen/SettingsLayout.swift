import ActorStore

/// Declares the settings screen's collection from its state, Epoxy style: several kinds of
/// rows, a toggle row per setting bound to the setting's store, and sections that come and go.
public enum SettingsLayout {
  /// The items the screen shows for `state`.
  /// - Parameters:
  ///   - state: The screen's state.
  ///   - registry: The settings' stores, keyed by setting key.
  ///   - send: Sends a screen action (on Apple platforms: `Task { await store.send($0) }`).
  /// - Returns: The collection to apply.
  public static func collection(
    for state: SettingsScreen.State,
    registry: ChildStoreRegistry<String, ToggleSetting.State, ToggleSetting.Action>,
    send: @escaping @Sendable (SettingsScreen.Action) -> Void
  ) -> DeclaredCollection<SettingsSection, SettingsItem> {
    let toggle = BoundItemTemplate(in: registry, makeHost: ToggleRowHost.init) { (_, _: String) in }
    return DeclaredCollection {
      SectionModel(id: .account) {
        title(.account, "Account")
        label("username", "Signed in as \(state.username)")
        label("advanced", state.showsAdvanced ? "Hide advanced" : "Advanced")
          .didSelect { _ in send(.advancedTapped) }
      }
      SectionModel(id: .notifications) {
        title(.notifications, "Notifications")
        for setting in state.toggles {
          toggle.item(id: .toggle(setting.id), element: setting.id, content: setting.id)
        }
      }
      if state.showsAdvanced {
        SectionModel(id: .advanced) {
          title(.advanced, "Advanced")
          label("cache", "Clear cache")
        }
      }
      SectionModel(id: .actions) {
        ItemModel(id: .button("signOut"), content: "Sign out", makeHost: ButtonRowHost.init) { host, title in
          host.title = title
        }
        .didSelect { _ in send(.signOutTapped) }
      }
    }
  }

  private static func title(_ section: SettingsSection, _ text: String) -> ItemModel<SettingsItem> {
    ItemModel(id: .title(section), style: LabelRowHost.Style.sectionTitle, content: text, makeHost: LabelRowHost.init) {
      host, text in
      host.text = text
    }
  }

  private static func label(_ name: String, _ text: String) -> ItemModel<SettingsItem> {
    ItemModel(id: .label(name), style: LabelRowHost.Style.value, content: text, makeHost: LabelRowHost.init) {
      host, text in
      host.text = text
    }
  }
}
