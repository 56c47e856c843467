/// A FIFO that moves elements in and out: an array and the position of its head. It never grows
/// beyond the longest backlog, and starts over at the front of its buffer (keeping the room) each
/// time it empties, so a chain of `.send`s keeps it at one element.
@usableFromInline struct ActionQueue<Element> {
  /// Taken elements are left `nil` until the queue empties.
  @usableFromInline var elements: [Element?] = []
  @usableFromInline var head = 0

  @inlinable init() {}

  @inlinable var isEmpty: Bool { head == elements.count }

  @inlinable mutating func append(_ element: consuming Element) {
    elements.append(element)
  }

  @inlinable mutating func popFirst() -> Element? {
    guard head < elements.count else { return nil }
    // Moved out, not copied: no retain of what the element holds.
    let element = elements[head].take()
    head += 1
    if head == elements.count {
      elements.removeAll(keepingCapacity: true)
      head = 0
    }
    return element
  }
}
