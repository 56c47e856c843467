#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How often the process's threads have blocked so far: the voluntary context switches of all its
/// threads (`getrusage`). On two cores most of an effect's round trip beyond its CPU time is a
/// pool thread parking while the other one runs, and waking later; this counts the parks.
enum ContextSwitches {
  /// The voluntary context switches of every thread of the process since it started.
  static var voluntary: Int {
    var usage = rusage()
    #if canImport(Glibc)
      guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
    #else
      guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
    #endif
    return usage.ru_nvcsw
  }
}
