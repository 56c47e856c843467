import ActorStore
import Foundation
import Testing

/// `date.now` is settable, and the test value of `date` is unimplemented when asked the date,
/// not when read, so that `$0.date.now = …` in an override reports nothing.
@Suite struct DateDependencyTests {
  private let fixed = Date(timeIntervalSince1970: 1_234_567_890)

  @Test func settingNowMakesTheGeneratorTellThatDate() {
    var generator = DateGenerator { Date(timeIntervalSince1970: 0) }
    generator.now = fixed
    #expect(generator.now == fixed)
    #expect(generator() == fixed)
  }

  @Test func settingNowInATestOverrideReportsNothing() async {
    let capture = await capturingIssues {
      withDependencies {
        $0.context = .test
        $0.date.now = fixed
      } operation: {
        #expect(DependencyValues.inForce.date.now == fixed)
        #expect(DependencyValues.inForce.date() == fixed)
      }
    }
    #expect(capture.messages == [])
  }

  @Test func anUnsetDateReportsWhenAskedNotWhenRead() async {
    let read = await capturingIssues {
      withDependencies {
        $0.context = .test
      } operation: {
        _ = DependencyValues.inForce.date
      }
    }
    #expect(read.messages == [])
    let asked = await capturingIssues {
      withDependencies {
        $0.context = .test
      } operation: {
        _ = DependencyValues.inForce.date.now
      }
    }
    #expect(asked.messages.count == 1)
    #expect(asked.messages.first?.contains(#"@Dependency(\.date)"#) == true)
  }
}
