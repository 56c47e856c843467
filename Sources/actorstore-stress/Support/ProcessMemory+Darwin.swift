#if canImport(Darwin)
  import Darwin

  /// The process's memory figures on Apple platforms: the peak resident set size from
  /// `getrusage` (`ru_maxrss`, in bytes there; KiB on Linux), the resident set size from Mach's
  /// `task_info(MACH_TASK_BASIC_INFO)`, and bytes in use on the malloc heap from
  /// `malloc_zone_statistics` (or a sanitizer's allocator). The same members as the Linux one
  /// in ProcessMemory.swift.
  enum ProcessMemory {
    /// The peak resident set size in bytes since the process started.
    static var peakResidentBytes: Int? {
      var usage = rusage()
      guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
      return usage.ru_maxrss
    }

    /// The resident set size in bytes, or `nil` when the kernel does not answer.
    static var residentBytes: Int? {
      var info = mach_task_basic_info()
      // The count is in `natural_t` words, as <mach/task_info.h>'s MACH_TASK_BASIC_INFO_COUNT.
      var count = mach_msg_type_number_t(MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
      let result = withUnsafeMutablePointer(to: &info) { pointer in
        pointer.withMemoryRebound(to: integer_t.self, capacity: Int(count)) { words in
          task_info(taskPort, task_flavor_t(MACH_TASK_BASIC_INFO), words, &count)
        }
      }
      return result == KERN_SUCCESS ? Int(info.resident_size) : nil
    }

    /// Darwin cannot restart the peak: peaks count from the start of the process.
    /// - Returns: `false`, always.
    @discardableResult
    static func resetPeak() -> Bool { false }

    /// Nothing to set: Apple platforms' allocator already gives large blocks mappings of their
    /// own and returns them to the system when they are freed (what the Linux version asks of
    /// glibc).
    /// - Returns: `true`, always.
    @discardableResult
    static func returnLargeBlocksWhenFreed() -> Bool { true }

    /// Bytes allocated on the malloc heap and not yet freed, with how they were measured: the
    /// sanitizer's count under a sanitizer (its allocator replaces malloc's zones), else the sum
    /// over every malloc zone.
    static var heapInUse: (bytes: Int, source: String) {
      if let sanitizerAllocatedBytes = sanitizerAllocatedBytesFunction {
        return (sanitizerAllocatedBytes(), "sanitizer allocator")
      }
      var statistics = malloc_statistics_t()
      malloc_zone_statistics(nil, &statistics)  // nil: every zone
      return (statistics.size_in_use, "malloc_zone_statistics")
    }

    private static let sanitizerAllocatedBytesFunction: (@convention(c) () -> Int)? = dlsym(
      RTLD_DEFAULT, "__sanitizer_get_current_allocated_bytes"
    ).map { unsafeBitCast($0, to: (@convention(c) () -> Int).self) }

    /// The task's own port, asked of the kernel once. Not `mach_task_self_`: SDKs before
    /// `__swift_nonisolated_unsafe` was added to it import it as shared mutable state, an error
    /// in Swift 6 mode.
    private static let taskPort: mach_port_t = task_self_trap()
  }
#endif
