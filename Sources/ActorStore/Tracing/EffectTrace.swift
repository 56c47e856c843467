/// Builds the trace's view of effect records; called under the registry's lock, where record
/// fields may be read.
enum EffectTrace {
  /// What a trace says about `record` when its task is launched.
  static func start(of record: EffectRecord) -> StoreTraceEvent.EffectStart {
    var ids: [String] = []
    var scope: ScopePath?
    var parentEffect: UInt64?
    // Up the structural links to where the effect's action came from: the keys met there are
    // the cancellation IDs and element scope it was launched under. An enclosing task record
    // met on the way (a concatenation running its items) is the parent effect.
    var node: EffectRecord? = record
    while let current = node {
      if current !== record, current.isTask, parentEffect == nil { parentEffect = current.serial }
      for key in current.keys {
        if scope == nil { scope = key.path }
        if case .id(let id) = key.kind {
          let text = id.description
          if !ids.contains(text) { ids.append(text) }
        }
      }
      if current.isSpawned {
        if parentEffect == nil, let owner = current.parent, owner.isTask { parentEffect = owner.serial }
        break
      }
      node = current.parent
    }
    return StoreTraceEvent.EffectStart(
      effect: record.serial, operation: record.label ?? "run", cancellationIDs: ids,
      scopePath: components(of: scope), origin: record.origin?.description, startedBy: record.startedBy,
      parentEffect: parentEffect)
  }

  /// Why cancelling `key` cancels what it holds.
  static func cause(of key: EffectKey) -> StoreTraceEvent.CancellationCause {
    switch key.kind {
    case .id(let id): .id(id.description)
    case .scope: .elementRemoved(components(of: key.path).joined(separator: " / "))
    }
  }

  /// The event for a `cancel(id:)` of `id` in the scope `path`, called at `site`, that matched
  /// no effect ever tagged with it.
  static func unusedIDCancelled(_ id: EffectID, path: ScopePath?, site: CallSite) -> StoreTraceEvent.Kind {
    .unusedIDCancelled(id: id.description, scopePath: components(of: path), site: site.description)
  }

  /// A scope path's components, outermost first.
  private static func components(of path: ScopePath?) -> [String] {
    var components: [String] = []
    var current = path
    while let path = current {
      components.append(path.component.description)
      current = path.parent
    }
    return components.reversed()
  }
}
