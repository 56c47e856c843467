#if canImport(Glibc)
  import Glibc
#endif
import ActorStore
import Synchronization

/// Exact costs of the work between two readings, counted for the whole process: they do not
/// depend on the machine's load, so two builds compare by them where times are too noisy.
struct CostCounts: Equatable, Sendable {
  /// Heap allocations (`malloc` and its relatives).
  var allocations = 0
  /// Strong retains of Swift objects made outside libswiftCore (a `retain_n` counts `n`).
  var retains = 0
  /// Strong releases of Swift objects made outside libswiftCore (a `release_n` counts `n`).
  var releases = 0
  /// Jobs enqueued on the global concurrent executor: the hops from one thread or executor to
  /// the pool that a task's resumption takes.
  var globalEnqueues = 0
  /// Dynamic exclusivity checks (`swift_beginAccess`): accesses to class properties, globals and
  /// escaping captures that the compiler could not prove exclusive, each a runtime call.
  var accessChecks = 0
  var executorSwitches = 0
  var lockAcquisitions = 0
  /// Generic metadata and witness-table lookups in the runtime's caches (see the counter's
  /// README): what unspecialized generic code pays per operation.
  var metadataLookups = 0

  static func - (lhs: Self, rhs: Self) -> Self {
    Self(
      allocations: lhs.allocations - rhs.allocations,
      retains: lhs.retains - rhs.retains, releases: lhs.releases - rhs.releases,
      globalEnqueues: lhs.globalEnqueues - rhs.globalEnqueues, accessChecks: lhs.accessChecks - rhs.accessChecks,
      executorSwitches: lhs.executorSwitches - rhs.executorSwitches,
      lockAcquisitions: lhs.lockAcquisitions - rhs.lockAcquisitions,
      metadataLookups: lhs.metadataLookups - rhs.metadataLookups)
  }
}

/// The process-wide counters behind ``CostCounts``, installed by `bench --counts`.
///
/// - Allocations, retains, releases and exclusivity checks: the counter that
///   `Benchmarks/CostCounting/cost-counter.c` builds, preloaded into the process (it must be:
///   ``install()`` fails without it). It stands in for `malloc` and its relatives and for the
///   Swift runtime's retain, release and `swift_beginAccess` entry points, and exports
///   `actorstore_allocation_count`, `actorstore_retain_count`, `actorstore_release_count` and
///   `actorstore_access_check_count`.
/// - Global enqueues: the concurrency runtime's `swift_task_enqueueGlobal_hook`.
///
/// Linux only: on other platforms ``install()`` reports that counting is unavailable.
enum CostCounters {
  #if canImport(Glibc)
    typealias Count = @convention(c) () -> UInt64
    typealias EnqueueOriginal = @convention(thin) (UnsafeMutableRawPointer) -> Void
    typealias EnqueueHook = @convention(thin) (UnsafeMutableRawPointer, EnqueueOriginal) -> Void

    /// The preloaded counter's readers, set once by ``install()`` before ``installed`` is set
    /// and never written again, so readers that saw ``installed`` read them without a lock.
    nonisolated(unsafe) private static var counts:
      (
        allocations: Count, retains: Count, releases: Count, accessChecks: Count, executorSwitches: Count,
        lockAcquisitions: Count, metadataLookups: Count
      )?
  #endif

  private static let globalEnqueues = Atomic<Int>(0)
  private static let installed = Atomic<Bool>(false)
  /// The costs of the first part ``BenchRounds/time(_:)`` timed since ``startRound()``, once
  /// it has timed one.
  private static let round = Locked<(counting: Bool, costs: CostCounts?)>((false, nil))

  /// Installs the counters, once; call it before the benchmarks run.
  /// - Returns: `nil` when counting works, else why it cannot.
  static func install() -> String? {
    #if canImport(Glibc)
      if installed.load(ordering: .acquiring) { return nil }
      let process = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
      guard let allocations = dlsym(process, "actorstore_allocation_count"),
        let retains = dlsym(process, "actorstore_retain_count"),
        let releases = dlsym(process, "actorstore_release_count"),
        let accessChecks = dlsym(process, "actorstore_access_check_count"),
        let executorSwitches = dlsym(process, "actorstore_executor_switch_count"),
        let lockAcquisitions = dlsym(process, "actorstore_lock_acquisition_count"),
        let metadataLookups = dlsym(process, "actorstore_metadata_lookup_count")
      else {
        return "the cost counter is not preloaded; see Benchmarks/CostCounting/README.md"
      }
      guard let enqueueSlot = dlsym(process, "swift_task_enqueueGlobal_hook") else {
        return "this Swift runtime has no swift_task_enqueueGlobal_hook"
      }
      counts = (
        unsafeBitCast(allocations, to: Count.self), unsafeBitCast(retains, to: Count.self),
        unsafeBitCast(releases, to: Count.self), unsafeBitCast(accessChecks, to: Count.self),
        unsafeBitCast(executorSwitches, to: Count.self), unsafeBitCast(lockAcquisitions, to: Count.self),
        unsafeBitCast(metadataLookups, to: Count.self)
      )
      _ = globalEnqueues.load(ordering: .relaxed)  // initialized now, not from inside the hook
      enqueueSlot.assumingMemoryBound(to: Optional<EnqueueHook>.self).pointee = { job, enqueue in
        CostCounters.globalEnqueues.add(1, ordering: .relaxed)
        enqueue(job)
      }
      installed.store(true, ordering: .releasing)
      return nil
    #else
      return "cost counting needs Linux"
    #endif
  }

  /// Whether ``install()`` succeeded.
  static var isInstalled: Bool { installed.load(ordering: .acquiring) }

  /// The counts so far, or `nil` when the counters are not installed.
  static var now: CostCounts? {
    #if canImport(Glibc)
      guard isInstalled, let counts else { return nil }
      return CostCounts(
        allocations: Int(counts.allocations()), retains: Int(counts.retains()), releases: Int(counts.releases()),
        globalEnqueues: globalEnqueues.load(ordering: .relaxed), accessChecks: Int(counts.accessChecks()),
        executorSwitches: Int(counts.executorSwitches()), lockAcquisitions: Int(counts.lockAcquisitions()),
        metadataLookups: Int(counts.metadataLookups()))
    #else
      return nil
    #endif
  }

  /// Starts a round of a comparison: the next timed part's costs will be its costs. A closure
  /// that times more than one part returns the first one's duration, so its costs go with it.
  static func startRound() {
    round.withLock { $0 = (isInstalled, nil) }
  }

  /// Records the costs since `start` (a reading of ``now``) as the round's, if it has none yet.
  static func record(since start: CostCounts?) {
    guard let start, let end = now else { return }
    round.withLock { round in
      if round.counting, round.costs == nil { round.costs = end - start }
    }
  }

  /// The costs of the round's first timed part, `nil` when not counting.
  static var roundCosts: CostCounts? { round.withLock { $0.costs } }
}
