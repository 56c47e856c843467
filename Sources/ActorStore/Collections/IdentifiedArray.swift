/// An ordered collection of elements that are unique by id, with O(1) access by id and removal
/// by id far below O(n).
///
/// Elements keep the order you give them, like an `Array`; each has an id, computed by the id
/// function given at creation (`\.id` for `Identifiable` elements), and no two elements share
/// one. Duplicate ids are never a crash: they are reported through `reportIssue` and the first
/// element with the id is kept.
///
/// Values are stored apart from the order: editing an element through ``subscript(id:)``
/// touches only that element, never the ids or their order. The order is a list of chunks of
/// at most B = 512 positions with a table of chunk starts, plus a hash index from id to
/// element.
///
/// Complexity, with n elements and B = 512:
/// - ``subscript(id:)`` (get, set, in-place edit), ``contains(id:)``, ``updateOrAppend(_:)``:
///   O(1) expected.
/// - ``append(_:)``: amortized O(1).
/// - Positional ``subscript(_:)``: O(1) while every chunk is full (an array built by appending);
///   after removals or insertions in the middle, O(log(n / B)): a binary search over the chunk
///   starts, about 8 steps at 100 000 elements.
/// - ``remove(id:)``, ``remove(at:)``, ``insert(_:at:)``, ``move(from:to:)``, ``move(id:to:)``:
///   O(B + n / B).
/// - ``index(id:)``: O(B).
/// - Iteration: O(n), a linear walk of the chunks.
/// - ``removeAll(where:)``, ``move(fromOffsets:toOffset:)``: O(n); ``sort(by:)``: O(n log n).
/// - Copying: O(1). Mutating a copy that shares storage first copies what the mutation touches:
///   for an edit, one chunk of 512 values (and the table of chunks); for a structural change,
///   the ids and order too.
public struct IdentifiedArray<ID: Hashable & Sendable, Element> {
  @usableFromInline let extractID: @Sendable (Element) -> ID
  @usableFromInline var order: OrderedIDs<ID>
  /// By slot (see `OrderedIDs`). Optional only so that ``subscript(id:)`` can lend an element
  /// in place; every slot holds a value between public calls.
  @usableFromInline var values: ChunkedValues<Element>

  /// Creates an empty array whose elements are identified by `id`.
  /// - Parameter id: Computes an element's id; must be pure.
  @inlinable
  public init(id: @escaping @Sendable (Element) -> ID) {
    extractID = id
    order = OrderedIDs()
    values = ChunkedValues()
  }

  /// Creates an array of `elements`, in order, identified by `id`.
  ///
  /// An element whose id was already seen is reported as an issue naming the id and both
  /// positions, and dropped: the first element with each id is kept.
  /// - Parameters:
  ///   - elements: The elements, in order.
  ///   - id: Computes an element's id; must be pure.
  @inlinable
  public init(_ elements: some Sequence<Element>, id: @escaping @Sendable (Element) -> ID) {
    self.init(id: id)
    values.reserveCapacity(elements.underestimatedCount)
    var droppedPositions: [Int] = []
    for (position, element) in elements.enumerated() {
      let elementID = extractID(element)
      let (inserted, slot) = order.insert(elementID, at: values.count)
      if inserted {
        values.append(element)
      } else {
        reportDuplicate(
          elementID, keptAt: order.position(ofSlot: slot), droppedAt: position,
          droppedSoFar: droppedPositions)
        droppedPositions.append(position)
      }
    }
  }

  /// Reports a duplicate met while building from a sequence, naming positions in that sequence.
  @usableFromInline
  func reportDuplicate(_ id: ID, keptAt index: Int, droppedAt position: Int, droppedSoFar: [Int]) {
    // `index` counts kept elements only; each earlier dropped element shifts it one further in
    // the input. `droppedSoFar` is ascending.
    var firstPosition = index
    for dropped in droppedSoFar where dropped <= firstPosition { firstPosition += 1 }
    reportIssue(
      """
      IdentifiedArray: duplicate id \(id) at positions \(firstPosition) and \(position); \
      keeping the first
      """)
  }

  /// The number of elements. O(1).
  @inlinable
  public var count: Int { values.count }

