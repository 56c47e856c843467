import Glibc
import Testing

/// Whether the tests run under ThreadSanitizer (`swift test --sanitize=thread`, as `.ci/run`
/// does): its runtime is linked in then.
let isRunningUnderThreadSanitizer = dlsym(nil, "__tsan_init") != nil

extension Trait where Self == ConditionTrait {
  /// Skips a test under ThreadSanitizer because it runs stores on the global executor, where
  /// threads contend for ActorStore's `Synchronization.Mutex`es. On Linux that mutex locks with
  /// atomics and futex calls ThreadSanitizer does not see, so it reports the guarded accesses as
  /// races though the mutex orders them: four tasks appending to one `Mutex<[Int]>` reproduce it.
  static var contendsOnMutexes: Self {
    .disabled(if: isRunningUnderThreadSanitizer, "ThreadSanitizer does not see Synchronization.Mutex on Linux")
  }
}
