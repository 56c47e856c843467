extension Reducer {
  /// Runs `caseReducer` on one case of an enum state while the state is in that case, then runs
  /// this reducer, as TCA's `ifCaseLet(_:action:then:)`: an app whose root is `.loggedOut` or
  /// `.loggedIn`, each with a feature of its own.
  ///
  /// When the state leaves the case (this reducer, or a later one, sets another case), every
  /// effect the case's reducer started is cancelled. A case action that arrives while the state
  /// is in another case is reported as an issue (this reducer still receives it).
  /// - Parameters:
  ///   - toCaseState: The case of the state that holds the child state.
  ///   - toCaseAction: The child actions within this reducer's actions.
  ///   - caseReducer: The child reducer.
  ///   - fileID: Where `ifCaseLet` is called, for diagnostics and as the scope of its effects.
  ///   - filePath: Where `ifCaseLet` is called, for diagnostics.
  ///   - line: Where `ifCaseLet` is called.
  ///   - column: Where `ifCaseLet` is called.
  /// - Returns: The combined reducer.
  public func ifCaseLet<CaseState: Sendable, CaseAction: Sendable, Case: Reducer>(
    _ toCaseState: CasePath<State, CaseState>,
    action toCaseAction: ActionPath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then caseReducer: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfCaseLetReducer<Self, Case> where Case.State == CaseState, Case.Action == CaseAction {
    IfCaseLetReducer(
      parent: self, toCaseState: toCaseState, toCaseAction: toCaseAction, caseReducer: caseReducer(),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// The reducer `ifCaseLet(_:action:then:)` returns.
public struct IfCaseLetReducer<Parent: Reducer, Case: Reducer>: Reducer {
  let parent: Parent
  let toCaseState: CasePath<Parent.State, Case.State>
  let toCaseAction: ActionPath<Parent.Action, Case.Action>
  let caseReducer: Case
  let callSite: CallSite
  /// The scope of the case's effects: this `ifCaseLet`, by where it is declared (case paths are
  /// closures, which cannot be compared). Made once, not per action: it boxes a string.
  let scope: EffectID

  init(
    parent: Parent, toCaseState: CasePath<Parent.State, Case.State>,
    toCaseAction: ActionPath<Parent.Action, Case.Action>, caseReducer: Case, callSite: CallSite
  ) {
    self.parent = parent
    self.toCaseState = toCaseState
    self.toCaseAction = toCaseAction
    self.caseReducer = caseReducer
    self.callSite = callSite
    scope = EffectID(CaseScope(fileID: "\(callSite.fileID)", line: callSite.line, column: callSite.column))
  }

  /// Runs the case's reducer for its actions while the state is in the case, then the parent;
  /// cancels the case's effects when the state leaves the case.
  /// - Parameters:
  ///   - state: The parent state.
  ///   - action: The parent action.
  /// - Returns: The case's and the parent's effects.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let wasInCase = toCaseState.extract(state) != nil
    var caseEffect = Effect<Parent.Action>.none
    if let caseAction = toCaseAction.extract(action) {
      if var caseState = toCaseState.extract(state) {
        caseEffect = caseReducer.reduce(into: &caseState, action: caseAction).map(toCaseAction.embed)
        state = toCaseState.embed(caseState)
        caseEffect = caseEffect.scoped(to: scope)
      } else {
        callSite.report(
          """
          ifCaseLet received \(caseAction) while its state was in another case (\(state)). The \
          case's reducer did not run; the parent did. Make sure the case's actions stop once the \
          state leaves it.
          """)
      }
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    guard wasInCase, toCaseState.extract(state) == nil else { return caseEffect.merge(with: parentEffect) }
    return caseEffect.merge(with: parentEffect).merge(with: .cancelScope(scope))
  }
}

/// The effect scope of an `ifCaseLet`'s case: its declaration site.
struct CaseScope: Hashable, Sendable, CustomStringConvertible {
  let fileID: String
  let line: UInt
  let column: UInt

  /// `ifCaseLet at App/Root.swift:12:8`, as trace events name the scope.
  var description: String { "ifCaseLet at \(fileID):\(line):\(column)" }
}
