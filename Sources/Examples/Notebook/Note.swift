import ActorStore

/// A note of the notebook example: a title, a body of text, and how long was spent writing it.
/// `Codable`, as the notebook keeps its notes in a file (``SharedKey/notebookNotes``).
public struct Note: Codable, Equatable, Identifiable, Sendable {
  /// Stable across edits.
  public let id: Int
  /// Shown in the list and as the detail screen's title.
  public var title: String
  /// Free text.
  public var text: String
  /// Seconds spent writing it, counted by the writing timer.
  public var secondsWritten: Int

  /// A note.
  /// - Parameters:
  ///   - id: Its ID.
  ///   - title: Its title.
  ///   - text: Its text.
  ///   - secondsWritten: Seconds spent writing it so far.
  public init(id: Int, title: String, text: String = "", secondsWritten: Int = 0) {
    self.id = id
    self.title = title
    self.text = text
    self.secondsWritten = secondsWritten
  }
}
