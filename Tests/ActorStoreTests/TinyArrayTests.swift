@testable import ActorStore
import Testing

/// `TinyArray` against `Array` as the model, over seeded sequences of every operation.
@Suite struct TinyArrayTests {
  @Test func behavesAsAnArrayOverSeededSequences() {
    for seed in UInt64(1)...2_000 {
      var generator = SplitMix64(state: seed)
      var tiny = TinyArray<Int>()
      var model: [Int] = []
      for step in 0..<Int(generator.next() % 24) {
        switch generator.next() % 5 {
        case 0, 1:
          tiny.append(step)
          model.append(step)
        case 2:
          let other = (0..<Int(generator.next() % 3)).map { 100 + $0 }
          tiny.append(contentsOf: TinyArray(other))
          model.append(contentsOf: other)
        case 3:
          let modulus = Int(generator.next() % 3) + 1
          tiny.removeAll { $0 % modulus == 0 }
          model.removeAll { $0 % modulus == 0 }
        default:
          tiny = TinyArray(model)
        }
        #expect(Array(tiny) == model, "seed \(seed), step \(step)")
        #expect(tiny.count == model.count && tiny.isEmpty == model.isEmpty)
      }
    }
  }

  @Test func oneElementIsInlineAndEmptyHoldsNothing() {
    var tiny = TinyArray<Int>()
    guard case .empty = tiny.storage else { return #expect(Bool(false), "empty holds nothing") }
    tiny.append(1)
    guard case .one(1) = tiny.storage else { return #expect(Bool(false), "one element is kept inline") }
    tiny.append(2)
    #expect(Array(tiny) == [1, 2])
    tiny.removeAll { $0 == 1 }
    guard case .one(2) = tiny.storage else { return #expect(Bool(false), "back to inline") }
  }
}
