import ActorStore
import Testing

/// A test client with an endpoint of each shape `unimplemented` fills.
private struct APIClient: Sendable {
  var fetch: @Sendable (Int) async throws -> [Int]
  var search: @Sendable (String, Int) async throws -> [String]
  var count: @Sendable () -> Int
  var load: @Sendable (Int) async -> String
  var parse: @Sendable (String) throws -> Int
  var track: @Sendable (String, Int, Bool) -> Void
  var flush: @Sendable () async -> Void
  var delete: @Sendable (Int) throws -> Void
  var upload: @Sendable () async throws -> Void
  var fallback: @Sendable (Int) async throws -> [Int]
}

/// `unimplemented`: each closure shape reports one issue naming the endpoint (and its
/// arguments) at the line that made it, then returns the placeholder or throws.
@Suite struct UnimplementedTests {
  private static let madeAt = #line + 3
  private static func client() -> APIClient {
    APIClient(
      fetch: unimplemented("APIClient.fetch"),
      search: unimplemented("APIClient.search"),
      count: unimplemented("APIClient.count", placeholder: 0),
      load: unimplemented("APIClient.load", placeholder: "placeholder"),
      parse: unimplemented("APIClient.parse"),
      track: unimplemented("APIClient.track"),
      flush: unimplemented("APIClient.flush"),
      delete: unimplemented("APIClient.delete"),
      upload: unimplemented("APIClient.upload"),
      fallback: unimplemented("APIClient.fallback", placeholder: [-1])
    )
  }

  /// Runs `call` and expects exactly one error issue, with `message`, pointing at the line of
  /// `endpoint`'s `unimplemented` in `client()`.
  private func expectOneIssue(
    _ message: String, line offset: Int, _ call: () async throws -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async rethrows {
    let capture = try await capturingIssues(call)
    #expect(capture.messages == [message], sourceLocation: sourceLocation)
    #expect(capture.all.map(\.severity) == [.error], sourceLocation: sourceLocation)
    #expect(capture.all.map(\.line) == [UInt(Self.madeAt + offset)], sourceLocation: sourceLocation)
    #expect(
      capture.all.map { "\($0.fileID)" } == ["ActorStoreTests/UnimplementedTests.swift"], sourceLocation: sourceLocation
    )
  }

  private static func message(_ endpoint: String, _ arguments: String? = nil) -> String {
    "Unimplemented endpoint \(endpoint) was called\(arguments.map { " with (\($0))" } ?? ""); "
      + "override it in the test if the feature is meant to use it."
  }

  @Test func throwingEndpointsReportThenThrow() async {
    let client = Self.client()
    await expectOneIssue(Self.message("APIClient.fetch", "7"), line: 0) {
      await #expect(throws: UnimplementedFailure(endpoint: "APIClient.fetch")) { try await client.fetch(7) }
    }
    await expectOneIssue(Self.message("APIClient.search", #""blob", 2"#), line: 1) {
      await #expect(throws: UnimplementedFailure.self) { try await client.search("blob", 2) }
    }
    await expectOneIssue(Self.message("APIClient.parse", #""12""#), line: 4) {
      #expect(throws: UnimplementedFailure(endpoint: "APIClient.parse")) { try client.parse("12") }
    }
    await expectOneIssue(Self.message("APIClient.delete", "3"), line: 7) {
      #expect(throws: UnimplementedFailure.self) { try client.delete(3) }
    }
    await expectOneIssue(Self.message("APIClient.upload"), line: 8) {
      await #expect(throws: UnimplementedFailure.self) { try await client.upload() }
    }
  }

  @Test func placeholderEndpointsReportThenReturnThePlaceholder() async throws {
    let client = Self.client()
    await expectOneIssue(Self.message("APIClient.count"), line: 2) { #expect(client.count() == 0) }
    await expectOneIssue(Self.message("APIClient.load", "5"), line: 3) {
      #expect(await client.load(5) == "placeholder")
    }
    try await expectOneIssue(Self.message("APIClient.fallback", "1"), line: 9) {
      let values = try await client.fallback(1)
      #expect(values == [-1])
    }
  }

  @Test func voidEndpointsReport() async {
    let client = Self.client()
    await expectOneIssue(Self.message("APIClient.track", #""tap", 1, true"#), line: 5) { client.track("tap", 1, true) }
    await expectOneIssue(Self.message("APIClient.flush"), line: 6) { await client.flush() }
  }

  @Test func everyCallReportsAndThePlaceholderIsMadeAtEachCall() async {
    let made = LockIsolated(0)
    let next: @Sendable () -> Int = unimplemented(
      placeholder: made.withValue { count in
        count += 1
        return count
      })
    let capture = await capturingIssues {
      #expect([next(), next(), next()] == [1, 2, 3])
    }
    #expect(capture.messages.count == 3)
    #expect(capture.messages.allSatisfy { $0.hasPrefix("An unimplemented endpoint was called;") })
  }

  @Test func theFailureDescribesItsEndpoint() {
    #expect("\(UnimplementedFailure(endpoint: "APIClient.fetch"))" == "Unimplemented: APIClient.fetch")
    #expect("\(UnimplementedFailure(endpoint: ""))" == "Unimplemented")
  }
}
