#if canImport(SwiftUI)
  import SwiftUI

  extension Bindable {
    /// A member of the store's state, to make a binding from with
    /// ``ObservableStoreMember/sending(_:)``: `$store.name.sending(.nameChanged)`, as in TCA.
    /// - Parameter member: The member.
    @MainActor
    public subscript<State, Action, Member: Equatable & Sendable>(
      dynamicMember member: any KeyPath<State, Member> & Sendable
    ) -> ObservableStoreMember<State, Action, Member> where Value == ObservableStore<State, Action> {
      ObservableStoreMember(store: wrappedValue, member: member)
    }
  }

  /// A member of an `ObservableStore`'s state, on its way to a binding that sends a feature's own
  /// action (`$store.name.sending(.nameChanged)`).
  @MainActor
  public struct ObservableStoreMember<State: Sendable, Action: Sendable, Member: Equatable & Sendable> {
    let store: ObservableStore<State, Action>
    let member: any KeyPath<State, Member> & Sendable

    /// A binding that reads the member (tracking it alone) and sends `action` with each value
    /// written, as TCA's `sending(_:)`.
    /// - Parameter action: The action that sets the member.
    /// - Returns: The binding.
    public func sending(_ action: ActionPath<Action, Member>) -> Binding<Member> {
      Bindable(store)[dynamicMember: \.[sending: SendingMember(member: member, action: action)]]
    }
  }
#endif
