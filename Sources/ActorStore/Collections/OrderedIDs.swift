/// The ids of an ``IdentifiedArray``, their order, and where each element's value lives.
///
/// Each id owns a *slot*: a number in `0..<count` that indexes both `idOfSlot` and the array's
/// value buffer. Removing an id moves the last slot into the freed one, so slots stay dense and
/// no value ever shifts. The order is a list of chunks of at most `chunkCapacity` slots, with
/// the position of each chunk's first element in `chunkStarts`. A slot finds its chunk through
/// a stable chunk *handle*, so splitting, merging or dropping a chunk renumbers chunk positions
/// (n / B of them), never slots.
///
/// A struct of copy-on-write buffers: copying is O(1), and a mutation of a shared copy copies
/// only the buffers it writes. Element values live outside, so editing a value never touches it.
/// `identity` is replaced by the first structural change made while another copy holds it, so
/// two copies with the same identity hold the same ids in the same order.
@usableFromInline
struct OrderedIDs<ID: Hashable & Sendable>: Sendable {
  @usableFromInline
  struct Chunk: Sendable {
    @usableFromInline var handle: Int32
    @usableFromInline var slots: [Int32]

    @inlinable
    init(handle: Int32, slots: [Int32]) {
      self.handle = handle
      self.slots = slots
    }
  }

  /// The most slots one chunk holds. A positional change scans and shifts within one chunk
  /// (≤ B) and shifts the chunk starts after it (n / B): 512 balances the two around 10⁵
  /// elements and keeps both cheap from 10³ to 10⁶.
  @inlinable
  static var chunkCapacity: Int { 512 }

  /// A chunk smaller than this merges with a neighbour when both fit in half a chunk, so
  /// removals cannot leave many near-empty chunks behind.
  @inlinable
  static var mergeThreshold: Int { chunkCapacity / 4 }

  @usableFromInline var identity: OrderedIDsIdentity
  @usableFromInline var slotOfID: [ID: Int32]
  @usableFromInline var idOfSlot: [ID]
  @usableFromInline var handleOfSlot: [Int32]
  /// By position in the order; never holds an empty chunk.
  @usableFromInline var chunks: [Chunk]
  /// By chunk position: the position of the chunk's first element.
  @usableFromInline var chunkStarts: [Int]
  @usableFromInline var positionOfHandle: [Int32]
  @usableFromInline var freeHandles: [Int32]

  @inlinable
  init() {
    identity = OrderedIDsIdentity()
    slotOfID = [:]
    idOfSlot = []
    handleOfSlot = []
    chunks = []
    chunkStarts = []
    positionOfHandle = []
    freeHandles = []
  }

  /// Takes a fresh `identity` unless no other copy holds this one: called before every
  /// structural change, so copies that keep the old identity keep the old ids and order.
  @inlinable
  mutating func claimIdentity() {
    if !isKnownUniquelyReferenced(&identity) { identity = OrderedIDsIdentity() }
  }

  @inlinable
  var count: Int { idOfSlot.count }

  @inlinable
  func slot(of id: ID) -> Int? {
    slotOfID[id].map(Int.init)
  }

  @inlinable
  func slot(at position: Int) -> Int {
    let chunkPosition = chunkPosition(containing: position)
    return Int(chunks[chunkPosition].slots[position - chunkStarts[chunkPosition]])
  }

  /// O(B): scans the slot's chunk.
  @inlinable
  func position(ofSlot slot: Int) -> Int {
    let chunkPosition = Int(positionOfHandle[Int(handleOfSlot[slot])])
    return chunkStarts[chunkPosition] + offset(of: slot, inChunkAt: chunkPosition)
  }

  @inlinable
  func makeSlotIterator() -> SlotIterator {
    SlotIterator(chunks: chunks)
  }

