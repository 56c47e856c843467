#if canImport(SwiftUI)
  import SwiftUI

  extension Bindable {
    /// A binding to the store of a navigation stack, as TCA's `$store.scope(state: \.path,
    /// action: \.path)`: for `NavigationStack(path:root:destination:)`.
    /// - Parameters:
    ///   - state: The stack's state, `\.path`.
    ///   - action: The stack's actions, `.path`.
    /// - Returns: The binding.
    @MainActor
    public func scope<State, Action, Element: Sendable, ElementAction: Sendable>(
      state: any KeyPath<State, StackState<Element>> & Sendable,
      action: ActionPath<Action, StackAction<Element, ElementAction>>
    ) -> Binding<ObservableStore<StackState<Element>, StackAction<Element, ElementAction>>>
    where Value == ObservableStore<State, Action> {
      self[dynamicMember: \.[stack: StackScope(state: state, action: action)]]
    }
  }

  @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
  extension NavigationStack {
    /// A navigation stack driven by a ``StackState``, as TCA's `NavigationStack(path:root:
    /// destination:)`: pushes (a `NavigationLink(state:)`) and pops (the back button, the back
    /// swipe) become ``StackAction``s, decided by ``StackPathWrite``; each screen is shown by
    /// `destination` with its own store.
    /// - Parameters:
    ///   - path: `$store.scope(state: \.path, action: .path)`.
    ///   - root: The root view.
    ///   - destination: The view of a screen, given the screen's store (`switch store.state`
    ///     for an enum of screens).
    @MainActor
    public init<Element: Sendable, ElementAction: Sendable, Base: View, Screen: View>(
      path: Binding<ObservableStore<StackState<Element>, StackAction<Element, ElementAction>>>,
      @ViewBuilder root: () -> Base,
      @ViewBuilder destination: @escaping (ObservableStore<Element, ElementAction>) -> Screen
    ) where Data == [StackPathComponent<Element>], Root == ModifiedContent<Base, StackDestinations<Element, ElementAction, Screen>> {
      let stack = path.wrappedValue
      self.init(path: Bindable(stack)[dynamicMember: \.[path: stack.pathIDs()]]) {
        root().modifier(StackDestinations(stack: stack, destination: destination))
      }
    }
  }

  /// Shows each screen of a stack with its store: the `navigationDestination(for:)` of
  /// `NavigationStack(path:root:destination:)`.
  public struct StackDestinations<Element: Sendable, ElementAction: Sendable, Screen: View>: ViewModifier {
    let stack: ObservableStore<StackState<Element>, StackAction<Element, ElementAction>>
    let destination: (ObservableStore<Element, ElementAction>) -> Screen

    /// The content, with the stack's destinations.
    /// - Parameter content: The root view.
    /// - Returns: The root view, with its destinations.
    public func body(content: Content) -> some View {
      content.navigationDestination(for: StackPathComponent<Element>.self) { component in
        stack.element(id: component.id).map(destination)
      }
    }
  }

  extension NavigationLink where Destination == Never {
    /// A link that pushes `state` onto the enclosing stack driven by a ``StackState``, as TCA's
    /// `NavigationLink(state:)`: the push reaches the store as ``StackAction/push(id:state:)``
    /// with a fresh ID (``DependencyValues/stackElementID``).
    /// - Parameters:
    ///   - state: The screen to push; `nil` disables the link.
    ///   - label: The link's label.
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
    public init<Element>(state: Element?, @ViewBuilder label: () -> Label) {
      self.init(
        value: state.map { StackPathComponent(id: DependencyValues.inForce.stackElementID.next(), element: $0) },
        label: label)
    }
  }
#endif
