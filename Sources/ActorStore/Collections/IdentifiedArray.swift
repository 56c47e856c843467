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
}

extension IdentifiedArray: Sendable where Element: Sendable {}
