import Foundation

extension SharedKey where Value == Bool {
  /// A flag kept in `UserDefaults.standard` under `key` (in memory for the process on Linux).
  /// - Parameter key: The defaults key.
  public static func appStorage(_ key: String) -> Self { appStorageKey(key) }
}

extension SharedKey where Value == Int {
  /// A number kept in `UserDefaults.standard` under `key` (in memory for the process on Linux).
  /// - Parameter key: The defaults key.
  public static func appStorage(_ key: String) -> Self { appStorageKey(key) }
}

extension SharedKey where Value == Double {
  /// A number kept in `UserDefaults.standard` under `key` (in memory for the process on Linux).
  /// - Parameter key: The defaults key.
  public static func appStorage(_ key: String) -> Self { appStorageKey(key) }
}

extension SharedKey where Value == String {
  /// A string kept in `UserDefaults.standard` under `key` (in memory for the process on Linux).
  /// - Parameter key: The defaults key.
  public static func appStorage(_ key: String) -> Self { appStorageKey(key) }
}

extension SharedKey {
  /// An `appStorage` key for a property-list value.
  fileprivate static func appStorageKey(_ key: String) -> Self {
    Self(id: "appStorage:\(key)", description: ".appStorage(\"\(key)\")") { context in
      AppStoragePersistence<Value>(key: key, defaults: context.defaults)
    }
  }
}

/// Where `appStorage` values live, as a seam: `UserDefaults.standard` on Apple platforms, a
/// dictionary for the process on Linux, or a test's.
struct SharedDefaults: Sendable {
  var value: @Sendable (_ key: String) -> Any?
  var set: @Sendable (_ value: any Sendable, _ key: String) -> Void

  #if canImport(Darwin)
    static let live = SharedDefaults(
      value: { UserDefaults.standard.object(forKey: $0) },
      set: { UserDefaults.standard.set($0, forKey: $1) })
  #else
    static let live: SharedDefaults = {
      let values = Locked<[String: any Sendable]>([:])
      return SharedDefaults(
        value: { key -> Any? in
          let value: (any Sendable)? = values.withLock { $0[key] }
          return value
        },
        set: { value, key in values.withLock { $0[key] = value } })
    }()
  #endif
}

/// An `appStorage` key's value in the defaults: read once, written on each change (the defaults
/// keep it in memory and save it themselves, so a write does no I/O on the caller's thread).
final class AppStoragePersistence<Value: Sendable>: SharedPersistence {
  private let key: String
  private let defaults: SharedDefaults
  /// The version last written: a change told out of order never overwrites a newer one.
  private let writtenVersion = Locked<UInt64>(0)

  init(key: String, defaults: SharedDefaults) {
    self.key = key
    self.defaults = defaults
  }

  func load() -> Value? {
    guard let stored = defaults.value(key) else { return nil }
    guard let value = stored as? Value else {
      reportIssue(
        """
        The app storage value at "\(key)" is a \(type(of: stored)), not a \(Value.self): the \
        default is used, and the stored value is replaced at the first change.
        """)
      return nil
    }
    return value
  }

  func save(_ value: Value, version: UInt64) {
    writtenVersion.withLock { written in
      guard version > written else { return }
      written = version
      defaults.set(value, key)
    }
  }

  func flush() {}
}
