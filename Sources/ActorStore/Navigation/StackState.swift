import Synchronization

/// The identity of one element of a ``StackState``: assigned when the element is added, never
/// reused by the stack's generator, stable while the element stays, whatever is pushed or
/// popped around it. Actions address elements by it, never by position.
///
/// IDs come from ``DependencyValues/stackElementID``: each `TestStore` starts its own at `0`, so
/// a test can name them with integer literals (`.element(id: 0, action: …)`).
public struct StackElementID: Hashable, Comparable, Sendable, Codable, ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  /// The ID's position in its generator's sequence.
  public let generation: Int

  /// The ID with this generation.
  /// - Parameter generation: The generation.
  public init(generation: Int) { self.generation = generation }

  /// The ID with this generation: `0` is the first a `TestStore` assigns.
  /// - Parameter value: The generation.
  public init(integerLiteral value: Int) { self.init(generation: value) }

  /// Orders by generation: the order in which a generator assigned them.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.generation < rhs.generation }

  /// `#3`, as TCA prints it.
  public var description: String { "#\(generation)" }
}

/// Hands out ``StackElementID``s in increasing order: the value of
/// ``DependencyValues/stackElementID``. A class, so that every copy of the dependency values
/// that holds it draws from one sequence.
public final class StackElementIDGenerator: Sendable {
  private let nextGeneration: Atomic<Int>

  /// A generator whose first ID is `first`.
  /// - Parameter first: The generation of the first ID handed out; `0` by default.
  public init(first: Int = 0) { nextGeneration = Atomic(first) }

  /// Takes the next ID.
  /// - Returns: An ID no earlier call returned.
  public func next() -> StackElementID {
    StackElementID(generation: nextGeneration.wrappingAdd(1, ordering: .relaxed).oldValue)
  }

  /// A generator of its own that hands out the IDs this one would hand out next: what a
  /// `TestStore` gives an assertion closure, so that IDs it draws (an `append`) match the
  /// reducer's without taking them from the store.
  /// - Returns: The copy.
  package func copy() -> StackElementIDGenerator {
    StackElementIDGenerator(first: nextGeneration.load(ordering: .relaxed))
  }

  /// Makes sure no later ``next()`` returns `id` or an earlier ID: for an element that arrives
  /// with its own ID (``StackState/subscript(id:)``, ``StackAction/push(id:state:)``).
  /// - Parameter id: An ID in use.
  public func skip(past id: StackElementID) {
    nextGeneration.max(id.generation + 1, ordering: .relaxed)
  }
}

extension DependencyValues {
  /// Where ``StackState`` takes the IDs of the elements it appends. Live, one generator for the
  /// process; a `TestStore` (ActorStoreTesting) gives each test store its own, starting at `0`,
  /// so the IDs a test sees do not depend on other tests. Elsewhere in tests, the live one.
  public var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDKey.self] }
    set { self[StackElementIDKey.self] = newValue }
  }
}

/// The key of ``DependencyValues/stackElementID``.
private enum StackElementIDKey: DependencyKey {
  static let liveValue = StackElementIDGenerator()
  static let testValue = liveValue
}

/// A navigation stack's state: the ordered states of the screens pushed on a root, each with a
/// stable ``StackElementID`` (TCA's `StackState`).
///
/// ```swift
/// struct State: Equatable, Sendable {
///   var path = StackState<Path.State>()
/// }
/// ```
/// Appending assigns the next ID of ``DependencyValues/stackElementID`` (in a reducer, the
/// store's); positions move as screens are pushed and popped, IDs do not. Run the screens'
/// logic with ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)``.
/// A stack is a few screens deep: finding an element by ID is a linear scan.
public struct StackState<Element> {
  /// The elements' IDs, in stack order (root side first).
  public private(set) var ids: [StackElementID]
  /// The elements, in the same order as `ids`.
  private var elements: [Element]
  /// The IDs the `forEach` over this stack left in place when it last ran, so that it can
  /// cancel the effects of elements a reducer outside it removed since (TCA's `_mounted`);
  /// `nil` until it runs. Not part of the value: ignored by `==`, hashing and dumps.
  var mounted: [StackElementID]?

