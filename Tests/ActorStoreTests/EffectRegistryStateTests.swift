@testable import ActorStore
import Testing

/// The effect registry's state machine as a plain value: no store, no lock, no executor. Each
/// event is called directly and the state read back.
@Suite struct EffectRegistryStateTests {
  /// A state with a root, and the records of what it opens. A class, so that `#expect` can take
  /// its queries (the state itself is not copyable).
  final class Harness {
    var state: EffectRegistryState
    let root = EffectRecord(node: EffectRegistryState.rootID, origin: nil, label: nil, startedBy: nil)
    init() { state = EffectRegistryState(tracer: nil, root: root) }

    func open(
      under parent: EffectNodeID = EffectRegistryState.rootID, spawned: Bool = false, keys: [EffectKey] = [],
      isTask: Bool = true
    ) -> EffectRecord {
      let id = state.reserve()
      let record = EffectRecord(node: id, origin: nil, label: nil, startedBy: nil)
      state.open(id, record: record, under: parent, spawned: spawned, keys: TinyArray(keys), isTask: isTask)
      return record
    }

    func end(_ record: EffectRecord, isTask: Bool = true) {
      state.endActivity(of: record.node, isTask: isTask).perform()
    }

    func cancel(_ key: EffectKey) -> Bool {
      var known = false
      state.cancel(key, known: &known).perform()
      return known
    }

    func cancel(_ record: EffectRecord, transitively: Bool) {
      state.cancel(record, transitively: transitively).perform()
    }

    func attach(_ task: EffectTask, to record: EffectRecord) -> Bool { state.attach(task, to: record.node) }
    func isLive(_ record: EffectRecord) -> Bool { state.isLive(record.node) }
    func isLive(_ id: EffectNodeID) -> Bool { state.isLive(id) }
    func flags(_ record: EffectRecord) -> EffectNode.Flags { state.flags(of: record.node) }
    func flags(_ id: EffectNodeID) -> EffectNode.Flags { state.flags(of: id) }
    func isIndexed(_ key: EffectKey) -> Bool { state.index[key] != nil }
    var runningTasks: Int { state.runningTasks }
    /// The node table's allocated room, which must shrink with it: a drained registry gives its
    /// memory back.
    var tableCapacity: Int { state.nodes.capacity }
    var tableSize: Int { state.nodes.count }
    var freeListSize: Int { state.freeSlots.count }
    func counts(_ record: EffectRecord) -> (structural: Int32, transitive: Int32) {
      let slot = Int(record.node.slot)
      return (state.nodes[slot].openStructural, state.nodes[slot].openTransitive)
    }
    func hasKeys(_ record: EffectRecord) -> Bool {
      !state.nodes[Int(record.node.slot)].keys.isEmpty
    }
    /// Every ID in the index, once per key it is under.
    var indexedIDs: [EffectNodeID] {
      state.index.values.flatMap { bucket -> [EffectNodeID] in
        switch bucket {
        case .one(let id): [id]
        case .many(let ids): Array(ids)
        }
      }
    }
  }

  static func key(_ id: Int) -> EffectKey { EffectKey(id: EffectID(id)) }

  @Test func aTaskThatEndsFreesItsNodeAndTellsItsRecord() {
    let harness = Harness()
    let record = harness.open()
    #expect(harness.isLive(record) && harness.runningTasks == 1)
    harness.end(record)
    #expect(!harness.isLive(record) && harness.runningTasks == 0)
    #expect(record.currentStatus == .finished)
  }

  @Test func aParentFinishesStructurallyOnlyAfterItsOwnWorkAndItsStructuralChildren() {
    let harness = Harness()
    let group = harness.open(keys: [Self.key(1)], isTask: false)
    let child = harness.open(under: group.node)
    let spawned = harness.open(under: group.node, spawned: true)
    harness.end(group, isTask: false)
    #expect(!harness.flags(group).contains(.structurallyFinished))
    #expect(harness.isIndexed(Self.key(1)))
    harness.end(child)
    // Structurally finished (out of the index), but a spawned child keeps it transitively open.
    #expect(harness.flags(group).contains(.structurallyFinished))
    #expect(!harness.isIndexed(Self.key(1)))
    harness.end(spawned)
    #expect(!harness.isLive(group))
  }

