/* Check suite for deterministic mode's merge rule (runtime/ld_rt_gmerge.h)
 * driven the way the launch protocol drives it (runtime/ld_rt_glaunch.cu):
 * units in rounds of M (ld_rt_schedule_det_range), every unit's copy from
 * S, copies merged into U in unit order, the accumulated words from the
 * sums at the end.  The result must be "every unit ran on S, then the
 * units' written bytes were applied in unit order, and every accumulated
 * word is S plus all units' deltas", for every M: the same memory whatever
 * fits.  Write-write races are found whatever M is; counters never race. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ld_check.h"
#include "ld_rt_gmerge.h"
#include "ld_rt_schedule.h"

#define NCHUNKS 6
#define SIZE (16 * NCHUNKS)
#define MAXUNITS 40

/* What one unit does on its copy. */
struct unit_prog {
  int nwrites;
  int at[4];
  unsigned char val[4];
  int add32_word; /* -1: none; else atomicAdd on 32-bit word */
  uint32_t add32;
  int add64_pair; /* -1: none; else atomicAdd on the 64-bit pair */
  uint64_t add64;
};

static unsigned char s_mem[SIZE];
static struct unit_prog progs[MAXUNITS];

static uint32_t word_of(const unsigned char *m, int w) {
  uint32_t v;
  memcpy(&v, m + 4 * w, 4);
  return v;
}

static void put_word(unsigned char *m, int w, uint32_t v) {
  memcpy(m + 4 * w, &v, 4);
}

/* Unit u's copy after the kernel, and its marks (as gmark sets them). */
static void run_unit(int u, unsigned char *copy, uint32_t *marks) {
  const struct unit_prog *p = &progs[u];
  int i;

  memcpy(copy, s_mem, SIZE);
  for (i = 0; i < p->nwrites; i++)
    copy[p->at[i]] = p->val[i];
  if (p->add32_word >= 0) {
    int w = p->add32_word;
    put_word(copy, w, word_of(copy, w) + p->add32);
    marks[w / 4] |= __LDCC_GACC_ADD32 << (8 * (w % 4));
  }
  if (p->add64_pair >= 0) {
    int w = 2 * p->add64_pair;
    uint64_t v = (uint64_t)word_of(copy, w) | (uint64_t)word_of(copy, w + 1)
                                                  << 32;
    v += p->add64;
    put_word(copy, w, (uint32_t)v);
    put_word(copy, w + 1, (uint32_t)(v >> 32));
    marks[w / 4] |= __LDCC_GACC_ADD64 << (8 * (w % 4));
    marks[w / 4] |= __LDCC_GACC_ADD64 << (8 * (w % 4 + 1));
  }
}

static void load(struct ld_gchunk *c, const unsigned char *m, int k) {
  memcpy(c->w, m + 16 * k, 16);
}

/* The protocol with m copies; *races gets the bytes (bit per byte of the
 * memory, as a count per byte) found racing. */
static void protocol(int n, uint32_t m, int same_value, unsigned char *out,
                     int *races) {
  static unsigned char copies[MAXUNITS][SIZE];
  unsigned char u_mem[SIZE];
  uint32_t marks[NCHUNKS] = {0};
  struct ld_gsums sums[NCHUNKS];
  uint64_t r, rounds = ld_rt_schedule_det_rounds((uint64_t)n, m);
  int k, j;

  memset(sums, 0, sizeof sums);
  memcpy(u_mem, s_mem, SIZE);
  memset(races, 0, SIZE * sizeof *races);
  for (r = 0; r < rounds; r++) {
    uint64_t first, count, c;
    ld_rt_schedule_det_range((uint64_t)n, m, r, &first, &count);
    ck_assert_uint_le(count, m);
    for (c = 0; c < count; c++)
      run_unit((int)(first + c), copies[c], marks);
    for (k = 0; k < NCHUNKS; k++) {
      struct ld_gchunk sv, uv, pv;
      load(&sv, s_mem, k);
      load(&uv, u_mem, k);
      for (c = 0; c < count; c++) {
        unsigned wrote, raced;
        load(&pv, copies[c], k);
        raced = ld_gmerge_step(&sv, &uv, &pv, 0xffffu, 1, marks[k], same_value,
                               &sums[k], &wrote);
        for (j = 0; j < 16; j++)
          races[16 * k + j] += raced >> j & 1u;
      }
      memcpy(u_mem + 16 * k, uv.w, 16);
    }
  }
  for (k = 0; k < NCHUNKS; k++) {
    struct ld_gchunk sv, uv;
    load(&sv, s_mem, k);
    load(&uv, u_mem, k);
    if (marks[k])
      ld_gmerge_final(&sv, &uv, &sums[k], marks[k]);
    memcpy(out + 16 * k, uv.w, 16);
  }
}

