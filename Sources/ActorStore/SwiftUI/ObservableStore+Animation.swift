#if canImport(SwiftUI)
  import SwiftUI

  extension ObservableStore {
    /// Sends `action` and applies the state change it makes with `animation`, as TCA's
    /// `store.send(_:animation:)`: ``send(_:within:)`` around `withAnimation`.
    /// - Parameters:
    ///   - action: The action.
    ///   - animation: The animation; `nil` for none.
    /// - Returns: A handle on the effects the action started.
    @discardableResult
    public func send(_ action: Action, animation: Animation?) -> StoreTask {
      send(action, within: { update in withAnimation(animation) { update() } })
    }

    /// Sends `action` and applies the state change it makes in `transaction`, as TCA's
    /// `store.send(_:transaction:)`: ``send(_:within:)`` around `withTransaction`.
    /// - Parameters:
    ///   - action: The action.
    ///   - transaction: The transaction.
    /// - Returns: A handle on the effects the action started.
    @discardableResult
    public func send(_ action: Action, transaction: Transaction) -> StoreTask {
      send(action, within: { update in withTransaction(transaction) { update() } })
    }
  }
#endif

#if canImport(SwiftUI)
  extension Send {
    /// Delivers `action` and has a main-actor store apply its state change with `animation`, as
    /// TCA's `send(_:animation:)` in an effect: ``callAsFunction(_:within:)`` around
    /// `withAnimation`.
    /// - Parameters:
    ///   - action: The action to deliver.
    ///   - animation: The animation; `nil` for none.
    nonisolated(nonsending) public func callAsFunction(_ action: Action, animation: Animation?) async {
      await callAsFunction(action, within: { update in withAnimation(animation) { update() } })
    }
  }
#endif
