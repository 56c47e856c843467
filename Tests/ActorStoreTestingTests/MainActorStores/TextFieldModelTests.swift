import ActorStoreTesting
import Testing

/// A text field as UIKit and SwiftUI keep one, bound to `$form.text`: it shows its own text,
/// writes each keystroke to the binding, and on every render replaces its text with the
/// binding's value when the two differ.
@MainActor final class ModelTextField {
  private(set) var shown = ""
  /// Renders that replaced the field's text with something other than what it showed (or the
  /// reducer's rewrite of it): the user's typing undone.
  private(set) var staleEchoes = 0
  private let form: ObservableStore<Form.State, Form.Action>
  private let rewrites: Bool

  init(_ form: ObservableStore<Form.State, Form.Action>, rewrites: Bool) {
    self.form = form
    self.rewrites = rewrites
  }

  func type(_ character: Character) {
    shown.append(character)
    form.text = shown
  }

  func render() {
    let value = form.text
    guard value != shown else { return }
    if !(rewrites && value == shown.uppercased()) { staleEchoes += 1 }
    shown = value
  }
}

@MainActor @Suite struct TextFieldModelTests {
  enum StoreKind: CaseIterable { case mainActor, offMain }

  struct Outcome: Equatable {
    var staleEchoes: Int
    var shown: String
    var stored: String
    var expected: String
  }

  /// Typing, effect floods and random main-actor turns, each followed by a render.
  func typingSession(seed: UInt64, on kind: StoreKind, rewrites: Bool, steps: Int = 40) -> Outcome {
    let executor = TestExecutor(ordering: .seeded(seed))
    defer { executor.drainAfterRelease() }
    let storeExecutor = kind == .mainActor ? executor.makeMainActorStoreExecutor() : executor.makeStoreExecutor()
    let store = Store(initialState: Form.State(uppercases: rewrites), reducer: Form(), executor: storeExecutor)
    let form = ObservableStore(store)
    let field = ModelTextField(form, rewrites: rewrites)
    var random = SeededGenerator(seed: seed)
    let keys = Array("actor store ")
    var typed = ""
    for _ in 0..<steps {
      switch random.next(upperBound: UInt64(100)) {
      case 0..<60:
        let key = keys[Int(random.next(upperBound: UInt64(keys.count)))]
        typed.append(key)
        field.type(key)
      case 60..<75:
        form.send(.flood(Int(random.next(upperBound: UInt64(50))) + 1))
      default:
        executor.runJobs(Int(random.next(upperBound: UInt64(4))))
      }
      field.render()
    }
    executor.runUntilIdle()
    field.render()
    return Outcome(
      staleEchoes: field.staleEchoes, shown: field.shown, stored: store.currentState.text,
      expected: rewrites ? typed.uppercased() : typed)
  }

  @Test(arguments: StoreKind.allCases, [false, true])
  func theFieldNeverShowsAStaleValueAndTheStoreEndsWithWhatWasTyped(kind: StoreKind, rewrites: Bool) {
    for seed in UInt64(0)..<1_000 {
      let outcome = typingSession(seed: seed, on: kind, rewrites: rewrites)
      #expect(outcome.staleEchoes == 0, "seed \(seed): \(outcome)")
      #expect(outcome.stored == outcome.expected, "seed \(seed): \(outcome)")
      #expect(outcome.shown == outcome.expected, "seed \(seed): \(outcome)")
      if outcome.staleEchoes != 0 || outcome.stored != outcome.expected { return }
    }
  }

  /// The reproduction: "actor store " typed 20 times with 0–3 main-actor turns between
  /// keystrokes.
  @Test(arguments: StoreKind.allCases)
  func typingASentence20TimesLosesNothing(kind: StoreKind) {
    let executor = TestExecutor(ordering: .seeded(7))
    defer { executor.drainAfterRelease() }
    let storeExecutor = kind == .mainActor ? executor.makeMainActorStoreExecutor() : executor.makeStoreExecutor()
    let form = ObservableStore(Store(initialState: Form.State(), reducer: Form(), executor: storeExecutor))
    let field = ModelTextField(form, rewrites: false)
    var random = SeededGenerator(seed: 7)
    let sentence = String(repeating: "actor store ", count: 20)
    for key in sentence {
      field.type(key)
      executor.runJobs(Int(random.next(upperBound: UInt64(4))))
      field.render()
    }
    executor.runUntilIdle()
    field.render()
    #expect(field.staleEchoes == 0)
    #expect(form.text == sentence)
    #expect(field.shown == sentence)
  }

  /// The same while an effect sends 20 000 actions.
  @Test(arguments: StoreKind.allCases)
  func typingDuringAFloodOf20000ActionsLosesNothing(kind: StoreKind) {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let storeExecutor = kind == .mainActor ? executor.makeMainActorStoreExecutor() : executor.makeStoreExecutor()
    let form = ObservableStore(Store(initialState: Form.State(), reducer: Form(), executor: storeExecutor))
    let field = ModelTextField(form, rewrites: false)
    form.send(.flood(20_000))
    for key in "tg" {
      executor.runJobs(500)
      field.type(key)
      field.render()
    }
    executor.runUntilIdle()
    field.render()
    #expect(field.staleEchoes == 0)
    #expect(form.text == "tg")
    #expect(form.count == 20_000)
  }
}
