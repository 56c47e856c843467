#if canImport(SwiftUI)
  import ActorStore
  import SwiftUI

  /// The writing timer's screen: the session's time and the note's total, and the start,
  /// pause and reset buttons.
  public struct WritingTimerView: View {
    let store: ObservableStore<WritingTimer.State, WritingTimer.Action>

    public init(store: ObservableStore<WritingTimer.State, WritingTimer.Action>) { self.store = store }

    public var body: some View {
      VStack {
        Text(WritingTimer.State.clockText(store.sessionSeconds))
        Text("Written in all: \(WritingTimer.State.clockText(store.totalSeconds))")
        Button(store.isRunning ? "Pause" : "Start") { store.send(store.isRunning ? .pauseTapped : .startTapped) }
        Button("Reset") { store.send(.resetTapped) }
      }
    }
  }
#endif
