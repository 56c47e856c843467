@testable import ActorStore
import ActorStoreTesting

/// A list of meetings kept under a shared key, and a counter of its own.
struct MeetingList: Reducer {
  struct State: Equatable, Sendable {
    @Shared(.inMemory("meetings")) var meetings: [String] = []
    var edits = 0
  }

  enum Action: Equatable, Sendable {
    case add(String)
    case assign([String])
    case removeFirst
    case addLater(String)
    /// An effect adds it, and sends nothing.
    case addInBackground(String)
    case edit
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let title):
      state.$meetings.withLock { $0.append(title) }
    case .assign(let meetings):
      state.meetings = meetings
    case .removeFirst:
      state.$meetings.withLock { _ = $0.removeFirst() }
    case .addLater(let title):
      return .run { [meetings = state.$meetings] send in
        meetings.withLock { $0.append(title) }
        await send(.edit)
      }
    case .addInBackground(let title):
      return .run { [meetings = state.$meetings] _ in meetings.withLock { $0.append(title) } }
    case .edit:
      state.edits += 1
    }
    return .none
  }
}

/// Holds a different key: never republished for `MeetingList`'s changes.
struct Unrelated: Reducer {
  struct State: Equatable, Sendable {
    @Shared(.inMemory("other")) var value = 0
  }

  enum Action: Equatable, Sendable { case set(Int) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .set(let value): state.value = value
    }
    return .none
  }
}

/// Counts the publications of a store's state (through the store's internal `watch`, which
/// every publication calls once), on its executor.
final class PublicationCount: Sendable {
  private let count = LockIsolated(0)

  init<State, Action>(_ store: Store<State, Action>) {
    store.watch { [count] _ in
      count.withValue { $0 += 1 }
      return true
    }
  }

  var value: Int { count.value }
}

/// A list whose rows each hold the shared "theme": a cell shows its row's theme.
struct ThemedList: Reducer {
  struct Row: Equatable, Identifiable, Sendable {
    let id: Int
    @Shared(.inMemory("theme")) var theme = "light"
  }

  struct State: Equatable, Sendable {
    var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
  }

  enum RowAction: Equatable, Sendable { case setTheme(String) }

  enum Action: Equatable, Sendable { case rows(IdentifiedAction<Int, RowAction>) }

  static let rows = ActionPath<Action, IdentifiedAction<Int, RowAction>>(
    embed: Action.rows, extract: { if case .rows(let action) = $0 { action } else { nil } })

  var body: some Reducer<State, Action> {
    EmptyReducer().forEach(\.rows, action: Self.rows) {
      Reduce<Row, RowAction> { row, action in
        switch action {
        case .setTheme(let theme): row.theme = theme
        }
        return .none
      }
    }
  }
}

/// A cell showing its row's theme.
@MainActor final class ThemeCell: MainActorStoreHost<ThemedList.Row, ThemedList.RowAction> {
  private(set) var shown: [String] = []

  override func configureStateObservation(on store: Store<ThemedList.Row, ThemedList.RowAction>) {
    observe(\.theme) { [unowned self] theme in shown.append(theme) }
  }
}

/// A list of rows kept under the shared key "notes", each row a feature of its own.
struct SharedNotes: Reducer {
  struct Note: Equatable, Identifiable, Sendable {
    let id: Int
    var text = ""
  }

  struct State: Equatable, Sendable {
    @Shared(.inMemory("notes")) var notes: IdentifiedArrayOf<Note> = [Note(id: 1), Note(id: 2)]
  }

  enum NoteAction: Equatable, Sendable { case edit(String) }

  enum Action: Equatable, Sendable {
    case notes(IdentifiedAction<Int, NoteAction>)
    case remove(Int)
    case add(Int)
  }

  static let notes = ActionPath<Action, IdentifiedAction<Int, NoteAction>>(
    embed: Action.notes, extract: { if case .notes(let action) = $0 { action } else { nil } })

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .notes: break
      case .remove(let id): state.$notes.withLock { _ = $0.remove(id: id) }
      case .add(let id): state.$notes.withLock { _ = $0.append(Note(id: id)) }
      }
      return .none
    }
    .forEach(\.notes, action: Self.notes) {
      Reduce<Note, NoteAction> { note, action in
        switch action {
        case .edit(let text): note.text = text
        }
        return .none
      }
    }
  }
}

/// Opens a draft under a key of its own, made by the reducer when the draft opens.
struct DraftOpener: Reducer {
  struct State: Equatable, Sendable {
    var draft: Shared<String>?
  }

  enum Action: Equatable, Sendable {
    /// Makes the draft's key (an empty draft) and, when `text` is not `nil`, writes it at once.
    case open(name: String, text: String?)
    /// An effect writes the open draft, and sends nothing.
    case writeInBackground(String)
    /// An effect makes a draft's key and writes it, and sends nothing.
    case makeInBackground(name: String, text: String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .open(let name, let text):
      let draft = Shared(wrappedValue: "", .inMemory("draft-\(name)"))
      if let text { draft.withLock { $0 = text } }
      state.draft = draft
    case .writeInBackground(let text):
      guard let draft = state.draft else { return .none }
      return .run { _ in draft.withLock { $0 = text } }
    case .makeInBackground(let name, let text):
      return .run { _ in Shared(wrappedValue: "", .inMemory("draft-\(name)")).withLock { $0 = text } }
    }
    return .none
  }
}
