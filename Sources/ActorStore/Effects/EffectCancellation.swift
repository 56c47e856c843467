extension Effect {
  /// Tags this effect's work with `id`, so that ``cancel(id:fileID:filePath:line:column:)`` can
  /// stop it.
  ///
  /// IDs are scoped to the store tree that launches the effect and, within it, to the
  /// collection element whose reducer returned it: sibling elements never cancel each other's
  /// effects, while a parent's `cancel(id:)` reaches its elements' effects.
  /// - Parameters:
  ///   - id: Any hashable, sendable value.
  ///   - cancelInFlight: When `true`, effects already running under `id` are cancelled
  ///     before this one starts.
  /// - Returns: The tagged effect.
  @inlinable
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if isNone { return self }
    return Self(.cancellable(self, id: EffectID(id), cancelInFlight: cancelInFlight))
  }

  /// Cancels every in-flight effect tagged with `id` in this scope, including effects started
  /// by the same `reduce` call and pending items of a ``concatenate(_:)-(...)``.
  ///
  /// A cancelled effect delivers none of its later sends, from the moment the cancel is
  /// launched; its task is cancelled once the whole batch is reduced, before `send` returns.
  /// Cancelling an ID that has nothing in flight does nothing and is silent, as in TCA, even
  /// when no effect of this store tree has ever used it in this scope (cancelling a request
  /// before starting the first is the usual pattern). To find a typo or a mis-scoped ID, trace
  /// the store: such a cancel appears as `unusedIDCancelled` with this call's location.
  /// - Parameters:
  ///   - id: The ID given to ``cancellable(id:cancelInFlight:)``.
  ///   - fileID: The caller's `#fileID`, which the trace shows.
  ///   - filePath: The caller's `#filePath`.
  ///   - line: The caller's line, which the trace shows.
  ///   - column: The caller's column.
  /// - Returns: The cancelling effect.
  @inlinable
  public static func cancel(
    id: some Hashable & Sendable, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Self {
    Self(.cancel(id: EffectID(id), site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)))
  }
}

/// A type-erased cancellation ID or scope component.
///
/// Two IDs are equal when their `AnyHashable`s are (so `1` and `Int8(1)` are the same ID). An
/// `Int` ID, the most common kind, is kept as it is: comparing two of them, which the
/// cancellation index does on every hit, is an integer comparison instead of `AnyHashable`'s
/// dynamic dispatch and casts.
@usableFromInline struct EffectID: Hashable, @unchecked Sendable {
  // No lock: `value`, and the box it may hold, are immutable and only ever built from a
  // `Hashable & Sendable` value, so sharing them across threads is safe even though
  // `AnyHashable` is not declared Sendable.
  @usableFromInline enum Value {
    case int(Int)
    case other(ErasedID)
  }

  /// An ID of any other type, in a box: held inline, an `AnyHashable` (an existential) would
  /// make every copy of an ID, and of every key and key list holding one, go through runtime
  /// value witnesses; a reference is copied with a retain.
  @usableFromInline final class ErasedID {
    @usableFromInline let value: AnyHashable
    @usableFromInline init(_ value: AnyHashable) { self.value = value }
  }

  @usableFromInline let value: Value
  /// The `AnyHashable`'s `hashValue`, computed once: the cancellation index hashes an ID several
  /// times per effect (insert, the used-keys set, cancel), and each hash through `AnyHashable`
  /// is a dynamic dispatch that, for integers, first converts to a canonical integer type. An
  /// `Int`'s own `hashValue` is the same.
  @usableFromInline let hash: Int

  @inlinable init<ID: Hashable & Sendable>(_ id: ID) {
    if ID.self == Int.self {
      let int = id as! Int
      value = .int(int)
      hash = int.hashValue
    } else {
      let erased = AnyHashable(id)
      value = .other(ErasedID(erased))
      hash = erased.hashValue
    }
  }

  /// The ID as an `AnyHashable`.
  var erased: AnyHashable {
    switch value {
    case .int(let int): AnyHashable(int)
    case .other(let erased): erased.value
    }
  }

  @usableFromInline static func == (lhs: EffectID, rhs: EffectID) -> Bool {
    guard lhs.hash == rhs.hash else { return false }
    if case .int(let left) = lhs.value, case .int(let right) = rhs.value { return left == right }
    return lhs.erased == rhs.erased
  }

  @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

extension EffectID: CustomStringConvertible {
  @usableFromInline var description: String { String(describing: erased.base) }
}