  /// Whether the array has no elements. O(1).
  @inlinable
  public var isEmpty: Bool { values.isEmpty }

  /// The elements, in order, as a plain array. O(n).
  @inlinable
  public var elements: [Element] { Array(self) }

  /// The ids of the elements, in order: a view that shares the array's storage, so getting it is
  /// O(1).
  @inlinable
  public var ids: IDs { IDs(order: order) }

  /// Whether an element has `id`. O(1).
  /// - Parameter id: The id to look for.
  /// - Returns: `true` when an element has `id`.
  @inlinable
  public func contains(id: ID) -> Bool {
    order.slot(of: id) != nil
  }

  /// The position of the element with `id`. O(B).
  /// - Parameter id: The id to look for.
  /// - Returns: The element's index, or `nil` when no element has `id`.
  @inlinable
  public func index(id: ID) -> Int? {
    order.slot(of: id).map(order.position(ofSlot:))
  }

  /// The element with `id`. O(1).
  ///
  /// - Get: the element, or `nil` when none has `id`.
  /// - Set a value: replaces the element with `id` in place, or appends the value when none has
  ///   `id`. A value whose own id is not `id` is reported as an issue and the array is left
  ///   unchanged.
  /// - Set `nil`: removes the element with `id`, if any.
  /// - Edit in place (`array[id: id]?.count += 1`): mutates the stored element without copying
  ///   it and without touching the ids or their order. An edit that changes the element's id
  ///   cannot be undone (the old value is gone), so it is reported as an issue and the element
  ///   stays at its position under its new id, or is dropped when another element already has
  ///   that id.
  /// - Parameter id: The id of the element.
  @inlinable
  public subscript(id id: ID) -> Element? {
    get {
      order.slot(of: id).flatMap { values[$0] }
    }
    set {
      assign(newValue, to: id)
    }
    _modify {
      if let slot = order.slot(of: id) {
        defer { settleEdit(ofSlot: slot, formerly: id) }
        yield &values[slot]
      } else {
        var added: Element? = nil
        defer { if added != nil { assign(added, to: id) } }
        yield &added
      }
    }
  }

  /// What a lookup by ID reads, and nothing else: copying it retains two buffers where copying
  /// the whole array retains about ten (its order's tables). An element store's initial state is
  /// read through it, copied out of the parent's snapshot under the publisher's lock and looked
  /// up outside it, where hashing the app's ID belongs.
  @inlinable var lookupByID: LookupByID { LookupByID(slotOfID: order.slotOfID, values: values) }

  /// See ``lookupByID``.
  @usableFromInline struct LookupByID {
    @usableFromInline let slotOfID: [ID: Int32]
    @usableFromInline let values: ChunkedValues<Element>

    @inlinable init(slotOfID: [ID: Int32], values: ChunkedValues<Element>) {
      self.slotOfID = slotOfID
      self.values = values
    }

    /// The element with `id`, or `nil` when none has it.
    @inlinable subscript(id: ID) -> Element? { slotOfID[id].flatMap { values[Int($0)] } }
  }

  @inlinable
  mutating func assign(_ newValue: Element?, to id: ID) {
    guard let newValue else {
      remove(id: id)
      return
    }
    let newID = extractID(newValue)
    guard newID == id else {
      reportIssue(
        """
        IdentifiedArray[id: \(id)]: the assigned element has id \(newID); the array is left \
        unchanged
        """)
      return
    }
    if let slot = order.slot(of: id) {
      values[slot] = newValue
    } else {
      append(newValue)
    }
  }

  /// Restores the invariants after an element was lent out for an in-place edit.
  @inlinable
  mutating func settleEdit(ofSlot slot: Int, formerly id: ID) {
    guard let element = values[slot] else {
      removeSlot(slot)
      return
    }
    let newID = extractID(element)
    if newID != id { settleIDChange(ofSlot: slot, from: id, to: newID) }
  }

  @usableFromInline
  mutating func settleIDChange(ofSlot slot: Int, from id: ID, to newID: ID) {
    if order.slot(of: newID) == nil {
      order.rekey(slot: slot, to: newID)
      reportIssue(
        """
        IdentifiedArray[id: \(id)]: an in-place edit changed the element's id to \(newID); it \
        stays at index \(order.position(ofSlot: slot)) under its new id
        """)
    } else {
      reportIssue(
        """
        IdentifiedArray[id: \(id)]: an in-place edit changed the element's id to \(newID), \
        which another element already has; the edited element is dropped
        """)
      removeSlot(slot)
    }
  }

