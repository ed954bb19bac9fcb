/* The merge rule of deterministic mode's global half
 * (docs/deterministic-global.md), one 16-byte chunk at a time: how a unit's
 * private copy is folded into U, and how U becomes the program's memory at
 * the end of the launch.  Plain C, compiled both for the host (the unit
 * tests, tests/unit/test_rt_gmerge.c) and for the device (the merge sweeps
 * in ld_rt_gcheck.cu), so the rule the tests prove is the one that runs.
 *
 * S is the kernel-start memory, U starts as S.  The copies are merged in
 * unit order; round after round, but every copy starts from S, so the
 * result does not depend on how many copies fit (how units fall into
 * rounds):
 *   - a byte where the copy differs from S overwrites U (the later unit
 *     wins); when U already differed from S there with another value (any
 *     value with same_value), two units wrote it: a write-write race, unless
 *     the word is marked as accumulated;
 *   - every copy's 32-bit words and 64-bit pairs that differ from S add
 *     (copy - S) to the chunk's sums; at the end a word marked
 *     __LDCC_GACC_ADD64 (its aligned pair) becomes S + the 64-bit sum, one
 *     marked __LDCC_GACC_ADD32 S + the 32-bit sum, so increments of one
 *     counter by many units all count.  A plain store by a unit to a marked
 *     word counts as that unit's delta too.
 * A round of many copies is merged by many threads at once with the same
 * result, bytes and races alike (the parallel merge, below). */
#ifndef LD_RT_GMERGE_H
#define LD_RT_GMERGE_H

#include <stdint.h>

#include "ldcc/global.h"

#ifdef __CUDACC__
#define LD_GMERGE_FN __host__ __device__ static inline
#else
#define LD_GMERGE_FN static inline
#endif

/* 16 bytes, byte j in bits 8 * (j % 4) of word j / 4 (little-endian). */
struct ld_gchunk {
  uint32_t w[4];
};

/* The running sums of one chunk's deltas: per 32-bit word and per aligned
 * 64-bit pair, modulo 2^32 and 2^64. */
struct ld_gsums {
  uint32_t d32[4];
  uint64_t d64[2];
};

LD_GMERGE_FN unsigned ld_gchunk_byte(const struct ld_gchunk *c, int j) {
  return c->w[j >> 2] >> (8 * (j & 3)) & 0xffu;
}

LD_GMERGE_FN void ld_gchunk_set(struct ld_gchunk *c, int j, unsigned v) {
  unsigned sh = 8 * (j & 3);
  c->w[j >> 2] = (c->w[j >> 2] & ~(0xffu << sh)) | (v & 0xffu) << sh;
}

/* Bytes (mask) where a and b differ among valid ones. */
LD_GMERGE_FN unsigned ld_gchunk_differ(const struct ld_gchunk *a,
                                       const struct ld_gchunk *b,
                                       unsigned valid) {
  unsigned m = 0;
  for (int k = 0; k < 4; k++) {
    uint32_t x = a->w[k] ^ b->w[k];
    for (int j = 0; j < 4; j++)
      if (x >> (8 * j) & 0xffu)
        m |= 1u << (4 * k + j);
  }
  return m & valid;
}

LD_GMERGE_FN uint64_t ld_gchunk_pair(const struct ld_gchunk *c, int h) {
  return (uint64_t)c->w[2 * h] | (uint64_t)c->w[2 * h + 1] << 32;
}

/* Whether byte j's word has a mark (marks: one byte per word). */
LD_GMERGE_FN int ld_gmerge_marked(uint32_t marks, int j) {
  return (marks >> (8 * (j >> 2)) & 0xffu) != 0;
}

/* The bytes a copy wrote, from the bytes it changed d: with grain 4 or 8
 * (the allocation's elements are 4- or 8-byte numbers, every store writes a
 * whole one) every byte of an element with a changed byte; else d.  A
 * store of 0x1ff over 0xffffffff changes three bytes but writes four: taken
 * byte by byte, the merge would keep an earlier unit's low byte. */
LD_GMERGE_FN unsigned ld_gmerge_grain(unsigned d, unsigned grain,
                                      unsigned valid) {
  unsigned g = grain == 8 ? 0xffu : grain == 4 ? 0xfu : 0;
  unsigned out = d;
  for (unsigned at = 0; g && at < 16; at += grain)
    if (d >> at & g)
      out |= g << at;
  return out & valid;
}

