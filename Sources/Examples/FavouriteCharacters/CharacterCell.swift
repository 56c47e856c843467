import ActorStore
import Synchronization

/// A headless list cell for a character row: shows the name, the favourite star and the image,
/// and loads the image only while it shows the row.
///
/// On iOS this would be a `UICollectionViewCell` subclass with labels and an image view; here it
/// records what it would render.
public final class CharacterCell: StoreHostBase<CharacterRow.State, CharacterRow.Action> {
  private let screen = Screen()

  /// Lines this cell "rendered", in order.
  public var rendered: [String] { screen.lines }

  /// Starts rendering the row and loading its image.
  /// - Parameter store: The row's store.
  public override func configureStateObservation(on store: Store<CharacterRow.State, CharacterRow.Action>) {
    observe(\.character.name) { [screen] name in screen.render("name \(name)") }
    observe(\.image) { [screen] image in screen.render("image \(image ?? "placeholder")") }
    sendWhileShown(.loadImage)
  }
}

/// What a cell rendered, written from its observations.
private final class Screen: Sendable {
  private let storage = Mutex<[String]>([])
  var lines: [String] { storage.withLock { $0 } }
  func render(_ line: String) { storage.withLock { $0.append(line) } }
}
