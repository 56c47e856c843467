/// Consumes `value` so that the optimizer cannot prove a measured computation unused and delete
/// it: the function is opaque to it (never inlined, never optimized, so no side-effect
/// analysis of its empty body).
@inline(never) @_optimize(none)
func blackhole<T>(_ value: T) {}