/* The definition: written bytes in unit order, accumulated words summed. */
static void reference(int n, unsigned char *out) {
  unsigned char copy[SIZE];
  uint32_t marks[NCHUNKS] = {0}, d32[SIZE / 4] = {0};
  uint64_t d64[SIZE / 8] = {0};
  int u, b, w;

  memcpy(out, s_mem, SIZE);
  for (u = 0; u < n; u++) {
    run_unit(u, copy, marks);
    for (b = 0; b < SIZE; b++)
      if (copy[b] != s_mem[b])
        out[b] = copy[b];
    for (w = 0; w < SIZE / 4; w++)
      d32[w] += word_of(copy, w) - word_of(s_mem, w);
    for (w = 0; w < SIZE / 8; w++)
      d64[w] += ((uint64_t)word_of(copy, 2 * w) |
                 (uint64_t)word_of(copy, 2 * w + 1) << 32) -
                ((uint64_t)word_of(s_mem, 2 * w) |
                 (uint64_t)word_of(s_mem, 2 * w + 1) << 32);
  }
  for (w = 0; w < SIZE / 4; w++) {
    uint32_t mk = marks[w / 4] >> (8 * (w % 4)) & 0xffu;
    if (mk & __LDCC_GACC_ADD64) {
      uint64_t v = ((uint64_t)word_of(s_mem, w & ~1) |
                    (uint64_t)word_of(s_mem, w | 1) << 32) +
                   d64[w / 2];
      put_word(out, w, (uint32_t)(v >> (w & 1 ? 32 : 0)));
    } else if (mk & __LDCC_GACC_ADD32) {
      put_word(out, w, word_of(s_mem, w) + d32[w]);
    }
  }
}

static void no_prog(void) {
  int u;

  memset(progs, 0, sizeof progs);
  for (u = 0; u < MAXUNITS; u++)
    progs[u].add32_word = progs[u].add64_pair = -1;
  for (u = 0; u < SIZE; u++)
    s_mem[u] = (unsigned char)(u * 7 + 3);
}

/* A last-writer pattern: every unit writes its number to byte 0 and to
 * its own byte; the result is the last unit's, whatever M. */
START_TEST(test_last_writer_wins_for_every_m) {
  unsigned char want[SIZE], got[SIZE];
  int races[SIZE], n = 23;
  uint32_t m;

  no_prog();
  for (int u = 0; u < n; u++) {
    progs[u].nwrites = 2;
    progs[u].at[0] = 0;
    progs[u].val[0] = (unsigned char)(100 + u);
    progs[u].at[1] = 16 + u;
    progs[u].val[1] = (unsigned char)(200 + u);
  }
  reference(n, want);
  ck_assert_uint_eq(want[0], 100 + n - 1);
  for (m = 2; m <= (uint32_t)n + 2; m++) {
    protocol(n, m, 0, got, races);
    ck_assert_mem_eq(got, want, SIZE);
    /* Byte 0 is a race in every round after the first writer. */
    ck_assert_int_eq(races[0], n - 1);
    ck_assert_int_eq(races[16], 0);
  }
}
END_TEST

