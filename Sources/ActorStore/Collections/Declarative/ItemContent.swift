/// The content of one ``ItemModel``, stored in the item itself when it is plain data of up to 16
/// bytes (numbers, enums, IDs, small structs of those), as raw bits; any other value in a box of
/// its own. The same out-of-line slot holds the item's behaviours, if it has any.
///
/// 24 bytes: an item of a long list is then its ID, its template and this, with no allocation
/// for plain-data content and shared behaviours. An existential instead of the box would hold a
/// `String` without allocating but make every item 16 bytes larger, whatever its content, and a
/// slot of its own for behaviours 8 more; a list's memory is dominated by items whose content is
/// plain data (row IDs, revisions, element IDs).
///
/// Its type is known to the item's ``HostedTemplate``, the only code that reads it back. A
/// struct rather than an enum: reading the bits of an item in an array then copies two words,
/// not the whole payload.
@usableFromInline struct ItemContent: Sendable {
  /// A plain-data value's bytes; zero when ``box`` holds the content.
  @usableFromInline let bits: (UInt64, UInt64)
  /// What the item holds out of line: `nil`; a ``ContentBox`` of the content when it is not
  /// plain data; the item's ``ItemBehaviours`` when it has behaviours and plain-data content; or
  /// ``ItemExtras`` holding both.
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

  /// Content stored as `bits` and `box`, as another ``ItemContent`` holds them.
  @inlinable init(bits: (UInt64, UInt64), box: (any AnyObject & Sendable)?) {
    self.bits = bits
    self.box = box
  }

  /// The box holding the content when it is not plain data, or `nil`: ``box`` without the
  /// item's behaviours.
  @inlinable var contentBox: (any AnyObject & Sendable)? {
    guard let box else { return nil }
    if let extras = box as? ItemExtras { return extras.content }
    return box is AnyItemBehaviours ? nil : box
  }

  /// The item's behaviours, as stored in ``box``.
  @inlinable var behavioursBox: (any AnyObject & Sendable)? {
    guard let box else { return nil }
    if let extras = box as? ItemExtras { return extras.behaviours }
    return box is AnyItemBehaviours ? box : nil
  }

  /// The same content with `behaviours` (an ``ItemBehaviours``, or `nil` for none).
  @inlinable func with(behaviours: (any AnyObject & Sendable)?) -> ItemContent {
    let content = contentBox
    guard let content, let behaviours else { return ItemContent(bits: bits, box: content ?? behaviours) }
    return ItemContent(bits: bits, box: ItemExtras(content: content, behaviours: behaviours))
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
    return (content.pointee.contentBox as! ContentBox<Content>).value
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

/// The out-of-line slot of an item that has both content that is not plain data and behaviours.
@usableFromInline final class ItemExtras: Sendable {
  /// The ``ContentBox``.
  @usableFromInline let content: any AnyObject & Sendable
  /// The ``ItemBehaviours``.
  @usableFromInline let behaviours: any AnyObject & Sendable

  @inlinable init(content: any AnyObject & Sendable, behaviours: any AnyObject & Sendable) {
    self.content = content
    self.behaviours = behaviours
  }
}
