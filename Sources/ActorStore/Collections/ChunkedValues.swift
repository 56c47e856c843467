/// The element storage of an ``IdentifiedArray``: values by slot, in chunks of 512.
///
/// A plain array would make every edit of a shared array (a store's state right after it was
/// published) copy all n values. In chunks, an edit copies the table of chunks (n / 512
/// references) and the one chunk it touches.
@usableFromInline struct ChunkedValues<Element> {
  @usableFromInline static var chunkShift: Int { 9 }
  @usableFromInline static var chunkMask: Int { (1 << chunkShift) - 1 }

  @usableFromInline var chunks: [[Element?]] = []
  @usableFromInline private(set) var count = 0

  @inlinable init() {}

  @inlinable var isEmpty: Bool { count == 0 }

  @inlinable subscript(slot: Int) -> Element? {
    get { chunks[slot &>> Self.chunkShift][slot & Self.chunkMask] }
    _modify { yield &chunks[slot &>> Self.chunkShift][slot & Self.chunkMask] }
  }

  @inlinable mutating func append(_ value: Element?) {
    if count & Self.chunkMask == 0 {
      chunks.append([])
      chunks[chunks.count - 1].reserveCapacity(1 << Self.chunkShift)
    }
    chunks[chunks.count - 1].append(value)
    count += 1
  }

  @inlinable mutating func removeLast() -> Element? {
    let value = chunks[chunks.count - 1].removeLast()
    if chunks[chunks.count - 1].isEmpty { chunks.removeLast() }
    count -= 1
    return value
  }

  @inlinable mutating func swapAt(_ first: Int, _ second: Int) {
    guard first != second else { return }
    let value = self[first]
    self[first] = self[second]
    self[second] = value
  }

  @inlinable mutating func reserveCapacity(_ capacity: Int) {
    chunks.reserveCapacity((capacity + Self.chunkMask) &>> Self.chunkShift)
  }
}

extension ChunkedValues: Equatable where Element: Equatable {
  @inlinable static func == (lhs: Self, rhs: Self) -> Bool { lhs.chunks == rhs.chunks }
}

extension ChunkedValues: Sendable where Element: Sendable {}
