/// A FIFO ring buffer that moves elements in and out: no copies, no copy-on-write checks, and
/// it never grows beyond the longest backlog (a chain of `.send`s keeps it at one element).
///
/// A plain struct over manually managed memory: its single owner (the store engine) calls
/// ``deallocate()`` once, in its deinit. (A `~Copyable` struct with a `deinit` would say this in
/// the type system, but Swift 6.3's optimizer crashes inlining it into inlinable code.)
@usableFromInline struct ActionQueue<Element> {
  @usableFromInline var storage: UnsafeMutablePointer<Element>
  /// A power of two.
  @usableFromInline var capacity: Int
  @usableFromInline var head = 0
  @usableFromInline var count = 0

  @inlinable init(capacity: Int = 16) {
    self.capacity = capacity
    storage = .allocate(capacity: capacity)
  }

  /// Destroys the queued elements and frees the buffer; the queue is unusable afterwards.
  func deallocate() {
    for offset in 0..<count { (storage + ((head + offset) & (capacity - 1))).deinitialize(count: 1) }
    storage.deallocate()
  }

  @inlinable var isEmpty: Bool { count == 0 }

  @inlinable mutating func append(_ element: consuming Element) {
    if count == capacity { grow() }
    (storage + ((head + count) & (capacity - 1))).initialize(to: element)
    count += 1
  }

  @inlinable mutating func popFirst() -> Element? {
    guard count > 0 else { return nil }
    let element = (storage + head).move()
    head = (head + 1) & (capacity - 1)
    count -= 1
    return element
  }

  @usableFromInline mutating func grow() {
    let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
    for offset in 0..<count {
      (larger + offset).moveInitialize(from: storage + ((head + offset) & (capacity - 1)), count: 1)
    }
    storage.deallocate()
    storage = larger
    capacity *= 2
    head = 0
  }
}