  /// Appends `element` unless an element already has its id (a duplicate is reported as an
  /// issue). Amortized O(1).
  /// - Parameter element: The element to add.
  /// - Returns: Whether it was added, and the index of the element with its id.
  @inlinable
  @discardableResult
  public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
    insert(element, at: count)
  }

  /// Appends each element of `elements` in order, skipping (and reporting) those whose id is
  /// already present.
  /// - Parameter elements: The elements to add.
  @inlinable
  public mutating func append(contentsOf elements: some Sequence<Element>) {
    for element in elements { append(element) }
  }

  /// Inserts `element` at `index` unless an element already has its id (a duplicate is reported
  /// as an issue and nothing changes). O(B + n / B).
  ///
  /// An `index` outside `0...count` is reported as an issue and clamped into that range.
  /// - Parameters:
  ///   - element: The element to add.
  ///   - index: Where to insert it.
  /// - Returns: Whether it was inserted, and the index of the element with its id.
  @inlinable
  @discardableResult
  public mutating func insert(_ element: Element, at index: Int) -> (inserted: Bool, index: Int) {
    let position = Swift.min(Swift.max(index, 0), count)
    if position != index {
      reportIssue(
        "IdentifiedArray.insert: index \(index) is outside 0...\(count); inserting at \(position)")
    }
    let id = extractID(element)
    let (inserted, slot) = order.insert(id, at: position)
    guard inserted else { return rejectDuplicate(id, at: slot) }
    values.append(element)
    return (true, position)
  }

  @usableFromInline
  func rejectDuplicate(_ id: ID, at slot: Int) -> (inserted: Bool, index: Int) {
    let index = order.position(ofSlot: slot)
    reportIssue("IdentifiedArray: duplicate id \(id) already at index \(index); not inserted")
    return (false, index)
  }

  /// Replaces the element with `element`'s id in place, or appends `element` when none has it.
  /// O(1) expected.
  /// - Parameter element: The new element.
  /// - Returns: The element it replaced, or `nil` when it was appended.
  @inlinable
  @discardableResult
  public mutating func updateOrAppend(_ element: Element) -> Element? {
    guard let slot = order.slot(of: extractID(element)) else {
      append(element)
      return nil
    }
    var replaced: Element? = element
    swap(&values[slot], &replaced)
    return replaced
  }

  /// Removes the element with `id`, if any. O(B + n / B).
  /// - Parameter id: The id of the element to remove.
  /// - Returns: The removed element, or `nil` when none had `id`.
  @inlinable
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    guard let slot = order.remove(id) else { return nil }
    return takeValue(vacating: slot)
  }

  /// Removes the element at `index`. O(B + n / B).
  ///
  /// Like `Array`, an index outside `0..<count` is a programming error and traps: there is no
  /// element to return.
  /// - Parameter index: The position of the element to remove.
  /// - Returns: The removed element.
  @inlinable
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    checkIndex(index)
    // A valid slot always holds a value outside an in-place edit.
    return removeSlot(order.slot(at: index))!
  }

  @inlinable
  @discardableResult
  mutating func removeSlot(_ slot: Int) -> Element? {
    order.removeSlot(slot)
    return takeValue(vacating: slot)
  }

  /// Mirrors `OrderedIDs.vacate(_:)` on the values: the last slot moves into `slot`.
  @inlinable
  mutating func takeValue(vacating slot: Int) -> Element? {
    values.swapAt(slot, values.count - 1)
    return values.removeLast()
  }

  /// Removes every element for which `shouldBeRemoved` returns `true`, keeping the order of the
  /// rest. O(n). If `shouldBeRemoved` throws, the array is left unchanged.
  /// - Parameter shouldBeRemoved: Decides, for each element in order, whether it goes.
  @inlinable
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    var doomed: [ID] = []
    for element in self where try shouldBeRemoved(element) { doomed.append(extractID(element)) }
    // One removal costs O(B + n / B); rebuilding costs n hash insertions: removing one by one
    // wins while few elements go.
    if doomed.count <= count / 8 {
      for id in doomed { remove(id: id) }
    } else {
      let doomedIDs = Set(doomed)
      let extractID = extractID
      self = filter { !doomedIDs.contains(extractID($0)) }
    }
  }

  /// Removes every element. O(n) to release them.
  @inlinable
  public mutating func removeAll() {
    order = OrderedIDs()
    values = ChunkedValues()
  }

  /// Moves the element at `source` so that it ends up at index `destination`, like removing it
  /// and inserting it there. O(B + n / B).
  ///
  /// An index outside `0..<count` is reported as an issue and nothing moves.
  /// - Parameters:
  ///   - source: The current index of the element.
  ///   - destination: Its index after the move.
  @inlinable
  public mutating func move(from source: Int, to destination: Int) {
    guard source >= 0, source < count, destination >= 0, destination < count else {
      reportIssue(
        """
        IdentifiedArray.move: index \(source) or \(destination) is outside 0..<\(count); \
        nothing moved
        """)
      return
    }
    guard source != destination else { return }
    let slot = order.slot(at: source)
    order.moveSlot(slot, to: destination)
  }

  /// Moves the element with `id` so that it ends up at index `destination`. O(B + n / B).
  ///
  /// An absent `id` or an index outside `0..<count` is reported as an issue and nothing moves.
  /// - Parameters:
  ///   - id: The id of the element to move.
  ///   - destination: Its index after the move.
  @inlinable
  public mutating func move(id: ID, to destination: Int) {
    guard let source = index(id: id) else {
      reportIssue("IdentifiedArray.move: no element has id \(id); nothing moved")
      return
    }
    move(from: source, to: destination)
  }

  /// Moves the elements at `sourceOffsets`, keeping their relative order, to just before the
  /// element that is at `destination` before the move (at the end when `destination == count`),
  /// as SwiftUI's `onMove` describes a drag. O(n).
  ///
  /// An offset outside `0..<count` or a destination outside `0...count` is reported as an issue
  /// and nothing moves.
  /// - Parameters:
  ///   - sourceOffsets: The indices of the elements to move.
  ///   - destination: The index, before the move, that the moved elements go in front of.
  public mutating func move(
    fromOffsets sourceOffsets: some Sequence<Int>, toOffset destination: Int
  ) {
    var isMoved = [Bool](repeating: false, count: count)
    for offset in sourceOffsets {
      guard offset >= 0, offset < count else {
        reportIssue("IdentifiedArray.move: offset \(offset) is outside 0..<\(count); nothing moved")
        return
      }
      isMoved[offset] = true
    }
    guard destination >= 0, destination <= count else {
      reportIssue(
        "IdentifiedArray.move: destination \(destination) is outside 0...\(count); nothing moved")
      return
    }
    let slots = Array(order.makeSlotIterator())
    let indices = slots.indices
    let reordered =
      indices[..<destination].filter { !isMoved[$0] } + indices.filter { isMoved[$0] }
      + indices[destination...].filter { !isMoved[$0] }
    guard !reordered.elementsEqual(indices) else { return }
    order.reorder(reordered.map { slots[$0] })
  }

  /// Sorts the elements in place with `areInIncreasingOrder`. O(n log n). If it throws, the
  /// array is left unchanged.
  /// - Parameter areInIncreasingOrder: Whether its first argument belongs before its second.
  @inlinable
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    let slots = Array(order.makeSlotIterator())
    // A valid slot always holds a value outside an in-place edit.
    let sorted = try slots.sorted { try areInIncreasingOrder(values[$0]!, values[$1]!) }
    guard sorted != slots else { return }
    order.reorder(sorted)
  }

  @inlinable
  func checkIndex(_ index: Int) {
    precondition(
      index >= 0 && index < count, "IdentifiedArray index \(index) is outside 0..<\(count)")
  }

  // MARK: - Identity of the ids, for `forEach`

  /// Whether no structural change separates `self` and `other`. O(1).
  ///
  /// `true` means both come from one value with no insertion, removal or reordering since
  /// (editing elements does not count), so they hold the same ids in the same order. `false`
  /// means a structural change happened, or the two were built apart: their ids may still match.
  @inlinable func hasIdenticalIDs(to other: Self) -> Bool {
    order.identity === other.order.identity
  }

  /// The ids of `old`, in `old`'s order, that `self` no longer holds. O(1) when no structural
  /// change separates them (see `hasIdenticalIDs(to:)`), else O(old.count).
  func idsRemoved(comparedTo old: Self) -> [ID] {
    idsRemoved(comparedTo: old.ids)
  }

  /// The same from the older array's ``ids``: a caller that keeps only the ids alive (not the
  /// whole array) does not force a copy of the values when elements are then edited.
  func idsRemoved(comparedTo oldIDs: IDs) -> [ID] {
    order.identity === oldIDs.order.identity ? [] : oldIDs.order.ids(absentFrom: order)
  }

  /// The keys of `tracked` that `oldIDs` held and `self` no longer holds: O(1) when no
  /// structural change separates the two, else O(min(tracked.count, old.count)), so a caller
  /// tracking a few elements of a long list does not pay for the whole list.
  @inlinable func idsGone<Value>(comparedTo oldIDs: IDs, tracked: [ID: Value]) -> [ID] {
    if order.identity === oldIDs.order.identity || tracked.isEmpty { return [] }
    if tracked.count < oldIDs.count {
      return tracked.keys.filter { !contains(id: $0) }
    }
    return oldIDs.order.ids(absentFrom: order).filter { tracked[$0] != nil }
  }
}

