import ActorStoreTesting
import Observation
import Testing

@MainActor @Suite struct MainActorStoreTests {
  @Test func aSendOnTheRealMainActorIsReducedBeforeItReturns() async {
    let store = Store(initialState: Form.State(), reducer: Form(), executor: .mainActor)
    let form = ObservableStore(store)
    form.send(.increment)
    #expect(form.count == 1)
    #expect(store.currentState.count == 1)
    form.text = "a"
    #expect(form.text == "a")
    let changes = ChangeCounter { _ = form.isOn }
    form.send(.toggle)
    #expect(changes.count == 1)
    #expect(form.isOn)
    await form.send(.ask).finish()
    #expect(form.answer == "1")
    #expect(store.sendOnMainActor(.increment).hasFinished)
    #expect(form.count == 2)
  }

  @Test func aSendUnderTheTestExecutorIsReducedBeforeItReturns() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let store = Store(initialState: Form.State(), reducer: Form(), executor: executor.makeMainActorStoreExecutor())
    let form = ObservableStore(store)
    form.send(.increment)
    #expect(form.count == 1)
    form.text = "ab"
    #expect(form.text == "ab")
    let answers = ChangeCounter { _ = form.answer }
    let task = form.send(.ask)
    #expect(!task.hasFinished)
    executor.runUntilIdle()
    #expect(task.hasFinished)
    #expect(form.answer == "1")
    #expect(answers.count == 1)
    executor.checkForeignEnqueues()
  }
}
