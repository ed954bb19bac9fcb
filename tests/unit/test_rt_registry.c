/* Check suite for the allocation registry (runtime/ld_rt_registry.c): the
 * interval map the global-memory check asks which allocation a pointer is
 * in.  No GPU: addresses are plain numbers. */
#include <check.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "ld_check.h"
#include "ld_error.h"
#include "ld_rt_registry.h"

static struct ld_rt_registry *reg;

static void setup(void) {
  ck_assert_int_eq(ld_rt_registry_create(&reg), 0);
}

static void teardown(void) {
  ld_rt_registry_free(reg);
  reg = NULL;
}

static struct ld_rt_alloc alloc_of(uint64_t base, uint64_t size, int kind,
                                   const char *name) {
  struct ld_rt_alloc a;

  memset(&a, 0, sizeof a);
  a.base = base;
  a.size = size;
  a.kind = kind;
  a.name = name;
  return a;
}

static int add(uint64_t base, uint64_t size) {
  struct ld_rt_alloc a = alloc_of(base, size, LD_RT_ALLOC_MALLOC, NULL);
  return ld_rt_registry_insert(reg, &a, LD_RT_REG_REJECT, NULL, NULL);
}

/* The base of the entry holding addr, or 0 when none does. */
static uint64_t base_at(uint64_t addr) {
  struct ld_rt_alloc a;
  return ld_rt_registry_find(reg, addr, &a) == 0 ? a.base : 0;
}

START_TEST(test_interior_and_bounds) {
  struct ld_rt_alloc a = alloc_of(0x1000, 0x100, LD_RT_ALLOC_PITCH, "d_img");
  struct ld_rt_alloc got;
  uint64_t id = 0;

  a.pitch = 0x40;
  a.width = 0x30;
  a.height = 4;
  a.depth = 1;
  a.caller = 0xabc;
  ck_assert_int_eq(ld_rt_registry_insert(reg, &a, LD_RT_REG_REJECT, &id, NULL),
                   0);
  ck_assert_uint_eq(id, 1);
  ck_assert_int_eq(ld_rt_registry_find(reg, 0x1000, &got), 0);
  ck_assert_uint_eq(got.base, 0x1000);
  ck_assert_uint_eq(got.size, 0x100);
  ck_assert_uint_eq(got.pitch, 0x40);
  ck_assert_uint_eq(got.width, 0x30);
  ck_assert_uint_eq(got.height, 4);
  ck_assert_uint_eq(got.depth, 1);
  ck_assert_uint_eq(got.caller, 0xabc);
  ck_assert_uint_eq(got.id, 1);
  ck_assert_int_eq(got.kind, LD_RT_ALLOC_PITCH);
  ck_assert_str_eq(got.name, "d_img");
  /* The registry keeps its own copy of the name. */
  ck_assert_ptr_ne(got.name, a.name);
  ck_assert_uint_eq(base_at(0x1080), 0x1000);
  ck_assert_uint_eq(base_at(0x10ff), 0x1000);
  /* base + size is the first byte outside. */
  ck_assert_int_eq(ld_rt_registry_find(reg, 0x1100, &got), LD_ENOTFOUND);
  ck_assert_int_eq(ld_rt_registry_find(reg, 0xfff, &got), LD_ENOTFOUND);
  ck_assert_int_eq(ld_rt_registry_find(reg, 0, &got), LD_ENOTFOUND);
  ck_assert_int_eq(ld_rt_registry_find(reg, UINT64_MAX, &got), LD_ENOTFOUND);
}
END_TEST