/* Add (p - s) of every 32-bit word and 64-bit pair with a byte in wrote to
 * sums (modulo 2^32 and 2^64, so the order of additions does not matter). */
LD_GMERGE_FN void ld_gmerge_sums_add(const struct ld_gchunk *s,
                                     const struct ld_gchunk *p, unsigned wrote,
                                     struct ld_gsums *sums) {
  for (int k = 0; k < 4; k++)
    if (wrote >> (4 * k) & 0xfu)
      sums->d32[k] += p->w[k] - s->w[k];
  for (int h = 0; h < 2; h++)
    if (wrote >> (8 * h) & 0xffu)
      sums->d64[h] += ld_gchunk_pair(p, h) - ld_gchunk_pair(s, h);
}

/* What the merge of one chunk goes by: the chunk's valid bytes, the
 * grain (ld_gmerge_grain), the marks of its accumulated words and whether
 * same-value writes race. */
struct ld_gmerge_rule {
  unsigned valid;
  unsigned grain;
  uint32_t marks;
  int same_value;
};

LD_GMERGE_FN struct ld_gmerge_rule ld_gmerge_rule_of(unsigned valid,
                                                     unsigned grain,
                                                     uint32_t marks,
                                                     int same_value) {
  struct ld_gmerge_rule r;
  r.valid = valid;
  r.grain = grain;
  r.marks = marks;
  r.same_value = same_value;
  return r;
}

/* Fold copy p (the rule's valid bytes) into u; sums may be NULL when the
 * kernel has no accumulating atomics.  *wrote gets the bytes p wrote
 * (differs from s, widened to whole elements by the grain); returns the
 * bytes that are write-write races. */
LD_GMERGE_FN unsigned ld_gmerge_step(const struct ld_gchunk *s,
                                     struct ld_gchunk *u,
                                     const struct ld_gchunk *p,
                                     struct ld_gmerge_rule rule,
                                     struct ld_gsums *sums, unsigned *wrote) {
  const unsigned valid = rule.valid, grain = rule.grain;
  const uint32_t marks = rule.marks;
  const int same_value = rule.same_value;
  unsigned d = ld_gmerge_grain(ld_gchunk_differ(p, s, valid), grain, valid);
  unsigned raced = 0;

  *wrote = d;
  for (int j = 0; d && j < 16; j++) {
    unsigned uj, pj;
    if (!(d >> j & 1u))
      continue;
    uj = ld_gchunk_byte(u, j);
    pj = ld_gchunk_byte(p, j);
    if (uj != ld_gchunk_byte(s, j) && (same_value || uj != pj) &&
        !ld_gmerge_marked(marks, j))
      raced |= 1u << j;
    ld_gchunk_set(u, j, pj);
  }
  if (sums)
    ld_gmerge_sums_add(s, p, d, sums);
  return raced;
}

/* The end of the launch: the accumulated words of u from s and the sums
 * (a word marked both ways is a 64-bit counter). */
LD_GMERGE_FN void ld_gmerge_final(const struct ld_gchunk *s,
                                  struct ld_gchunk *u,
                                  const struct ld_gsums *sums, uint32_t marks) {
  for (int h = 0; h < 2; h++) {
    uint32_t m2 = marks >> (16 * h);
    if ((m2 | m2 >> 8) & __LDCC_GACC_ADD64) {
      uint64_t v = ld_gchunk_pair(s, h) + sums->d64[h];
      u->w[2 * h] = (uint32_t)v;
      u->w[2 * h + 1] = (uint32_t)(v >> 32);
      continue;
    }
    for (int k = 2 * h; k < 2 * h + 2; k++)
      if (marks >> (8 * k) & __LDCC_GACC_ADD32)
        u->w[k] = s->w[k] + sums->d32[k];
  }
}

