import ActorStore

/// Declares the country picker's collection from its state: seed 003's
/// `header + objects.flatMap { [Title(object), Spacing(1)] }`, plus a favourite button per
/// country bound to the country's store.
public enum CountryPickerLayout {
  /// The picker's only section.
  public static let section = 0

  /// The items the picker shows for `state`.
  /// - Parameters:
  ///   - state: The picker's state.
  ///   - registry: The countries' stores, keyed by country code.
  ///   - send: Sends a picker action (on Apple platforms: `Task { await store.send($0) }`).
  /// - Returns: The collection to apply.
  public static func collection(
    for state: CountryPicker.State,
    registry: ChildStoreRegistry<String, CountryRow.State, CountryRow.Action>,
    send: @escaping @Sendable (CountryPicker.Action) -> Void
  ) -> DeclaredCollection<Int, CountryPickerItem> {
    DeclaredCollection {
      SectionModel(id: section) {
        spacing(.topSpacing, height: 25)
        ItemModel(id: .header, content: "Choose a country", makeHost: HeaderHost.init) { host, text in
          host.text = text
        }
        spacing(.headerSpacing, height: 10, separator: true)
        for row in state.rows {
          ItemModel(
            id: .title(row.id), content: state.selected == row.id, element: row.id, in: registry,
            makeHost: CountryTitleHost.init
          ) { host, isSelected in
            host.isSelected = isSelected
          }
          .didSelect { _ in send(.select(row.id)) }
          ItemModel(
            id: .favourite(row.id), content: row.name, element: row.id, in: registry, makeHost: FavouriteHost.init
          ) { host, name in
            host.accessibilityLabel = "Favourite \(name)"
          }
          .didSelect { _ in send(.rows(.element(id: row.id, action: .favouriteTapped))) }
          spacing(.separator(row.id), height: 1, separator: true)
        }
      }
    }
  }

  private static func spacing(
    _ id: CountryPickerItem, height: Int, separator: Bool = false
  ) -> ItemModel<CountryPickerItem> {
    ItemModel(id: id, content: SpacingHost.Content(height: height, separator: separator), makeHost: SpacingHost.init) {
      host, content in
      host.content = content
    }
  }
}