START_TEST(test_adjacent_and_gaps) {
  ck_assert_int_eq(add(0x2000, 0x100), 0);
  ck_assert_int_eq(add(0x2100, 0x100), 0); /* touches the first one */
  ck_assert_int_eq(add(0x3000, 1), 0);
  ck_assert_uint_eq(base_at(0x20ff), 0x2000);
  ck_assert_uint_eq(base_at(0x2100), 0x2100);
  ck_assert_uint_eq(base_at(0x21ff), 0x2100);
  ck_assert_uint_eq(base_at(0x2200), 0); /* the gap */
  ck_assert_uint_eq(base_at(0x2fff), 0);
  ck_assert_uint_eq(base_at(0x3000), 0x3000);
  ck_assert_uint_eq(base_at(0x3001), 0);
}
END_TEST

START_TEST(test_overlap_rejected) {
  size_t n;
  uint64_t bytes;

  ck_assert_int_eq(add(0x1000, 0x100), 0);
  ck_assert_int_eq(add(0x1000, 0x100), LD_EOVERLAP); /* same range */
  ck_assert_int_eq(add(0x10ff, 0x10), LD_EOVERLAP);  /* its last byte */
  ck_assert_int_eq(add(0xff0, 0x11), LD_EOVERLAP);   /* its first byte */
  ck_assert_int_eq(add(0x800, 0x1000), LD_EOVERLAP); /* around it */
  ck_assert_int_eq(add(0x1010, 0x10), LD_EOVERLAP);  /* inside it */
  ck_assert_int_eq(add(0xf00, 0x100), 0);            /* right before */
  ck_assert_int_eq(add(0x1100, 0x100), 0);           /* right after */
  ld_rt_registry_stats(reg, &n, &bytes);
  ck_assert_uint_eq(n, 3);
  ck_assert_uint_eq(bytes, 0x300);
}
END_TEST

START_TEST(test_bad_input) {
  struct ld_rt_alloc a = alloc_of(0x1000, 0, LD_RT_ALLOC_MALLOC, NULL);

  ck_assert_int_eq(ld_rt_registry_insert(reg, &a, LD_RT_REG_REJECT, NULL, NULL),
                   LD_EINVAL); /* size 0 */
  a = alloc_of(UINT64_MAX - 0xf, 0x20, LD_RT_ALLOC_MALLOC, NULL);
  ck_assert_int_eq(ld_rt_registry_insert(reg, &a, LD_RT_REG_REJECT, NULL, NULL),
                   LD_EINVAL); /* wraps */
  a = alloc_of(0x1000, 0x10, LD_RT_ALLOC_NKINDS, NULL);
  ck_assert_int_eq(ld_rt_registry_insert(reg, &a, LD_RT_REG_REJECT, NULL, NULL),
                   LD_EINVAL);
  a = alloc_of(0x1000, 0x10, -1, NULL);
  ck_assert_int_eq(ld_rt_registry_insert(reg, &a, LD_RT_REG_REJECT, NULL, NULL),
                   LD_EINVAL);
  a = alloc_of(0x1000, 0x10, LD_RT_ALLOC_MALLOC, NULL);
  ck_assert_int_eq(ld_rt_registry_insert(reg, &a, 7, NULL, NULL), LD_EINVAL);
  /* The last byte of the address space is a valid place to end. */
  a = alloc_of(UINT64_MAX - 0xf, 0x10, LD_RT_ALLOC_MALLOC, NULL);
  ck_assert_int_eq(ld_rt_registry_insert(reg, &a, LD_RT_REG_REJECT, NULL, NULL),
                   0);
  ck_assert_uint_eq(base_at(UINT64_MAX), UINT64_MAX - 0xf);
  ck_assert_int_eq(add(UINT64_MAX - 0x1f, 0x11), LD_EOVERLAP);
  ck_assert_int_eq(add(UINT64_MAX - 0x1f, 0x10), 0);
  ck_assert_str_eq(ld_rt_alloc_kind_name(LD_RT_ALLOC_3D), "cudaMalloc3D");
  ck_assert_str_eq(ld_rt_alloc_kind_name(LD_RT_ALLOC_NKINDS), "?");
}
END_TEST