  @Test func cancellingAKeyCancelsItsNodesAndTheirStructuralChildrenButNotSpawnedOnes() {
    let harness = Harness()
    let group = harness.open(keys: [Self.key(1)], isTask: false)
    let child = harness.open(under: group.node)
    let spawned = harness.open(under: group.node, spawned: true)
    #expect(harness.cancel(Self.key(1)))
    #expect(harness.flags(child).contains(.cancelled))
    #expect(!harness.flags(spawned).contains(.cancelled))
    // Spawned later below a node cancelled by ID: not cancelled.
    let later = harness.open(under: group.node, spawned: true)
    #expect(!harness.flags(later).contains(.cancelled))
    // A structural child opened later is.
    let structural = harness.open(under: group.node)
    #expect(harness.flags(structural).contains(.cancelled))
  }

  @Test func cancellingASendReachesEverythingItStartedAndWhatOpensBelowLater() {
    let harness = Harness()
    let origin = harness.open(isTask: false)
    let task = harness.open(under: origin.node)
    let spawned = harness.open(under: task.node, spawned: true)
    harness.cancel(origin, transitively: true)
    #expect(harness.flags(spawned).contains(.cancelled))
    #expect(origin.currentStatus.contains(.cancelledAsSend) && spawned.currentStatus.contains(.cancelled))
    let late = harness.open(under: task.node, spawned: true)
    #expect(harness.flags(late).contains(.cancelled))
  }

  @Test func aTaskAttachedToACancelledNodeIsToBeCancelledAndOneAttachedToALiveNodeIsCancelledWithIt() {
    let harness = Harness()
    let record = harness.open(keys: [Self.key(2)])
    let task = EffectTask {}
    #expect(!harness.attach(task, to: record))
    _ = harness.cancel(Self.key(2))
    #expect(task.isCancelled)
    #expect(harness.attach(EffectTask {}, to: record))
  }

  @Test func aNeverUsedKeyIsUnknownAndAUsedOneIsRemembered() {
    let harness = Harness()
    #expect(!harness.cancel(Self.key(3)))
    let record = harness.open(keys: [Self.key(3)])
    harness.end(record)
    #expect(harness.cancel(Self.key(3)))
  }

  @Test func staleIDsNeverNameTheNodeThatReusedTheirSlot() {
    let harness = Harness()
    let first = harness.open()
    harness.end(first)
    let second = harness.open()
    #expect(second.node.slot == first.node.slot && second.node.serial != first.node.serial)
    #expect(!harness.isLive(first) && harness.isLive(second))
  }

  @Test(arguments: 0..<8)
  func theTableShrinksBackAfterABurstWhateverTheOrderItEndsIn(seed: Int) {
    var random = SplitMix64(state: UInt64(seed))
    let harness = Harness()
    var records = (0..<3_000).map { _ in harness.open() }
    records.shuffle(using: &random)
    // One long-lived effect keeps the table from shrinking below its slot while it runs.
    let survivor = records.removeLast()
    for record in records { harness.end(record) }
    #expect(harness.tableSize <= max(Int(survivor.node.slot) + 1, EffectRegistryState.nodeShrinkMinimum))
    #expect(harness.tableCapacity <= max(8 * harness.tableSize, 2 * EffectRegistryState.nodeShrinkMinimum))
    #expect(harness.freeListSize <= 2 * harness.tableSize + 16)
    harness.end(survivor)
    #expect(harness.tableSize <= EffectRegistryState.nodeShrinkMinimum)
    #expect(harness.tableCapacity <= 2 * EffectRegistryState.nodeShrinkMinimum)
    #expect(harness.freeListSize <= 2 * harness.tableSize + 16)
    // Reused slots after the shrink still name fresh nodes.
    let next = harness.open()
    #expect(harness.isLive(next) && !harness.isLive(survivor))
  }

