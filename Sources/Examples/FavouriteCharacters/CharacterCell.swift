import ActorStore

/// A headless list cell for a character row: shows the name, the favourite star and the image,
/// and loads the image only while it shows the row.
///
/// A main-actor host, like the `UICollectionViewCell` it stands for: every callback runs on the
/// main actor, so it keeps what it rendered in a plain array. On iOS the cell would subclass
/// `UICollectionViewCell` and own a `MainActorStoreConnection` (see Docs/UIKit-and-SwiftUI.md).
public final class CharacterCell: MainActorStoreHost<CharacterRow.State, CharacterRow.Action> {
  /// Lines this cell "rendered", in order.
  public private(set) var rendered: [String] = []

  /// Starts rendering the row and loading its image.
  /// - Parameter store: The row's store.
  public override func configureStateObservation(on store: Store<CharacterRow.State, CharacterRow.Action>) {
    observe(\.character.name) { [unowned self] name in rendered.append("name \(name)") }
    observe(\.image) { [unowned self] image in rendered.append("image \(image ?? "placeholder")") }
    sendWhileShown(.loadImage)
  }

  /// Shows a placeholder once the row was deleted while the cell still showed it.
  public override func stateDidEnd() { rendered.append("deleted") }
}