START_TEST(test_remove_and_double_free) {
  struct ld_rt_alloc got;
  size_t n;

  ck_assert_int_eq(add(0x1000, 0x100), 0);
  ck_assert_int_eq(add(0x2000, 0x100), 0);
  /* An interior pointer is not an allocation's start. */
  ck_assert_int_eq(ld_rt_registry_remove(reg, 0x1010, 0, NULL), LD_ENOTFOUND);
  ck_assert_int_eq(ld_rt_registry_remove(reg, 0x1000, 0, &got), 0);
  ck_assert_uint_eq(got.base, 0x1000);
  ck_assert_uint_eq(got.id, 1);
  ck_assert_uint_eq(base_at(0x1000), 0);
  ck_assert_uint_eq(base_at(0x2000), 0x2000);
  /* The second free of the same pointer is reported, nothing changes. */
  ck_assert_int_eq(ld_rt_registry_remove(reg, 0x1000, 0, NULL), LD_ENOTFOUND);
  ck_assert_int_eq(ld_rt_registry_remove(reg, 0x5000, 0, NULL), LD_ENOTFOUND);
  ld_rt_registry_stats(reg, &n, NULL);
  ck_assert_uint_eq(n, 1);
  /* The freed range can be handed out again. */
  ck_assert_int_eq(add(0x1000, 0x80), 0);
  ck_assert_uint_eq(base_at(0x1040), 0x1000);
  ck_assert_uint_eq(base_at(0x1080), 0);
}
END_TEST

START_TEST(test_remove_by_id) {
  struct ld_rt_alloc a = alloc_of(0x1000, 0x100, LD_RT_ALLOC_MALLOC, NULL);
  uint64_t first, second;
  size_t evicted = 9;

  ck_assert_int_eq(
      ld_rt_registry_insert(reg, &a, LD_RT_REG_REJECT, &first, &evicted), 0);
  ck_assert_uint_eq(evicted, 0);
  /* Another thread got the same range before the free reached the
   * registry: the new entry replaces the stale one ... */
  a.size = 0x200;
  ck_assert_int_eq(
      ld_rt_registry_insert(reg, &a, LD_RT_REG_EVICT, &second, &evicted), 0);
  ck_assert_uint_eq(evicted, 1);
  ck_assert_uint_ne(first, second);
  /* ... and the late removal of the stale one leaves it alone. */
  ck_assert_int_eq(ld_rt_registry_remove(reg, 0x1000, first, NULL),
                   LD_ENOTFOUND);
  ck_assert_uint_eq(base_at(0x11ff), 0x1000);
  ck_assert_int_eq(ld_rt_registry_remove(reg, 0x1000, second, NULL), 0);
  ck_assert_uint_eq(base_at(0x1000), 0);
}
END_TEST

START_TEST(test_evict_many) {
  struct ld_rt_alloc a = alloc_of(0x0ff8, 0x420, LD_RT_ALLOC_ASYNC, NULL);
  size_t evicted, n;
  uint64_t i;

  for (i = 0; i < 4; i++)
    ck_assert_int_eq(add(0x1000 + i * 0x100, 0x100), 0);
  ck_assert_int_eq(add(0x2000, 0x10), 0);
  ck_assert_int_eq(add(0x0f00, 0xf0), 0);
  ck_assert_int_eq(
      ld_rt_registry_insert(reg, &a, LD_RT_REG_EVICT, NULL, &evicted), 0);
  ck_assert_uint_eq(evicted, 4);
  ld_rt_registry_stats(reg, &n, NULL);
  ck_assert_uint_eq(n, 3);
  ck_assert_uint_eq(base_at(0x1200), 0x0ff8);
  ck_assert_uint_eq(base_at(0x0f00), 0x0f00);
  ck_assert_uint_eq(base_at(0x2000), 0x2000);
}
END_TEST

