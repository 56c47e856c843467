/// The batch-update machinery shared by ``CollectionUpdateApplier`` (snapshots) and
/// ``DeclaredCollectionDriver`` (declared collections): one batch at a time, the model the data
/// source reads swapped inside it, later requests queued and coalesced.
///
/// Invariants:
/// - ``model`` is what the data source answers from. It changes only inside the updates
///   closure of a batch (after UIKit has read the counts before the batch), or in a
///   ``reloadData()`` request, so the counts UIKit reads before and after a batch always differ
///   by exactly the changes the batch issues: never "invalid number of items".
/// - At most one batch is in flight, from `performBatchUpdates` until its completion. A request
///   made meanwhile (from inside the updates closure, from a cell configured during the batch,
///   or while the batch animates) is queued; requests queued together collapse into the newest,
///   with the union of their changed items and completion handlers, and run when the batch
///   completes, diffed against the model then shown.
@MainActor
final class BatchUpdateQueue<Model, SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
  /// The diff of a new model against the shown one, with extra changed items.
  typealias Diff = (_ new: Model, _ old: Model, _ changedItems: Set<ItemID>) -> CollectionUpdate<SectionID, ItemID>

  struct Request {
    var model: Model
    var changedItems: Set<ItemID>
    var animated: Bool
    /// A `reloadData()` rather than a batch; sticky while coalescing, since a queued reload
    /// was asked for because the list's counts cannot be trusted.
    var reload: Bool
    var completions: [() -> Void]
  }

  private enum Phase: Equatable {
    case idle
    /// Inside `performBatchUpdates` of batch `generation`, updates closure included.
    case performing(generation: Int)
    /// Batch `generation` was issued; its completion has not run.
    case awaitingCompletion(generation: Int)
    /// Running the completion handlers of a finished request.
    case finishing
  }

  /// What the data source shows.
  private(set) var model: Model
  let list: any BatchUpdatingList
  private let diff: Diff
  /// Items a model marks as reconfigured itself (``Snapshot/reconfiguredItemIDs``): kept
  /// when the model is superseded in the queue, so the change is not lost.
  private let marks: (Model) -> Set<ItemID>
  /// Called right after ``model`` changes (inside a batch's updates closure, or at a reload),
  /// with the model shown before.
  var didSwapModel: ((_ old: Model) -> Void)?
  private var phase = Phase.idle
  private var generation = 0
  private var pending: Request?
  /// The completion of the batch being performed ran before `performBatchUpdates` returned;
  /// the queue drains once the after-batch reconfigures are issued.
  private var completedWhilePerforming: [() -> Void]?

  /// The number of batches issued, for diagnostics and tests.
  private(set) var batchCount = 0
  /// The number of requests folded into a later one while a batch was in flight.
  private(set) var coalescedCount = 0

  init(model: Model, list: any BatchUpdatingList, marks: @escaping (Model) -> Set<ItemID>, diff: @escaping Diff) {
    self.model = model
    self.list = list
    self.marks = marks
    self.diff = diff
  }

  /// Whether a batch is being performed or animating, so a new request would be queued.
  var isBusy: Bool { phase != .idle }
  /// Whether a request waits for the batch in flight.
  var hasPendingRequest: Bool { pending != nil }

  func submit(_ request: Request) {
    guard phase == .idle else {
      enqueue(request)
      return
    }
    run(request)
  }

  private func enqueue(_ request: Request) {
    guard var queued = pending else {
      pending = request
      return
    }
    coalescedCount += 1
    // The superseded model's own reconfigure marks name items changed since the shown model;
    // the newest model still differs from the shown one in them.
    var changed = queued.changedItems.union(marks(queued.model))
    changed.formUnion(request.changedItems)
    queued.model = request.model
    queued.changedItems = changed
    queued.animated = request.animated
    queued.reload = queued.reload || request.reload
    queued.completions += request.completions
    pending = queued
  }

  private func run(_ request: Request) {
    if request.reload {
      swap(to: request.model)
      list.reloadData()
      finish(request.completions)
      return
    }
    let update = diff(request.model, model, request.changedItems)
    if update.isEmpty {
      swap(to: request.model)
      finish(request.completions)
      return
    }
    generation += 1
    let batch = generation
    batchCount += 1
    phase = .performing(generation: batch)
    var ranUpdates = false
    list.performBatchUpdates(animated: request.animated) { [self] in
      guard !ranUpdates else { return }
      ranUpdates = true
      swap(to: request.model)
      Self.issue(update, on: list)
    } completion: { [weak self] _ in
      self?.batchDidComplete(batch, request.completions)
    }
    if !ranUpdates {
      // A list that never ran the closure would keep asking for the old counts forever; show
      // the new model in full instead.
      reportIssue(
        "CollectionUpdateApplier: \(type(of: list)).performBatchUpdates did not run its updates closure "
          + "synchronously; reloaded the list instead")
      swap(to: request.model)
      list.reloadData()
    } else if !update.itemReconfiguresAfterBatch.isEmpty {
      // Outside the batch: the list now addresses items by their new paths (see CollectionUpdate).
      list.reconfigureItems(at: update.itemReconfiguresAfterBatch)
    }
    if phase == .performing(generation: batch) {
      if let completions = completedWhilePerforming {
        completedWhilePerforming = nil
        phase = .idle
        finish(completions)
      } else {
        phase = .awaitingCompletion(generation: batch)
      }
    }
  }

  private func swap(to newModel: Model) {
    let old = model
    model = newModel
    didSwapModel?(old)
  }

  private func batchDidComplete(_ batch: Int, _ completions: [() -> Void]) {
    switch phase {
    case .performing(let current) where current == batch:
      completedWhilePerforming = completions
    case .awaitingCompletion(let current) where current == batch:
      phase = .idle
      finish(completions)
    default:
      // A completion UIKit delivers twice, or after a reload replaced its batch: nothing waits.
      break
    }
  }

  /// Runs the completion handlers of a finished request, then the queued request, if any.
  /// Handlers run while the queue counts as busy, so a handler that applies again is queued
  /// and folded into the older queued request rather than run before it: the newest model
  /// always wins, and handlers run in the order their requests were made.
  private func finish(_ completions: [() -> Void]) {
    let queued = pending
    pending = nil
    if !completions.isEmpty {
      phase = .finishing
      for completion in completions { completion() }
    }
    phase = .idle
    let submittedMeanwhile = pending
    pending = queued
    if let submittedMeanwhile { enqueue(submittedMeanwhile) }
    if let next = pending {
      pending = nil
      run(next)
    }
  }

  /// Issues the batch's changes, inside the updates closure, in UIKit's coordinates.
  static func issue(_ update: CollectionUpdate<SectionID, ItemID>, on list: any BatchUpdatingList) {
    if !update.sectionDeletes.isEmpty { list.deleteSections(update.sectionDeletes) }
    if !update.sectionInserts.isEmpty { list.insertSections(update.sectionInserts) }
    for move in update.sectionMoves { list.moveSection(move.from, toSection: move.to) }
    if !update.itemDeletes.isEmpty { list.deleteItems(at: update.itemDeletes) }
    if !update.itemInserts.isEmpty { list.insertItems(at: update.itemInserts) }
    for move in update.itemMoves { list.moveItem(at: move.from, to: move.to) }
    if !update.itemReconfigures.isEmpty { list.reconfigureItems(at: update.itemReconfigures) }
  }
}
