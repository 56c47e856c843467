extension Array {
  /// The elements of a shared `IdentifiedArray`, each as a ``Shared`` of its own that follows
  /// its element by ID (as `Shared($elements[id: id])` would), in the array's order now, as
  /// swift-sharing's: `ForEach(Array($meetings)) { $meeting in … }`.
  /// - Parameter shared: The shared array.
  public init<ID: Hashable & Sendable, Value: Sendable>(_ shared: Shared<IdentifiedArray<ID, Value>>)
  where Element == Shared<Value> {
    let elements = shared.wrappedValue
    self.init()
    reserveCapacity(elements.count)
    for (id, element) in zip(elements.ids, elements) {
      append(
        Shared(access: SharedUnwrappedAccess(base: SharedElementAccess(base: shared.access, id: id), last: SharedLastValue(element))))
    }
  }

  /// The elements of a shared `IdentifiedArray`, each as a ``SharedReader`` of its own that
  /// follows its element by ID, in the array's order now.
  /// - Parameter shared: The shared array, read only.
  public init<ID: Hashable & Sendable, Value: Sendable>(_ shared: SharedReader<IdentifiedArray<ID, Value>>)
  where Element == SharedReader<Value> {
    let elements = shared.wrappedValue
    self.init()
    reserveCapacity(elements.count)
    for (id, element) in zip(elements.ids, elements) {
      append(
        SharedReader(
          reading: SharedUnwrappedReading(
            base: SharedElementReading(base: shared.reading, id: id), last: SharedLastValue(element))))
    }
  }
}