START_TEST(test_names_interned) {
  struct ld_rt_alloc a = alloc_of(0x1000, 0x10, LD_RT_ALLOC_DEVICE_VAR, NULL);
  struct ld_rt_alloc b = alloc_of(0x2000, 0x10, LD_RT_ALLOC_DEVICE_VAR, NULL);
  struct ld_rt_alloc got1, got2;
  char name[16];

  strcpy(name, "counter");
  a.name = name;
  b.name = "counter";
  ck_assert_int_eq(ld_rt_registry_insert(reg, &a, LD_RT_REG_REJECT, NULL, NULL),
                   0);
  ck_assert_int_eq(ld_rt_registry_insert(reg, &b, LD_RT_REG_REJECT, NULL, NULL),
                   0);
  strcpy(name, "clobbered");
  ck_assert_int_eq(ld_rt_registry_find(reg, 0x1000, &got1), 0);
  ck_assert_int_eq(ld_rt_registry_find(reg, 0x2000, &got2), 0);
  ck_assert_str_eq(got1.name, "counter");
  ck_assert_ptr_eq(got1.name, got2.name);
  /* A snapshot's name outlives its entry. */
  ck_assert_int_eq(ld_rt_registry_remove(reg, 0x1000, 0, NULL), 0);
  ck_assert_int_eq(ld_rt_registry_remove(reg, 0x2000, 0, NULL), 0);
  ck_assert_str_eq(got1.name, "counter");
  ck_assert_int_eq(ld_rt_registry_find(reg, 0x1000, &got1), LD_ENOTFOUND);
}
END_TEST

struct walk {
  uint64_t last, count, stop_after;
  int ordered;
};

static int visit(const struct ld_rt_alloc *a, void *ctx) {
  struct walk *w = ctx;

  if (w->count && a->base <= w->last)
    w->ordered = 0;
  w->last = a->base;
  w->count++;
  return w->stop_after && w->count == w->stop_after ? 42 : 0;
}

/* A permutation of 0..n-1 (n a power of two) that is far from sorted. */
static uint64_t scatter(uint64_t i, uint64_t n) {
  return (i * 2654435761u) & (n - 1);
}

/* Allocations often come in address order: the tree must stay balanced,
 * or lookups would walk a list. */
START_TEST(test_sorted_inserts_stay_balanced) {
  enum { N = 1 << 16 };
  uint64_t i;

  ck_assert_int_eq(ld__rt_registry_height(reg), 0);
  for (i = 0; i < N; i++)
    ck_assert_int_eq(add(0x1000 + i * 0x100, 0x100), 0);
  /* An AVL tree of 2^16 nodes is at most 1.44 log2(2^16 + 2) = 23 high. */
  ck_assert_int_le(ld__rt_registry_height(reg), 23);
  ck_assert_int_ge(ld__rt_registry_height(reg), 17);
  for (i = 0; i < N; i += 2)
    ck_assert_int_eq(ld_rt_registry_remove(reg, 0x1000 + i * 0x100, 0, NULL),
                     0);
  ck_assert_int_le(ld__rt_registry_height(reg), 22);
  ck_assert_uint_eq(base_at(0x1000 + 0x1ff), 0x1100);
  ck_assert_uint_eq(base_at(0x1000 + 0xff), 0);
}
END_TEST

