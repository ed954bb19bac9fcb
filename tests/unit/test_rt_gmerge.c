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
        raced = ld_gmerge_step(
            &sv, &uv, &pv, ld_gmerge_rule_of(0xffffu, 1, marks[k], same_value),
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
  raced = ld_gmerge_step(&s, &u, &p, ld_gmerge_rule_of(0x00ffu, 1, 0, 0), &sums,
                         &wrote);
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
    raced = ld_gmerge_step(
        &s, &u, &a, ld_gmerge_rule_of(0xffffu, grains[i], 0, 0), NULL, &wrote);
    ck_assert_uint_eq(raced, 0);
    ck_assert_uint_eq(wrote, 0x00f0u);
    raced = ld_gmerge_step(
        &s, &u, &b, ld_gmerge_rule_of(0xffffu, grains[i], 0, 0), NULL, &wrote);
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

/* The parallel merge against the sequential rule.  A round of random
 * copies of one chunk is merged both ways from the same U and sums; the
 * parallel side runs like the three kernels of ld_rt_gcheck.cu, its
 * slices taken in a random order in each step and the copies of a slice
 * scanned backwards, so any dependence on order shows. */

#define PMAX 40 /* copies in one round */

static uint32_t rng = 0x2545f491u;

static uint32_t rnd(uint32_t below) {
  rng ^= rng << 13;
  rng ^= rng >> 17;
  rng ^= rng << 5;
  return rng % below;
}

struct round_case {
  struct ld_gchunk s;
  struct ld_gchunk copies[PMAX];
  uint32_t m;
  unsigned valid, grain;
  uint32_t marks;
  int same_value;
};

static unsigned seq_round(const struct round_case *rc, struct ld_gchunk *u,
                          struct ld_gsums *sums) {
  unsigned raced = 0, wrote;

  for (uint32_t c = 0; c < rc->m; c++)
    raced |= ld_gmerge_step(
        &rc->s, u, &rc->copies[c],
        ld_gmerge_rule_of(rc->valid, rc->grain, rc->marks, rc->same_value),
        sums, &wrote);
  return raced;
}

static void shuffle(uint32_t *a, uint32_t n) {
  for (uint32_t i = n; i > 1; i--) {
    uint32_t j = rnd(i), x = a[i - 1];
    a[i - 1] = a[j];
    a[j] = x;
  }
}

/* Byte j's value as copy c left it (__LDCC_GNONE: U before the round), and
 * whether c wrote it. */
static unsigned value_of(const struct round_case *rc,
                         const struct ld_gchunk *u_in, uint32_t c, int j) {
  return ld_gchunk_byte(c == __LDCC_GNONE ? u_in : &rc->copies[c], j);
}

static int wrote_byte(const struct round_case *rc, const struct ld_gchunk *u_in,
                      uint32_t c, int j) {
  if (c == __LDCC_GNONE)
    return ld_gchunk_byte(u_in, j) != ld_gchunk_byte(&rc->s, j);
  return ld_gmerge_grain(ld_gchunk_differ(&rc->copies[c], &rc->s, rc->valid),
                         rc->grain, rc->valid) >>
             j &
         1u;
}

/* A race report must name two writers of the byte, the earlier first, with
 * different values unless same_value. */
static void check_pair(const struct round_case *rc,
                       const struct ld_gchunk *u_in, int j, uint32_t a,
                       uint32_t b) {
  ck_assert_uint_ne(b, __LDCC_GNONE);
  ck_assert(a == __LDCC_GNONE || a < b);
  ck_assert(wrote_byte(rc, u_in, a, j));
  ck_assert(wrote_byte(rc, u_in, b, j));
  ck_assert(rc->same_value ||
            value_of(rc, u_in, a, j) != value_of(rc, u_in, b, j));
}

static unsigned par_round(const struct round_case *rc, struct ld_gchunk *u,
                          struct ld_gsums *sums, uint32_t slice) {
  struct ld_gwinners w;
  struct ld_gchunk vn, u_in = *u;
  uint32_t order[PMAX], n = (rc->m + slice - 1) / slice, lo, hi, a, b, i;
  unsigned raced = 0, written, r;

  memset(&w, 0, sizeof w);
  memset(&vn, 0, sizeof vn);
  for (i = 0; i < n; i++)
    order[i] = i;
  shuffle(order, n);
  for (i = 0; i < n; i++) { /* merge_scan */
    struct ld_gwinners ws;
    struct ld_gsums d;
    uint32_t c0 = order[i] * slice;
    uint32_t c = rc->m - c0 < slice ? rc->m : c0 + slice;
    memset(&ws, 0, sizeof ws);
    memset(&d, 0, sizeof d);
    while (c-- > c0) {
      unsigned wrote =
          ld_gmerge_scan(&rc->s, &rc->copies[c], c, rc->valid, rc->grain, &ws);
      ld_gmerge_sums_add(&rc->s, &rc->copies[c], wrote, &d);
    }
    ld_gmerge_fold(&w, &ws);
    for (int k = 0; k < 4; k++)
      sums->d32[k] += d.d32[k];
    for (int h = 0; h < 2; h++)
      sums->d64[h] += d.d64[h];
  }
  written = ld_gmerge_written(&w);
  for (int j = 0; j < 16; j++)
    if (written >> j & 1u)
      ld_gchunk_set(&vn, j, ld_gchunk_byte(&rc->copies[w.last[j] - 1], j));
  shuffle(order, n);
  for (i = 0; ld_gmerge_span(&rc->s, &u_in, &w, rc->marks, &lo, &hi) && i < n;
       i++) { /* merge_races */
    uint32_t c = order[i] * slice, c1 = rc->m - c < slice ? rc->m : c + slice;
    for (c = c < lo ? lo : c; c < c1 && c <= hi; c++) {
      r = ld_gmerge_race_copy(
          &rc->s, &u_in, &vn, &w, &rc->copies[c], c,
          ld_gmerge_rule_of(rc->valid, rc->grain, rc->marks, rc->same_value));
      raced |= r;
      for (int j = 0; j < 16; j++)
        if (r >> j & 1u) {
          ld_gmerge_race_pair(&rc->s, &u_in, &w, &rc->copies[c], c, j, &a, &b);
          check_pair(rc, &u_in, j, a, b);
        }
    }
  }
  /* merge_apply */
  r = ld_gmerge_race_before(&rc->s, &u_in, &vn, &w, rc->marks, rc->same_value);
  for (int j = 0; j < 16; j++)
    if (r >> j & 1u)
      check_pair(rc, &u_in, j, __LDCC_GNONE, w.last[j] - 1);
  for (int j = 0; j < 16; j++)
    if (written >> j & 1u)
      ld_gchunk_set(u, j, ld_gchunk_byte(&vn, j));
  return raced | r;
}

/* A byte for a random store: S's own value a quarter of the time (with a
 * grain that byte is written, not changed), else one of three values, so
 * that equal and different values both happen often. */
static unsigned random_byte(const struct ld_gchunk *s, int j) {
  uint32_t x = rnd(4);
  return x == 0 ? ld_gchunk_byte(s, j) : 0x10 + x;
}

static void random_copies(struct round_case *rc) {
  static const uint32_t kinds[3] = {0, __LDCC_GACC_ADD32, __LDCC_GACC_ADD64};

  rc->m = 1 + rnd(PMAX);
  for (uint32_t c = 0; c < rc->m; c++) {
    struct ld_gchunk *p = &rc->copies[c];
    uint32_t stores = rnd(3) ? rnd(3) : 0;
    *p = rc->s;
    for (uint32_t i = 0; i < stores; i++) {
      int at = (int)(rnd(16 / rc->grain) * rc->grain);
      for (int j = at; j < at + (int)rc->grain; j++)
        ld_gchunk_set(p, j, random_byte(&rc->s, j));
    }
  }
  /* Marks only grow, as the clone's atomics set them round after round. */
  if (rnd(4) == 0)
    rc->marks |= kinds[rnd(3)] << (8 * rnd(4));
}

START_TEST(test_parallel_equals_sequential) {
  static const unsigned grains[3] = {1, 4, 8};
  static struct round_case rc;
  uint32_t trial;

  for (trial = 0; trial < 30000; trial++) {
    struct ld_gchunk u_seq, u_par;
    struct ld_gsums sums_seq, sums_par;
    uint32_t rounds = 1 + rnd(4), from, to;

    rc.grain = grains[rnd(3)];
    rc.same_value = (int)rnd(2);
    rc.marks = 0;
    from = rnd(2) ? 0 : rnd(16);
    to = rnd(2) ? 16 : from + 1 + rnd(16 - from);
    rc.valid = (0xffffu >> (16 - (to - from))) << from;
    for (int j = 0; j < 16; j++)
      ld_gchunk_set(&rc.s, j, rnd(3) ? 0x10 + rnd(4) : rnd(256));
    u_seq = u_par = rc.s;
    memset(&sums_seq, 0, sizeof sums_seq);
    sums_par = sums_seq;
    for (uint32_t r = 0; r < rounds; r++) {
      unsigned raced_seq, raced_par;
      random_copies(&rc);
      raced_seq = seq_round(&rc, &u_seq, &sums_seq);
      raced_par = par_round(&rc, &u_par, &sums_par, 1 + rnd(rc.m + 1));
      ck_assert_uint_eq(raced_par, raced_seq);
      ck_assert_mem_eq(u_par.w, u_seq.w, sizeof u_seq.w);
      ck_assert_mem_eq(&sums_par, &sums_seq, sizeof sums_seq);
    }
  }
}
END_TEST

/* Slices: at least LD_GMERGE_SLICE_MIN copies (or all of them), about
 * LD_GMERGE_THREADS threads when there is enough work, never more than m
 * copies and never 0. */
START_TEST(test_slice) {
  ck_assert_uint_eq(ld_gmerge_slice(4096, 1024), 16);
  ck_assert_uint_eq(ld_gmerge_slice(4096, 1), LD_GMERGE_SLICE_MIN);
  ck_assert_uint_eq(ld_gmerge_slice(3, 1), 3);
  ck_assert_uint_eq(ld_gmerge_slice(0, 1), 1);
  ck_assert_uint_eq(ld_gmerge_slice(100, 1ull << 30), 100);
  for (uint32_t m = 9; m < 100000; m = m * 3 + 1)
    for (uint64_t chunks = 1; chunks < (1ull << 24); chunks *= 7) {
      uint32_t slice = ld_gmerge_slice(m, chunks);
      uint64_t threads = chunks * ((m + slice - 1) / slice);
      ck_assert_uint_ge(slice, LD_GMERGE_SLICE_MIN);
      ck_assert_uint_le(slice, m);
      ck_assert(slice == LD_GMERGE_SLICE_MIN || slice == m ||
                threads <= 2 * LD_GMERGE_THREADS);
    }
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
  tcase_add_test(tc, test_parallel_equals_sequential);
  tcase_add_test(tc, test_slice);
  tcase_add_test(tc, test_det_schedule);
  suite_add_tcase(s, tc);
  return ld_check_run(s);
}
