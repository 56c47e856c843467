// Foundation for `UUID`, which the `uuid` dependency makes; only tests build these.
import Foundation

extension UUID {
  /// The UUID that the `incrementing` generator (``UUIDGenerator/incrementing``) makes as its
  /// `intValue`-th: `UUID(0)` is `00000000-0000-0000-0000-000000000000`, `UUID(1)` ends in `1`,
  /// as TCA's tests write them. The value fills the last 64 bits, big-endian; a negative value
  /// is taken as its bit pattern.
  /// - Parameter intValue: The generator's count.
  public init(_ intValue: Int) {
    let b = withUnsafeBytes(of: UInt64(bitPattern: Int64(intValue)).bigEndian) { Array($0) }
    self.init(uuid: (0, 0, 0, 0, 0, 0, 0, 0, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]))
  }
}
