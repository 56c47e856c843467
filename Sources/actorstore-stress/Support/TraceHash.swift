/// A running FNV-1a hash of the order in which a reducer saw its actions: two runs that
/// reduced the same actions in the same order have the same hash.
struct TraceHash: Equatable, Sendable {
  private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

  /// Mixes in one action, described by a few integers.
  mutating func record(_ parts: Int...) {
    for part in parts {
      value = (value ^ UInt64(bitPattern: Int64(part))) &* 0x0000_0100_0000_01B3
    }
  }
}
