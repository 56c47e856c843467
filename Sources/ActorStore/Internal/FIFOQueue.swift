/// A first-in first-out queue that moves elements in and out: a ring over an array whose size is
/// a power of two, doubled when full. It never grows beyond the longest backlog, so a chain of
/// `.send`s keeps a store's queue at one slot, and costs no call into the array's generic
/// removal paths per element.
@usableFromInline package struct FIFOQueue<Element> {
  /// `nil` where no element is queued.
  @usableFromInline var slots: [Element?]
  /// The position of the first element.
  @usableFromInline var head = 0
  /// The number of elements queued.
  @usableFromInline package private(set) var count = 0

  @inlinable package init() { slots = Array(repeating: nil, count: 16) }

  @inlinable package var isEmpty: Bool { count == 0 }

  @inlinable package mutating func append(_ element: consuming Element) {
    if count == slots.count { grow() }
    slots[(head + count) & (slots.count - 1)] = element
    count += 1
  }

  @inlinable package mutating func popFirst() -> Element? {
    guard count > 0 else { return nil }
    // Moved out, not copied: no retain of what the element holds.
    let element = slots[head].take()
    head = (head + 1) & (slots.count - 1)
    count -= 1
    return element
  }

  /// Doubles the room, moving the elements to the front in order.
  @usableFromInline mutating func grow() {
    var larger = [Element?](repeating: nil, count: slots.count * 2)
    for offset in 0..<count { larger[offset] = slots[(head + offset) & (slots.count - 1)].take() }
    slots = larger
    head = 0
  }
}
