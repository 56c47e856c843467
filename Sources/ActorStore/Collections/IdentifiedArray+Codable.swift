extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes the elements, in order, as a plain array: what `[Element]` encodes.
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: What encoding an element throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for element in self { try container.encode(element) }
  }
}

extension IdentifiedArray: Decodable where Element: Decodable & Identifiable, Element.ID == ID {
  /// Decodes a plain array of elements, identified by their `id`, in order.
  ///
  /// Unlike the initializers that take elements, which report a duplicate id and keep the first
  /// element, decoding rejects one: the data is corrupt.
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` naming the duplicated id and both offsets, with the
  ///   second offset last in its coding path; or what decoding an element throws.
  public init(from decoder: any Decoder) throws {
    self.init()
    var container = try decoder.unkeyedContainer()
    if let count = container.count { values.reserveCapacity(count) }
    while !container.isAtEnd {
      let offset = container.currentIndex
      let element = try container.decode(Element.self)
      if let first = index(id: element.id) {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: container.codingPath + [ArrayOffsetKey(offset)],
            debugDescription: "Duplicate id \(element.id) at offsets \(first) and \(offset)"))
      }
      append(element)
    }
  }
}

/// The coding key of an array element: its offset.
private struct ArrayOffsetKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "Index \(intValue ?? 0)" }

  init(_ offset: Int) { intValue = offset }
  init?(intValue: Int) { self.intValue = intValue }
  init?(stringValue: String) { nil }
}