/* Histogram-style counters (32-bit and 64-bit with a carry) and a plain
 * store to a counter: all deltas count, for every M; no race reported on
 * counters. */
START_TEST(test_counters_add_up_for_every_m) {
  unsigned char want[SIZE], got[SIZE], first[SIZE];
  int races[SIZE], n = 37;
  uint32_t m;

  no_prog();
  put_word(s_mem, 8, 0xfffffff0u); /* pair 4 is words 8, 9 */
  put_word(s_mem, 9, 0x00000001u);
  for (int u = 0; u < n; u++) {
    progs[u].add32_word = 2 + u % 3; /* words 2, 3, 4 */
    progs[u].add32 = (uint32_t)u + 1;
    progs[u].add64_pair = 4;
    progs[u].add64 = 3; /* crosses 2^32 in the low word */
  }
  progs[5].nwrites = 1; /* a plain store into counter word 3: a delta */
  progs[5].at[0] = 12;
  progs[5].val[0] = (unsigned char)(s_mem[12] + 9);
  reference(n, want);
  {
    uint64_t v = (uint64_t)word_of(want, 8) | (uint64_t)word_of(want, 9) << 32;
    ck_assert_uint_eq(v, 0x1fffffff0ull + 3ull * n);
  }
  for (m = 2; m <= (uint32_t)n + 1; m++) {
    protocol(n, m, 0, got, races);
    ck_assert_mem_eq(got, want, SIZE);
    if (m == 2)
      memcpy(first, got, SIZE);
    ck_assert_mem_eq(got, first, SIZE);
    for (int b = 0; b < SIZE; b++)
      ck_assert_int_eq(races[b], 0);
  }
}
END_TEST

/* Same-value writes race only with same_value; different values always. */
START_TEST(test_races_and_same_values) {
  unsigned char got[SIZE];
  int races[SIZE];

  no_prog();
  progs[0].nwrites = 2;
  progs[0].at[0] = 40;
  progs[0].val[0] = 1;
  progs[0].at[1] = 41;
  progs[0].val[1] = 5;
  progs[3].nwrites = 2;
  progs[3].at[0] = 40;
  progs[3].val[0] = 1; /* the same value */
  progs[3].at[1] = 41;
  progs[3].val[1] = 6; /* another value: the later unit wins */
  for (uint32_t m = 2; m <= 5; m++) {
    protocol(4, m, 0, got, races);
    ck_assert_int_eq(races[40], 0);
    ck_assert_int_eq(races[41], 1);
    ck_assert_uint_eq(got[41], 6);
    protocol(4, m, 1, got, races);
    ck_assert_int_eq(races[40], 1);
  }
}
END_TEST

/* A unit restoring S's value is not a write (value-based), and the bytes
 * nobody wrote stay S. */
START_TEST(test_untouched_and_restored) {
  unsigned char want[SIZE], got[SIZE];
  int races[SIZE];

  no_prog();
  progs[1].nwrites = 1;
  progs[1].at[0] = 7;
  progs[1].val[0] = 99;
  progs[2].nwrites = 1;
  progs[2].at[0] = 7;
  progs[2].val[0] = s_mem[7];
  reference(3, want);
  protocol(3, 2, 0, got, races);
  ck_assert_mem_eq(got, want, SIZE);
  ck_assert_uint_eq(got[7], 99);
  ck_assert_uint_eq(got[8], s_mem[8]);
}
END_TEST

/* Partial chunks: bytes outside `valid` are neither compared nor summed. */
START_TEST(test_partial_chunk) {
  struct ld_gchunk s, u, p;
  struct ld_gsums sums;
  unsigned wrote, raced;

  memset(&s, 0, sizeof s);
  memset(&sums, 0, sizeof sums);
  u = s;
  p = s;
  ld_gchunk_set(&p, 0, 0x11);
  ld_gchunk_set(&p, 9, 0x22);
  raced = ld_gmerge_step(&s, &u, &p, 0x00ffu, 1, 0, 0, &sums, &wrote);
  ck_assert_uint_eq(wrote, 0x1u);
  ck_assert_uint_eq(raced, 0);
  ck_assert_uint_eq(ld_gchunk_byte(&u, 9), 0);
  ck_assert_uint_eq(sums.d32[0], 0x11);
  ck_assert_uint_eq(sums.d32[2], 0);
}
END_TEST

