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
    // One template per kind of row, shared by every country: no template is made per row.
    let title = BoundItemTemplate(in: registry, makeHost: CountryTitleHost.init) { (host, isSelected: Bool) in
      host.isSelected = isSelected
    }
    let favourite = BoundItemTemplate(in: registry, makeHost: FavouriteHost.init) { (host, name: String) in
      host.accessibilityLabel = "Favourite \(name)"
    }
    return DeclaredCollection {
      SectionModel(id: section) {
        spacing(.topSpacing, height: 25)
        ItemModel(id: .header, content: "Choose a country", makeHost: HeaderHost.init) { host, text in
          host.text = text
        }
        spacing(.headerSpacing, height: 10, separator: true)
        for row in state.rows {
          title.item(id: .title(row.id), element: row.id, content: state.selected == row.id)
            .didSelect { _ in send(.select(row.id)) }
          favourite.item(id: .favourite(row.id), element: row.id, content: row.name)
            .didSelect { _ in send(.rows(.element(id: row.id, action: .favouriteTapped))) }
          spacing(.separator(row.id), height: 1, separator: true)
        }
      }
    }
  }

  /// Spacing rows capture nothing, so their template is made once for the app.
  private static let spacingTemplate = ItemTemplate(makeHost: SpacingHost.init) {
    (host, content: SpacingHost.Content) in
    host.content = content
  }

  private static func spacing(
    _ id: CountryPickerItem, height: Int, separator: Bool = false
  ) -> ItemModel<CountryPickerItem> {
    spacingTemplate.item(id: id, content: SpacingHost.Content(height: height, separator: separator))
  }
}
