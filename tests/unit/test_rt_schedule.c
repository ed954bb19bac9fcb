/* Check suite for the reshuffling schedule (runtime/ld_rt_schedule.c): every
 * pair of units runs on different copies in some round, in ceil(log_M N)
 * rounds, with copy indices in range; and the choice of M from memory. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "ld_check.h"
#include "ld_error.h"
#include "ld_rt_schedule.h"

#define GIB (1024ull * 1024 * 1024)

/* ceil(log_m n) the slow way, with 128-bit products. */
static uint32_t rounds_ref(uint64_t n, uint32_t m) {
  unsigned __int128 reach = 1;
  uint32_t r = 0;

  while (reach < n) {
    reach *= m;
    r++;
  }
  return r;
}

START_TEST(test_rounds_table) {
  ck_assert_uint_eq(ld_rt_schedule_rounds(0, 2), 0);
  ck_assert_uint_eq(ld_rt_schedule_rounds(1, 2), 0);
  ck_assert_uint_eq(ld_rt_schedule_rounds(2, 2), 1);
  ck_assert_uint_eq(ld_rt_schedule_rounds(3, 2), 2);
  ck_assert_uint_eq(ld_rt_schedule_rounds(4, 2), 2);
  ck_assert_uint_eq(ld_rt_schedule_rounds(5, 2), 3);
  ck_assert_uint_eq(ld_rt_schedule_rounds(8, 8), 1); /* N = M: one round */
  ck_assert_uint_eq(ld_rt_schedule_rounds(9, 8), 2);
  ck_assert_uint_eq(ld_rt_schedule_rounds(64, 8), 2);
  ck_assert_uint_eq(ld_rt_schedule_rounds(65, 8), 3);
  ck_assert_uint_eq(ld_rt_schedule_rounds(1000000, 2), 20);
  ck_assert_uint_eq(ld_rt_schedule_rounds(1000000, 1000), 2);
  ck_assert_uint_eq(ld_rt_schedule_rounds(1000000, 1000000), 1);
  ck_assert_uint_eq(ld_rt_schedule_rounds(UINT64_MAX, 2), 64);
  ck_assert_uint_eq(ld_rt_schedule_rounds(1ull << 63, 2), 63);
  ck_assert_uint_eq(ld_rt_schedule_rounds(UINT64_MAX, UINT32_MAX), 3);
  /* Fewer than two copies schedule nothing. */
  ck_assert_uint_eq(ld_rt_schedule_rounds(10, 1), 0);
  ck_assert_uint_eq(ld_rt_schedule_rounds(10, 0), 0);
}
END_TEST

START_TEST(test_rounds_match_reference) {
  static const uint64_t ns[] = {2,          3,
                                7,          31,
                                97,         1024,
                                1025,       65537,
                                999983,     1000000,
                                1u << 31,   4294967311ull, /* prime */
                                1ull << 40, (1ull << 62) + 1};
  static const uint32_t ms[] = {2, 3, 4, 7, 10, 16, 255, 1000, 65536};
  size_t i, j;

  for (i = 0; i < sizeof ns / sizeof ns[0]; i++)
    for (j = 0; j < sizeof ms / sizeof ms[0]; j++)
      ck_assert_uint_eq(ld_rt_schedule_rounds(ns[i], ms[j]),
                        rounds_ref(ns[i], ms[j]));
}
END_TEST

/* Check's assertions cost a system call each; the loops below count
 * their failures instead and assert once. */
#define COUNT_IF(bad, count) ((count) += (bad) ? 1 : 0)

/* Small N, every (N, M): every pair is split in some round; indices stay
 * in range; copies() counts what the round uses; each round splits every
 * group of not-yet-split units as evenly as the copies allow. */
