#if canImport(SwiftUI)
  import SwiftUI

  extension View {
    /// Keeps a `@FocusState` and a member of the store's state in step both ways, as TCA's
    /// `.bind($store.focus, to: $focus)`: the store's value when the view appears, then each
    /// side's changes to the other, by the rules of ``FocusBinding`` (no loops; a change
    /// reported after the view disappeared, as SwiftUI clears focus while dismissing a sheet,
    /// does nothing).
    /// - Parameters:
    ///   - model: The store's member, `$store.focus`.
    ///   - focus: The view's focus, `$focus`.
    /// - Returns: The view, kept in step.
    public func bind<Value: Hashable>(_ model: Binding<Value>, to focus: FocusState<Value>.Binding) -> some View {
      modifier(FocusBindingModifier(model: model, focus: focus))
    }
  }

  /// Forwards `onAppear`, `onChange` of each side and `onDisappear` to a ``FocusBinding``, and
  /// performs its commands.
  private struct FocusBindingModifier<Value: Hashable>: ViewModifier {
    let model: Binding<Value>
    let focus: FocusState<Value>.Binding
    @SwiftUI.State private var binding = FocusBinding<Value>()

    func body(content: Content) -> some View {
      content
        .onAppear { perform(binding.appear(model: model.wrappedValue, view: focus.wrappedValue)) }
        .onChange(of: model.wrappedValue) { _, value in perform(binding.modelChanged(to: value, now: sides)) }
        .onChange(of: focus.wrappedValue) { _, value in perform(binding.viewChanged(to: value, now: sides)) }
        .onDisappear { binding.disappear() }
    }

    private var sides: FocusBinding<Value>.Sides { .init(model: model.wrappedValue, view: focus.wrappedValue) }

    private func perform(_ command: FocusBinding<Value>.Command) {
      switch command {
      case .none: break
      case .setView(let value): focus.wrappedValue = value
      case .setModel(let value): model.wrappedValue = value
      }
    }
  }
#endif
