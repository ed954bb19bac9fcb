/* The global-memory proof (docs/global-check.md, "Proved launches"): a
 * kernel whose every access through a pointer it writes is at an index
 * that no other unit (block, or warp of a barrier-free kernel) can reach
 * needs neither copies nor the one run's claims: its launches run as
 * built, which is what every order of its units would compute.
 *
 * The analysis (analyse/global_proof_facts.c, libclang) writes each index as a
 * sum of terms, c * atom * sym: atoms are threadIdx.x/y/z, blockIdx.x/y/z and
 * the counters of loops with a constant trip count, symbols blockDim/gridDim
 * components and integer parameters the kernel never changes.  The
 * decision (global_proof.c, plain C, unit-tested) orders the terms as the
 * digits of a mixed-radix number and leaves to the launch what only the launch
 * knows: that each digit's step is larger than everything the digits below
 * it can add up to (so two different digit tuples give different
 * indices), as conditions over grid, block and integer arguments.  Host
 * code only. */
#ifndef LD_GPROOF_H
#define LD_GPROOF_H

#include <stddef.h>

/* Atoms: threadIdx.x/y/z 0..2, blockIdx.x/y/z 3..5, then: */
#define LD_GPROOF_LOOP 6    /* a loop counter 0 .. trips - 1 */
#define LD_GPROOF_UNIFORM 7 /* no atom: c * sym, the same in every thread */

/* Symbols (include/ldcc/global.h's numbering): blockDim.x/y/z 0..2,
 * gridDim.x/y/z 3..5, LD_GPROOF_PARAM + p integer parameter p. */
#define LD_GPROOF_NOSYM (-1)
#define LD_GPROOF_PARAM 8

struct ld_gproof_term {
  int atom;
  long long c;
  int sym;         /* LD_GPROOF_NOSYM or a symbol */
  long long trips; /* LD_GPROOF_LOOP: the counter's values 0 .. trips - 1 */
  int loop;        /* LD_GPROOF_LOOP: which loop (the same in a guard) */
};

/* A condition around an access, in signed arithmetic: sum(terms) + off >= 0
 * in every thread that makes it (`c > 0`: c - 1 >= 0). */
struct ld_gproof_guard {
  const struct ld_gproof_term *terms;
  size_t nterms;
  long long off;
};

/* One access through written pointer parameter `param`: the element at
 * sum(terms) + off. */
struct ld_gproof_access {
  size_t param;
  const char *name; /* the parameter's, for reasons */
  const struct ld_gproof_term *terms;
  size_t nterms;
  long long off;
  unsigned fixed; /* bit a: atom a is 0 in every thread that makes the
                     access (`if (threadIdx.x == 0)` around it) */
  const struct ld_gproof_guard *guards;
  size_t nguards;
  /* block_warps only: the barrier region it is in (the number of the
   * kernel's straight-line barriers that end before it), and whether it may
   * write (else it only reads). */
  int region;
  int write;
};

struct ld_gproof_input {
  const struct ld_gproof_access *acc;
  size_t nacc;
  int warp_units; /* units are warps: every two threads must differ */
  /* Units are blocks, and the warps of one block are checked against each
   * other between barriers (ld_global.epochs): the launch runs as built
   * only if, besides, in every region that writes through a parameter,
   * that parameter's accesses there differ in every two threads. */
  int block_warps;
  const char *why; /* non-NULL: not provable for this reason */
};

/* A term of a launch condition: |c| * |sym| * (range - 1) (range a
 * dimension symbol 0..5 or LD_GPROOF_NOSYM), subtracted when c < 0 (a
 * constant); condition `cond` holds when its terms with rhs 0 add up to
 * less than its rhs term. */
struct ld_gproof_cterm {
  long long c;
  int sym;
  int range;
  unsigned cond;
  int rhs;
};

struct ld_gproof {
  int proved;
  char *why; /* when not proved (allocated) */
  struct ld_gproof_cterm *terms;
  size_t nterms;
  unsigned nconds;
};

/* Decides; 0 or LD_ENOMEM.  out is overwritten (free with ld_gproof_free). */
int ld_gproof_decide(const struct ld_gproof_input *in, struct ld_gproof *out);
void ld_gproof_free(struct ld_gproof *o);

/* The conditions as text, `a + b < c; ...` (for --dump-plan), into buf;
 * 0 or LD_ENOMEM. */
struct ld_buf;
int ld_gproof_text(const struct ld_gproof *o, struct ld_buf *buf);

#endif