START_TEST(test_small_exhaustive) {
  enum { NMAX = 130 };
  static uint32_t copy[NMAX][8]; /* [unit][round] */
  uint64_t n, u, v, bad = 0, never_split = 0;
  uint32_t m, r, rounds;

  for (n = 1; n <= NMAX; n++) {
    for (m = 2; m <= 12; m++) {
      rounds = ld_rt_schedule_rounds(n, m);
      ck_assert_uint_le(rounds, 8);
      for (u = 0; u < n; u++)
        for (r = 0; r < rounds; r++) {
          copy[u][r] = ld_rt_schedule_copy(n, m, r, u);
          COUNT_IF(copy[u][r] >= m, bad);
        }
      for (r = 0; r < rounds; r++) {
        uint32_t used = 0, c;
        for (c = 0; c < m; c++)
          for (u = 0; u < n; u++)
            if (copy[u][r] == c) {
              used++;
              break;
            }
        COUNT_IF(ld_rt_schedule_copies(n, m, r) != used, bad);
      }
      /* Round 0 uses every copy it can. */
      COUNT_IF(rounds && ld_rt_schedule_copies(n, m, 0) != (n < m ? n : m),
               bad);
      for (u = 0; u < n; u++)
        for (v = u + 1; v < n; v++) {
          int split = 0;
          for (r = 0; r < rounds && !split; r++)
            split = copy[u][r] != copy[v][r];
          COUNT_IF(!split, never_split);
        }
      /* The group of u in round r: the units that shared u's copy in every
       * earlier round.  The round spreads it over min(m, size) copies with
       * sizes differing by at most one. */
      for (u = 0; u < n; u++) {
        static unsigned char same[NMAX];
        memset(same, 1, sizeof same);
        for (r = 0; r < rounds; r++) {
          uint64_t size = 0, per[12] = {0}, lo = UINT64_MAX, hi = 0;
          uint32_t c, nonempty = 0;
          for (v = 0; v < n; v++)
            if (same[v]) {
              size++;
              per[copy[v][r]]++;
            }
          for (c = 0; c < m; c++) {
            nonempty += per[c] != 0;
            if (c < (size < m ? size : m)) {
              lo = per[c] < lo ? per[c] : lo;
              hi = per[c] > hi ? per[c] : hi;
            }
          }
          COUNT_IF(nonempty != (size < m ? size : m), bad);
          COUNT_IF(hi - lo > 1, bad);
          for (v = 0; v < n; v++)
            same[v] &= copy[v][r] == copy[u][r];
        }
      }
    }
  }
  ck_assert_uint_eq(never_split, 0);
  ck_assert_uint_eq(bad, 0);
}
END_TEST

/* Large N: each unit's copies over all rounds (its signature) must differ
 * from every other unit's, which is "every pair is split in some round".
 * Signatures are numbered in base m and marked in a bitmap. */
static void check_signatures_distinct(uint64_t n, uint32_t m) {
  uint32_t rounds = ld_rt_schedule_rounds(n, m), r;
  uint64_t space = 1, u, bad = 0, repeats = 0;
  unsigned char *seen;

  for (r = 0; r < rounds; r++)
    space *= m;
  ck_assert_uint_ge(space, n);
  seen = calloc(space / 8 + 1, 1);
  ck_assert_ptr_nonnull(seen);
  for (u = 0; u < n; u++) {
    uint64_t sig = 0;
    for (r = rounds; r-- > 0;) {
      uint32_t c = ld_rt_schedule_copy(n, m, r, u);
      COUNT_IF(c >= m, bad);
      sig = sig * m + c;
    }
    COUNT_IF(seen[sig / 8] & (1u << sig % 8), repeats);
    seen[sig / 8] |= 1u << sig % 8;
  }
  free(seen);
  ck_assert_msg(repeats == 0 && bad == 0,
                "n=%llu m=%u: %llu repeated signatures, %llu bad copies",
                (unsigned long long)n, m, (unsigned long long)repeats,
                (unsigned long long)bad);
}

START_TEST(test_million_units) {
  check_signatures_distinct(1000000, 2);
  check_signatures_distinct(1000000, 3);
  check_signatures_distinct(1000000, 7);
  check_signatures_distinct(1000000, 1000);
  check_signatures_distinct(1000000, 1000000);
  check_signatures_distinct(999983, 16); /* prime */
  ck_assert_uint_eq(ld_rt_schedule_copies(1000000, 1000, 0), 1000);
  ck_assert_uint_eq(ld_rt_schedule_copies(1000000, 1000, 1), 1000);
  ck_assert_uint_eq(ld_rt_schedule_copies(1000001, 1000, 2), 2);
  ck_assert_uint_eq(ld_rt_schedule_copies(2000001, 1000, 2), 3);
}
END_TEST

