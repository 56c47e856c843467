/// The sections of the settings screen.
public enum SettingsSection: Hashable, Sendable {
  /// The account rows.
  case account
  /// The notification toggles.
  case notifications
  /// Rows shown only when the advanced section is open.
  case advanced
  /// The sign-out button.
  case actions
}

/// The item IDs of the settings screen, unique in the whole collection.
public enum SettingsItem: Hashable, Sendable {
  /// A section title.
  case title(SettingsSection)
  /// A label row, by name.
  case label(String)
  /// A toggle row, by setting key.
  case toggle(String)
  /// A button row, by name.
  case button(String)
}
