import Synchronization

/// The shared values a root store's state holds, and which of their changes it has published.
///
/// `@unchecked Sendable`: `seenEpoch`, `holdsShared` and `held` are touched only on the store's
/// executor (its serial executor is their lock), from the store engine's publication and
/// republication, never while another access to them is in progress (nothing user code can reach
/// refers to them), so they skip the dynamic exclusivity check, as the engine's fields do (what
/// that saves: Docs/Stress-and-Benchmarks.md, "Exclusivity checks of shared state"); `heldSets`
/// is touched with them, only when the state is walked; `republishScheduled` is atomic, set from
/// any thread by a change; `heldSet` is atomic, read on the main actor by the store tree's
/// `ObservableStore`s.
@usableFromInline final class SharedHoldings: @unchecked Sendable {
  struct Held {
    let reference: any AnySharedReference
    /// The reference's version in the state last published.
    var publishedVersion: UInt64
  }

  /// The ``SharedDiscovery/epoch`` of the last walk of the state.
  @exclusivity(unchecked) @usableFromInline var seenEpoch: UInt64 = 0
  /// Whether `held` is not empty: every publication then records the versions published.
  @exclusivity(unchecked) @usableFromInline var holdsShared = false
  @exclusivity(unchecked) private var held: [ObjectIdentifier: Held] = [:]
  /// Zero while the state last walked holds no shared value; otherwise a number that changes
  /// each time the set of shared values it holds changes. An `ObservableStore` reads it once per
  /// state it shows (one relaxed atomic load): zero spares its members any search for shared
  /// values, and a new number makes it look for them in every member once (see
  /// `ObservableStore.SharedMemberScan`). Relaxed is enough: the state it goes with reaches the
  /// main actor through a lock (the mailbox's) taken after this is stored, or on the same thread.
  @usableFromInline let heldSet = Atomic<UInt64>(0)
  /// ``heldSet``, read with relaxed ordering (see there why that is enough).
  @inlinable var heldSetNow: UInt64 { heldSet.load(ordering: .relaxed) }
  /// The last nonzero number given to ``heldSet``.
  private var heldSets: UInt64 = 0
  /// Whether a republication is scheduled and has not started: changes made meanwhile ride on
  /// it, so a burst of changes costs one job.
  let republishScheduled = Atomic(false)

  init() {}

  deinit {
    // The store is released: the values it held write what they still owe (the references
    // drop the released subscriber at their next subscription).
    for entry in held.values { entry.reference.flushPendingWrite() }
  }

  /// Whether the next publication has work here: the store holds shared values (their versions
  /// are recorded), or some `Shared` was made since the state was last walked. One relaxed
  /// atomic load for a store without shared values.
  @inlinable var needsUpdate: Bool {
    holdsShared || SharedDiscovery.epoch.load(ordering: .relaxed) != seenEpoch
  }

  /// Before a publication of `state`: walks it if `Shared`s were made since the last walk
  /// (subscribing `subscriber` to the shared values it now holds, unsubscribing from those it
  /// no longer does), then records the version of each value held, as published.
  func willPublish(_ state: Any, subscriber: any SharedSubscriber) {
    var subscribing: [any AnySharedReference] = []
    let epoch = SharedDiscovery.epoch.load(ordering: .relaxed)
    if epoch != seenEpoch {
      seenEpoch = epoch
      let found = SharedDiscovery.references(in: state)
      var setChanged = false
      for (id, entry) in held where found[id] == nil {
        entry.reference.unsubscribe(subscriber)
        held[id] = nil
        setChanged = true
      }
      for (id, reference) in found where held[id] == nil {
        held[id] = Held(reference: reference, publishedVersion: 0)
        subscribing.append(reference)
        setChanged = true
      }
      holdsShared = !held.isEmpty
      if setChanged {
        heldSets &+= 1
        heldSet.store(holdsShared ? heldSets : 0, ordering: .relaxed)
      }
    }
    // In place, through the values' indices: iterating `held.keys` while writing would copy the
    // dictionary on every publication.
    var index = held.values.startIndex
    while index != held.values.endIndex {
      held.values[index].publishedVersion = held.values[index].reference.version
      held.values.formIndex(after: &index)
    }
    // Last: from its first subscription on, a change made elsewhere may start a republication,
    // which reads these fields; when this runs in the engine's initializer, off the store's
    // executor, that republication could otherwise run beside it. A change made between the
    // version read above and the subscription told no one: republish for it.
    var missedChange = false
    for reference in subscribing {
      reference.subscribe(subscriber)
      if reference.version != held[ObjectIdentifier(reference)]?.publishedVersion { missedChange = true }
    }
    if missedChange { subscriber.sharedValueDidChange() }
  }

  /// Whether a value held changed since the state was last published.
  var hasUnpublishedChanges: Bool {
    held.values.contains { $0.reference.version != $0.publishedVersion }
  }
}
