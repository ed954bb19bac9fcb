/* The memory-adaptive reshuffling schedule of the global-memory check
 * (DESIGN.md 4.3): which private copy each unit (a group of blocks, or of
 * warps) runs on in each round when there is room for only M copies, and
 * how many copies fit.  Pure arithmetic, unit-tested without a GPU.
 *
 * Units sharing a copy are not checked against each other in that round;
 * units on different copies are.  Round r gives unit u the copy
 *
 *     copy(u, r) = floor(u / M^r) mod M          (digit r of u in base M)
 *
 * so round 0 splits the units into M groups (u mod M), and each later
 * round splits every group into M subgroups (u mod M^(r+1)); subgroups with
 * the same index in different groups share a copy: they were on different
 * copies in an earlier round.  Two distinct units below M^R differ in one
 * of their R lowest digits, so R = ceil(log_M N) rounds compare every pair.
 * Neighbouring units (u, u + 1) differ in digit 0 and are compared in the
 * first round, where a halo race between neighbouring blocks is most
 * likely, so a race that ends the search early tends to end it in round 0.
 * Host code, plain C. */
#ifndef LD_RT_SCHEDULE_H
#define LD_RT_SCHEDULE_H

#include <stdint.h>

/* ceil(log_m n): the rounds needed so that every pair of the n units runs
 * on different copies at least once.  0 when n <= 1 (nothing to compare:
 * the launch runs once, unchanged), 1 when 2 <= n <= m.  m must be >= 2;
 * returns 0 for m < 2. */
uint32_t ld_rt_schedule_rounds(uint64_t n, uint32_t m);

/* The copy, in [0, m), that unit (< n) runs on in round (< rounds(n, m)).
 * Out-of-range arguments give 0.  The device computes the same thing as
 * (unit / stride(n, m, round)) % m. */
uint32_t ld_rt_schedule_copy(uint64_t n, uint32_t m, uint32_t round,
                             uint64_t unit);

/* m^round, the divisor of round's digit; < n for every round < rounds(n, m),
 * so it never overflows.  0 when round is out of range. */
uint64_t ld_rt_schedule_stride(uint64_t n, uint32_t m, uint32_t round);

/* How many distinct copies round uses: min(m, ceil(n / m^round)), so the
 * last round may need fewer copies to be initialised.  0 when round is out
 * of range. */
uint32_t ld_rt_schedule_copies(uint64_t n, uint32_t m, uint32_t round);

/* What choosing M depends on, all in bytes. */
struct ld_rt_copies_in {
  uint64_t free_bytes;  /* free device memory (cudaMemGetInfo) */
  uint64_t copy_bytes;  /* one private copy of every written target */
  uint64_t fixed_bytes; /* what a checked launch needs besides the M copies
                           (U, flags); 0 if nothing */
  uint64_t nunits;      /* units of the launch */
  long max_copies;      /* LDCC_OPTIONS max_copies; 0: from free memory */
  uint64_t limit_bytes; /* LDCC_OPTIONS copy_memory_mb in bytes: the most
                           the copies, U and the rest may take (fewer
                           copies, more rounds); 0: no limit */
};

/* Of free memory, the check leaves this share to the program (and to the
 * other streams' launches), so a program that allocates while a checked
 * launch is queued still gets its memory: at most 3/4 of what is free is
 * used for copies. */
#define LD_RT_COPIES_SHARE_NUM 3
#define LD_RT_COPIES_SHARE_DEN 4

/* M for a launch into *m: as many copies as fit in 3/4 of free memory
 * after fixed_bytes, capped by max_copies (a value of 1 counts as 2, the
 * fewest that check anything) and by nunits (more copies than units buy
 * nothing: one round already).  Returns 0 with *m >= 2; LD_ENOMEM (and
 * *m = 0) when not even two copies fit, in which case the launch runs
 * unchecked; LD_EINVAL for a negative max_copies.  With nunits <= 1 there
 * is nothing to compare: *m = 2 and rounds() is 0, whatever the memory. */
int ld_rt_schedule_pick_copies(const struct ld_rt_copies_in *in, uint32_t *m);

/* The check's cost model for choosing M (docs/global-check.md, measured on
 * an H100 with verbosity=2): a round costs what every copy costs (its fill
 * and its part of both sweeps, in proportion to copy_bytes) plus a fixed
 * part worth LD_RT_ROUND_COPIES copies (the sweeps' reads and writes of S
 * and U) plus LD_RT_ROUND_BYTES of copying (two runs of the kernel, which
 * are not known before the launch, the launches and the host's wait
 * between rounds: 256 MB of copying is about 0.7 ms there).  With 268 MB
 * copies 64 copies (3 rounds) took 154 ms a launch, 8 (6 rounds) 51 ms, 2
 * (17 rounds) 65 ms: about 0.76 ms a copy and 2.4 ms a round. */
#define LD_RT_ROUND_COPIES 3
#define LD_RT_ROUND_BYTES (256ull << 20)

/* Of 2 .. fit copies (fit >= 2: what pick_copies allows), the number that
 * costs least to check n units with: rounds(n, m) * (m + ROUND_COPIES +
 * ROUND_BYTES / copy_bytes); the larger one on a tie (fewer rounds).
 * Large copies give a handful of copies and more rounds, small ones one
 * round with min(n, fit) copies. */
uint32_t ld_rt_schedule_best_copies(uint64_t n, uint32_t fit,
                                    uint64_t copy_bytes);

/* Deterministic mode (docs/deterministic-global.md): every unit runs on a
 * copy of its own, so n units with m copies take ceil(n / m) rounds, round
 * r running units [r * m, min(n, (r + 1) * m)) on copies 0, 1, ...
 * 0 rounds for n == 0 or m == 0. */
uint64_t ld_rt_schedule_det_rounds(uint64_t n, uint32_t m);

/* Round r's units: *first and *count (0 and 0 when r is out of range). */
void ld_rt_schedule_det_range(uint64_t n, uint32_t m, uint64_t round,
                              uint64_t *first, uint64_t *count);

/* M for a deterministic launch into *m and its rounds into *rounds: as many
 * copies as fit in 3/4 of free memory (and in limit_bytes when set) after
 * fixed_bytes, capped by the units and by max_copies only when the user
 * set it (more copies only save rounds here, since every unit needs a copy
 * anyway): at least one, so any grid runs in rounds within the memory
 * (docs/deterministic-global.md).  LD_ENOMEM when not even one copy
 * fits, LD_EINVAL for a negative max_copies. */
int ld_rt_schedule_det_pick(const struct ld_rt_copies_in *in, uint32_t *m,
                            uint64_t *rounds);

/* The same, for a launch whose merge can run in parallel: with the parallel
 * merge's scratch (merge_bytes) counted, when more than seq_max copies
 * still fit (*parallel = 1: the scratch is worth it), else as
 * ld_rt_schedule_det_pick (*parallel = 0: the merge stays sequential). */
int ld_rt_schedule_det_pick_merge(const struct ld_rt_copies_in *in,
                                  uint64_t merge_bytes, uint32_t seq_max,
                                  uint32_t *m, uint64_t *rounds, int *parallel);

#endif
