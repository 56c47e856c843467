import ActorStore

/// One on/off setting whose state lives in its own child store: a toggle row binds to it.
public struct ToggleSetting: Reducer {
  /// The setting's state.
  public struct State: Equatable, Sendable, Identifiable {
    /// The setting's key, e.g. "push".
    public let id: String
    /// The row's title.
    public var title: String
    /// Whether the setting is on.
    public var isOn: Bool

    /// Creates a setting.
    /// - Parameters:
    ///   - id: The setting's key.
    ///   - title: The row's title.
    ///   - isOn: Whether it starts on.
    public init(id: String, title: String, isOn: Bool = false) {
      self.id = id
      self.title = title
      self.isOn = isOn
    }
  }

  /// What can happen to a setting.
  public enum Action: Equatable, Sendable {
    /// The switch was flipped.
    case toggled
  }

  /// Creates the setting feature.
  public init() {}

  /// Flips the setting.
  /// - Parameters:
  ///   - state: The setting.
  ///   - action: The action.
  /// - Returns: No effect.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggled:
      state.isOn.toggle()
      return .none
    }
  }
}
