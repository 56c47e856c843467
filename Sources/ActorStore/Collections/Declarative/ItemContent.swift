/// The content of one ``ItemModel``, stored in the item itself: plain data of up to 16 bytes
/// (numbers, enums, IDs, small structs of those) as raw bits, anything else in an existential,
/// whose inline buffer holds strings and other values of up to three words without allocating.
///
/// Its type is known to the item's ``HostedTemplate``, the only code that reads it back. A
/// struct rather than an enum: reading the bits of an item in an array then copies two words,
/// not the whole payload.
@usableFromInline struct ItemContent: Sendable {
  /// A plain-data value's bytes; zero when ``value`` holds the content.
  @usableFromInline let bits: (UInt64, UInt64)
  /// Any other value; `nil` when ``bits`` hold the content.
  @usableFromInline let value: (any Equatable & Sendable)?

  /// Stores `content`.
  /// - Parameter content: An item's content.
  @inlinable init<Content: Equatable & Sendable>(_ content: Content) {
    var bits: (UInt64, UInt64) = (0, 0)
    if Self.fitsInBits(Content.self) {
      withUnsafeMutableBytes(of: &bits) { $0.storeBytes(of: content, as: Content.self) }
      value = nil
    } else {
      value = content
    }
    self.bits = bits
  }

  /// Whether values of `type` are stored in ``bits``: trivial to copy, and small and aligned
  /// enough to be loaded from two words.
  @inlinable static func fitsInBits<Content>(_ type: Content.Type) -> Bool {
    _isPOD(Content.self) && MemoryLayout<Content>.size <= 16 && MemoryLayout<Content>.alignment <= 8
  }

  /// The value stored at `content`, read in place when it is plain data.
  /// - Parameters:
  ///   - type: The content's type, the one it was stored as.
  ///   - content: Where the content is.
  /// - Returns: The value.
  @inlinable static func read<Content: Equatable & Sendable>(
    _ type: Content.Type, at content: UnsafePointer<ItemContent>
  ) -> Content {
    // `pointee.bits` loads two words, without copying the existential beside them.
    if fitsInBits(Content.self) { return withUnsafeBytes(of: content.pointee.bits) { $0.load(as: Content.self) } }
    // Opening the existential and reinterpreting skips the runtime's dynamic cast, several
    // times slower; the template that stored the value guarantees the type.
    func unwrap<Stored: Equatable & Sendable>(_ stored: Stored) -> Content {
      Stored.self == Content.self ? unsafeBitCast(stored, to: Content.self) : stored as! Content
    }
    return unwrap(content.pointee.value!)
  }

  /// The stored value; `Content` must be the type it was stored as.
  /// - Parameter type: The content's type.
  /// - Returns: The value.
  @inlinable func read<Content: Equatable & Sendable>(as type: Content.Type) -> Content {
    withUnsafePointer(to: self) { Self.read(type, at: $0) }
  }
}
