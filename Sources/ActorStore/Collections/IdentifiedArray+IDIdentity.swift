// Identity of the ids, for `forEach`: whether a structural change separates two versions of an
// array, and which ids the newer one no longer holds.

extension IdentifiedArray {
  /// Whether no structural change separates `self` and `other`. O(1).
  ///
  /// `true` means both come from one value with no insertion, removal or reordering since
  /// (editing elements does not count), so they hold the same ids in the same order. `false`
  /// means a structural change happened, or the two were built apart: their ids may still match.
  @inlinable func hasIdenticalIDs(to other: Self) -> Bool {
    order.identity === other.order.identity
  }

  /// The ids of `old`, in `old`'s order, that `self` no longer holds. O(1) when no structural
  /// change separates them (see `hasIdenticalIDs(to:)`), else O(old.count).
  func idsRemoved(comparedTo old: Self) -> [ID] {
    idsRemoved(comparedTo: old.ids)
  }

  /// The same from the older array's ``ids``: a caller that keeps only the ids alive (not the
  /// whole array) does not force a copy of the values when elements are then edited.
  func idsRemoved(comparedTo oldIDs: IDs) -> [ID] {
    order.identity === oldIDs.order.identity ? [] : oldIDs.order.ids(absentFrom: order)
  }

  /// The keys of `tracked` that `oldIDs` held and `self` no longer holds: O(1) when no
  /// structural change separates the two, else O(min(tracked.count, old.count)), so a caller
  /// tracking a few elements of a long list does not pay for the whole list.
  @inlinable func idsGone<Value>(comparedTo oldIDs: IDs, tracked: [ID: Value]) -> [ID] {
    if order.identity === oldIDs.order.identity || tracked.isEmpty { return [] }
    if tracked.count < oldIDs.count {
      return tracked.keys.filter { !contains(id: $0) }
    }
    return oldIDs.order.ids(absentFrom: order).filter { tracked[$0] != nil }
  }
}