/* The parallel merge.  A round with more than LD_GMERGE_SEQ_MAX copies is
 * merged by many threads per chunk, each over a slice of the copies, in
 * three steps (ld_rt_gcheck.cu) whose results do not depend on the order
 * in which slices run:
 *   scan:  per byte, the last copy that wrote it and the first copy that
 *          changed it (its value differs from S), each folded with a
 *          maximum (ld_gmerge_scan, ld_gmerge_fold: atomicMax on the
 *          device); the sums by modular addition (atomicAdd);
 *   races: every copy in the span where a race can be (ld_gmerge_span)
 *          against the winners (ld_gmerge_race_copy);
 *   apply: the race against U from earlier rounds (ld_gmerge_race_before),
 *          then U <- the last writer's byte where the round wrote.
 * Why this is ld_gmerge_step's result, per byte: let v0 be U at the start
 * of the round, v1 .. vn the values of the round's writers of the byte in
 * unit order, s the byte of S.  The sequential steps race iff some step i
 * has v(i-1) != s and (same_value or v(i-1) != vi), and U ends as vn.
 * Without same_value no step races iff the sequence is s .. s x .. x for
 * one x != s, so one races iff a v(i), i < n, differs from both s and vn
 * (a writer's by race_copy, v0's by race_before), or a writer that left
 * the byte s (with a grain: it stored a whole element, this byte equal to
 * S's) comes after one that did not (the first changer, or v0 != s; by
 * race_copy).  With same_value one races iff some v(i), i < n, differs
 * from s: a writer that changed the byte and is not the last, or v0.
 * The bytes found differ from the sequential rule only in which step they
 * are charged to; a round reports the same set of racing bytes. */

/* Rounds with at most this many copies keep the sequential merge: one
 * thread reading a few copies beats three kernels. */
#define LD_GMERGE_SEQ_MAX 8u

/* The parallel merge aims at about this many threads per allocation
 * (about one per resident thread of an H100: 132 SMs of 2048), and gives a
 * thread at least LD_GMERGE_SLICE_MIN copies so that its atomics stay few next
 * to its loads. */
#define LD_GMERGE_THREADS (1ull << 18)
#define LD_GMERGE_SLICE_MIN 4u

/* No copy (ld_gmerge_first). */
#define LD_GMERGE_NONE 0xffffffffu

/* What the scan learns about one chunk's bytes in a round.  Both fields
 * fold by maximum and 0 means "none", so a zeroed area is the empty
 * state and atomicMax folds slices in any order. */
struct ld_gwinners {
  uint32_t last[16];  /* 1 + the highest copy that wrote the byte; 0: none */
  uint32_t first[16]; /* ~c of the lowest copy c that changed the byte
                         (its value differs from S); 0: none */
};

/* The copies per thread for a round of m copies over nchunks chunks. */
LD_GMERGE_FN uint32_t ld_gmerge_slice(uint32_t m, uint64_t nchunks) {
  uint64_t work = (uint64_t)m * nchunks;
  uint64_t slice = (work + LD_GMERGE_THREADS - 1) / LD_GMERGE_THREADS;

  if (slice < LD_GMERGE_SLICE_MIN)
    slice = LD_GMERGE_SLICE_MIN;
  return slice > m ? (m ? m : 1) : (uint32_t)slice;
}

/* The lowest copy that changed byte j, or LD_GMERGE_NONE. */
LD_GMERGE_FN uint32_t ld_gmerge_first(const struct ld_gwinners *w, int j) {
  return w->first[j] ? ~w->first[j] : LD_GMERGE_NONE;
}

/* Bytes written this round (a last writer exists). */
LD_GMERGE_FN unsigned ld_gmerge_written(const struct ld_gwinners *w) {
  unsigned m = 0;
  for (int j = 0; j < 16; j++)
    if (w->last[j])
      m |= 1u << j;
  return m;
}

/* Copy c (its chunk p) into w; returns the bytes it wrote. */
LD_GMERGE_FN unsigned ld_gmerge_scan(const struct ld_gchunk *s,
                                     const struct ld_gchunk *p, uint32_t c,
                                     unsigned valid, unsigned grain,
                                     struct ld_gwinners *w) {
  unsigned changed = ld_gchunk_differ(p, s, valid);
  unsigned wrote = ld_gmerge_grain(changed, grain, valid);

  for (int j = 0; wrote && j < 16; j++) {
    if (!(wrote >> j & 1u))
      continue;
    if (c + 1 > w->last[j])
      w->last[j] = c + 1;
    if ((changed >> j & 1u) && ~c > w->first[j])
      w->first[j] = ~c;
  }
  return wrote;
}

/* The facts of another set of copies (a slice) into w. */
LD_GMERGE_FN void ld_gmerge_fold(struct ld_gwinners *w,
                                 const struct ld_gwinners *o) {
  for (int j = 0; j < 16; j++) {
    if (o->last[j] > w->last[j])
      w->last[j] = o->last[j];
    if (o->first[j] > w->first[j])
      w->first[j] = o->first[j];
  }
}

