// Counts heap allocations, retains and releases for `actorstore-stress bench --counts` (see
// README.md here). Linux and glibc only.
//
// Preloaded (LD_PRELOAD), these definitions come first in the process's symbol lookup, so they
// take the place of the C library's allocation functions and of the Swift runtime's retain and
// release entry points for every caller that reaches them through the dynamic linker: the
// executable (ActorStore is linked into it) and the other runtime libraries. Calls that
// libswiftCore makes to itself bind inside it and are not seen. Each counts the call and
// forwards to the real implementation. The benchmark reads the counts through the
// `actorstore_*_count` functions.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

// Relaxed: the benchmark reads the counts on its own thread after awaiting the work it
// measures; no ordering with other memory is needed.
static _Atomic uint64_t allocations, retains, releases, accessChecks, executorSwitches, lockAcquisitions, metadataLookups;

uint64_t actorstore_allocation_count(void) { return atomic_load_explicit(&allocations, memory_order_relaxed); }
uint64_t actorstore_retain_count(void) { return atomic_load_explicit(&retains, memory_order_relaxed); }
uint64_t actorstore_release_count(void) { return atomic_load_explicit(&releases, memory_order_relaxed); }
uint64_t actorstore_access_check_count(void) { return atomic_load_explicit(&accessChecks, memory_order_relaxed); }
uint64_t actorstore_executor_switch_count(void) { return atomic_load_explicit(&executorSwitches, memory_order_relaxed); }
uint64_t actorstore_lock_acquisition_count(void) { return atomic_load_explicit(&lockAcquisitions, memory_order_relaxed); }
uint64_t actorstore_metadata_lookup_count(void) { return atomic_load_explicit(&metadataLookups, memory_order_relaxed); }

static void add(_Atomic uint64_t *counter, uint64_t amount) {
  atomic_fetch_add_explicit(counter, amount, memory_order_relaxed);
}

// ---- Allocations: glibc's own implementations, under their internal names. ----

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

void *malloc(size_t size) {
  add(&allocations, 1);
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  add(&allocations, 1);
  return __libc_calloc(count, size);
}

// A realloc may move the block: it counts as an allocation.
void *realloc(void *pointer, size_t size) {
  add(&allocations, 1);
  return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
  add(&allocations, 1);
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  add(&allocations, 1);
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  add(&allocations, 1);
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return 12;  // ENOMEM
  *result = pointer;
  return 0;
}

void free(void *pointer) { __libc_free(pointer); }

// ---- Retains and releases: the Swift runtime's, found on first use. ----

