extension DependencyValues {
  /// Dismisses the presented feature whose effect calls it, as TCA's `@Dependency(\.dismiss)`:
  ///
  /// ```swift
  /// @Dependency(\.dismiss) var dismiss
  /// …
  /// case .saveButtonTapped:
  ///   return .run { _ in await dismiss() }
  /// ```
  ///
  /// In an effect of a child that `ifLet` presents over ``PresentationState``, `await dismiss()`
  /// sends the parent's ``PresentationAction/dismiss``; in an effect of an element of a
  /// ``StackState`` that `forEach` runs, it sends ``StackAction/popFrom(id:)`` for that element.
  /// It returns once the parent has processed that action, which cancels the calling effect, so
  /// code after it does not send anything. Called anywhere else, it reports an issue and does
  /// nothing. Override it (`DismissEffect { … }`) to test a child alone.
  public var dismiss: DismissEffect {
    get { self[DismissKey.self] }
    set { self[DismissKey.self] = newValue }
  }
}

/// The value of ``DependencyValues/dismiss``: call it, `await dismiss()`, from a presented
/// child's effect.
public struct DismissEffect: Sendable {
  private let dismiss: (@Sendable () async -> Void)?
  /// What a call from an effect that no presentation started does instead of reporting: a
  /// `TestStore` records that its root feature dismissed itself.
  private let dismissRoot: (@Sendable () async -> Void)?

  /// A dismissal that runs `dismiss` instead of the presenting parent's: for testing a child
  /// feature on its own.
  /// - Parameter dismiss: What calling the effect does.
  public init(_ dismiss: @escaping @Sendable () async -> Void) {
    self.dismiss = dismiss
    dismissRoot = nil
  }

  /// The default: dismisses the presentation the calling effect belongs to.
  init() {
    dismiss = nil
    dismissRoot = nil
  }

  private init(dismiss: (@Sendable () async -> Void)?, dismissRoot: (@Sendable () async -> Void)?) {
    self.dismiss = dismiss
    self.dismissRoot = dismissRoot
  }

  /// Dismisses the presentation the calling effect belongs to, and, called from an effect that
  /// no presentation started (the root feature's), runs `dismissRoot`.
  package static func dismissing(root dismissRoot: @escaping @Sendable () async -> Void) -> Self {
    Self(dismiss: nil, dismissRoot: dismissRoot)
  }

  /// Asks the presenting parent to dismiss the child whose effect calls it, and returns once the
  /// parent has done so (see ``DependencyValues/dismiss``).
  /// - Parameters:
  ///   - fileID: The call site, for the issue reported outside a presented child.
  ///   - filePath: The call site.
  ///   - line: The call site.
  ///   - column: The call site.
  public func callAsFunction(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    if let dismiss { return await dismiss() }
    guard let presentation = Self.presentation else {
      if let dismissRoot { return await dismissRoot() }
      CallSite(fileID: fileID, filePath: filePath, line: line, column: column).report(
        """
        dismiss() was called from an effect that no presentation started: only the effects of a \
        child that ifLet presents over PresentationState, or of a StackState element that \
        forEach runs, can dismiss themselves. Nothing was dismissed.
        """)
      return
    }
    await presentation()
  }

  /// How the running effect's presentation is dismissed: sends the presenting parent's dismiss
  /// (or pop) action through the effect's own `Send`. Set around every `.run` of a presented
  /// child (innermost presentation wins), so it is `nil` outside presented children.
  @TaskLocal static var presentation: (@Sendable () async -> Void)?
}

/// The key of ``DependencyValues/dismiss``: the same default live and in tests, which finds the
/// presentation from the calling effect.
private enum DismissKey: DependencyKey {
  static let liveValue = DismissEffect()
  static let testValue = DismissEffect()
}

extension Effect {
  /// The effect, with every `.run` in it able to dismiss its presentation by sending
  /// `dismissal` (see ``DependencyValues/dismiss``).
  func dismissible(by dismissal: Action) -> Self {
    mapRuns { $0.withTaskLocal(DismissEffect.$presentation) { send in { await send(dismissal) } } }
  }
}
