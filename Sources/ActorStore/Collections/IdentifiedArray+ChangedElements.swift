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
    let chunks = values.chunks
    let otherChunks = other.values.chunks
    for index in 0..<Swift.min(chunks.count, otherChunks.count) {
      chunks[index].withUnsafeBufferPointer { new in
        otherChunks[index].withUnsafeBufferPointer { old in
          // Two arrays with one base address share one buffer: neither was written since.
          guard new.baseAddress != old.baseAddress else { return }
          let firstSlot = index &<< ChunkedValues<Element>.chunkShift
          for offset in 0..<Swift.min(new.count, old.count) where !Self.bitwiseEqual(new, old, at: offset) {
            if let element = new[offset] { body(order.idOfSlot[firstSlot + offset], element) }
          }
        }
      }
    }
  }

  /// Whether the values at `offset` in two buffers have the same representation, byte for byte.
  ///
  /// Safe to read: `offset` is below both buffers' counts, so the `MemoryLayout<Element?>.size`
  /// bytes read from each lie inside an initialized element (padding bytes included, whose
  /// contents only make the answer "different", never "equal"). What it pays for, counted: one
  /// row changed in a 10 000-row `ObservableStore` list calls one row's store instead of all of
  /// them (Docs/Stress-and-Benchmarks.md, "Routed by element").
  @inlinable static func bitwiseEqual(
    _ lhs: UnsafeBufferPointer<Element?>, _ rhs: UnsafeBufferPointer<Element?>, at offset: Int
  ) -> Bool {
    let size = MemoryLayout<Element?>.size
    let lhs = UnsafeRawPointer(lhs.baseAddress! + offset)
    let rhs = UnsafeRawPointer(rhs.baseAddress! + offset)
    var byte = 0
    while byte + 8 <= size {
      if lhs.loadUnaligned(fromByteOffset: byte, as: UInt64.self)
        != rhs.loadUnaligned(fromByteOffset: byte, as: UInt64.self)
      {
        return false
      }
      byte += 8
    }
    while byte < size {
      if lhs.load(fromByteOffset: byte, as: UInt8.self) != rhs.load(fromByteOffset: byte, as: UInt8.self) {
        return false
      }
      byte += 1
    }
    return true
  }
}
