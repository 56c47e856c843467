/// The store of a reducer's feature, as TCA spells it: `StoreOf<Counter>` is
/// `Store<Counter.State, Counter.Action>`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>

/// A reducer with a feature's state and action types, for a property or parameter that holds
/// any reducer of that feature: `ReducerOf<Counter>` is `any Reducer<Counter.State, Counter.Action>`
/// when used as an existential, or a constraint in `some ReducerOf<Counter>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>

/// The effect a reducer returns: `EffectOf<Counter>` is `Effect<Counter.Action>`.
public typealias EffectOf<R: Reducer> = Effect<R.Action>
