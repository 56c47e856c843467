// Which elements an edit changed, for the per-element watchers of `ElementScopeTable`: without
// comparing every element of a long list, and without `Equatable`.

extension IdentifiedArray {
  /// Calls `body` with the ID and the element of every element of `self` that may differ from
  /// `other`'s, two versions of one array with no structural change between them
  /// (``hasIdenticalIDs(to:)``).
  ///
  /// Values are stored in chunks that copies share until one is edited, so a chunk both still
  /// share holds the same elements and is skipped whole: O(chunks) for an edit-free pair. In a
  /// chunk an edit copied, each element is compared with its old self bit for bit: identical
  /// representations are the same value, so every element that changed is reported; an element
  /// whose bits differ but whose value does not (padding, an equal string in another buffer) is
  /// reported too, which costs its watcher a comparison of its own, never a missed change.
  /// - Parameters:
  ///   - other: The older version.
  ///   - body: Called for each element that may have changed, in slot order.
  @inlinable func forEachElementPossiblyChanged(from other: Self, _ body: (ID, Element) -> Void) {
    // Read once: in code not specialized for `Element`, each use is a metadata lookup.
    let layout = ElementBytes(size: MemoryLayout<Element?>.size, stride: MemoryLayout<Element?>.stride)
    let chunks = values.chunks
    let otherChunks = other.values.chunks
    for index in 0..<Swift.min(chunks.count, otherChunks.count) {
      chunks[index].withUnsafeBufferPointer { new in
        otherChunks[index].withUnsafeBufferPointer { old in
          // Two arrays with one base address share one buffer: neither was written since.
          guard new.baseAddress != old.baseAddress, let newBase = new.baseAddress, let oldBase = old.baseAddress
          else { return }
          let firstSlot = index &<< ChunkedValues<Element>.chunkShift
          let (newBytes, oldBytes) = (UnsafeRawPointer(newBase), UnsafeRawPointer(oldBase))
          let count = Swift.min(new.count, old.count)
          var offset = 0
          while let changed = layout.firstDifference(newBytes, oldBytes, from: offset, to: count) {
            if let element = new[changed] { body(order.idOfSlot[firstSlot + changed], element) }
            offset = changed + 1
          }
        }
      }
    }
  }
}

/// The layout of a buffer's elements, for comparing two buffers element by element, byte for
/// byte, in code that knows no element type.
@usableFromInline struct ElementBytes {
  /// The bytes of one element, and the distance from one element to the next.
  @usableFromInline let size: Int
  @usableFromInline let stride: Int

  @inlinable init(size: Int, stride: Int) {
    self.size = size
    self.stride = stride
  }

  /// The first offset in `start..<end` whose elements in `lhs` and `rhs` differ in
  /// representation, or `nil`.
  ///
  /// Safe to read: both buffers hold at least `end` initialized elements, so the `size` bytes
  /// read at each offset lie inside an initialized element (padding bytes included, whose
  /// contents only make the answer "different", never "equal"). What it pays for, counted: one
  /// row changed in a 10 000-row `ObservableStore` list calls one row's store instead of all of
  /// them (Docs/Stress-and-Benchmarks.md, "Routed by element").
  @inlinable func firstDifference(
    _ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, from start: Int, to end: Int
  ) -> Int? {
    var offset = start
    while offset < end {
      let lhs = lhs + offset &* stride
      let rhs = rhs + offset &* stride
      var byte = 0
      while byte + 8 <= size {
        if lhs.loadUnaligned(fromByteOffset: byte, as: UInt64.self)
          != rhs.loadUnaligned(fromByteOffset: byte, as: UInt64.self)
        {
          return offset
        }
        byte += 8
      }
      while byte < size {
        if lhs.load(fromByteOffset: byte, as: UInt8.self) != rhs.load(fromByteOffset: byte, as: UInt8.self) {
          return offset
        }
        byte += 1
      }
      offset += 1
    }
    return nil
  }
}
