/// The chain of collection elements an effect was launched for, outermost first.
///
/// A linked list with its hash computed once, so that keying the cancellation index by path
/// costs one combine per lookup instead of a walk.
@usableFromInline final class ScopePath: Hashable, Sendable {
  let parent: ScopePath?
  let component: EffectID
  private let hashValueCache: Int

  init(parent: ScopePath?, component: EffectID) {
    self.parent = parent
    self.component = component
    var hasher = Hasher()
    hasher.combine(parent?.hashValueCache ?? 0)
    hasher.combine(component)
    hashValueCache = hasher.finalize()
  }

  /// This path and every ancestor, innermost first, then `nil` for the store's top level.
  var selfAndAncestors: [ScopePath?] {
    var paths: [ScopePath?] = []
    var path: ScopePath? = self
    while let current = path {
      paths.append(current)
      path = current.parent
    }
    paths.append(nil)
    return paths
  }

  @usableFromInline static func == (lhs: ScopePath, rhs: ScopePath) -> Bool {
    if lhs === rhs { return true }
    guard lhs.hashValueCache == rhs.hashValueCache, lhs.component == rhs.component else { return false }
    return lhs.parent == rhs.parent
  }

  @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(hashValueCache) }
}

/// A slot in the cancellation index.
@usableFromInline struct EffectKey: Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    /// Effects tagged with `cancellable(id:)` (a throttle's waiting start uses a
    /// `ThrottlePendingID` here).
    case id(EffectID)
    /// Everything launched for one collection element.
    case scope
  }

  let kind: Kind
  let path: ScopePath?

  init(kind: Kind, path: ScopePath?) {
    self.kind = kind
    self.path = path
  }

  /// The key of a cancellation ID at the store's top level, outside any element scope.
  @usableFromInline init(id: EffectID) { self.init(kind: .id(id), path: nil) }
}
