extension ActionPath {
  /// The presentation actions of one case of a presented destination enum, as TCA's
  /// `\.destination.edit`: `.presented(.destination, .edit)` embeds the case's actions as
  /// `.destination(.presented(.edit(…)))`, and `.dismiss` as `.destination(.dismiss)` (dismissing
  /// the case dismisses the destination). Extracting an action of another case gives `nil`.
  ///
  /// With `ObservableStore.scope(state:action:)` and a computed property on the destination
  /// enum: `store.scope(state: \.destination?.edit, action: .presented(.destination, .edit))`.
  /// - Parameters:
  ///   - destination: The destination's presentation actions.
  ///   - case: The case within the destination's actions.
  /// - Returns: The path to the case's presentation actions.
  public static func presented<Destination, Child>(
    _ destination: ActionPath<Root, PresentationAction<Destination>>, _ case: ActionPath<Destination, Child>
  ) -> Self where Value == PresentationAction<Child> {
    Self(
      embed: { action in
        switch action {
        case .presented(let child): destination.embed(.presented(`case`.embed(child)))
        case .dismiss: destination.embed(.dismiss)
        }
      },
      extract: { root in
        switch destination.extract(root) {
        case .presented(let action)?: `case`.extract(action).map { .presented($0) }
        case .dismiss?: .dismiss
        case nil: nil
        }
      })
  }
}