/* The copies in which a race on this chunk can show, [*lo, *hi]: 0 when
 * none can (every byte has one writer, or its earlier writers all left it
 * S and v0 is s), and only the apply step has to look.  A race of a
 * writer needs an earlier changer (or v0 != s) and the last writer after
 * it. */
LD_GMERGE_FN int ld_gmerge_span(const struct ld_gchunk *s,
                                const struct ld_gchunk *u,
                                const struct ld_gwinners *w, uint32_t marks,
                                uint32_t *lo, uint32_t *hi) {
  int any = 0;

  *lo = LD_GMERGE_NONE;
  *hi = 0;
  for (int j = 0; j < 16; j++) {
    uint32_t from;
    if (!w->last[j] || ld_gmerge_marked(marks, j))
      continue;
    from = ld_gchunk_byte(u, j) != ld_gchunk_byte(s, j) ? 0
                                                        : ld_gmerge_first(w, j);
    if (from == LD_GMERGE_NONE || from >= w->last[j] - 1)
      continue;
    any = 1;
    if (from < *lo)
      *lo = from;
    if (w->last[j] - 1 > *hi)
      *hi = w->last[j] - 1;
  }
  return any;
}

/* The bytes where copy c (its chunk p) races, given U at the start of the
 * round (u), the winners' bytes (vn, at the written bytes) and the scan's
 * facts: it changed the byte, is not the last writer, and its value
 * differs from the last one (any value with same_value); or it stored S's
 * value (with a grain) after an earlier changer or over v0 != s. */
LD_GMERGE_FN unsigned ld_gmerge_race_copy(const struct ld_gchunk *s,
                                          const struct ld_gchunk *u,
                                          const struct ld_gchunk *vn,
                                          const struct ld_gwinners *w,
                                          const struct ld_gchunk *p, uint32_t c,
                                          struct ld_gmerge_rule rule) {
  const unsigned valid = rule.valid, grain = rule.grain;
  const uint32_t marks = rule.marks;
  const int same_value = rule.same_value;
  unsigned changed = ld_gchunk_differ(p, s, valid);
  unsigned wrote = ld_gmerge_grain(changed, grain, valid);
  unsigned raced = 0;

  for (int j = 0; wrote && j < 16; j++) {
    if (!(wrote >> j & 1u) || ld_gmerge_marked(marks, j))
      continue;
    if (changed >> j & 1u) {
      if (c + 1 != w->last[j] &&
          (same_value || ld_gchunk_byte(p, j) != ld_gchunk_byte(vn, j)))
        raced |= 1u << j;
    } else if (ld_gchunk_byte(u, j) != ld_gchunk_byte(s, j) ||
               ld_gmerge_first(w, j) < c) {
      raced |= 1u << j;
    }
  }
  return raced;
}

/* Two writers of byte j for a race ld_gmerge_race_copy found in copy c,
 * the earlier first: *a is __LDCC_GNONE for U's value from an earlier
 * round. */
LD_GMERGE_FN void ld_gmerge_race_pair(const struct ld_gchunk *s,
                                      const struct ld_gchunk *u,
                                      const struct ld_gwinners *w,
                                      const struct ld_gchunk *p, uint32_t c,
                                      int j, uint32_t *a, uint32_t *b) {
  if (ld_gchunk_byte(p, j) != ld_gchunk_byte(s, j)) {
    *a = c;
    *b = w->last[j] - 1;
    return;
  }
  *a = ld_gchunk_byte(u, j) != ld_gchunk_byte(s, j) ? __LDCC_GNONE
                                                    : ld_gmerge_first(w, j);
  *b = c;
}

/* The bytes written this round where U already differed from S with
 * another value than the last writer's (any value with same_value): a
 * race between an earlier round (__LDCC_GNONE) and the last writer. */
LD_GMERGE_FN unsigned ld_gmerge_race_before(const struct ld_gchunk *s,
                                            const struct ld_gchunk *u,
                                            const struct ld_gchunk *vn,
                                            const struct ld_gwinners *w,
                                            uint32_t marks, int same_value) {
  unsigned raced = 0;

  for (int j = 0; j < 16; j++) {
    unsigned uj = ld_gchunk_byte(u, j);
    if (w->last[j] && !ld_gmerge_marked(marks, j) &&
        uj != ld_gchunk_byte(s, j) &&
        (same_value || uj != ld_gchunk_byte(vn, j)))
      raced |= 1u << j;
  }
  return raced;
}

#endif
