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
 *     word counts as that unit's delta too. */
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

/* Fold copy p (valid bytes) into u; sums may be NULL when the kernel has
 * no accumulating atomics.  *wrote gets the bytes p wrote (differs from
 * s); returns the bytes that are write-write races. */
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

LD_GMERGE_FN unsigned ld_gmerge_step(const struct ld_gchunk *s,
                                     struct ld_gchunk *u,
                                     const struct ld_gchunk *p, unsigned valid,
                                     unsigned grain, uint32_t marks,
                                     int same_value, struct ld_gsums *sums,
                                     unsigned *wrote) {
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
  if (!sums || !d)
    return raced;
  for (int k = 0; k < 4; k++)
    if (d >> (4 * k) & 0xfu)
      sums->d32[k] += p->w[k] - s->w[k];
  for (int h = 0; h < 2; h++)
    if (d >> (8 * h) & 0xffu)
      sums->d64[h] += ld_gchunk_pair(p, h) - ld_gchunk_pair(s, h);
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

#endif
