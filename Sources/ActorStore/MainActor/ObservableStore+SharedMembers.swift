/// What a tracked member of an ``ObservableStore`` last showed: its value and, when that value
/// is or holds `Shared`s (`store.$meetings`, `store.detail` whose state has a `@Shared`), the
/// version of each shared value it reads.
///
/// Every state holds the same shared references, and a `Shared`'s `==` reads the newest value
/// through both sides, so `==` alone cannot tell that a shared value the member reads was changed
/// through another store: the versions it last showed can (see ``SharedValuesShown``). Members
/// holding no shared value pay what they paid before: `==`, plus a `nil` check, a flag and, when
/// they change, whether the store's state holds shared values at all (no walk when it holds none).
///
/// Touched only by its store's `show` and `track`, on the main actor, never while another access
/// to it is in progress, so it skips the dynamic exclusivity check, as ``ShownValue`` does (what
/// that saves, counted: Docs/Stress-and-Benchmarks.md, "Exclusivity checks of shared state").
@usableFromInline final class ShownMember<Value: Equatable> {
  @exclusivity(unchecked) @usableFromInline var value: Value
  /// The shared values the member read when last shown; `nil` while it holds none (then it is
  /// compared by `==` alone).
  @exclusivity(unchecked) @usableFromInline var sharedValues: SharedValuesShown?

  @inlinable init(_ value: Value, stateHoldsShared: Bool) {
    self.value = value
    sharedValues = SharedValuesShown.initial(of: value, stateHoldsShared: stateHoldsShared)
  }

  /// Shows `new` if it differs from what the member last showed; returns whether it does.
  /// `consuming`: the new value moves into ``value``, as it did when members were compared by
  /// `==` alone (a borrowed one is copied: a retain and a release per change of a `String`).
  @inlinable func show(_ new: consuming Value, in scan: SharedMemberScan) -> Bool {
    guard sharedValues == nil, !scan.rescans else { return showHoldingShared(new, in: scan) }
    guard new != value else { return false }
    value = new
    // A changed value may have gained a `Shared` (an optional child presented with one), which
    // only a walk finds; a state holding none spares the walk.
    if scan.stateHoldsShared { sharedValues = SharedValuesShown.of(value) }
    return true
  }

  /// ``show(_:in:)`` for a member known to hold shared values, or when every member is searched.
  @inlinable func showHoldingShared(_ new: Value, in scan: SharedMemberScan) -> Bool {
    let changed: Bool
    if new != value {
      changed = true
      sharedValues = SharedValuesShown.of(new)
    } else if let shown = sharedValues {
      (changed, sharedValues) = shown.showing(new)
    } else {
      // Searched because the set of shared values the store holds changed. What the member showed
      // before has no versions to compare with: from here on, it changes when its value or a
      // version does.
      sharedValues = SharedValuesShown.of(new)
      return false
    }
    if changed { value = new }
    return changed
  }
}

/// What every tracked member of an ``ObservableStore`` needs to know about the store's shared
/// values while a state is shown, set once per state by `show`.
///
/// Touched only by its store, on the main actor, never while another access to it is in
/// progress, so it skips the dynamic exclusivity check, as ``ShownMember`` does (counted there).
@usableFromInline final class SharedMemberScan {
  /// The store tree's shared values (its root store's).
  @usableFromInline let holdings: SharedHoldings
  /// The holdings' ``SharedHoldings/heldSet`` when the last state was shown: zero while the
  /// state holds no shared value.
  @exclusivity(unchecked) @usableFromInline var heldSet: UInt64
  /// Whether every member is searched for shared values during this show: the set of shared
  /// values the state holds changed since the last show, so a member whose value compares equal
  /// may hold one it did not hold before (the store found a `Shared` it missed).
  @exclusivity(unchecked) @usableFromInline var rescans = false

  @inlinable init(_ holdings: SharedHoldings) {
    self.holdings = holdings
    heldSet = holdings.heldSetNow
  }

  /// Whether the state shown holds shared values: a member whose value changed is searched for
  /// them.
  @inlinable var stateHoldsShared: Bool { heldSet != 0 }

  /// Whether the store tree's state holds shared values now, between two shows (a member starts
  /// being tracked).
  @inlinable var stateHoldsSharedNow: Bool { holdings.heldSetNow != 0 }

  /// Before showing a state: notes whether it holds shared values, and whether the set of them
  /// changed since the last show. Set afresh at each show, never cleared after one: a show that
  /// an observer causes in the middle of this one recomputes it.
  @inlinable func willShow() {
    let new = holdings.heldSetNow
    rescans = new != heldSet && new != 0
    heldSet = new
  }
}

/// The shared values a member's value is or holds, in the order a walk finds them, each with
/// the version of its reference and, for an `Equatable` value, the value itself, as the member
/// last showed them.
///
/// A shared value changes exactly when its reference's version is bumped (an `Equatable` value
/// set to what it was bumps nothing), so an unchanged version spares reading the value. A
/// version also moves for a change elsewhere in the same reference (another element of the array
/// a `$meetings[id: id]` reads): the value it showed, compared with the one it reads now, tells
/// whether what the member shows changed. The version is read before the value: a change made
/// between the two reads is then seen again at the next show, and compares equal, rather than
/// being recorded as shown with no notification.
@usableFromInline struct SharedValuesShown {
  struct Entry {
    let reference: any AnySharedReference
    let version: UInt64
    /// The holder, when its value is `Equatable`, and that value; `nil` otherwise (then a new
    /// version is a change).
    let snapshotting: (any SharedValueSnapshotting)?
    let snapshot: (any Sendable)?

    init(_ holder: any SharedValueHolder) {
      reference = holder.sharedRoot
      version = reference.version
      snapshotting = holder as? any SharedValueSnapshotting
      snapshot = snapshotting?.valueSnapshot()
    }
  }

  let entries: [Entry]

  /// The shared values a member holds when first tracked: searched for when the state holds
  /// shared values, or when the member is itself a `Shared` (one cast).
  @usableFromInline static func initial(of value: Any, stateHoldsShared: Bool) -> Self? {
    guard stateHoldsShared || value is any SharedValueHolder else { return nil }
    return of(value)
  }

  /// The shared values `value` is or holds, as it shows them now; `nil` when it holds none.
  @usableFromInline static func of(_ value: Any) -> Self? {
    var entries: [Entry] = []
    SharedDiscovery.forEachHolder(in: value) { entries.append(Entry($0)) }
    return entries.isEmpty ? nil : Self(entries: entries)
  }

  /// Whether `value`, which compares equal (`==`) to the value shown with these shared values,
  /// shows something else through them; and its shared values now (`nil` when it holds none).
  @usableFromInline func showing(_ value: Any) -> (changed: Bool, now: Self?) {
    var now: [Entry] = []
    now.reserveCapacity(entries.count)
    var changed = false
    SharedDiscovery.forEachHolder(in: value) { holder in
      let shown = now.count < entries.count ? entries[now.count] : nil
      let reference = holder.sharedRoot
      if let shown, shown.reference === reference, shown.version == reference.version {
        return now.append(shown)
      }
      let entry = Entry(holder)
      now.append(entry)
      guard !changed else { return }
      guard let shown, let snapshotting = entry.snapshotting, let snapshot = entry.snapshot,
        let shownSnapshot = shown.snapshot
      else { return changed = true }
      changed = !snapshotting.isEqual(snapshot, to: shownSnapshot)
    }
    if now.count != entries.count { changed = true }
    return (changed, now.isEmpty ? nil : Self(entries: now))
  }
}
