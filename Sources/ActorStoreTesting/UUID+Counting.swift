// Foundation for `UUID`, which the `uuid` dependency makes; only tests build these.
import Foundation

extension UUID {
  /// The UUID that the `incrementing` generator (``UUIDGenerator/incrementing``) makes as its
  /// `intValue`-th: `UUID(0)` is `00000000-0000-0000-0000-000000000000`, `UUID(1)` ends in `1`,
  /// as TCA's tests write them. The value fills the last 64 bits, big-endian; a negative value
  /// is taken as its bit pattern.
  /// - Parameter intValue: The generator's count.
  public init(_ intValue: Int) {
    self.init(counting: UInt64(bitPattern: Int64(intValue)))
  }
}
