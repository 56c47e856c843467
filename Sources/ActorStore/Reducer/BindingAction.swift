/// An action that sets one member of a feature's state to a value: what a text field, toggle or
/// slider sends, so a feature needs no action per field.
///
/// ```swift
/// let action = BindingAction<Profile.State>.set(\.name, "Blob")   // prints .set(\State.name, "Blob")
/// ```
///
/// A feature receives it through ``BindableAction``'s `binding` case and applies it with
/// ``BindingReducer``. Reducers that want to react to a particular member match its key path:
/// `case .binding(\.isComplete):` (see ``~=(_:_:)``).
///
/// Two binding actions are equal when they set the same key path to equal values. The value is
/// kept type-erased, with the comparison and the assignment captured when the action is made,
/// where its type is known.
public struct BindingAction<Root>: Sendable, Equatable {
  /// The member this action sets.
  public let keyPath: any PartialKeyPath<Root> & Sendable
  /// The value it sets the member to.
  let value: any Sendable
  /// Whether another action's value equals ``value`` (`false` for a value of another type).
  let valueIsEqual: @Sendable (any Sendable) -> Bool
  /// Writes ``value`` to ``keyPath`` of a root.
  let apply: @Sendable (inout Root) -> Void

  /// An action that sets `keyPath` to `value`.
  /// - Parameters:
  ///   - keyPath: The member to set.
  ///   - value: Its new value.
  /// - Returns: The action.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: any WritableKeyPath<Root, Value> & Sendable,
    _ value: Value
  ) -> Self {
    BindingAction(
      keyPath: keyPath,
      value: value,
      valueIsEqual: { ($0 as? Value) == value },
      apply: { $0[keyPath: keyPath] = value })
  }

  /// Whether both actions set the same member to equal values.
  /// - Parameters:
  ///   - lhs: An action.
  ///   - rhs: Another action.
  /// - Returns: `true` when the key paths and the values are equal.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keyPath == rhs.keyPath && lhs.valueIsEqual(rhs.value)
  }

  /// Whether `action` sets the member `keyPath` names, whatever the value: lets a reducer's
  /// `switch` match bindings by member, as in `case .binding(\.isComplete):`, also nested in
  /// other patterns.
  ///
  /// The key path is not required to be `Sendable`: it is only compared, never kept, and a
  /// key-path literal in a pattern then type-checks whatever it captures.
  /// - Parameters:
  ///   - keyPath: The member.
  ///   - action: The binding action being matched.
  /// - Returns: `true` when `action` sets that member.
  public static func ~= <Value>(keyPath: WritableKeyPath<Root, Value>, action: Self) -> Bool {
    keyPath as AnyKeyPath == action.keyPath as AnyKeyPath
  }
}

extension BindingAction: CustomStringConvertible, CustomDebugStringConvertible {
  /// `.set(\State.name, "Blob")`: the key path and the value as Swift would write them, so
  /// that test failures and logs naming the action read like the code that made it.
  public var description: String {
    ".set(\(keyPath), \(String(reflecting: value)))"
  }

  /// The same as ``description``: Swift prints an enum case's payload (`binding(…)`) with its
  /// debug description.
  public var debugDescription: String { description }
}

extension BindingAction: CustomReflectable {
  /// No children: ``description`` is the whole of the action, so a reflecting dump (such as
  /// a change log's) shows `.set(\State.name, "Blob")` instead of the stored closures.
  public var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// An action enum with a case for ``BindingAction``s of its feature's state, as in TCA:
///
/// ```swift
/// enum Action: BindableAction, Sendable {
///   case binding(BindingAction<State>)
///   case saveTapped
/// }
/// ```
///
/// The `binding` case satisfies ``binding(_:)``. ``binding-swift.property`` finds the case's
/// payload by reflection (the case must be named `binding`, and the enum must not customize its
/// `Mirror`); a feature whose actions go through ``BindingReducer`` at a high rate can implement
/// it with a plain `if case` instead.
public protocol BindableAction: Sendable {
  /// The state the binding actions set.
  associatedtype State
  /// Embeds a binding action: the enum's `binding` case.
  /// - Parameter action: The binding action.
  /// - Returns: The action carrying it.
  static func binding(_ action: BindingAction<State>) -> Self
  /// The binding action this action carries, or `nil` for any other case.
  var binding: BindingAction<State>? { get }
}

extension BindableAction {
  /// The payload of the `binding` case, found by reflecting on the action: `Mirror` names an
  /// enum value's case and payload. That allocates, and costs about 3 µs per action in an
  /// optimized build (x86_64 Linux), against a few nanoseconds for a `switch`; where it matters,
  /// implement the property without reflection:
  /// ```swift
  /// var binding: BindingAction<State>? { if case .binding(let action) = self { action } else { nil } }
  /// ```
  public var binding: BindingAction<State>? {
    guard let child = Mirror(reflecting: self).children.first, child.label == "binding" else { return nil }
    return child.value as? BindingAction<State>
  }

  /// A binding action setting `keyPath` to `value`: `.set(\.name, "Blob")` is
  /// `.binding(.set(\.name, "Blob"))`.
  /// - Parameters:
  ///   - keyPath: The member to set.
  ///   - value: Its new value.
  /// - Returns: The action.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: any WritableKeyPath<State, Value> & Sendable,
    _ value: Value
  ) -> Self {
    .binding(.set(keyPath, value))
  }
}