START_TEST(test_neighbours_split_first) {
  uint64_t u, together = 0;

  /* Adjacent units, where halo races live, are apart in round 0. */
  for (u = 0; u + 1 < 1000; u++)
    COUNT_IF(ld_rt_schedule_copy(1000, 4, 0, u) ==
                 ld_rt_schedule_copy(1000, 4, 0, u + 1),
             together);
  ck_assert_uint_eq(together, 0);
}
END_TEST

START_TEST(test_out_of_range) {
  ck_assert_uint_eq(ld_rt_schedule_copy(10, 2, 4, 3), 0); /* rounds = 4 */
  ck_assert_uint_eq(ld_rt_schedule_copy(10, 2, 3, 10), 0);
  ck_assert_uint_eq(ld_rt_schedule_copy(10, 2, 3, 9), 1); /* 9 = 1001b */
  ck_assert_uint_eq(ld_rt_schedule_stride(10, 2, 3), 8);
  ck_assert_uint_eq(ld_rt_schedule_stride(10, 2, 4), 0);
  ck_assert_uint_eq(ld_rt_schedule_copies(10, 2, 4), 0);
  ck_assert_uint_eq(ld_rt_schedule_copies(1, 2, 0), 0);
  ck_assert_uint_eq(ld_rt_schedule_copy(10, 1, 0, 3), 0);
  /* The last round of the largest launch does not overflow. */
  ck_assert_uint_eq(ld_rt_schedule_stride(UINT64_MAX, UINT32_MAX, 2),
                    (uint64_t)UINT32_MAX * UINT32_MAX);
  ck_assert_uint_eq(
      ld_rt_schedule_copy(UINT64_MAX, UINT32_MAX, 2, UINT64_MAX - 1), 1);
}
END_TEST

static struct ld_rt_copies_in copies_in(uint64_t free_bytes,
                                        uint64_t copy_bytes,
                                        uint64_t fixed_bytes, uint64_t nunits,
                                        long max_copies) {
  struct ld_rt_copies_in in = {free_bytes, copy_bytes, fixed_bytes,
                               nunits,     max_copies, 0};
  return in;
}

START_TEST(test_pick_from_memory) {
  struct ld_rt_copies_in in = copies_in(80 * GIB, GIB, GIB, 1000, 0);
  uint32_t m = 99;

  /* 3/4 of 80 GiB is 60; one for U leaves 59 copies. */
  ck_assert_int_eq(ld_rt_schedule_pick_copies(&in, &m), 0);
  ck_assert_uint_eq(m, 59);
  ck_assert_uint_eq(ld_rt_schedule_rounds(in.nunits, m), 2);
  /* The option caps it; 1 means the fewest that check: 2. */
  in.max_copies = 8;
  ck_assert_int_eq(ld_rt_schedule_pick_copies(&in, &m), 0);
  ck_assert_uint_eq(m, 8);
  in.max_copies = 2;
  ck_assert_int_eq(ld_rt_schedule_pick_copies(&in, &m), 0);
  ck_assert_uint_eq(m, 2);
  ck_assert_uint_eq(ld_rt_schedule_rounds(in.nunits, m), 10);
  in.max_copies = 1;
  ck_assert_int_eq(ld_rt_schedule_pick_copies(&in, &m), 0);
  ck_assert_uint_eq(m, 2);
  /* A cap above what fits does not raise it. */
  in.max_copies = 100;
  ck_assert_int_eq(ld_rt_schedule_pick_copies(&in, &m), 0);
  ck_assert_uint_eq(m, 59);
  /* Enough memory for every unit: one round. */
  in = copies_in(80 * GIB, GIB, GIB, 16, 0);
  ck_assert_int_eq(ld_rt_schedule_pick_copies(&in, &m), 0);
  ck_assert_uint_eq(m, 16);
  ck_assert_uint_eq(ld_rt_schedule_rounds(in.nunits, m), 1);
  /* Exactly two copies fit: 3/4 of 4 GiB = 3 GiB = fixed 1 + 2 x 1. */
  in = copies_in(4 * GIB, GIB, GIB, 1000, 0);
  ck_assert_int_eq(ld_rt_schedule_pick_copies(&in, &m), 0);
  ck_assert_uint_eq(m, 2);
}
END_TEST

