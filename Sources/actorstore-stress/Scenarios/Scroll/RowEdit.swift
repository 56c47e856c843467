/// One structural change to the `scroll` scenario's list.
enum RowEdit: Sendable {
  case delete(id: Int)
  /// Inserts a new row, at `index` clamped to the list.
  case insert(id: Int, at: Int)
  /// Moves a row to `index` clamped to the list.
  case move(id: Int, to: Int)
}
