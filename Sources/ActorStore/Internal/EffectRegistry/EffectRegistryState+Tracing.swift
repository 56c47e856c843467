extension EffectRegistryState {
  /// What a trace says about the node `id` when its task is launched.
  func traceStart(of id: EffectNodeID) -> StoreTraceEvent.EffectStart {
    var ids: [String] = []
    var scope: ScopePath?
    var parentEffect: UInt64?
    // Up the structural links to where the effect's action came from: the keys met there are
    // the cancellation IDs and element scope it was launched under. An enclosing task node met
    // on the way (a concatenation running its items) is the parent effect.
    var slot = id.slot
    while slot != EffectNode.none {
      let node = Int(slot)
      if slot != id.slot, nodes[node].isTask, parentEffect == nil { parentEffect = nodes[node].serial }
      for key in nodes[node].keys {
        if scope == nil { scope = key.path }
        if case .id(let id) = key.kind {
          let text = id.description
          if !ids.contains(text) { ids.append(text) }
        }
      }
      if nodes[node].isSpawned {
        let owner = nodes[node].parent
        if parentEffect == nil, owner != EffectNode.none, nodes[Int(owner)].isTask {
          parentEffect = nodes[Int(owner)].serial
        }
        break
      }
      slot = nodes[node].parent
    }
    let record = nodes[Int(id.slot)].record
    return StoreTraceEvent.EffectStart(
      effect: id.serial, operation: record?.label ?? "run", cancellationIDs: ids,
      scopePath: EffectTrace.components(of: scope), origin: record?.origin?.description,
      startedBy: record?.startedBy, parentEffect: parentEffect)
  }
}
