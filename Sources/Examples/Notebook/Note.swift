import ActorStore

/// A note of the notebook example: a title and a body of text.
public struct Note: Equatable, Identifiable, Sendable {
  /// Stable across edits.
  public let id: Int
  /// Shown in the list and as the detail screen's title.
  public var title: String
  /// Free text.
  public var text: String

  /// A note.
  /// - Parameters:
  ///   - id: Its ID.
  ///   - title: Its title.
  ///   - text: Its text.
  public init(id: Int, title: String, text: String = "") {
    self.id = id
    self.title = title
    self.text = text
  }
}