  /// The ids of `self`, in order, that `newer` lacks.
  @usableFromInline func ids(absentFrom newer: OrderedIDs) -> [ID] {
    var absent: [ID] = []
    var slots = makeSlotIterator()
    while let slot = slots.next() {
      let id = idOfSlot[slot]
      if newer.slotOfID[id] == nil { absent.append(id) }
    }
    return absent
  }

  /// Adds `id` at `position` under the new slot `count`, unless `id` is already present.
  /// - Returns: Whether `id` was added, and its slot (the existing one when it was not).
  @inlinable
  mutating func insert(_ id: ID, at position: Int) -> (inserted: Bool, slot: Int) {
    precondition(count < Int(Int32.max), "IdentifiedArray holds at most \(Int32.max) elements")
    // A shared copy looks the id up before writing, so a duplicate copies no buffer.
    if !isKnownUniquelyReferenced(&identity) {
      if let slot = slotOfID[id] { return (false, Int(slot)) }
      identity = OrderedIDsIdentity()
    }
    let newSlot = Int32(truncatingIfNeeded: count)
    let slotInTable = Self.currentValue(of: &slotOfID[id, default: newSlot])
    guard slotInTable == newSlot else { return (false, Int(slotInTable)) }
    idOfSlot.append(id)
    handleOfSlot.append(-1)
    attach(newSlot, at: position)
    return (true, Int(newSlot))
  }

  /// Hands `Dictionary.subscript(_:default:)` an inout access, which inserts the default when the
  /// key is missing: lookup and insertion cost one hash probe together.
  @inlinable
  static func currentValue(of value: inout Int32) -> Int32 { value }

  /// Removes `id` if present.
  /// - Returns: The slot `id` had, now holding what was the last slot; `nil` when absent.
  @inlinable
  mutating func remove(_ id: ID) -> Int? {
    // A shared copy looks the id up before writing, so an absent id copies no buffer.
    if !isKnownUniquelyReferenced(&identity) {
      guard slotOfID[id] != nil else { return nil }
      identity = OrderedIDsIdentity()
    }
    guard let slot = slotOfID.removeValue(forKey: id) else { return nil }
    vacate(Int(slot))
    return Int(slot)
  }

  /// Removes the id in `slot`; afterwards `slot` holds what was the last slot.
  @inlinable
  mutating func removeSlot(_ slot: Int) {
    claimIdentity()
    slotOfID.removeValue(forKey: idOfSlot[slot])
    vacate(slot)
  }

  @inlinable
  mutating func moveSlot(_ slot: Int, to position: Int) {
    claimIdentity()
    detach(slot)
    attach(Int32(truncatingIfNeeded: slot), at: position)
  }

  /// Gives `slot` the id `newID`, which must be absent.
  mutating func rekey(slot: Int, to newID: ID) {
    claimIdentity()
    slotOfID.removeValue(forKey: idOfSlot[slot])
    slotOfID[newID] = Int32(truncatingIfNeeded: slot)
    idOfSlot[slot] = newID
  }

  /// Replaces the order with `slots`, a permutation of `0..<count`, in full chunks.
  @usableFromInline
  mutating func reorder(_ slots: [Int]) {
    claimIdentity()
    chunks.removeAll(keepingCapacity: true)
    chunkStarts.removeAll(keepingCapacity: true)
    positionOfHandle.removeAll(keepingCapacity: true)
    freeHandles.removeAll()
    for start in stride(from: 0, to: slots.count, by: Self.chunkCapacity) {
      let handle = Int32(truncatingIfNeeded: chunks.count)
      var chunk = Chunk(handle: handle, slots: [])
      chunk.slots.reserveCapacity(Self.chunkCapacity)
      for slot in slots[start..<min(start + Self.chunkCapacity, slots.count)] {
        chunk.slots.append(Int32(truncatingIfNeeded: slot))
        handleOfSlot[slot] = handle
      }
      chunks.append(chunk)
      chunkStarts.append(start)
      positionOfHandle.append(handle)
    }
  }

  // MARK: - Chunks

