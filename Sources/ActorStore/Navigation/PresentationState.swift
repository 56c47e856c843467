/// Optional child state that a parent presents (a sheet, a popover, an alert): TCA's
/// `@Presents`, as a property wrapper without macros.
///
/// ```swift
/// struct State: Equatable, Sendable {
///   @Presents var editor: Editor.State?
/// }
/// ```
/// `state.editor` reads and writes the child (`nil` when nothing is presented); `\.$editor` is the
/// key path `ifLet(_:action:then:)` takes. The value lives in a copy-on-write box, so that a
/// feature may present another instance of itself (`@Presents var child: State?` inside
/// `State`), as in TCA; in-place mutation of a uniquely held box copies nothing.
@propertyWrapper
public struct PresentationState<State> {
  private var box: Box
  /// The presentation the `ifLet` over this state left in place when it last ran, so that it
  /// can end one that a reducer outside it changed or cleared since (TCA's `presentedID`).
  /// Not part of the value: ignored by `==`, hashing and dumps.
  var presented: PresentationRecord = .unrecorded

  /// Presents `wrappedValue`, or nothing when it is `nil`. The only initializer, so that a
  /// `@Presents var child: Child.State?` without an initial value starts `nil` and the memberwise
  /// initializer takes a `Child.State?` (an `init()` would make it take the wrapper).
  /// - Parameter wrappedValue: The child state.
  public init(wrappedValue: State?) { box = Box(wrappedValue) }

  /// The presented child's state, `nil` when nothing is presented.
  public var wrappedValue: State? {
    get { box.value }
    set {
      if isKnownUniquelyReferenced(&box) { box.value = newValue } else { box = Box(newValue) }
    }
    _modify {
      // Copy on write: a box shared with another copy is never mutated.
      if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
      yield &box.value
    }
  }

  /// The presented child in this case of an enum child (TCA's `$destination[case: \.editor]`),
  /// `nil` when nothing is presented or it is in another case. Modifying it writes the child
  /// back in that case; setting `nil` dismisses it. Modifying a child in another case (or
  /// nothing presented) is reported as an issue, and changes nothing.
  /// - Parameters:
  ///   - path: The case.
  ///   - fileID: Where the subscript is used, for the issue.
  ///   - filePath: Where the subscript is used, for the issue.
  ///   - line: Where the subscript is used, for the issue.
  ///   - column: Where the subscript is used, for the issue.
  public subscript<Case>(
    case path: ActionPath<State, Case>,
    fileID fileID: StaticString = #fileID, filePath filePath: StaticString = #filePath,
    line line: UInt = #line, column column: UInt = #column
  ) -> Case? {
    get { wrappedValue.flatMap(path.extract) }
    _modify {
      let child = wrappedValue
      var value = child.flatMap(path.extract)
      let isInCase = value != nil
      yield &value
      guard isInCase else {
        reportUnrelatedCase(child, fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
      wrappedValue = value.map(path.embed)
    }
  }

  /// The wrapper itself: `\.$child` is the key path `ifLet` takes.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// Holds the value out of line. Mutated only while uniquely referenced (see `wrappedValue`).
  private final class Box {
    var value: State?
    init(_ value: State?) { self.value = value }
  }
}

/// What an `ifLet` last saw of the state it presents.
enum PresentationRecord: Equatable {
  /// It has not run since the state was made (the state may be presented already).
  case unrecorded
  /// It left this presentation in place, `nil` when nothing was presented.
  case recorded(PresentationIdentity?)
}

/// One presentation of a child: present, with its `id` when its state is `Identifiable`.
struct PresentationIdentity: Equatable {
  let id: AnyHashable?
}

/// TCA's spelling: `@Presents var destination: Destination.State?`.
public typealias Presents<State> = PresentationState<State>

/// A box is mutated only while uniquely referenced (copy on write, see `wrappedValue`), so a
/// box two copies share, possibly on two threads, is only ever read.
extension PresentationState: @unchecked Sendable where State: Sendable {}

extension PresentationState: Equatable where State: Equatable {
  /// Equal when both present equal states, or both present nothing.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.box === rhs.box || lhs.wrappedValue == rhs.wrappedValue
  }
}

extension PresentationState: Hashable where State: Hashable {
  /// Hashes the presented state.
  public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

extension PresentationState: CustomReflectable {
  /// The presented state as an optional, so that state dumps and test diffs show the child, not
  /// the box.
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue as Any) }
}

/// The actions of a presented child, as the parent sees them: the child's own, or a request to
/// dismiss it.
public enum PresentationAction<Action: Sendable>: Sendable {
  /// An action of the presented child.
  case presented(Action)
  /// Dismisses the child: `ifLet` sets its state to `nil` after the parent has run (the parent
  /// still sees it), and cancels its effects. Sent by the view layer when the user dismisses it,
  /// or by the child through ``DependencyValues/dismiss``.
  case dismiss
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
/// Lets features whose actions embed presentation actions be recorded (see ``ActionRecorder``).
extension PresentationAction: Encodable where Action: Encodable {}
/// Lets recordings of features whose actions embed presentation actions be replayed.
extension PresentationAction: Decodable where Action: Decodable {}

extension ActionPath where Root == PresentationAction<Value> {
  /// The child's actions inside ``PresentationAction/presented(_:)``: append it to a path to a
  /// presentation action, `.destination.appending(.presented)`, to reach the child's actions.
  public static var presented: Self {
    Self(embed: { .presented($0) }, extract: { if case .presented(let action) = $0 { action } else { nil } })
  }
}
