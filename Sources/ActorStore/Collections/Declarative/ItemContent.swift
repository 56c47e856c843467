/// The content of one ``ItemModel``, stored in the item itself when it is plain data of up to 16
/// bytes (numbers, enums, IDs, small structs of those), as raw bits; any other value in a box of
/// its own.
///
/// 24 bytes: an item of a long list is then its ID, its template and this, with no allocation
/// for plain-data content. An existential instead of the box would hold a `String` without
/// allocating but make every item 16 bytes larger, whatever its content; a list's memory is
/// dominated by items whose content is plain data (row IDs, revisions, element IDs).
///
/// Its type is known to the item's ``HostedTemplate``, the only code that reads it back. A
/// struct rather than an enum: reading the bits of an item in an array then copies two words,
/// not the whole payload.
@usableFromInline struct ItemContent: Sendable {
  /// A plain-data value's bytes; zero when ``box`` holds the content.
  @usableFromInline let bits: (UInt64, UInt64)
  /// Any other value, in a ``ContentBox`` of its type; `nil` when ``bits`` hold the content.
  @usableFromInline let box: (any AnyObject & Sendable)?

  /// Stores `content`.
  /// - Parameter content: An item's content.
  @inlinable init<Content: Equatable & Sendable>(_ content: Content) {
    var bits: (UInt64, UInt64) = (0, 0)
    if Self.fitsInBits(Content.self) {
      withUnsafeMutableBytes(of: &bits) { $0.storeBytes(of: content, as: Content.self) }
      box = nil
    } else {
      box = ContentBox(content)
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
    // `pointee.bits` loads two words, without retaining the box beside them.
    if fitsInBits(Content.self) { return withUnsafeBytes(of: content.pointee.bits) { $0.load(as: Content.self) } }
    // The template that stored the value guarantees the box's type; checking the metadata first
    // skips the runtime's dynamic cast, several times slower, on the path every diff takes.
    let box = content.pointee.box!
    if ObjectIdentifier(Swift.type(of: box)) == ObjectIdentifier(ContentBox<Content>.self) {
      return unsafeDowncast(box, to: ContentBox<Content>.self).value
    }
    return (box as! ContentBox<Content>).value
  }

  /// The stored value; `Content` must be the type it was stored as.
  /// - Parameter type: The content's type.
  /// - Returns: The value.
  @inlinable func read<Content: Equatable & Sendable>(as type: Content.Type) -> Content {
    withUnsafePointer(to: self) { Self.read(type, at: $0) }
  }
}

/// Holds an ``ItemContent`` that is not plain data.
@usableFromInline final class ContentBox<Content: Equatable & Sendable>: Sendable {
  @usableFromInline let value: Content

  @inlinable init(_ value: Content) {
    self.value = value
  }
}
