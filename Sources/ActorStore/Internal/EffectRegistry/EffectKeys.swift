/// The keys an effect record is registered under in the cancellation index: none or one in the
/// common cases, kept inline so that a `cancellable` effect allocates no array; an ID used inside
/// nested element scopes registers under each enclosing scope too.
@usableFromInline struct EffectKeys: Sendable, Sequence {
  @usableFromInline enum Storage: Sendable {
    case none
    case one(EffectKey)
    case many([EffectKey])
  }

  @usableFromInline let storage: Storage

  /// No keys.
  @usableFromInline static var none: EffectKeys { EffectKeys(storage: .none) }

  @usableFromInline init(storage: Storage) { self.storage = storage }

  /// One key.
  @usableFromInline init(_ key: EffectKey) { storage = .one(key) }

  /// `keys`, in order.
  init(_ keys: [EffectKey]) {
    switch keys.count {
    case 0: storage = .none
    case 1: storage = .one(keys[0])
    default: storage = .many(keys)
    }
  }

  @usableFromInline func makeIterator() -> Iterator { Iterator(storage: storage) }

  /// Walks the keys without building an array for the inline cases.
  @usableFromInline struct Iterator: IteratorProtocol {
    let storage: Storage
    var position = 0

    @usableFromInline mutating func next() -> EffectKey? {
      defer { position += 1 }
      switch storage {
      case .none: return nil
      case .one(let key): return position == 0 ? key : nil
      case .many(let keys): return position < keys.count ? keys[position] : nil
      }
    }
  }
}
