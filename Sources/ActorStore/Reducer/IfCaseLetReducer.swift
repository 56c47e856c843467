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
      identity: { _ in nil }, callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Runs `caseReducer` on one case of an enum state whose payload is `Identifiable`, as
  /// TCA's `ifCaseLet`: besides leaving the case, a change of the payload's `id` while the state
  /// stays in the case cancels the effects the case's reducer started for the old `id`, so that
  /// a late response of the old child never reaches the new one (see the overload for any
  /// payload).
  /// - Parameters:
  ///   - toCaseState: The case of the state that holds the child state.
  ///   - toCaseAction: The child actions within this reducer's actions.
  ///   - caseReducer: The child reducer.
  ///   - fileID: Where `ifCaseLet` is called, for diagnostics and as the scope of its effects.
  ///   - filePath: Where `ifCaseLet` is called, for diagnostics.
  ///   - line: Where `ifCaseLet` is called.
  ///   - column: Where `ifCaseLet` is called.
  /// - Returns: The combined reducer.
  public func ifCaseLet<CaseState: Identifiable & Sendable, CaseAction: Sendable, Case: Reducer>(
    _ toCaseState: CasePath<State, CaseState>,
    action toCaseAction: ActionPath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then caseReducer: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfCaseLetReducer<Self, Case>
  where Case.State == CaseState, Case.Action == CaseAction, CaseState.ID: Sendable {
    IfCaseLetReducer(
      parent: self, toCaseState: toCaseState, toCaseAction: toCaseAction, caseReducer: caseReducer(),
      identity: { EffectID($0.id) },
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// The reducer `ifCaseLet(_:action:then:)` returns.
public struct IfCaseLetReducer<Parent: Reducer, Case: Reducer>: Reducer {
  let parent: Parent
  let toCaseState: CasePath<Parent.State, Case.State>
  let toCaseAction: ActionPath<Parent.Action, Case.Action>
  let caseReducer: Case
  /// The `id` of the case's payload when it is `Identifiable`, else nothing (only leaving the
  /// case ends it).
  let identity: @Sendable (Case.State) -> EffectID?
  let callSite: CallSite
  /// The scope of the case's effects: this `ifCaseLet`, by where it is declared (case paths are
  /// closures, which cannot be compared). Made once, not per action: it boxes a string.
  let scope: EffectID

  init(
    parent: Parent, toCaseState: CasePath<Parent.State, Case.State>,
    toCaseAction: ActionPath<Parent.Action, Case.Action>, caseReducer: Case,
    identity: @escaping @Sendable (Case.State) -> EffectID?, callSite: CallSite
  ) {
    self.parent = parent
    self.toCaseState = toCaseState
    self.toCaseAction = toCaseAction
    self.caseReducer = caseReducer
    self.identity = identity
    self.callSite = callSite
    scope = EffectID(CaseScope(fileID: "\(callSite.fileID)", line: callSite.line, column: callSite.column))
  }

  /// Runs the case's reducer for its actions while the state is in the case, then the parent;
  /// cancels the case's effects when the state leaves the case, or its payload's `id` changes.
  /// - Parameters:
  ///   - state: The parent state.
  ///   - action: The parent action.
  /// - Returns: The case's and the parent's effects.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let before = presentation(in: state)
    var caseEffect = Effect<Parent.Action>.none
    if let caseAction = toCaseAction.extract(action) {
      if var caseState = toCaseState.extract(state) {
        caseEffect = caseReducer.reduce(into: &caseState, action: caseAction).map(toCaseAction.embed)
        // The effects belong to the payload the case holds once it has reduced.
        caseEffect = caseEffect.scoped(to: scope(identity(caseState)))
        state = toCaseState.embed(caseState)
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
    guard let before, before != presentation(in: state) else { return caseEffect.merge(with: parentEffect) }
    return caseEffect.merge(with: parentEffect).merge(with: .cancelScope(scope(before.id)))
  }

  /// The case's current payload, or `nil` when the state is in another case.
  private func presentation(in state: Parent.State) -> Payload? {
    toCaseState.extract(state).map { Payload(id: identity($0)) }
  }

  /// The case's payload, as far as its effects are concerned: its `id` when it is
  /// `Identifiable`.
  private struct Payload: Equatable {
    let id: EffectID?
  }

  /// The effect scope of the case holding a payload with this `id` (`nil` for a payload that is
  /// not `Identifiable`).
  private func scope(_ id: EffectID?) -> EffectID {
    guard let id else { return scope }
    return EffectID(IdentifiedCaseScope(site: scope, id: id))
  }
}

/// The effect scope of an `ifCaseLet`'s case holding an `Identifiable` payload: the case's
/// scope, and the payload's `id`.
struct IdentifiedCaseScope: Hashable, Sendable, CustomStringConvertible {
  let site: EffectID
  /// The payload's `id`.
  let id: EffectID

  /// The case's scope, then the `id`, as trace events name the scope.
  var description: String { "\(site) (id \(id))" }
}

/// The effect scope of an `ifCaseLet`'s case: its declaration site.
struct CaseScope: Hashable, Sendable, CustomStringConvertible {
  let fileID: String
  let line: UInt
  let column: UInt

  /// `ifCaseLet at App/Root.swift:12:8`, as trace events name the scope.
  var description: String { "ifCaseLet at \(fileID):\(line):\(column)" }
}
