// Linux; the Apple-platform ProcessMemory is in ProcessMemory+Darwin.swift (same members). The
// enum below is deliberately not re-indented inside the #if, so that the Linux code keeps its lines.
#if canImport(Glibc)
import Glibc

/// The process's memory figures on Linux: resident set size and its peak from
/// `/proc/self/status`, and bytes in use on the malloc heap from glibc's `mallinfo2()` (or a
/// sanitizer's allocator).
enum ProcessMemory {
  /// The peak resident set size (`VmHWM`) in bytes, or `nil` where `/proc` is unavailable.
  static var peakResidentBytes: Int? { statusField("VmHWM:") }

  /// The resident set size (`VmRSS`) in bytes, or `nil` where `/proc` is unavailable.
  static var residentBytes: Int? { statusField("VmRSS:") }

  /// Restarts the peak (`VmHWM`) at the current resident size, so that each scenario of a run
  /// reports its own peak (Linux: writing `5` to `/proc/self/clear_refs`).
  /// - Returns: Whether the kernel accepted the reset; when it did not, peaks count from the
  ///   start of the process.
  @discardableResult
  static func resetPeak() -> Bool {
    let descriptor = open("/proc/self/clear_refs", O_WRONLY)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return Glibc.write(descriptor, "5", 1) == 1
  }

  /// Makes glibc's malloc give every block of 128 KiB or more a mapping of its own, returned to
  /// the system when the block is freed, as Apple platforms' allocator does with large blocks.
  /// By default glibc raises that threshold each time such a block is freed (up to 32 MiB) and
  /// from then on keeps freed multi-megabyte buffers in its heaps: the snapshots, diffs and
  /// collection copies of each batch update stay resident after they are freed, and the peak
  /// resident size measures that policy rather than what the program holds.
  ///
  /// `mallopt` is declared in `<malloc.h>`, which Swift's Glibc module does not import, so it is
  /// looked up with `dlsym`, like `mallinfo2()`.
  /// - Returns: Whether the allocator accepted the setting (`false` without glibc).
  @discardableResult
  static func returnLargeBlocksWhenFreed() -> Bool {
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    guard let symbol = dlsym(nil, "mallopt") else { return false }
    // M_MMAP_THRESHOLD: a fixed threshold also turns off glibc's dynamic adjustment of it.
    let mmapThreshold: Int32 = -3
    return unsafeBitCast(symbol, to: Mallopt.self)(mmapThreshold, 128 * 1_024) == 1
  }

  /// Bytes allocated on the malloc heap and not yet freed, with how they were measured.
  ///
  /// `mallinfo2()` is declared in `<malloc.h>`, which Swift's Glibc module does not import, so
  /// it is looked up with `dlsym`. It returns a 10-word struct by value; on x86-64 (System V)
  /// such a result is written through a hidden pointer passed as the first argument, which is
  /// exactly the call `(UnsafeMutableRawPointer) -> Void` makes. Under a sanitizer, whose
  /// allocator replaces malloc so that `mallinfo2()` sees none of the program's allocations, the
  /// sanitizer's own count is used. Elsewhere, or without glibc, the resident set size stands
  /// in: coarser (page granularity, freed memory not returned), and labelled so.
  static var heapInUse: (bytes: Int, source: String) {
    if let sanitizerAllocatedBytes = sanitizerAllocatedBytesFunction {
      return (sanitizerAllocatedBytes(), "sanitizer allocator")
    }
    #if arch(x86_64)
      if let mallinfo2 = mallinfo2Function {
        // struct mallinfo2 { arena, ordblks, smblks, hblks, hblkhd, usmblks, fsmblks,
        // uordblks, fordblks, keepcost }: in use = uordblks (arena) + hblkhd (mmapped).
        var fields: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &fields) { mallinfo2($0.baseAddress!) }
        return (fields.7 + fields.4, "mallinfo2")
      }
    #endif
    return (residentBytes ?? 0, "VmRSS")
  }

  private static let sanitizerAllocatedBytesFunction: (@convention(c) () -> Int)? = dlsym(
    nil, "__sanitizer_get_current_allocated_bytes"
  ).map { unsafeBitCast($0, to: (@convention(c) () -> Int).self) }

  #if arch(x86_64)
    private typealias Mallinfo2 = @convention(c) (UnsafeMutableRawPointer) -> Void

    private static let mallinfo2Function: Mallinfo2? = dlsym(nil, "mallinfo2").map {
      unsafeBitCast($0, to: Mallinfo2.self)
    }
  #endif

  /// A `kB` field of `/proc/self/status`, in bytes.
  private static func statusField(_ name: String) -> Int? {
    guard let status = readFile("/proc/self/status") else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix(name) {
      let digits = line.dropFirst(name.count).filter(\.isNumber)
      return Int(digits).map { $0 * 1_024 }
    }
    return nil
  }

  private static func readFile(_ path: String) -> String? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4_096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
#endif