  @inlinable
  var attachedCount: Int {
    chunks.isEmpty ? 0 : chunkStarts[chunks.count - 1] + chunks[chunks.count - 1].slots.count
  }

  /// O(1) when every chunk before `position` is full (arrays built by appending), otherwise
  /// O(log(n / B)).
  @inlinable
  func chunkPosition(containing position: Int) -> Int {
    // A chunk holds at most chunkCapacity slots, so the chunk is never before this one.
    let earliest = Swift.min(position / Self.chunkCapacity, chunks.count - 1)
    return chunkStarts.withUnsafeBufferPointer { starts in
      if earliest + 1 == starts.count || starts[earliest + 1] > position { return earliest }
      // Branch-free: random positions would defeat the branch predictor.
      var base = earliest + 1
      var length = starts.count - base
      while length > 1 {
        let half = length / 2
        base = starts[base + half] <= position ? base + half : base
        length -= half
      }
      return base
    }
  }

  @inlinable
  func offset(of slot: Int, inChunkAt chunkPosition: Int) -> Int {
    let target = Int32(truncatingIfNeeded: slot)
    return chunks[chunkPosition].slots.withUnsafeBufferPointer { slots in
      var offset = 0
      while slots[offset] != target { offset += 1 }
      return offset
    }
  }

  /// Puts `slot`, whose id is already recorded, into the order at `position`.
  @inlinable
  mutating func attach(_ slot: Int32, at position: Int) {
    let attached = attachedCount
    if position == attached,
      chunks.isEmpty || chunks[chunks.count - 1].slots.count == Self.chunkCapacity
    {
      appendChunk(startingWith: slot, at: attached)
      return
    }
    let chunkPosition =
      position == attached ? chunks.count - 1 : chunkPosition(containing: position)
    chunks[chunkPosition].slots.insert(slot, at: position - chunkStarts[chunkPosition])
    handleOfSlot[Int(slot)] = chunks[chunkPosition].handle
    shiftChunkStarts(after: chunkPosition, by: 1)
    if chunks[chunkPosition].slots.count > Self.chunkCapacity { split(chunkAt: chunkPosition) }
  }

  /// Takes `slot` out of the order; its id stays recorded.
  @inlinable
  mutating func detach(_ slot: Int) {
    let chunkPosition = Int(positionOfHandle[Int(handleOfSlot[slot])])
    chunks[chunkPosition].slots.remove(at: offset(of: slot, inChunkAt: chunkPosition))
    shiftChunkStarts(after: chunkPosition, by: -1)
    let remaining = chunks[chunkPosition].slots.count
    if remaining == 0 {
      removeChunk(at: chunkPosition)
    } else if remaining < Self.mergeThreshold {
      mergeWithNeighbourIfRoom(chunkAt: chunkPosition)
    }
  }

  /// Removes `slot` from the order, then refills it with the last slot so slots stay dense.
  /// The id table entry of `slot` must already be gone.
  @inlinable
  mutating func vacate(_ slot: Int) {
    detach(slot)
    let last = count - 1
    if slot != last {
      let movedID = idOfSlot[last]
      idOfSlot[slot] = movedID
      slotOfID[movedID] = Int32(truncatingIfNeeded: slot)
      let handle = handleOfSlot[last]
      handleOfSlot[slot] = handle
      let chunkPosition = Int(positionOfHandle[Int(handle)])
      let offset = offset(of: last, inChunkAt: chunkPosition)
      chunks[chunkPosition].slots[offset] = Int32(truncatingIfNeeded: slot)
    }
    idOfSlot.removeLast()
    handleOfSlot.removeLast()
  }

  @inlinable
  mutating func shiftChunkStarts(after chunkPosition: Int, by delta: Int) {
    chunkStarts.withUnsafeMutableBufferPointer { starts in
      for position in (chunkPosition + 1)..<starts.count { starts[position] += delta }
    }
  }

  @inlinable
  mutating func makeHandle() -> Int32 {
    if let handle = freeHandles.popLast() { return handle }
    positionOfHandle.append(-1)
    return Int32(truncatingIfNeeded: positionOfHandle.count - 1)
  }

