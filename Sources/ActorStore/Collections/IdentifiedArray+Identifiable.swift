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
