import Synchronization

/// Set while a `TestStore` runs an assertion closure over a storage: the storage's shared values
/// then read and change the values the assertion expects, not the values themselves.
///
/// The test store runs a closure only while its executor is idle, so no store changes a value of
/// the storage meanwhile.
final class SharedTestScope: Sendable {
  private let asserting = Atomic(false)

  var isAsserting: Bool { asserting.load(ordering: .acquiring) }

  func setAsserting(_ isAsserting: Bool) { asserting.store(isAsserting, ordering: .releasing) }
}

/// The values of a storage's shared keys at one moment, by key: what `TestStore` records with
/// each processed action and compares with what a test asserts.
@_spi(Testing) public struct SharedSnapshot: Sendable {
  struct Entry: Sendable {
    let reference: any AnySharedReference
    let value: any Sendable
  }

  /// By key ID.
  var entries: [String: Entry] = [:]

  /// The value this snapshot had for `key`, whose reference is `reference`: the value the key was
  /// made with when it was made since this snapshot.
  func value(at key: String, of reference: any AnySharedReference) -> (any Sendable)? {
    entries[key]?.value ?? reference.initialValue()
  }

  /// No values.
  public init() {}
}

/// A shared key whose asserted value differs from its value.
@_spi(Testing) public struct SharedMismatch: Sendable {
  /// The key as written, e.g. `.inMemory("meetings")`.
  public let key: String
  /// The asserted value's dump lines.
  public let expected: [String]
  /// The value's dump lines.
  public let actual: [String]
}

extension SharedStorage {
  /// The value of every key of this storage now.
  @_spi(Testing) public func snapshot() -> SharedSnapshot {
    var snapshot = SharedSnapshot()
    for (key, reference) in allReferences {
      snapshot.entries[key] = SharedSnapshot.Entry(reference: reference, value: reference.currentValue())
    }
    return snapshot
  }

  /// Runs a test's assertion closure with every shared value of this storage starting from its
  /// value in `start` (a key made since starts from the value it was made with), so that the
  /// closure reads and changes expected values only; then compares them with `actual`.
  /// - Parameters:
  ///   - start: The values the closure starts from: as of the last asserted step for an
  ///     exhaustive test store, `actual` for a non-exhaustive one (as its state does).
  ///   - actual: The values after the step asserted.
  ///   - body: The assertion closure.
  /// - Returns: The keys whose expected value differs from `actual`'s, in key order.
  @_spi(Testing) public func expect(
    from start: SharedSnapshot, toMatch actual: SharedSnapshot, _ body: () -> Void
  ) -> [SharedMismatch] {
    let references = allReferences
    for (key, reference) in references {
      reference.beginExpecting(
        start.value(at: key, of: reference) ?? actual.entries[key]?.value ?? reference.currentValue())
    }
    testScope.setAsserting(true)
    body()
    testScope.setAsserting(false)
    var mismatches: [SharedMismatch] = []
    for (key, reference) in references {
      let expected = reference.endExpecting()
      guard let actual = actual.entries[key]?.value else { continue }
      if !reference.areEqual(expected, actual) {
        mismatches.append(
          SharedMismatch(
            key: reference.keyDescription, expected: StateDump.lines(of: expected),
            actual: StateDump.lines(of: actual)))
      }
    }
    return mismatches
  }

  /// The keys whose value differs between two snapshots, in key order, `old`'s value as the
  /// expected one: what changed since a test last asserted (a key made since, against the value it was made with).
  @_spi(Testing) public static func changes(from old: SharedSnapshot, to new: SharedSnapshot) -> [SharedMismatch] {
    new.entries.sorted { $0.key < $1.key }.compactMap { key, entry in
      guard let previous = old.value(at: key, of: entry.reference), !entry.reference.areEqual(previous, entry.value)
      else {
        return nil
      }
      return SharedMismatch(
        key: entry.reference.keyDescription, expected: StateDump.lines(of: previous),
        actual: StateDump.lines(of: entry.value))
    }
  }

  /// Whether any key's value differs between two snapshots.
  @_spi(Testing) public static func hasChanges(from old: SharedSnapshot, to new: SharedSnapshot) -> Bool {
    new.entries.contains { key, entry in
      guard let previous = old.value(at: key, of: entry.reference) else { return false }
      return !entry.reference.areEqual(previous, entry.value)
    }
  }
}