START_TEST(test_pick_not_enough) {
  struct ld_rt_copies_in in = copies_in(4 * GIB - 1, GIB, GIB, 1000, 0);
  uint32_t m = 99;

  /* One byte short of two copies: not checked. */
  ck_assert_int_eq(ld_rt_schedule_pick_copies(&in, &m), LD_ENOMEM);
  ck_assert_uint_eq(m, 0);
  /* The cap never makes room. */
  in.max_copies = 2;
  ck_assert_int_eq(ld_rt_schedule_pick_copies(&in, &m), LD_ENOMEM);
  /* Not even the fixed part fits. */
  in = copies_in(GIB, 1, GIB, 1000, 0);
  ck_assert_int_eq(ld_rt_schedule_pick_copies(&in, &m), LD_ENOMEM);
  in = copies_in(0, 1, 0, 1000, 0);
  ck_assert_int_eq(ld_rt_schedule_pick_copies(&in, &m), LD_ENOMEM);
  in.max_copies = -1;
  ck_assert_int_eq(ld_rt_schedule_pick_copies(&in, &m), LD_EINVAL);
}
END_TEST

START_TEST(test_pick_edges) {
  struct ld_rt_copies_in in = copies_in(0, GIB, GIB, 1, 0);
  uint32_t m = 0;

  /* One unit: nothing to compare, nothing to allocate. */
  ck_assert_int_eq(ld_rt_schedule_pick_copies(&in, &m), 0);
  ck_assert_uint_eq(m, 2);
  ck_assert_uint_eq(ld_rt_schedule_rounds(in.nunits, m), 0);
  in.nunits = 0;
  ck_assert_int_eq(ld_rt_schedule_pick_copies(&in, &m), 0);
  ck_assert_uint_eq(m, 2);
  /* Nothing written per copy: as many as units (or the cap). */
  in = copies_in(GIB, 0, 0, 300, 0);
  ck_assert_int_eq(ld_rt_schedule_pick_copies(&in, &m), 0);
  ck_assert_uint_eq(m, 300);
  in.max_copies = 4;
  ck_assert_int_eq(ld_rt_schedule_pick_copies(&in, &m), 0);
  ck_assert_uint_eq(m, 4);
  /* Huge numbers neither overflow nor exceed 32 bits. */
  in = copies_in(UINT64_MAX, 1, 0, UINT64_MAX, 0);
  ck_assert_int_eq(ld_rt_schedule_pick_copies(&in, &m), 0);
  ck_assert_uint_eq(m, UINT32_MAX);
  in = copies_in(UINT64_MAX, UINT64_MAX / 4, 0, 10, 0);
  ck_assert_int_eq(ld_rt_schedule_pick_copies(&in, &m), 0);
  ck_assert_uint_eq(m, 3);
}
END_TEST

/* Deterministic mode: no default cap (every unit needs a copy anyway),
 * max_copies when set, two copies at least, and the bound on bytes. */
/* The cost the check's choice of M minimises (ld_rt_schedule.h). */
static double best_cost(uint64_t n, uint32_t m, uint64_t copy_bytes) {
  return (double)ld_rt_schedule_rounds(n, m) *
         ((double)m + LD_RT_ROUND_COPIES +
          (double)LD_RT_ROUND_BYTES / (double)copy_bytes);
}

