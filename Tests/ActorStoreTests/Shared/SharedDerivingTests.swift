@testable import ActorStore
import Testing

/// Deriving shared values from shared collections and optionals, as swift-sharing's
/// `$items[id: id]`, `Shared($optional)`, `Array($items)`, `Identifiable`.
@Suite struct SharedDerivingTests {
  struct Item: Equatable, Identifiable, Sendable {
    let id: Int
    var count = 0
  }

  /// A random walk of changes made through `$items[id:]`, by element ID: every step leaves the
  /// shared array as the same change leaves a plain one.
  @Test(arguments: 0..<20 as Range<UInt64>)
  func changesByIDMatchThoseOfAPlainArray(seed: UInt64) {
    var random = SplitMix64(state: seed)
    let items = Shared(value: IdentifiedArrayOf<Item>())
    var model = IdentifiedArrayOf<Item>()
    for _ in 0..<40 {
      let id = Int(random.next() % 6)
      let element = items[id: id]
      #expect(element.wrappedValue == model[id: id])
      switch random.next() % 3 {
      case 0:
        element.withLock { $0 = Item(id: id, count: Int(random.next() % 10)) }
        model[id: id] = items.wrappedValue[id: id]
      case 1:
        element.withLock { $0 = nil }
        model[id: id] = nil
      default:
        element.withLock { $0?.count += 1 }
        model[id: id]?.count += 1
      }
      #expect(items.wrappedValue == model)
      #expect(SharedReader(items)[id: id].wrappedValue == model[id: id])
    }
  }

  @Test func anUnwrappedElementFollowsItsElementAndKeepsTheLastValueOnceRemoved() {
    let items = Shared(value: IdentifiedArrayOf<Item>(uniqueElements: [Item(id: 1), Item(id: 2)]))
    #expect(Shared(items[id: 3]) == nil)
    #expect(SharedReader(items[id: 3]) == nil)
    guard let second = Shared(items[id: 2]), let reader = SharedReader(items[id: 2]) else {
      Issue.record("no element 2")
      return
    }
    #expect(second.keyDescription.hasSuffix("[id: 2]!"))
    #expect(second.id == 2)
    second.count.withLock { $0 = 5 }
    #expect(items.wrappedValue[id: 2]?.count == 5)
    items.withLock { $0.move(fromOffsets: [1], toOffset: 0) }
    items.withLock { $0[id: 2]?.count = 6 }
    #expect(second.wrappedValue.count == 6)
    #expect(reader.wrappedValue.count == 6)
    _ = items.withLock { $0.remove(id: 2) }
    // Removed: the last value read, never a trap; a change goes nowhere in the array.
    #expect(second.wrappedValue == Item(id: 2, count: 6))
    #expect(reader.wrappedValue == Item(id: 2, count: 6))
    second.withLock { $0.count = 7 }
    #expect(second.wrappedValue.count == 7)
    #expect(items.wrappedValue.map(\.id) == [1])
  }

  @Test func anArrayOfASharedCollectionHoldsOneSharedPerElementByID() {
    let items = Shared(value: IdentifiedArrayOf<Item>(uniqueElements: (1...3).map { Item(id: $0) }))
    let elements = Array(items)
    let readers = Array(SharedReader(items))
    #expect(elements.map(\.id) == [1, 2, 3])
    #expect(readers.map(\.id) == [1, 2, 3])
    elements[2].withLock { $0.count = 3 }
    items.withLock { $0.sort { $0.id > $1.id } }
    // Each follows its element by ID, wherever it moved.
    #expect(elements.map(\.wrappedValue.count) == [0, 0, 3])
    #expect(readers[2].wrappedValue.count == 3)
    #expect(Set(elements.map { ObjectIdentifier($0.sharedRoot) }) == [ObjectIdentifier(items.sharedRoot)])
  }
}
