/// Where an ``ItemTemplate``, a ``BoundItemTemplate`` or a one-off ``ItemModel`` was declared in
/// source: the template's identity.
///
/// Two template objects made by the same declaration (a bound template made again for each
/// collection, an `ItemModel` initializer called for each item) run the same code, so an item
/// moving from one to the other needs no reconfigure; templates declared in two places may
/// configure a host differently even when they share its kind, so an item moving between them
/// is reconfigured. Closures cannot be compared, and object identity would make every template
/// made per collection look new on every diff; the source position is the identity that is
/// neither.
@usableFromInline struct TemplateDeclaration: Equatable, Sendable, CustomStringConvertible {
  /// The declaring file, as `#fileID`: a literal, so the comparison of two templates from one
  /// declaration finds the same string storage and reads no characters.
  @usableFromInline let fileID: String
  @usableFromInline let line: UInt
  @usableFromInline let column: UInt

  @inlinable init(fileID: String, line: UInt, column: UInt) {
    self.fileID = fileID
    self.line = line
    self.column = column
  }

  /// Compares line and column first: cheap, and they tell most declarations apart.
  @inlinable static func == (lhs: TemplateDeclaration, rhs: TemplateDeclaration) -> Bool {
    lhs.line == rhs.line && lhs.column == rhs.column && lhs.fileID == rhs.fileID
  }

  /// `File.swift:12:5`.
  @usableFromInline var description: String { "\(fileID):\(line):\(column)" }
}