START_TEST(test_best_copies) {
  static const uint64_t ns[] = {2, 3, 7, 64, 100, 4096, 131072, 1000003};
  static const uint32_t fits[] = {2, 3, 8, 64, 1000, 100000};
  static const uint64_t sizes[] = {64, 1 << 20, 268435456ull, 4ull << 30};
  size_t a, b, c;

  /* The minimum over every allowed m (exhaustive), the largest on a tie,
   * never outside [2, min(n, fit)]. */
  for (a = 0; a < sizeof ns / sizeof ns[0]; a++)
    for (b = 0; b < sizeof fits / sizeof fits[0]; b++)
      for (c = 0; c < sizeof sizes / sizeof sizes[0]; c++) {
        uint64_t n = ns[a], size = sizes[c];
        uint32_t fit = fits[b], m = ld_rt_schedule_best_copies(n, fit, size);
        uint32_t last = n < fit ? (uint32_t)n : fit, k, want = 2;
        double low = best_cost(n, 2, size);
        for (k = 3; k <= last; k++)
          if (best_cost(n, k, size) <= low) {
            low = best_cost(n, k, size);
            want = k;
          }
        ck_assert_uint_ge(m, 2);
        ck_assert_uint_le(m, last < 2 ? 2 : last);
        ck_assert_msg(m == want, "n %llu fit %u size %llu: %u, want %u",
                      (unsigned long long)n, fit, (unsigned long long)size, m,
                      want);
      }
  /* What the measurements behind the model ask for: a 268 MB allocation
   * of 131072 warp units takes a handful of copies, not 64; a small one
   * one round. */
  ck_assert_uint_le(ld_rt_schedule_best_copies(131072, 64, 268435456ull), 8);
  ck_assert_uint_ge(ld_rt_schedule_best_copies(131072, 64, 268435456ull), 4);
  ck_assert_uint_eq(ld_rt_schedule_best_copies(4096, 100000, 16384), 4096);
  ck_assert_uint_eq(ld_rt_schedule_rounds(
                        4096, ld_rt_schedule_best_copies(4096, 100000, 16384)),
                    1);
  /* max_copies=2 stays 2; one unit, or fit 2: 2. */
  ck_assert_uint_eq(ld_rt_schedule_best_copies(1000003, 2, 64), 2);
  ck_assert_uint_eq(ld_rt_schedule_best_copies(1, 64, 64), 2);
}
END_TEST

START_TEST(test_det_pick) {
  struct ld_rt_copies_in in = copies_in(80 * GIB, 1024 * 1024, 0, 5000, 0);
  uint32_t m = 0;
  uint64_t rounds = 0;

  ck_assert_int_eq(ld_rt_schedule_det_pick(&in, &m, &rounds), 0);
  ck_assert_uint_eq(m, 5000); /* more than the check's default 64 */
  ck_assert_uint_eq(rounds, 1);
  in.max_copies = 64;
  ck_assert_int_eq(ld_rt_schedule_det_pick(&in, &m, &rounds), 0);
  ck_assert_uint_eq(m, 64);
  ck_assert_uint_eq(rounds, 79); /* ceil(5000 / 64) */
  in.max_copies = 1;             /* rounds of one unit: no copy is compared */
  ck_assert_int_eq(ld_rt_schedule_det_pick(&in, &m, &rounds), 0);
  ck_assert_uint_eq(m, 1);
  ck_assert_uint_eq(rounds, 5000);
  /* Memory for 10 copies of 8 GiB: 3/4 of 120 GiB is 90 GiB. */
  in = copies_in(120 * GIB, 8 * GIB, 0, 8, 0);
  ck_assert_int_eq(ld_rt_schedule_det_pick(&in, &m, &rounds), 0);
  ck_assert_uint_eq(m, 8);
  ck_assert_uint_eq(rounds, 1);
  /* Any grid runs in rounds within the memory (issue 26): 32768 units of
   * 4 MiB each are 128 GiB of copies, 11 rounds of 3072 here. */
  in = copies_in(4 * 4 * GIB, 4 * 1024 * 1024, 4 * 1024 * 1024, 32768, 0);
  ck_assert_int_eq(ld_rt_schedule_det_pick(&in, &m, &rounds), 0);
  ck_assert_uint_eq(m, 3 * 1024 - 1);
  ck_assert_uint_eq(rounds, 11);
  /* copy_memory_mb: 16 MiB for U and the copies leaves 3 copies. */
  in.limit_bytes = 16 * 1024 * 1024;
  ck_assert_int_eq(ld_rt_schedule_det_pick(&in, &m, &rounds), 0);
  ck_assert_uint_eq(m, 3);
  ck_assert_uint_eq(rounds, 10923);
  /* One copy is enough; less is not. */
  in = copies_in(2 * GIB, GIB, 0, 4, 0);
  ck_assert_int_eq(ld_rt_schedule_det_pick(&in, &m, &rounds), 0);
  ck_assert_uint_eq(m, 1);
  ck_assert_uint_eq(rounds, 4);
  in = copies_in(GIB, GIB, 0, 4, 0);
  ck_assert_int_eq(ld_rt_schedule_det_pick(&in, &m, &rounds), LD_ENOMEM);
  ck_assert_uint_eq(rounds, 0);
  in.max_copies = -1;
  ck_assert_int_eq(ld_rt_schedule_det_pick(&in, &m, &rounds), LD_EINVAL);
}
END_TEST