  @inlinable
  mutating func appendChunk(startingWith slot: Int32, at start: Int) {
    let handle = makeHandle()
    var chunk = Chunk(handle: handle, slots: [])
    chunk.slots.reserveCapacity(Self.chunkCapacity)
    chunk.slots.append(slot)
    positionOfHandle[Int(handle)] = Int32(truncatingIfNeeded: chunks.count)
    handleOfSlot[Int(slot)] = handle
    chunks.append(chunk)
    chunkStarts.append(start)
  }

  @usableFromInline
  mutating func split(chunkAt chunkPosition: Int) {
    let lowerCount = chunks[chunkPosition].slots.count / 2
    let handle = makeHandle()
    var upper = Chunk(handle: handle, slots: [])
    upper.slots.reserveCapacity(Self.chunkCapacity)
    upper.slots.append(contentsOf: chunks[chunkPosition].slots[lowerCount...])
    chunks[chunkPosition].slots.removeSubrange(lowerCount...)
    for slot in upper.slots { handleOfSlot[Int(slot)] = handle }
    chunks.insert(upper, at: chunkPosition + 1)
    chunkStarts.insert(chunkStarts[chunkPosition] + lowerCount, at: chunkPosition + 1)
    renumberChunks(from: chunkPosition + 1)
  }

  @usableFromInline
  mutating func mergeWithNeighbourIfRoom(chunkAt chunkPosition: Int) {
    let size = chunks[chunkPosition].slots.count
    let limit = Self.chunkCapacity / 2
    if chunkPosition > 0, chunks[chunkPosition - 1].slots.count + size <= limit {
      mergeIntoPredecessor(chunkAt: chunkPosition)
    } else if chunkPosition + 1 < chunks.count,
      chunks[chunkPosition + 1].slots.count + size <= limit
    {
      mergeIntoPredecessor(chunkAt: chunkPosition + 1)
    }
  }

  mutating func mergeIntoPredecessor(chunkAt chunkPosition: Int) {
    let handle = chunks[chunkPosition - 1].handle
    let moved = chunks[chunkPosition].slots
    for slot in moved { handleOfSlot[Int(slot)] = handle }
    chunks[chunkPosition - 1].slots.append(contentsOf: moved)
    removeChunk(at: chunkPosition)
  }

  /// Drops the chunk at `chunkPosition` from the bookkeeping; its slots must be empty or moved
  /// to the chunk before it.
  @usableFromInline
  mutating func removeChunk(at chunkPosition: Int) {
    freeHandles.append(chunks[chunkPosition].handle)
    chunks.remove(at: chunkPosition)
    chunkStarts.remove(at: chunkPosition)
    renumberChunks(from: chunkPosition)
  }

  mutating func renumberChunks(from chunkPosition: Int) {
    for position in chunkPosition..<chunks.count {
      positionOfHandle[Int(chunks[position].handle)] = Int32(truncatingIfNeeded: position)
    }
  }

  /// Walks the slots in order, chunk by chunk.
  @usableFromInline
  struct SlotIterator: IteratorProtocol, Sequence {
    @usableFromInline let chunks: [Chunk]
    @usableFromInline var chunkPosition = 0
    @usableFromInline var current: [Int32]
    @usableFromInline var offset = 0

    @inlinable
    init(chunks: [Chunk]) {
      self.chunks = chunks
      current = chunks.first?.slots ?? []
    }

    @inlinable
    mutating func next() -> Int? {
      if offset == current.count {
        chunkPosition += 1
        guard chunkPosition < chunks.count else { return nil }
        current = chunks[chunkPosition].slots
        offset = 0
      }
      defer { offset += 1 }
      return Int(current[offset])
    }
  }
}

/// A token whose object identity stands for one state of an `OrderedIDs`.
@usableFromInline
final class OrderedIDsIdentity: Sendable {
  @inlinable
  init() {}
}
