#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The calling thread's identity, for telling a re-entrant call (made on the thread that is
/// running a delivery) from one made on another thread. Valid for comparison only while the
/// thread it names is running: a thread's identity can be reused once the thread has exited.
@usableFromInline func currentThreadID() -> UInt {
  #if canImport(Darwin) || canImport(Musl)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}
