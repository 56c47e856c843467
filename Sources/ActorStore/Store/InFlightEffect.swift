/// An effect task still running, as test tools see it: `TestStore` uses these to stop tracking
/// effects without cancelling them and to say which effects a `finish()` still waits for.
@_spi(Testing) public struct InFlightEffect: Hashable, Sendable, CustomStringConvertible {
  /// Identifies the effect for the life of its store tree: numbers are never reused, so an
  /// effect that started after another one finished never takes its number.
  public let id: UInt64
  /// Where the effect was created and which action started it, e.g.
  /// "effect started at Feature.swift:12 by action load".
  public let description: String
}

extension Store {
  /// Every effect task of this store tree still running (cancelled ones included until their
  /// task returns).
  @_spi(Testing) public nonisolated var inFlightEffects: [InFlightEffect] {
    registry.runningEffects(under: registry.root).map { InFlightEffect(id: $0.serial, description: $0.description) }
  }
}

extension StoreTask {
  /// The effect tasks this send started, transitively, that are still running (cancelled ones
  /// included until their task returns); empty for a send that started none.
  @_spi(Testing) public var inFlightEffects: [InFlightEffect] {
    guard let record, let registry else { return [] }
    return registry.runningEffects(under: record).map { InFlightEffect(id: $0.serial, description: $0.description) }
  }
}
