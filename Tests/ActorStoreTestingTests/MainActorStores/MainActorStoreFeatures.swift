import ActorStoreTesting
import Synchronization

/// Events recorded from a transaction and from observers, across isolations.
final class TransactionLog: Sendable {
  let events = Mutex<[String]>([])
  func append(_ event: String) { events.withLock { $0.append(event) } }
  var all: [String] { events.withLock { $0 } }
}

/// A form as a screen keeps one: a text field bound through `BindingReducer`, a counter, a
/// toggle, an effect that answers, and a rule that rewrites what is typed.
struct Form: Reducer {
  struct State: Equatable, Sendable {
    var text = ""
    var count = 0
    var isOn = false
    var answer: String?
    /// When set, typed text is upper-cased by the reducer (a rewrite the field must show).
    var uppercases = false
  }
  enum Action: BindableAction, Equatable, Sendable {
    case binding(BindingAction<State>)
    case increment
    case toggle
    case ask
    case answered(String)
    case flood(Int)
    case bump
    case askWithinTransaction
  }

  /// Where `askWithinTransaction`'s transaction records entering and leaving.
  var log: TransactionLog?

  var body: some Reducer<State, Action> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.text):
        if state.uppercases { state.text = state.text.uppercased() }
        return .none
      case .binding:
        return .none
      case .increment:
        state.count += 1
        return .none
      case .toggle:
        state.isOn.toggle()
        return .none
      case .ask:
        return .run { [count = state.count] send in await send(.answered("\(count)")) }
      case .answered(let answer):
        state.answer = answer
        return .none
      case .flood(let count):
        return .run { send in
          for _ in 0..<count { await send(.bump) }
        }
      case .bump:
        state.count += 1
        return .none
      case .askWithinTransaction:
        return .run { [log] send in
          await send(.answered("within")) { update in
            log?.append("enter")
            update()
            log?.append("leave")
          }
        }
      }
    }
  }
}
