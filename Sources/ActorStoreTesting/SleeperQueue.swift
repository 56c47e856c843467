/// The suspended sleepers of a ``TestClock``, woken earliest deadline first.
///
/// A binary min-heap ordered by deadline, then by a tie-break key, then by registration number
/// holds the wake-up order (a key of zero for every sleeper wakes ties in registration order;
/// keys drawn from a seeded generator wake them in a random, reproducible order);
/// a dictionary holds the sleepers. Cancelling removes only the dictionary entry (O(1));
/// the heap drops stale entries when they surface and is rebuilt once they outnumber the live
/// ones, so insert and wake stay O(log n) and memory stays proportional to live sleepers.
struct SleeperQueue {
  typealias Continuation = UnsafeContinuation<Void, any Error>

  /// A suspended sleeper.
  struct Sleeper {
    let continuation: Continuation
    /// The executor whose job went to sleep, which runs the task once it wakes, if it is
    /// another ``TestExecutor`` than the clock's (see ``TestClock``). Weak: executors whose
    /// tasks sleep on each other's clocks would otherwise keep each other alive.
    weak var origin: TestExecutor?
  }

  private struct Entry {
    let deadline: Duration
    let tieBreak: UInt64
    let registration: UInt64

    func wakesBefore(_ other: Entry) -> Bool {
      (deadline, tieBreak, registration) < (other.deadline, other.tieBreak, other.registration)
    }
  }

  private var heap: [Entry] = []
  private var continuations: [UInt64: Sleeper] = [:]

  /// The number of sleepers still waiting.
  var count: Int { continuations.count }

  mutating func insert(
    registration: UInt64, deadline: Duration, tieBreak: UInt64, sleeper: Sleeper
  ) {
    continuations[registration] = sleeper
    heap.append(Entry(deadline: deadline, tieBreak: tieBreak, registration: registration))
    siftUp(from: heap.count - 1)
  }

  /// Removes a sleeper that will not wake normally (its task was cancelled).
  /// - Returns: Its continuation, or `nil` when it already woke or never registered.
  mutating func remove(registration: UInt64) -> Continuation? {
    guard let sleeper = continuations.removeValue(forKey: registration) else { return nil }
    if heap.count > 64, heap.count > 2 * continuations.count { rebuildHeap() }
    return sleeper.continuation
  }

  /// The earliest deadline among the waiting sleepers.
  mutating func earliestDeadline() -> Duration? {
    dropStaleTop()
    return heap.first?.deadline
  }

  /// Removes the sleeper that wakes first.
  /// - Returns: The woken sleeper and its deadline, or `nil` when none waits.
  mutating func popEarliest() -> (deadline: Duration, sleeper: Sleeper)? {
    dropStaleTop()
    guard let top = heap.first,
      let sleeper = continuations.removeValue(forKey: top.registration)
    else { return nil }
    removeTop()
    return (top.deadline, sleeper)
  }

  private mutating func dropStaleTop() {
    while let top = heap.first, continuations[top.registration] == nil { removeTop() }
  }

  private mutating func removeTop() {
    let last = heap.removeLast()
    guard !heap.isEmpty else { return }
    heap[0] = last
    siftDown(from: 0)
  }

  private mutating func rebuildHeap() {
    heap.removeAll { continuations[$0.registration] == nil }
    for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(from: index) }
  }

  private mutating func siftUp(from start: Int) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].wakesBefore(heap[parent]) else { return }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func siftDown(from start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var earliest = parent
      if left < heap.count, heap[left].wakesBefore(heap[earliest]) { earliest = left }
      if right < heap.count, heap[right].wakesBefore(heap[earliest]) { earliest = right }
      guard earliest != parent else { return }
      heap.swapAt(parent, earliest)
      parent = earliest
    }
  }
}
