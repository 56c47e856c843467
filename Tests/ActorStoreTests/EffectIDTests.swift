@testable import ActorStore
import Testing

/// `EffectID` keeps `Int` IDs unboxed; they must compare and hash exactly as the `AnyHashable`
/// every other ID goes through, so that which path an ID took never changes what it matches.
@Suite
struct EffectIDTests {
  @Test func intIDsCompareAndHashAsTheirAnyHashable() {
    var generator = SplitMix64(state: 0x1D5)
    let edges = [0, 1, -1, .max, .min, 1 << 32, -(1 << 32)]
    let values = edges + (0..<10_000).map { _ in Int.random(in: .min ... .max, using: &generator) }
    for (value, other) in zip(values, values.dropFirst() + [0]) {
      let id = EffectID(value)
      #expect(id.hash == AnyHashable(value).hashValue)
      #expect(id == EffectID(value))
      #expect((id == EffectID(other)) == (value == other))
      // The same number through `AnyHashable`'s path: equal, as `AnyHashable(1) == AnyHashable(Int64(1))`.
      let widened = EffectID(Int64(value))
      #expect(widened == id && id == widened)
      #expect(widened.hash == id.hash)
      #expect(id != EffectID(String(value)))
    }
  }

  @Test func anIntIDIsTheSameIDAsAnEqualIntegerOfAnotherType() async {
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, Bool> { _, start in
        start
          ? .run { _ in await suspendUntilCancelled() }.cancellable(id: 7)
          : .cancel(id: UInt8(7))
      })
    let task = await store.send(true)
    await store.send(false)
    await task.finish()
    #expect(store.cancellationIndexCount == 0)
  }
}
