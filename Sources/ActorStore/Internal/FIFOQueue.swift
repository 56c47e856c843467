/// A first-in first-out queue that moves elements in and out: an array and the position of its
/// head, with amortised O(1) `append` and `popFirst`. It starts over at the front of its buffer
/// (keeping the room) each time it empties, so a chain of `.send`s keeps a store's queue at one
/// element; a queue that never drains (an endless ping-pong between actors on a test executor)
/// reclaims its popped slots in bulk once they are half of the storage.
@usableFromInline package struct FIFOQueue<Element> {
  /// Taken elements are left `nil` until they are reclaimed.
  @usableFromInline var elements: [Element?] = []
  @usableFromInline var head = 0

  @inlinable package init() {}

  @inlinable package var isEmpty: Bool { head == elements.count }

  /// The number of elements queued.
  @inlinable package var count: Int { elements.count - head }

  @inlinable package mutating func append(_ element: consuming Element) {
    elements.append(element)
  }

  @inlinable package mutating func popFirst() -> Element? {
    guard head < elements.count else { return nil }
    // Moved out, not copied: no retain of what the element holds.
    let element = elements[head].take()
    head += 1
    if head == elements.count {
      elements.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 1_024, head * 2 >= elements.count {
      elements.removeFirst(head)
      head = 0
    }
    return element
  }
}