/* The parallel merge's scratch is taken only when more than seq_max copies
 * still fit with it; else the pick is the plain one. */
START_TEST(test_det_pick_merge) {
  struct ld_rt_copies_in in = copies_in(80 * GIB, GIB, 0, 60, 0);
  uint32_t m = 0;
  uint64_t rounds = 0;
  int parallel = -1;

  /* 3/4 of 80 GiB is 60 GiB: 52 copies next to 8 GiB of scratch. */
  ck_assert_int_eq(
      ld_rt_schedule_det_pick_merge(&in, 8 * GIB, 8, &m, &rounds, &parallel),
      0);
  ck_assert_int_eq(parallel, 1);
  ck_assert_uint_eq(m, 52);
  ck_assert_uint_eq(rounds, 2);
  /* 7 copies next to the scratch: not worth it, 60 without. */
  ck_assert_int_eq(
      ld_rt_schedule_det_pick_merge(&in, 53 * GIB, 8, &m, &rounds, &parallel),
      0);
  ck_assert_int_eq(parallel, 0);
  ck_assert_uint_eq(m, 60);
  ck_assert_uint_eq(rounds, 1);
  /* The scratch alone does not fit, or would overflow. */
  ck_assert_int_eq(
      ld_rt_schedule_det_pick_merge(&in, 60 * GIB, 8, &m, &rounds, &parallel),
      0);
  ck_assert_int_eq(parallel, 0);
  ck_assert_uint_eq(m, 60);
  ck_assert_int_eq(
      ld_rt_schedule_det_pick_merge(&in, UINT64_MAX, 8, &m, &rounds, &parallel),
      0);
  ck_assert_int_eq(parallel, 0);
  /* Eight units: eight copies, merged sequentially. */
  in.nunits = 8;
  ck_assert_int_eq(
      ld_rt_schedule_det_pick_merge(&in, GIB, 8, &m, &rounds, &parallel), 0);
  ck_assert_int_eq(parallel, 0);
  ck_assert_uint_eq(m, 8);
  in.nunits = 9;
  ck_assert_int_eq(
      ld_rt_schedule_det_pick_merge(&in, GIB, 8, &m, &rounds, &parallel), 0);
  ck_assert_int_eq(parallel, 1);
  ck_assert_uint_eq(m, 9);
  /* The plain pick's failures stay: one copy fits next to the scratch,
   * none without it. */
  in = copies_in(GIB, GIB, 0, 4, 0);
  ck_assert_int_eq(
      ld_rt_schedule_det_pick_merge(&in, 0, 8, &m, &rounds, &parallel),
      LD_ENOMEM);
  ck_assert_int_eq(parallel, 0);
}
END_TEST

int main(void) {
  Suite *s = suite_create("rt_schedule");
  TCase *tc = tcase_create("core");

  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_rounds_table);
  tcase_add_test(tc, test_rounds_match_reference);
  tcase_add_test(tc, test_small_exhaustive);
  tcase_add_test(tc, test_million_units);
  tcase_add_test(tc, test_neighbours_split_first);
  tcase_add_test(tc, test_out_of_range);
  tcase_add_test(tc, test_pick_from_memory);
  tcase_add_test(tc, test_pick_not_enough);
  tcase_add_test(tc, test_pick_edges);
  tcase_add_test(tc, test_best_copies);
  tcase_add_test(tc, test_det_pick);
  tcase_add_test(tc, test_det_pick_merge);
  suite_add_tcase(s, tc);
  return ld_check_run(s);
}
