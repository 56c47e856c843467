/// `Result`, seen through a protocol so that ``ActionPath`` can name its two cases for every
/// `Result` type at once: ``ActionPath/success`` and ``ActionPath/failure``, TCA's
/// `\.response.success` and `\.response.failure`. Only `Result` needs to conform. (A
/// `SendableMetatype`, so that the paths' `@Sendable` closures may use the conformance.)
public protocol ResultCasePathable<Success, Failure>: SendableMetatype {
  /// The success value's type.
  associatedtype Success
  /// The failure's type.
  associatedtype Failure: Error

  /// The value as a `Result`.
  var result: Result<Success, Failure> { get }

  /// The value holding `result`.
  /// - Parameter result: The outcome to hold.
  init(result: Result<Success, Failure>)
}

extension Result: ResultCasePathable {
  /// The result itself.
  public var result: Self { self }

  /// `result` itself.
  /// - Parameter result: The result.
  public init(result: Self) { self = result }
}

extension ActionPath where Root: ResultCasePathable, Value == Root.Success {
  /// The path into a `Result`'s `success` case, as TCA's `\.success`. After the path to an
  /// action's `Result` payload: `store.receive(.factResponse, .success)`, or with the value,
  /// `store.receive(.path(.factResponse, .success), "42 is a good number")`.
  public static var success: Self {
    Self(
      embed: { Root(result: .success($0)) },
      extract: { if case .success(let value) = $0.result { value } else { nil } })
  }
}

extension ActionPath where Root: ResultCasePathable, Value == Root.Failure {
  /// The path into a `Result`'s `failure` case, as TCA's `\.failure`:
  /// `store.receive(.factResponse, .failure)`.
  public static var failure: Self {
    Self(
      embed: { Root(result: .failure($0)) },
      extract: { if case .failure(let error) = $0.result { error } else { nil } })
  }
}