/* Two units store 0x1fe and 0x1ff over 0xffffffff, the later last.  Byte
 * by byte the later one's low byte (0xff, unchanged) is not seen as
 * written, and the merge keeps the earlier 0xfe: 0x1fe, a value nobody
 * stored, and no conflict is seen.  With the elements' grain (4-byte
 * numbers) the later store wins whole, and the two stores conflict. */
START_TEST(test_grain_whole_numbers) {
  static const unsigned grains[2] = {1, 4};
  static const uint32_t want[2] = {0x1feu, 0x1ffu};
  struct ld_gchunk s, u, a, b;
  unsigned wrote, raced, i;

  for (i = 0; i < 2; i++) {
    memset(&s, 0xff, sizeof s);
    u = s;
    a = s;
    b = s;
    a.w[1] = 0x1feu;
    b.w[1] = 0x1ffu;
    raced = ld_gmerge_step(&s, &u, &a, 0xffffu, grains[i], 0, 0, NULL, &wrote);
    ck_assert_uint_eq(raced, 0);
    ck_assert_uint_eq(wrote, 0x00f0u);
    raced = ld_gmerge_step(&s, &u, &b, 0xffffu, grains[i], 0, 0, NULL, &wrote);
    ck_assert_uint_eq(u.w[1], want[i]);
    /* bytes 1..3 are equal in both; only the low byte can conflict */
    ck_assert_uint_eq(raced, (i ? 0x0010u : 0u));
    ck_assert_uint_eq(u.w[0], 0xffffffffu);
  }
  ck_assert_uint_eq(ld_gmerge_grain(0x0100u, 8, 0xffffu), 0xff00u);
  ck_assert_uint_eq(ld_gmerge_grain(0x0100u, 8, 0x0fffu), 0x0f00u);
  ck_assert_uint_eq(ld_gmerge_grain(0x0101u, 2, 0xffffu), 0x0101u);
}
END_TEST

START_TEST(test_det_schedule) {
  uint64_t first, count;

  ck_assert_uint_eq(ld_rt_schedule_det_rounds(0, 4), 0);
  ck_assert_uint_eq(ld_rt_schedule_det_rounds(8, 4), 2);
  ck_assert_uint_eq(ld_rt_schedule_det_rounds(9, 4), 3);
  ck_assert_uint_eq(ld_rt_schedule_det_rounds(9, 0), 0);
  ck_assert_uint_eq(ld_rt_schedule_det_rounds(UINT64_MAX, 2),
                    UINT64_MAX / 2 + 1);
  ld_rt_schedule_det_range(9, 4, 2, &first, &count);
  ck_assert_uint_eq(first, 8);
  ck_assert_uint_eq(count, 1);
  ld_rt_schedule_det_range(9, 4, 1, &first, &count);
  ck_assert_uint_eq(first, 4);
  ck_assert_uint_eq(count, 4);
  ld_rt_schedule_det_range(9, 4, 3, &first, &count);
  ck_assert_uint_eq(count, 0);
}
END_TEST

int main(void) {
  Suite *s = suite_create("rt_gmerge");
  TCase *tc = tcase_create("core");

  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_last_writer_wins_for_every_m);
  tcase_add_test(tc, test_counters_add_up_for_every_m);
  tcase_add_test(tc, test_races_and_same_values);
  tcase_add_test(tc, test_untouched_and_restored);
  tcase_add_test(tc, test_partial_chunk);
  tcase_add_test(tc, test_grain_whole_numbers);
  tcase_add_test(tc, test_det_schedule);
  suite_add_tcase(s, tc);
  return ld_check_run(s);
}
