// Closures for the endpoints of a test client that a test does not expect to be called (as
// swift-dependencies' `unimplemented`): each reports an issue naming the endpoint when called,
// then returns a placeholder or throws `UnimplementedFailure`.
//
// One overload per closure shape, each generic over its arguments with a parameter pack, so
// that endpoints of any arity fit:
//
// | shape                         | placeholder needed | when called                      |
// |-------------------------------|--------------------|----------------------------------|
// | `(…) -> R`, `(…) async -> R`  | yes                | reports, returns the placeholder |
// | `(…) -> Void`, `async`        | no                 | reports                          |
// | `(…) throws -> R`, `async`    | no                 | reports, throws                  |
//
// Given a placeholder, a throwing endpoint returns it instead of throwing: the non-throwing
// overloads convert to throwing closure types. (Throwing overloads with a placeholder would
// tie with them for async endpoints.)

/// The error that a throwing endpoint made by `unimplemented(_:)` without a placeholder throws
/// once it has reported the call.
public struct UnimplementedFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// The endpoint's name, as given to `unimplemented`; empty when none was.
  public var endpoint: String

  /// The failure of `endpoint`.
  /// - Parameter endpoint: The endpoint's name.
  public init(endpoint: String) { self.endpoint = endpoint }

  /// `Unimplemented: APIClient.fetch`.
  public var description: String { endpoint.isEmpty ? "Unimplemented" : "Unimplemented: \(endpoint)" }
}

/// The issue an unimplemented endpoint raises when called: its name and its arguments.
private func reportUnimplementedCall<each Argument>(
  _ endpoint: String, _ arguments: repeat each Argument,
  fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) {
  var shown: [String] = []
  for argument in repeat each arguments { shown.append(String(reflecting: argument)) }
  let name = endpoint.isEmpty ? "An unimplemented endpoint" : "Unimplemented endpoint \(endpoint)"
  let with = shown.isEmpty ? "" : " with (\(shown.joined(separator: ", ")))"
  reportIssue(
    "\(name) was called\(with); override it in the test if the feature is meant to use it.",
    fileID: fileID, filePath: filePath, line: line, column: column)
}

/// An endpoint that reports an issue naming it when called, then returns `placeholder`.
///
/// ```swift
/// static let testValue = APIClient(fetch: unimplemented("APIClient.fetch", placeholder: []))
/// ```
/// - Parameters:
///   - endpoint: The endpoint's name, for the issue.
///   - placeholder: What each call returns after reporting; evaluated at each call.
///   - fileID: The `#fileID` the issue points at: where the endpoint was made.
///   - filePath: The `#filePath` the issue points at.
///   - line: The line the issue points at.
///   - column: The column the issue points at.
/// - Returns: The endpoint.
public func unimplemented<each Argument, Result>(
  _ endpoint: String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
  { (arguments: repeat each Argument) in
    reportUnimplementedCall(
      endpoint, repeat each arguments, fileID: fileID, filePath: filePath, line: line, column: column)
    return placeholder()
  }
}

/// An async endpoint that reports an issue naming it when called, then returns `placeholder`.
/// - Parameters:
///   - endpoint: The endpoint's name, for the issue.
///   - placeholder: What each call returns after reporting; evaluated at each call.
///   - fileID: The `#fileID` the issue points at: where the endpoint was made.
///   - filePath: The `#filePath` the issue points at.
///   - line: The line the issue points at.
///   - column: The column the issue points at.
/// - Returns: The endpoint.
public func unimplemented<each Argument, Result>(
  _ endpoint: String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) -> @Sendable (repeat each Argument) async -> Result {
  { (arguments: repeat each Argument) in
    reportUnimplementedCall(
      endpoint, repeat each arguments, fileID: fileID, filePath: filePath, line: line, column: column)
    return placeholder()
  }
}

/// A throwing endpoint that reports an issue naming it when called, then throws
/// ``UnimplementedFailure``.
///
/// ```swift
/// static let testValue = APIClient(delete: unimplemented("APIClient.delete"))
/// ```
/// - Parameters:
///   - endpoint: The endpoint's name, for the issue and the error.
///   - fileID: The `#fileID` the issue points at: where the endpoint was made.
///   - filePath: The `#filePath` the issue points at.
///   - line: The line the issue points at.
///   - column: The column the issue points at.
/// - Returns: The endpoint.
public func unimplemented<each Argument, Result>(
  _ endpoint: String = "",
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Result {
  { (arguments: repeat each Argument) in
    reportUnimplementedCall(
      endpoint, repeat each arguments, fileID: fileID, filePath: filePath, line: line, column: column)
    throw UnimplementedFailure(endpoint: endpoint)
  }
}

/// An async throwing endpoint that reports an issue naming it when called, then throws
/// ``UnimplementedFailure``.
/// - Parameters:
///   - endpoint: The endpoint's name, for the issue and the error.
///   - fileID: The `#fileID` the issue points at: where the endpoint was made.
///   - filePath: The `#filePath` the issue points at.
///   - line: The line the issue points at.
///   - column: The column the issue points at.
/// - Returns: The endpoint.
public func unimplemented<each Argument, Result>(
  _ endpoint: String = "",
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) -> @Sendable (repeat each Argument) async throws -> Result {
  { (arguments: repeat each Argument) in
    reportUnimplementedCall(
      endpoint, repeat each arguments, fileID: fileID, filePath: filePath, line: line, column: column)
    throw UnimplementedFailure(endpoint: endpoint)
  }
}

// Disfavoured: for a `throws -> Void` endpoint the throwing overload must win (it throws), and
// without this the two would be equally good matches.
/// An endpoint returning nothing that reports an issue naming it when called.
///
/// ```swift
/// static let testValue = Analytics(track: unimplemented("Analytics.track"))
/// ```
/// - Parameters:
///   - endpoint: The endpoint's name, for the issue.
///   - fileID: The `#fileID` the issue points at: where the endpoint was made.
///   - filePath: The `#filePath` the issue points at.
///   - line: The line the issue points at.
///   - column: The column the issue points at.
/// - Returns: The endpoint.
@_disfavoredOverload
public func unimplemented<each Argument>(
  _ endpoint: String = "",
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) -> @Sendable (repeat each Argument) -> Void {
  { (arguments: repeat each Argument) in
    reportUnimplementedCall(
      endpoint, repeat each arguments, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

// Disfavoured: for a `throws -> Void` endpoint the throwing overload must win (it throws), and
// without this the two would be equally good matches.
/// An async endpoint returning nothing that reports an issue naming it when called.
/// - Parameters:
///   - endpoint: The endpoint's name, for the issue.
///   - fileID: The `#fileID` the issue points at: where the endpoint was made.
///   - filePath: The `#filePath` the issue points at.
///   - line: The line the issue points at.
///   - column: The column the issue points at.
/// - Returns: The endpoint.
@_disfavoredOverload
public func unimplemented<each Argument>(
  _ endpoint: String = "",
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) -> @Sendable (repeat each Argument) async -> Void {
  { (arguments: repeat each Argument) in
    reportUnimplementedCall(
      endpoint, repeat each arguments, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
