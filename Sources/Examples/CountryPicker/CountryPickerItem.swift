/// The item IDs of the country picker: unique in the whole collection, so one country's title,
/// favourite button and separator are told apart by case, and the two spacings by name (seed
/// 003's duplicate `Spacing` widgets, which lost their animations, get distinct IDs here).
public enum CountryPickerItem: Hashable, Sendable {
  /// The spacing above the header.
  case topSpacing
  /// The header text.
  case header
  /// The spacing with a separator below the header.
  case headerSpacing
  /// A country's title.
  case title(String)
  /// A country's favourite button.
  case favourite(String)
  /// The separator below a country.
  case separator(String)
}
