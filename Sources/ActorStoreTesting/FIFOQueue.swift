/// A first-in first-out queue with amortised O(1) `append` and `popFirst`.
///
/// Popped slots are reclaimed in bulk once they make up half of the storage, so a queue that
/// never drains (an endless ping-pong between actors) does not grow without bound.
struct FIFOQueue<Element> {
  private var storage: [Element?] = []
  private var head = 0

  var isEmpty: Bool { head == storage.count }
  var count: Int { storage.count - head }

  mutating func append(_ element: Element) {
    storage.append(element)
  }

  mutating func popFirst() -> Element? {
    guard head < storage.count else { return nil }
    let element = storage[head].take()
    head += 1
    if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 1024, head * 2 >= storage.count {
      storage.removeFirst(head)
      head = 0
    }
    return element
  }
}
