import ActorStore

/// An Epoxy-style settings screen (seed 004): an account section, notification toggles whose
/// state lives in child stores, an optional advanced section and a sign-out button, declared by
/// ``SettingsLayout``.
public struct SettingsScreen: Reducer {
  /// The screen's state.
  public struct State: Equatable, Sendable {
    /// The signed-in user's name.
    public var username: String
    /// The notification settings, by key.
    public var toggles: IdentifiedArrayOf<ToggleSetting.State>
    /// Whether the advanced section shows.
    public var showsAdvanced = false
    /// Whether the user signed out.
    public var isSignedOut = false

    /// Creates the screen's state.
    /// - Parameters:
    ///   - username: The signed-in user's name.
    ///   - toggles: The notification settings.
    public init(username: String, toggles: IdentifiedArrayOf<ToggleSetting.State>) {
      self.username = username
      self.toggles = toggles
    }
  }

  /// What can happen on the screen.
  public enum Action: Equatable, Sendable {
    /// The "Advanced" row was tapped: show or hide the advanced section.
    case advancedTapped
    /// The sign-out button was tapped.
    case signOutTapped
    /// An action of one toggle, by key.
    case toggles(IdentifiedAction<String, ToggleSetting.Action>)
  }

  /// How toggle actions embed into screen actions.
  public static let togglesPath = ActionPath<Action, IdentifiedAction<String, ToggleSetting.Action>>(
    embed: Action.toggles, extract: { if case .toggles(let action) = $0 { action } else { nil } })

  /// Creates the screen feature.
  public init() {}

  /// Applies screen actions, then routes toggle actions to their settings.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .advancedTapped:
        state.showsAdvanced.toggle()
      case .signOutTapped:
        state.isSignedOut = true
      case .toggles:
        break
      }
      return .none
    }
    .forEach(\.toggles, action: Self.togglesPath) { ToggleSetting() }
  }
}
