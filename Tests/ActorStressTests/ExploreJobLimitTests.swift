import ActorStore
import ActorStoreTesting
import Testing

@testable import actorstore_stress

/// `explore`'s job limit grows with the work asked for, so a large `--actions` is not reported as
/// a runaway schedule ("work left after 1000000 jobs").
@Suite struct ExploreJobLimitTests {
  /// A schedule's measured jobs per unit of work stay well inside the per-unit budget (half of
  /// it at most), for actions alone and for effects alone, over several seeds.
  @Test(arguments: [(actions: 4_000, effects: 0), (actions: 0, effects: 400)])
  func measuredJobsStayWithinHalfTheBudget(actions: Int, effects: Int) async {
    let scenario = ExploreScenario(seeds: 1, actions: actions, effects: effects)
    for seed in UInt64(1)...3 {
      var log = InvariantLog(seed: seed)
      var traced: [StoreTraceStatistics] = []
      let schedule = await scenario.runSchedule(
        on: TestExecutor(ordering: .seeded(seed)), log: &log, traced: &traced)
      #expect(log.holds, "\(log.violations)")
      #expect(schedule.jobsRun * 2 <= ExploreScenario.jobsPerUnitOfWork * (actions + effects), "\(schedule)")
    }
  }

  @Test func theLimitScalesWithTheWork() {
    #expect(ExploreScenario.jobLimit(actions: 60, effects: 24) == 1_000_000)
    #expect(ExploreScenario.jobLimit(actions: 1_000_000, effects: 24) == 32_000_768)
  }
}
