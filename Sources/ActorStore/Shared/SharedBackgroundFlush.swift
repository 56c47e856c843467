#if canImport(UIKit)
  import Foundation
  import UIKit
#endif

/// Writes a persisting storage's waiting values when an Apple-platform app goes to the
/// background, where the app may be suspended, then ended, before a coalescing window closes.
/// The seam is ``SharedStorage/flushPendingWrites()``, which the notification calls and tests
/// call directly; elsewhere (Linux, macOS without UIKit) nothing is observed.
enum SharedBackgroundFlush {
  static func flushOnBackground(_ storage: SharedStorage) {
    #if canImport(UIKit)
      _ = NotificationCenter.default.addObserver(
        forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: nil
      ) { [weak storage] _ in storage?.flushPendingWrites() }
    #endif
  }
}