  /// An empty stack.
  public init() {
    ids = []
    elements = []
  }

  /// A stack of these elements, bottom first, each given the next ID.
  /// - Parameter elements: The elements.
  public init(_ elements: some Sequence<Element>) {
    self.init()
    for element in elements { append(element) }
  }

  /// The element with this ID, `nil` when none has it. Setting `nil` pops that element alone;
  /// setting a value for an ID not in the stack pushes it with that ID (as TCA's does in tests:
  /// the way an assertion writes `$0.path[id: 0] = …` for a push), and moves the generator in
  /// force past it, so that no later `append` reuses it.
  /// - Parameter id: The element's ID.
  public subscript(id id: StackElementID) -> Element? {
    get { ids.firstIndex(of: id).map { elements[$0] } }
    set {
      switch (ids.firstIndex(of: id), newValue) {
      case (let index?, let element?): elements[index] = element
      case (let index?, nil):
        ids.remove(at: index)
        elements.remove(at: index)
      case (nil, let element?):
        DependencyValues.inForce.stackElementID.skip(past: id)
        ids.append(id)
        elements.append(element)
      case (nil, nil): break
      }
    }
  }

  /// The element with this ID, in this case of an enum element (TCA's `path[id: 0, case:
  /// \.detail]`), `nil` when there is none or it is in another case. Modifying it writes the
  /// element back in that case; setting `nil` pops that element alone. Modifying an element
  /// that is in another case (or missing) is reported as an issue, and changes nothing.
  /// - Parameters:
  ///   - id: The element's ID.
  ///   - path: The case.
  ///   - fileID: Where the subscript is used, for the issue.
  ///   - filePath: Where the subscript is used, for the issue.
  ///   - line: Where the subscript is used, for the issue.
  ///   - column: Where the subscript is used, for the issue.
  public subscript<Case>(
    id id: StackElementID, case path: CasePath<Element, Case>,
    fileID fileID: StaticString = #fileID, filePath filePath: StaticString = #filePath,
    line line: UInt = #line, column column: UInt = #column
  ) -> Case? {
    get { self[id: id].flatMap(path.extract) }
    _modify {
      let element = self[id: id]
      var value = element.flatMap(path.extract)
      let isInCase = value != nil
      yield &value
      guard isInCase else {
        reportUnrelatedCase(element, fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
      self[id: id] = value.map(path.embed)
    }
  }

  /// Pushes `element` on top, with the next ID of ``DependencyValues/stackElementID``.
  /// - Parameter element: The element.
  public mutating func append(_ element: Element) {
    ids.append(nextID(after: []))
    elements.append(element)
  }

  /// The next ID of the generator in force that neither the stack nor `taken` holds: one pushed
  /// by ID moved the generator past it (see `subscript(id:)`), unless another generator was in
  /// force then.
  private func nextID(after taken: [StackElementID]) -> StackElementID {
    let generator = DependencyValues.inForce.stackElementID
    var id = generator.next()
    while ids.contains(id) || taken.contains(id) { id = generator.next() }
    return id
  }

  /// Pops the element with `id` and every element above it; does nothing when no element has it.
  /// - Parameter id: The lowest element to pop.
  public mutating func pop(from id: StackElementID) {
    guard let index = ids.firstIndex(of: id) else { return }
    removeSuffix(from: index)
  }

  /// Pops every element above the one with `id`, which stays on top; does nothing when no
  /// element has it.
  /// - Parameter id: The element to return to.
  public mutating func pop(to id: StackElementID) {
    guard let index = ids.firstIndex(of: id) else { return }
    removeSuffix(from: index + 1)
  }

  /// Pops the top element.
  /// - Returns: It, or `nil` when the stack is empty.
  @discardableResult
  public mutating func popLast() -> Element? {
    guard !elements.isEmpty else { return nil }
    ids.removeLast()
    return elements.removeLast()
  }

  /// Pops every element.
  public mutating func removeAll() { removeSuffix(from: 0) }

  private mutating func removeSuffix(from index: Int) {
    ids.removeSubrange(index...)
    elements.removeSubrange(index...)
  }
}

extension StackState: RandomAccessCollection, MutableCollection {
  /// The position of the bottom element.
  public var startIndex: Int { 0 }
  /// The position after the top element.
  public var endIndex: Int { elements.count }

  /// The element at `position`, counted from the bottom.
  /// - Parameter position: A valid position.
  public subscript(position: Int) -> Element {
    get { elements[position] }
    _modify { yield &elements[position] }
  }
}

extension StackState: RangeReplaceableCollection {
  /// Replaces the elements at `subrange` with `newElements`, each given the next ID of
  /// ``DependencyValues/stackElementID``, as ``append(_:)`` does: what lets a stack be edited as
  /// TCA's is (`removeLast(2)`, `removeFirst()`, `insert(_:at:)`, `+=`).
  /// - Parameters:
  ///   - subrange: The positions to replace.
  ///   - newElements: The elements put there, bottom first.
  public mutating func replaceSubrange<C: Collection<Element>>(_ subrange: Range<Int>, with newElements: C) {
    var newIDs: [StackElementID] = []
    newIDs.reserveCapacity(newElements.count)
    for _ in newElements { newIDs.append(nextID(after: newIDs)) }
    ids.replaceSubrange(subrange, with: newIDs)
    elements.replaceSubrange(subrange, with: newElements)
  }

  /// Pops every element for which `shouldBeRemoved` returns `true`, keeping the others in order
  /// with their IDs. (The standard library's version for a mutable collection moves elements by
  /// position, which would leave them under other elements' IDs.)
  /// - Parameter shouldBeRemoved: Decides, for each element, whether it goes.
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    var keptIDs: [StackElementID] = []
    var keptElements: [Element] = []
    for (id, element) in zip(ids, elements) where try !shouldBeRemoved(element) {
      keptIDs.append(id)
      keptElements.append(element)
    }
    ids = keptIDs
    elements = keptElements
  }
}

extension StackState: ExpressibleByArrayLiteral {
  /// A stack of these elements, bottom first, each given the next ID.
  /// - Parameter elements: The elements.
  public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension StackState: Equatable where Element: Equatable {
  /// Equal when both hold equal elements under the same IDs, in the same order.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.ids == rhs.ids && lhs.elements == rhs.elements }
}

extension StackState: Hashable where Element: Hashable {
  /// Hashes the IDs and the elements.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ids)
    hasher.combine(elements)
  }
}
extension StackState: Sendable where Element: Sendable {}

extension StackState: CustomReflectable {
  /// The elements keyed by ID, so that state dumps and test diffs show `#0: …`.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: Array(zip(ids, elements)), displayStyle: .dictionary)
  }
}

