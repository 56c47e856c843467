/// Builds the trace's view of effects.
enum EffectTrace {
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
  static func components(of path: ScopePath?) -> [String] {
    var components: [String] = []
    var current = path
    while let path = current {
      components.append(path.component.description)
      current = path.parent
    }
    return components.reversed()
  }
}