// Looks `name` up after this library. Concurrent first calls may both look it up; they find the
// same address, so the race is benign.
#define FORWARD(type, name)                                          \
  static _Atomic(type) real_##name;                                  \
  static type resolve_##name(void) {                                 \
    type real = atomic_load_explicit(&real_##name, memory_order_relaxed); \
    if (real == NULL) {                                              \
      real = (type)dlsym(RTLD_NEXT, #name);                          \
      atomic_store_explicit(&real_##name, real, memory_order_relaxed); \
    }                                                                \
    return real;                                                     \
  }

typedef void *(*retain_fn)(void *);
typedef void (*release_fn)(void *);
typedef void *(*retain_n_fn)(void *, uint32_t);
typedef void (*release_n_fn)(void *, uint32_t);
typedef void (*begin_access_fn)(void *, void *, uintptr_t, void *);

FORWARD(retain_fn, swift_retain)
FORWARD(release_fn, swift_release)
FORWARD(retain_n_fn, swift_retain_n)
FORWARD(release_n_fn, swift_release_n)
FORWARD(retain_fn, swift_bridgeObjectRetain)
FORWARD(release_fn, swift_bridgeObjectRelease)
FORWARD(retain_n_fn, swift_bridgeObjectRetain_n)
FORWARD(release_n_fn, swift_bridgeObjectRelease_n)
FORWARD(begin_access_fn, swift_beginAccess)

// A retain or release of `nil` (an empty optional reference, which compiled code passes without
// a check) returns at once without touching a reference count: it is not counted.
static void count(_Atomic uint64_t *counter, const void *object, uint64_t amount) {
  if (object != NULL) add(counter, amount);
}

void *swift_retain(void *object) {
  count(&retains, object, 1);
  return resolve_swift_retain()(object);
}

void swift_release(void *object) {
  count(&releases, object, 1);
  resolve_swift_release()(object);
}

void *swift_retain_n(void *object, uint32_t n) {
  count(&retains, object, n);
  return resolve_swift_retain_n()(object, n);
}

void swift_release_n(void *object, uint32_t n) {
  count(&releases, object, n);
  resolve_swift_release_n()(object, n);
}

void *swift_bridgeObjectRetain(void *object) {
  count(&retains, object, 1);
  return resolve_swift_bridgeObjectRetain()(object);
}

void swift_bridgeObjectRelease(void *object) {
  count(&releases, object, 1);
  resolve_swift_bridgeObjectRelease()(object);
}

void *swift_bridgeObjectRetain_n(void *object, uint32_t n) {
  count(&retains, object, n);
  return resolve_swift_bridgeObjectRetain_n()(object, n);
}

void swift_bridgeObjectRelease_n(void *object, uint32_t n) {
  count(&releases, object, n);
  resolve_swift_bridgeObjectRelease_n()(object, n);
}

// ---- Dynamic exclusivity checks: each access the compiler could not prove exclusive. ----

void swift_beginAccess(void *pointer, void *buffer, uintptr_t flags, void *pc) {
  add(&accessChecks, 1);
  resolve_swift_beginAccess()(pointer, buffer, flags, pc);
}

// ---- Executor switches: each `swift_task_switch` to another executor than the current one. ----

// The runtime's executor reference (`SerialExecutorRef`): two words, passed in two registers.
typedef struct {
  void *identity;
  uintptr_t implementation;
} executor_ref;

typedef __attribute__((swiftasynccall)) void (*task_switch_fn)(
    __attribute__((swift_async_context)) void *, void *, void *, uintptr_t);
extern executor_ref swift_task_getCurrentExecutor(void) __attribute__((swiftcall));

FORWARD(task_switch_fn, swift_task_switch)

// An async function's hop (`await` onto an actor, back to the caller's executor, onto a task
// executor): compiled code calls this whenever the executor may change. A call whose target is
// the current executor returns inline and is not counted. Forwarded with a guaranteed tail call,
// as the Swift async calling convention requires.
__attribute__((swiftasynccall)) void swift_task_switch(
    __attribute__((swift_async_context)) void *context, void *resume, void *identity, uintptr_t implementation) {
  executor_ref current = swift_task_getCurrentExecutor();
  if (current.identity != identity || current.implementation != implementation) add(&executorSwitches, 1);
  __attribute__((musttail)) return resolve_swift_task_switch()(context, resume, identity, implementation);
}

// ---- Lock acquisitions: ActorStore's `Locked` calls this stand-in for ThreadSanitizer's
// `__tsan_acquire` on each acquisition when it finds it in the process (see Locked.swift). ----

void actorstore_lock_acquired(void *address) {
  (void)address;
  add(&lockAcquisitions, 1);
}

void actorstore_lock_released(void *address) { (void)address; }

// ---- Metadata lookups: the runtime calls that unspecialized generic code makes to find the
// metadata of a generic type instance (`Optional<State>`, a generic class of `State`, a tuple) or
// a conditional conformance's witness table, each a hash lookup in the runtime's caches. Code
// specialized for concrete types makes none of them per operation. ----

// The runtime's metadata response: the metadata and its state, returned in two registers.
typedef struct {
  const void *metadata;
  uintptr_t state;
} metadata_response;

typedef __attribute__((swiftcall)) metadata_response (*generic_metadata_fn)(
    uintptr_t, const void *const *, const void *);
typedef __attribute__((swiftcall)) metadata_response (*prespecialized_metadata_fn)(
    uintptr_t, const void *const *, const void *, void *);
typedef __attribute__((swiftcall)) metadata_response (*tuple2_metadata_fn)(
    uintptr_t, const void *, const void *, const char *, const void *);
typedef __attribute__((swiftcall)) metadata_response (*tuple3_metadata_fn)(
    uintptr_t, const void *, const void *, const void *, const char *, const void *);
typedef const void *(*witness_table_fn)(const void *, const void *, const void *const *);

FORWARD(generic_metadata_fn, swift_getGenericMetadata)
FORWARD(prespecialized_metadata_fn, swift_getCanonicalPrespecializedGenericMetadata)
FORWARD(tuple2_metadata_fn, swift_getTupleTypeMetadata2)
FORWARD(tuple3_metadata_fn, swift_getTupleTypeMetadata3)
FORWARD(witness_table_fn, swift_getWitnessTable)

__attribute__((swiftcall)) metadata_response swift_getGenericMetadata(
    uintptr_t request, const void *const *arguments, const void *description) {
  add(&metadataLookups, 1);
  __attribute__((musttail)) return resolve_swift_getGenericMetadata()(request, arguments, description);
}

__attribute__((swiftcall)) metadata_response swift_getCanonicalPrespecializedGenericMetadata(
    uintptr_t request, const void *const *arguments, const void *description, void *token) {
  add(&metadataLookups, 1);
  __attribute__((musttail)) return resolve_swift_getCanonicalPrespecializedGenericMetadata()(
      request, arguments, description, token);
}

__attribute__((swiftcall)) metadata_response swift_getTupleTypeMetadata2(
    uintptr_t request, const void *first, const void *second, const char *labels, const void *witnesses) {
  add(&metadataLookups, 1);
  __attribute__((musttail)) return resolve_swift_getTupleTypeMetadata2()(request, first, second, labels, witnesses);
}

__attribute__((swiftcall)) metadata_response swift_getTupleTypeMetadata3(
    uintptr_t request, const void *first, const void *second, const void *third, const char *labels,
    const void *witnesses) {
  add(&metadataLookups, 1);
  __attribute__((musttail)) return resolve_swift_getTupleTypeMetadata3()(
      request, first, second, third, labels, witnesses);
}

const void *swift_getWitnessTable(const void *conformance, const void *type, const void *const *arguments) {
  add(&metadataLookups, 1);
  __attribute__((musttail)) return resolve_swift_getWitnessTable()(conformance, type, arguments);
}