  /// Random trees of groups and tasks, spawned or not, ended and cancelled in random order: after
  /// every event the counts, the index and the freed slots agree with the tree a model keeps.
  @Test(arguments: 0..<200)
  func randomEventsKeepTheTreeTheIndexAndTheSlotsConsistent(seed: Int) {
    var random = SplitMix64(state: UInt64(seed))
    let harness = Harness()
    // The model: each opened node's record, parent, spawned-ness, keys, and whether its own
    // unit of activity is still open.
    struct Model {
      let record: EffectRecord
      let parent: Int?
      let spawned: Bool
      let isTask: Bool
      var ownOpen = true
    }
    var model: [Model] = []
    for _ in 0..<60 {
      let live = model.indices.filter { harness.isLive(model[$0].record) }
      switch random.next() % 4 {
      case 0, 1:
        let parent = live.isEmpty || random.next() % 3 == 0 ? nil : live[Int(random.next() % UInt64(live.count))]
        let spawned = random.next() % 3 == 0
        let isTask = random.next() % 2 == 0
        let keys = random.next() % 2 == 0 ? [Self.key(Int(random.next() % 4))] : []
        let record = harness.open(
          under: parent.map { model[$0].record.node } ?? EffectRegistryState.rootID, spawned: spawned, keys: keys,
          isTask: isTask)
        model.append(Model(record: record, parent: parent, spawned: spawned, isTask: isTask))
      case 2:
        let open = live.filter { model[$0].ownOpen }
        guard !open.isEmpty else { continue }
        let index = open[Int(random.next() % UInt64(open.count))]
        model[index].ownOpen = false
        harness.end(model[index].record, isTask: model[index].isTask)
      default:
        if random.next() % 2 == 0 {
          _ = harness.cancel(Self.key(Int(random.next() % 4)))
        } else if !live.isEmpty {
          let index = live[Int(random.next() % UInt64(live.count))]
          harness.cancel(model[index].record, transitively: random.next() % 2 == 0)
        }
      }
      // The counts of every live node agree with its live children in the model.
      for (index, node) in model.enumerated() where harness.isLive(node.record) {
        let children = model.indices.filter { model[$0].parent == index && harness.isLive(model[$0].record) }
        let structural = children.filter {
          !model[$0].spawned && !harness.flags(model[$0].record).contains(.structurallyFinished)
        }
        let own: Int32 = node.ownOpen ? 1 : 0
        let counts = harness.counts(node.record)
        #expect(counts.transitive == own + Int32(children.count), "seed \(seed)")
        if !harness.flags(node.record).contains(.structurallyFinished) {
          #expect(counts.structural == own + Int32(structural.count), "seed \(seed)")
        }
      }
      // A node is freed exactly when it and everything below it are done, and its record knows.
      for node in model {
        #expect(harness.isLive(node.record) != node.record.currentStatus.contains(.finished), "seed \(seed)")
      }
      // The index holds exactly the live, uncancelled, structurally unfinished nodes with keys
      // (one key each here).
      let indexed = harness.indexedIDs
      for id in indexed {
        #expect(harness.isLive(id), "seed \(seed)")
        #expect(harness.flags(id).isDisjoint(with: [.cancelled, .structurallyFinished]), "seed \(seed)")
      }
      let expected = model.filter {
        harness.isLive($0.record) && harness.flags($0.record).isDisjoint(with: [.cancelled, .structurallyFinished])
          && harness.hasKeys($0.record)
      }
      #expect(indexed.count == expected.count, "seed \(seed)")
    }
  }

  /// Deliveries against a model, over seeded sequences of starts, deliveries, cancels and ends:
  /// a delivery goes ahead exactly when its effect is live, not cancelled and not finished; the
  /// ones that go ahead are numbered 1, 2, 3… in order; and an awaited cancel is told to wait
  /// for the latest one exactly when that delivery's effect is now cancelled and still live.
  @Test(arguments: 0..<100)
  func deliveriesAreNumberedAndAnAwaitedCancelWaitsOnlyForTheLatestOfACancelledEffect(seed: Int) {
    var random = SplitMix64(state: UInt64(seed))
    let harness = Harness()
    var records: [EffectRecord] = []
    /// Every record opened, ended or not: a delivery may come from a `Send` that outlived its
    /// effect.
    var opened: [EffectRecord] = []
    var ended: Set<EffectNodeID> = []
    var cancelled: Set<EffectNodeID> = []
    var numbered: UInt64 = 0
    var latest: EffectNodeID?
    for step in 0..<200 {
      switch random.next() % 4 {
      case 0:
        records.append(harness.open())
        opened.append(records.last!)
      case 1 where !opened.isEmpty:
        let record = opened[Int(random.next() % UInt64(opened.count))]
        let (refusal, number) = harness.state.beginDelivery(for: record)
        let goesAhead = !ended.contains(record.node) && !cancelled.contains(record.node)
        #expect((refusal == nil) == goesAhead, "seed \(seed), step \(step)")
        if goesAhead {
          numbered += 1
          latest = record.node
          #expect(number == numbered, "seed \(seed), step \(step)")
        }
      case 2 where !records.isEmpty:
        let record = records[Int(random.next() % UInt64(records.count))]
        harness.cancel(record, transitively: false)
        if !ended.contains(record.node) { cancelled.insert(record.node) }
      case 3 where !records.isEmpty:
        let record = records.remove(at: Int(random.next() % UInt64(records.count)))
        harness.end(record)
        ended.insert(record.node)
      default:
        break
      }
      let awaited = harness.state.latestDeliveryOfCancelledEffect
      let expected = latest.flatMap { cancelled.contains($0) && !ended.contains($0) ? numbered : nil }
      #expect(awaited == expected, "seed \(seed), step \(step)")
    }
  }
}
