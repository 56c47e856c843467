/// LeakSanitizer's built-in suppressions for the test binary, read when it checks for leaks at
/// exit (only under `swift test --sanitize=address`; otherwise nothing calls it).
///
/// XCTest's runner on Linux leaves its own suite objects (`XCTestSuiteRun`, the arrays built in
/// `XCTMainMisc`) allocated at exit, even with no XCTest test in the bundle: 368 bytes that would
/// fail every run. Only allocations made by libXCTest are suppressed; a leak of ours, even one
/// reached through XCTest, still has its own frames and is reported.
@_cdecl("__lsan_default_suppressions")
func leakSanitizerDefaultSuppressions() -> UnsafePointer<CChar> {
  // A literal: constant data, no global to initialize while the process exits.
  let suppressions: StaticString = "leak:libXCTest.so\n"
  return UnsafeRawPointer(suppressions.utf8Start).assumingMemoryBound(to: CChar.self)
}
