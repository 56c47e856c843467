#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Synchronization

/// A `Synchronization.Mutex` that ThreadSanitizer understands; use it instead of `Mutex`
/// wherever threads can contend.
///
/// On Linux, `Mutex` takes a contended lock in `_MutexHandle._lockSlow`, a futex call inside the
/// uninstrumented `libswiftSynchronization.so`. ThreadSanitizer never sees that acquisition, so
/// it reports the accesses the mutex orders as data races and `swift test --sanitize=thread`
/// fails at random: four tasks appending to one `Mutex<[Int]>` are enough. `Locked` announces
/// every acquisition and release to ThreadSanitizer itself. Without ThreadSanitizer that costs
/// one predictable branch per ``withLock(_:)``.
///
/// The type must stay `@usableFromInline`: without it the compiler does not inline a `package`
/// type's `@inlinable` members into other modules, and every `withLock` there becomes an
/// unspecialized generic call, several times slower than the lock itself.
@usableFromInline package struct Locked<Value: ~Copyable>: ~Copyable, Sendable {
  @usableFromInline let mutex: Mutex<Value>
  /// Whether ``ThreadSanitizerHooks/loaded`` holds hooks. Without ThreadSanitizer, `withLock`
  /// tests this byte instead of calling the lazy global's accessor (a `swift_once` check).
  @usableFromInline let isThreadSanitized: Bool

  /// Creates a lock guarding `initialValue`.
  /// - Parameter initialValue: The value the lock guards.
  @inlinable package init(_ initialValue: consuming sending Value) {
    mutex = Mutex(initialValue)
    isThreadSanitized = ThreadSanitizerHooks.loaded != nil
  }

  /// Runs `body` with exclusive access to the guarded value, exactly like `Mutex.withLock`.
  /// - Parameter body: The work to do while holding the lock.
  /// - Returns: What `body` returns.
  // Always inlined, like `Mutex.withLock` (transparent): unspecialized generic callers (stores
  // are generic) would otherwise call a generic function on every lock.
  @inlinable @inline(__always)
  package borrowing func withLock<Result: ~Copyable, E: Error>(
    _ body: (inout sending Value) throws(E) -> sending Result
  ) throws(E) -> sending Result {
    try mutex.withLock { (value: inout sending Value) throws(E) -> sending Result in
      let threadSanitizer = isThreadSanitized ? ThreadSanitizerHooks.loaded : nil
      threadSanitizer?.acquire(&value)
      defer { threadSanitizer?.release(&value) }
      return try body(&value)
    }
  }
}

/// ThreadSanitizer's synchronization annotations, looked up in the running process.
@usableFromInline struct ThreadSanitizerHooks: Sendable {
  @usableFromInline typealias Annotation = @convention(c) (UnsafeMutableRawPointer?) -> Void
  @usableFromInline let acquireAnnotation: Annotation
  @usableFromInline let releaseAnnotation: Annotation

  /// The hooks of the ThreadSanitizer runtime linked into this process (or of the cost counter,
  /// preloaded), or `nil` without one.
  @usableFromInline static let loaded: Self? = {
    #if canImport(Darwin)
      let everyImage = RTLD_DEFAULT
    #else
      let everyImage: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #endif
    // Without ThreadSanitizer, the cost counter's stand-ins, when it is preloaded to count lock
    // acquisitions (Benchmarks/CostCounting/README.md).
    guard
      let acquire = dlsym(everyImage, "__tsan_acquire") ?? dlsym(everyImage, "actorstore_lock_acquired"),
      let release = dlsym(everyImage, "__tsan_release") ?? dlsym(everyImage, "actorstore_lock_released")
    else { return nil }
    return Self(
      acquireAnnotation: unsafeBitCast(acquire, to: Annotation.self),
      releaseAnnotation: unsafeBitCast(release, to: Annotation.self))
  }()

  /// Orders everything the last thread to call ``release(_:)`` on `address` did before this
  /// thread's next accesses.
  /// - Parameter address: The synchronization object, here the guarded value.
  @inlinable func acquire<Object: ~Copyable>(_ address: UnsafeMutablePointer<Object>) { acquireAnnotation(address) }

  /// Publishes this thread's accesses so far to the next thread that calls ``acquire(_:)`` on
  /// `address`.
  /// - Parameter address: The synchronization object, here the guarded value.
  @inlinable func release<Object: ~Copyable>(_ address: UnsafeMutablePointer<Object>) { releaseAnnotation(address) }
}
