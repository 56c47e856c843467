/// The sends an ``ObservableStore`` over a store off the main actor waits to see in a delivered
/// state, numbered in send order (see ``MainActorMailbox/acknowledge(_:)``): binding writes,
/// shown in place of the store's value until then, and transactions, which the update showing
/// that state runs within.
///
/// Sends made from synchronous code reach the store in order, so once the send numbered `n` is
/// acknowledged, every send numbered up to `n` is included in the delivered state.
@usableFromInline struct AwaitedSends<State> {
  @usableFromInline var lastNumber: UInt64 = 0
  /// The last value written through a binding per member (by the state's key path), with the
  /// number of its send.
  @usableFromInline var writes: [AnyKeyPath: (value: any Sendable, number: UInt64)] = [:]
  /// Transactions waiting for their send's state, in send order.
  @usableFromInline var transactions: [(number: UInt64, transaction: @MainActor (_ update: () -> Void) -> Void)] = []

  @inlinable init() {}

  /// Whether any binding write waits.
  @inlinable var hasWrites: Bool { !writes.isEmpty }

  /// Whether anything waits for an acknowledgement.
  @inlinable var isWaiting: Bool { !writes.isEmpty || !transactions.isEmpty }

  /// The number of the next send.
  @inlinable mutating func nextNumber() -> UInt64 {
    lastNumber += 1
    return lastNumber
  }

  /// The value last written to the member at `keyPath`, while its send waits.
  @usableFromInline func writtenValue(at keyPath: AnyKeyPath) -> (any Sendable)? { writes[keyPath]?.value }

  /// Records a binding write, shown until its send is acknowledged.
  @usableFromInline mutating func write(_ value: any Sendable, at keyPath: AnyKeyPath, number: UInt64) {
    writes[keyPath] = (value, number)
  }

  /// Drops what waited for the sends numbered up to `number`.
  /// - Returns: The writes dropped (by key path, the value shown until now) and the
  ///   transactions to run the update within.
  @usableFromInline mutating func takeAcknowledged(
    upTo number: UInt64
  ) -> (writes: [AnyKeyPath: any Sendable], transactions: [@MainActor (_ update: () -> Void) -> Void]) {
    var dropped: [AnyKeyPath: any Sendable] = [:]
    if !writes.isEmpty {
      for (keyPath, write) in writes where write.number <= number { dropped[keyPath] = write.value }
      for keyPath in dropped.keys { writes[keyPath] = nil }
    }
    var due: [@MainActor (_ update: () -> Void) -> Void] = []
    while let first = transactions.first, first.number <= number {
      due.append(first.transaction)
      transactions.removeFirst()
    }
    return (dropped, due)
  }
}
