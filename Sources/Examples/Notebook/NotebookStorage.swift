import ActorStore
import Foundation

extension SharedKey where Value == IdentifiedArrayOf<Note> {
  /// Where the notebook keeps its notes: `notebook-notes.json` in the app's Documents folder
  /// (the user's documents folder on Linux, the temporary folder if there is none), through
  /// `fileStorage`. Under a `TestStore` the notes are kept in memory instead, and no file is
  /// touched.
  public static var notebookNotes: Self {
    let folder =
      FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first
      ?? FileManager.default.temporaryDirectory
    return .fileStorage(folder.appendingPathComponent("notebook-notes.json"))
  }
}
