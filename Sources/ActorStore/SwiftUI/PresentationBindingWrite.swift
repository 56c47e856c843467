/// What a write through an optional child-store binding (`.sheet(item:)`, `.popover(item:)`,
/// `.fullScreenCover(item:)`, `.navigationDestination(item:)`) means for the store: the decision
/// the binding over a ``PresentationState`` makes before sending ``PresentationAction/dismiss``.
///
/// SwiftUI writes `nil` when the user dismissed what it presented (a sheet swiped down, a popover
/// tapped away, the back button of a destination). The write says nothing about *which*
/// presentation it ends, so the binding remembers the identity of the presentation it last showed
/// SwiftUI (its getter's last answer) and compares it with the state's now:
///
/// 1. `nil` while the state presents the presentation SwiftUI was shown (same identity):
///    ``dismiss``; send `.dismiss`.
/// 2. `nil` while the state presents nothing: ``alreadyGone``; the store dismissed it first (an
///    effect's `dismiss()`, the parent cleared it), nothing to send.
/// 3. `nil` while the state presents another presentation (another identity) than the one
///    SwiftUI was shown, or SwiftUI was shown none: ``replaced``; a late write about a
///    presentation the state already ended, which must not dismiss the new one. SwiftUI must read
///    the binding again to present it (``needsRead``).
/// 4. A non-`nil` value: ``ignored``; SwiftUI only writes `nil` through an item binding (the
///    child store it would write back is the one it read), and presenting is the reducer's job.
///
/// The identity is what tells one presentation from the next, as for `ifLet`: the child's `id`
/// for `Identifiable` state (a destination enum is `Identifiable` to tell its cases apart). For
/// state that is not `Identifiable` every presentation has the same identity, so rule 3 cannot
/// tell a late write from one about the presentation shown now, and dismisses it.
package enum PresentationBindingWrite: Equatable, Sendable {
  /// Dismiss the child: send `.dismiss`.
  case dismiss
  /// The state presents nothing any more: nothing to send.
  case alreadyGone
  /// The state presents another presentation than the one SwiftUI dismissed: nothing to send.
  case replaced
  /// SwiftUI wrote a value: nothing to send.
  case ignored

  /// Decides what a write means.
  /// - Parameters:
  ///   - isNil: Whether SwiftUI wrote `nil`.
  ///   - current: The identity of the state's presentation now, `nil` when nothing is presented.
  ///   - shown: The identity of the presentation SwiftUI was shown last, `nil` for none.
  package init<Identity: Hashable>(writingNil isNil: Bool, current: Identity?, shown: Identity?) {
    switch (isNil, current) {
    case (false, _): self = .ignored
    case (true, nil): self = .alreadyGone
    case (true, let current?): self = current == shown ? .dismiss : .replaced
    }
  }

  /// Whether SwiftUI now shows something other than the state, and must read the binding again.
  package var needsRead: Bool { self == .replaced }
}
