/// The test store of a reducer's feature, as TCA spells it: `TestStoreOf<Counter>` is
/// `TestStore<Counter.State, Counter.Action>`.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action> where R.State: Equatable
