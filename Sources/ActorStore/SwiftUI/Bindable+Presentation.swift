#if canImport(SwiftUI)
  import SwiftUI

  extension Bindable {
    /// A binding to the presented child's store, `nil` while nothing is presented, as TCA's
    /// `$store.scope(state:action:)`: for `.sheet(item:)`, `.popover(item:)`,
    /// `.fullScreenCover(item:)`, `.navigationDestination(item:)`, and this package's
    /// `.alert(_:)` and `.confirmationDialog(_:)`.
    ///
    /// The binding reads ``ObservableStore/scope(state:action:)-(_,ActionPath<Action,PresentationAction<ChildAction>>)``
    /// (one store per presentation). SwiftUI writing `nil` (a swipe-down, a tap outside, the
    /// back button) sends `.dismiss` once, if the state still presents what this binding showed;
    /// a write that arrives after the state moved on sends nothing (``PresentationBindingWrite``
    /// has the rules).
    /// - Parameters:
    ///   - state: The child's optional state, `\.editor` for a `@Presents var editor`, or
    ///     `\.destination?.edit` for a case of a destination enum.
    ///   - action: The child's presentation actions, `.editor`, or
    ///     `.presented(.destination, .edit)`.
    /// - Returns: The binding.
    @MainActor
    public func scope<State, Action, ChildState: Sendable, ChildAction: Sendable>(
      state: any KeyPath<State, ChildState?> & Sendable,
      action: ActionPath<Action, PresentationAction<ChildAction>>
    ) -> Binding<ObservableStore<ChildState, ChildAction>?> where Value == ObservableStore<State, Action> {
      binding(for: PresentationScope(state: state, action: action))
    }

    /// A binding to the presented `Identifiable` child's store: a child replaced by one with
    /// another `id` is a new presentation (see the overload for any child state).
    /// - Parameters:
    ///   - state: The child's optional state.
    ///   - action: The child's presentation actions.
    /// - Returns: The binding.
    @MainActor
    public func scope<State, Action, ChildState: Identifiable & Sendable, ChildAction: Sendable>(
      state: any KeyPath<State, ChildState?> & Sendable,
      action: ActionPath<Action, PresentationAction<ChildAction>>
    ) -> Binding<ObservableStore<ChildState, ChildAction>?>
    where Value == ObservableStore<State, Action>, ChildState.ID: Sendable {
      binding(for: PresentationScope(state: state, action: action))
    }

    /// The binding through ``ObservableStore/subscript(presentation:shown:)``, for the
    /// presentation shown now.
    @MainActor
    private func binding<State, Action, ChildState, ChildAction>(
      for scope: PresentationScope<State, Action, ChildState, ChildAction>
    ) -> Binding<ObservableStore<ChildState, ChildAction>?> where Value == ObservableStore<State, Action> {
      self[dynamicMember: \.[presentation: scope, shown: wrappedValue.presentation(of: scope)]]
    }
  }
#endif
