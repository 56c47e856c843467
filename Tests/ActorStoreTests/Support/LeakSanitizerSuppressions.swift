/// LeakSanitizer's built-in suppressions for the test binary, read when it checks for leaks at
/// exit (only under `swift test --sanitize=address`; otherwise nothing calls it).
///
/// XCTest's runner on Linux leaves its own suite objects (`XCTestSuiteRun`, the arrays built in
/// `XCTMainMisc`) allocated at exit, even with no XCTest test in the bundle: 368 bytes that would
/// fail every run. Only allocations made by libXCTest are suppressed; a leak of ours, even one
/// reached through XCTest, still has its own frames and is reported.
///
/// Foundation's `Process.run()` on Linux can leave the side table of a weak reference it assigns
/// (32 bytes, allocated in `swift_weakAssign` called from `Process.run()`), depending on timing:
/// seen once in `ExecutableSignalTests`, which runs the stress executable, with nothing of ours
/// on the stack. Suppressed by that one function's mangled name, without its leading `$` (which a
/// suppression reads as an end anchor), not by library: a leak of ours made through Foundation
/// elsewhere (file storage) is still reported.
@_cdecl("__lsan_default_suppressions")
func leakSanitizerDefaultSuppressions() -> UnsafePointer<CChar> {
  // A literal: constant data, no global to initialize while the process exits.
  let suppressions: StaticString = "leak:libXCTest.so\nleak:10Foundation7ProcessC3runyyKF\n"
  return UnsafeRawPointer(suppressions.utf8Start).assumingMemoryBound(to: CChar.self)
}
