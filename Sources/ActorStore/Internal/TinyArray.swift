/// An array that keeps one element inline: the bookkeeping that almost always holds zero or one
/// element (a record's waiters, a follow-up's tasks, an effect's keys, an element's stores) then
/// allocates no buffer and, empty, holds no reference at all. Two or more elements live in an
/// ordinary array.
@usableFromInline struct TinyArray<Element> {
  @usableFromInline enum Storage {
    case empty
    case one(Element)
    case many([Element])
  }

  @usableFromInline var storage: Storage

  /// An empty array.
  @inlinable init() { storage = .empty }

  /// An array of one element.
  @inlinable init(_ element: Element) { storage = .one(element) }

  /// An array of `elements`, in order.
  @usableFromInline init(_ elements: some Sequence<Element>) {
    self.init()
    for element in elements { append(element) }
  }

  /// Appends `element`.
  @inlinable mutating func append(_ element: Element) {
    switch storage {
    case .empty:
      storage = .one(element)
    case .one(let first):
      storage = .many([first, element])
    case .many(var elements):
      // Out of the enum while it grows, so that the array's buffer is uniquely referenced.
      storage = .empty
      elements.append(element)
      storage = .many(elements)
    }
  }

  /// Appends the elements of `other`, in order.
  mutating func append(contentsOf other: TinyArray) {
    for element in other { append(element) }
  }

  /// Removes the elements `shouldRemove` returns `true` for, keeping the others in order.
  @inlinable mutating func removeAll(where shouldRemove: (Element) throws -> Bool) rethrows {
    self = try TinyArray(filter { try !shouldRemove($0) })
  }
}

extension TinyArray: RandomAccessCollection {
  @inlinable var startIndex: Int { 0 }

  @inlinable var endIndex: Int {
    switch storage {
    case .empty: 0
    case .one: 1
    case .many(let elements): elements.count
    }
  }

  @inlinable subscript(position: Int) -> Element {
    switch storage {
    case .empty:
      preconditionFailure("TinyArray index out of range")
    case .one(let element):
      precondition(position == 0, "TinyArray index out of range")
      return element
    case .many(let elements):
      return elements[position]
    }
  }
}

extension TinyArray: Sendable where Element: Sendable {}
extension TinyArray.Storage: Sendable where Element: Sendable {}
