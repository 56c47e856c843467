/// SplitMix64: a tiny, fast generator whose whole sequence is fixed by its seed, so a
/// `.seeded` schedule replays exactly on every platform and run. Use it for seeded test data
/// too, so that a failing seed reproduces everything.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates the generator whose whole sequence `seed` fixes.
  /// - Parameter seed: Any value; equal seeds give equal sequences.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next value of the sequence.
  /// - Returns: 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed &>> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed &>> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed &>> 31)
  }
}