/// An ``IdentifiedArray`` of `Identifiable` elements, identified by their `id`.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>
where Element.ID: Sendable

extension IdentifiedArray where Element: Identifiable, Element.ID == ID {
  /// `{ $0.id }` as the stored id function.
  ///
  /// The compiler refuses that closure as `@Sendable`: it captures `Element`'s `Identifiable`
  /// conformance, which could be isolated to an actor (SE-0470). It accepts the key path `\.id`,
  /// which captures the same conformance, but a key-path projection costs more than the rest of
  /// an in-place edit. So the closure is cast to `@Sendable` (same representation), with the
  /// same caveat as the key path: an actor-isolated `Identifiable` conformance is not supported.
  @inlinable
  static var identifiableID: @Sendable (Element) -> ID {
    unsafeBitCast({ (element: Element) in element.id }, to: (@Sendable (Element) -> ID).self)
  }

  /// Creates an empty array of `Identifiable` elements, identified by their `id`.
  ///
  /// The elements' `Identifiable` conformance must not be isolated to an actor.
  @inlinable
  public init() {
    self.init(id: Self.identifiableID)
  }

  /// Creates an array of `elements`, in order, identified by their `id`.
  ///
  /// Duplicate ids are reported as an issue naming the id and both positions; the first element
  /// with each id is kept. The elements' `Identifiable` conformance must not be isolated to an
  /// actor.
  /// - Parameter elements: The elements, in order; their ids should be unique.
  @inlinable
  public init(uniqueElements elements: some Sequence<Element>) {
    self.init(elements, id: Self.identifiableID)
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral where Element: Identifiable, Element.ID == ID {
  /// Creates an array from a literal; duplicate ids are reported and the first one is kept.
  /// - Parameter elements: The elements, in order.
  @inlinable
  public init(arrayLiteral elements: Element...) {
    self.init(uniqueElements: elements)
  }
}

// MARK: - Collection

extension IdentifiedArray: RandomAccessCollection {
  /// Positions are `Int` offsets from `0`.
  public typealias Index = Int
  /// The valid positions, `0..<count`.
  public typealias Indices = Range<Int>

  /// Always `0`.
  @inlinable
  public var startIndex: Int { 0 }

  /// `count`.
  @inlinable
  public var endIndex: Int { count }

  /// The element at `position`: O(1) while every chunk is full, else O(log(n / B)).
  ///
  /// Like `Array`, a position outside `0..<count` traps.
  /// - Parameter position: The index of the element.
  @inlinable
  public subscript(position: Int) -> Element {
    checkIndex(position)
    // A valid slot always holds a value outside an in-place edit.
    return values[order.slot(at: position)]!
  }

  /// Walks the elements in order, chunk by chunk, without a lookup per element.
  public struct Iterator: IteratorProtocol {
    @usableFromInline var slots: OrderedIDs<ID>.SlotIterator
    @usableFromInline let values: ChunkedValues<Element>

    @inlinable
    init(slots: OrderedIDs<ID>.SlotIterator, values: ChunkedValues<Element>) {
      self.slots = slots
      self.values = values
    }

    /// The next element, or `nil` at the end.
    /// - Returns: The next element in order.
    @inlinable
    public mutating func next() -> Element? {
      guard let slot = slots.next() else { return nil }
      return values[slot]
    }
  }

  /// An iterator over the elements in order.
  /// - Returns: A new iterator.
  @inlinable
  public func makeIterator() -> Iterator {
    Iterator(slots: order.makeSlotIterator(), values: values)
  }

  /// The ids of an ``IdentifiedArray`` in order, sharing its storage.
  public struct IDs: RandomAccessCollection, Sendable {
    /// Positions are `Int` offsets from `0`.
    public typealias Index = Int
    /// The valid positions, `0..<count`.
    public typealias Indices = Range<Int>

    @usableFromInline let order: OrderedIDs<ID>

    @inlinable
    init(order: OrderedIDs<ID>) {
      self.order = order
    }

    /// Always `0`.
    @inlinable
    public var startIndex: Int { 0 }

    /// The number of ids.
    @inlinable
    public var endIndex: Int { order.count }

    /// The id at `position`, with the cost of the array's positional subscript. Traps outside
    /// `0..<count`.
    /// - Parameter position: The index of the id.
    @inlinable
    public subscript(position: Int) -> ID {
      precondition(
        position >= 0 && position < order.count,
        "IdentifiedArray.IDs index \(position) is outside 0..<\(order.count)")
      return order.idOfSlot[order.slot(at: position)]
    }

    /// Walks the ids in order without a lookup per id.
    public struct Iterator: IteratorProtocol {
      @usableFromInline var slots: OrderedIDs<ID>.SlotIterator
      @usableFromInline let idOfSlot: [ID]

      @inlinable
      init(order: OrderedIDs<ID>) {
        slots = order.makeSlotIterator()
        idOfSlot = order.idOfSlot
      }

      /// The next id, or `nil` at the end.
      /// - Returns: The next id in order.
      @inlinable
      public mutating func next() -> ID? {
        guard let slot = slots.next() else { return nil }
        return idOfSlot[slot]
      }
    }

    /// An iterator over the ids in order.
    /// - Returns: A new iterator.
    @inlinable
    public func makeIterator() -> Iterator {
      Iterator(order: order)
    }
  }
}

// MARK: - Conditional conformances

extension IdentifiedArray: Equatable where Element: Equatable {
  /// Whether both hold equal elements in the same order; the id functions are not compared.
  /// - Parameters:
  ///   - lhs: One array.
  ///   - rhs: Another array.
  /// - Returns: `true` when the elements are pairwise equal.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.count == rhs.count else { return false }
    // Shared id storage means identical slot layouts: compare the value buffers directly.
    if lhs.order.identity === rhs.order.identity { return lhs.values == rhs.values }
    return lhs.elementsEqual(rhs)
  }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  /// Hashes the elements in order.
  /// - Parameter hasher: The hasher to feed.
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for element in self { hasher.combine(element) }
  }
}

extension IdentifiedArray: Sendable where Element: Sendable {}
extension IdentifiedArray.LookupByID: Sendable where Element: Sendable {}

extension IdentifiedArray: CustomStringConvertible, CustomDebugStringConvertible {
  /// The elements keyed by id, in order: `[1: Row(…), 2: Row(…)]`.
  public var description: String {
    "[" + zip(ids, self).map { "\($0): \($1)" }.joined(separator: ", ") + "]"
  }

  /// Like ``description``, with ids and elements in their debug form:
  /// `IdentifiedArray([1: Row(…)])`.
  public var debugDescription: String {
    let entries = zip(ids, self).map { "\(String(reflecting: $0)): \(String(reflecting: $1))" }
    return "IdentifiedArray([" + entries.joined(separator: ", ") + "])"
  }
}