START_TEST(test_many_entries) {
  enum { N = 1 << 16 };
  struct walk w = {0, 0, 0, 1};
  struct ld_rt_alloc got;
  uint64_t i, bytes;
  size_t n;

  /* Sizes vary, gaps of 0x40 between slots of 0x100. */
  for (i = 0; i < N; i++) {
    uint64_t k = scatter(i, N);
    ck_assert_int_eq(add(0x10000 + k * 0x140, 0x40 + (k % 0xc1)), 0);
  }
  ld_rt_registry_stats(reg, &n, &bytes);
  ck_assert_uint_eq(n, N);
  ck_assert_int_eq(ld_rt_registry_each(reg, visit, &w), 0);
  ck_assert_uint_eq(w.count, N);
  ck_assert_int_eq(w.ordered, 1);
  for (i = 0; i < N; i += 7) {
    uint64_t base = 0x10000 + i * 0x140, size = 0x40 + (i % 0xc1);
    ck_assert_int_eq(ld_rt_registry_find(reg, base + size - 1, &got), 0);
    ck_assert_uint_eq(got.base, base);
    ck_assert_int_eq(ld_rt_registry_find(reg, base + size, &got), LD_ENOTFOUND);
  }
  /* Remove every other entry in scattered order, then check the rest. */
  for (i = 0; i < N; i++) {
    uint64_t k = scatter(i, N);
    if (k % 2 == 0)
      ck_assert_int_eq(ld_rt_registry_remove(reg, 0x10000 + k * 0x140, 0, NULL),
                       0);
  }
  ld_rt_registry_stats(reg, &n, NULL);
  ck_assert_uint_eq(n, N / 2);
  ck_assert_int_le(ld__rt_registry_height(reg), 23); /* 1.44 log2(N / 2) */
  for (i = 0; i < N; i++)
    ck_assert_uint_eq(base_at(0x10000 + i * 0x140 + 0x20),
                      i % 2 ? 0x10000 + i * 0x140 : 0);
  /* Stopping the walk early returns the callback's value. */
  w.count = 0;
  w.stop_after = 10;
  ck_assert_int_eq(ld_rt_registry_each(reg, visit, &w), 42);
  ck_assert_uint_eq(w.count, 10);
}
END_TEST

enum { NTHREADS = 4, PER_THREAD = 2000 };

/* Each thread allocates, looks up and frees its own ranges, interleaved
 * with the others in one registry. */
static void *churn(void *arg) {
  uint64_t t = (uint64_t)(uintptr_t)arg, i;
  int ok = 1;

  for (i = 0; i < PER_THREAD; i++) {
    uint64_t base = ((i * NTHREADS + t) + 1) * 0x1000;
    ok &= add(base, 0x800) == 0;
    ok &= base_at(base + 0x7ff) == base;
    if (i % 2)
      ok &= ld_rt_registry_remove(reg, base, 0, NULL) == 0;
  }
  return ok ? arg : NULL;
}

START_TEST(test_threads) {
  pthread_t th[NTHREADS];
  void *ret;
  size_t n;
  uint64_t t;

  for (t = 0; t < NTHREADS; t++)
    ck_assert_int_eq(
        pthread_create(&th[t], NULL, churn, (void *)(uintptr_t)(t + 1)), 0);
  for (t = 0; t < NTHREADS; t++) {
    ck_assert_int_eq(pthread_join(th[t], &ret), 0);
    ck_assert_ptr_nonnull(ret);
  }
  ld_rt_registry_stats(reg, &n, NULL);
  ck_assert_uint_eq(n, NTHREADS * PER_THREAD / 2);
}
END_TEST

START_TEST(test_free_null) {
  ld_rt_registry_free(NULL);
}
END_TEST

int main(void) {
  Suite *s = suite_create("rt_registry");
  TCase *tc = tcase_create("core");

  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, test_interior_and_bounds);
  tcase_add_test(tc, test_adjacent_and_gaps);
  tcase_add_test(tc, test_overlap_rejected);
  tcase_add_test(tc, test_bad_input);
  tcase_add_test(tc, test_remove_and_double_free);
  tcase_add_test(tc, test_remove_by_id);
  tcase_add_test(tc, test_evict_many);
  tcase_add_test(tc, test_names_interned);
  tcase_add_test(tc, test_sorted_inserts_stay_balanced);
  tcase_add_test(tc, test_many_entries);
  tcase_add_test(tc, test_threads);
  tcase_add_test(tc, test_free_null);
  suite_add_tcase(s, tc);
  return ld_check_run(s);
}