/// The actions of a navigation stack, as its parent sees them (TCA's `StackAction`).
public enum StackAction<State: Sendable, Action: Sendable>: Sendable {
  /// An action of the element with this ID.
  case element(id: StackElementID, action: Action)
  /// Pops the element with this ID and every element above it: the user went back, or the
  /// element dismissed itself (``DependencyValues/dismiss``).
  case popFrom(id: StackElementID)
  /// Pushes `state` with this ID, which must not be in the stack: a push decided outside the
  /// reducer (a link in the view layer).
  case push(id: StackElementID, state: State)
}

/// The stack actions of a screen reducer `R`: `StackActionOf<Path>` for
/// `StackAction<Path.State, Path.Action>`, as in TCA.
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
/// Lets features whose actions embed stack actions be recorded (see ``ActionRecorder``).
extension StackAction: Encodable where State: Encodable, Action: Encodable {}
/// Lets recordings of features whose actions embed stack actions be replayed.
extension StackAction: Decodable where State: Decodable, Action: Decodable {}

/// Reports a write through a case subscript (``StackState/subscript(id:case:fileID:filePath:line:column:)``,
/// ``PresentationState/subscript(case:fileID:filePath:line:column:)``) to a value in another case.
func reportUnrelatedCase(
  _ value: Any?, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) {
  let current = value.flatMap { Mirror(reflecting: $0).children.first?.label }
  reportIssue(
    "Can't modify unrelated case" + (current.map { " \"\($0)\"" } ?? "")
      + ": the value is not in the case written through, and was left as it is.",
    fileID: fileID, filePath: filePath, line: line, column: column)
}
