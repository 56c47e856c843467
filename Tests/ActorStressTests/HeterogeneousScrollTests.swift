import Testing

@testable import actorstore_stress

/// `scroll --heterogeneous` at a tiny size, in-process, and its flag's parsing.
@Suite struct HeterogeneousScrollTests {
  @Test func scrollsADeclaredListOfSeveralKinds() async {
    let run = await runCommand("scroll", "--elements", "300", "--hosts", "8", "--seed", "3", "--heterogeneous", "--quiet")
    #expect(run.status == .success, "\(run.standard)\(run.error)")
    #expect(run.standard.contains("items of 4 kinds"))
    #expect(run.standard.contains("held    every update passes the validator"))
    #expect(run.standard.contains("held    no host shows stale content or another kind"))
    #expect(run.standard.contains("held    each item's host shows its row's one store"))
    #expect(run.standard.contains("held    registry counts return to zero"))
  }

  @Test func theFlagAppliesToScrollOnly() async {
    #expect(StressOptions.parse(["scroll", "--heterogeneous"]).map(\.heterogeneous) == .success(true))
    #expect(
      StressOptions.parse(["send", "--heterogeneous"])
        == .failure(UsageError(message: "--heterogeneous applies to the scroll scenario only")))
    #expect(
      StressOptions.parse(["scroll", "--heterogeneous=1"])
        == .failure(UsageError(message: "--heterogeneous takes no value (got '--heterogeneous=1')")))
    let run = await runCommand("--help")
    #expect(run.standard.contains("--heterogeneous"))
  }
}
