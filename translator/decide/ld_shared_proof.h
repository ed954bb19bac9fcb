/* The shared-memory proof (docs/shared-replay.md, "Kernels proved
 * race-free"): a kernel whose every region writes each shared array only at
 * the calling thread's own element, and reads it only there or not at all
 * (or only reads it), has no race in shared memory whatever the values, so
 * a launch whose block shape keeps those elements apart needs no replay.
 *
 * The analysis (replay_facts.c) records what the decision needs as plain C;
 * ld_proof_decide decides without libclang, so a unit test can drive it.
 * Offsets are byte offsets in the main file.  Host code only. */
#ifndef LD_PROOF_H
#define LD_PROOF_H

#include <stddef.h>

#define LD_PROOF_MAX_RANK 3

/* A value the same in every thread of the block while a region runs:
 * c + k * sym + bdx * blockDim.x, sym an index among the uniform symbols
 * (a kernel parameter never changed, or a loop's variable in its loop's
 * first region) or -1. */
struct ld_proof_val {
  long long c;
  long long k;
  int sym;
  int bdx;
};

/* A one-dimensional index: threadIdx.x (when has_t) + v. */
struct ld_proof_lin {
  int valid;
  int has_t;
  struct ld_proof_val v;
};

/* The threads that may make an access, from the conditions around it:
 * lo <= threadIdx.x < hi for the largest lower and least upper bound
 * (0 and blockDim.x always among them). */
#define LD_PROOF_BOUNDS 4
struct ld_proof_range {
  struct ld_proof_val lo[LD_PROOF_BOUNDS];
  int nlo;
  struct ld_proof_val hi[LD_PROOF_BOUNDS];
  int nhi;
};

/* One reference to a shared target. */
struct ld_proof_access {
  size_t off;    /* the reference */
  unsigned line; /* for the reason */
  size_t member; /* index into the kernel's targets */
  int write;     /* the object of `=`, `op=`, `++` or `--` */
  int other;     /* anything but a load or a store of an element or a part
                    of one: address taken, passed on, used whole */
  int rank;      /* array dimensions of the target, -1 unknown */
  int ndims;     /* subscripts applied to the reference, up to rank */
  /* per subscript, outermost first: 0..2 threadIdx.x/y/z, LD_PROOF_LOCAL + i
   * the value of local i, -1 anything else */
  int atom[LD_PROOF_MAX_RANK];
  /* rank 1: the index as a linear form and the threads that reach it */
  struct ld_proof_lin lin;
  struct ld_proof_range range;
  /* rank 2: `tile[k / W][k % W]` for local tk and constant W (tiled), and
   * the extent of dimension 1 (-1 unknown) */
  int tiled;
  size_t tk;
  long long tw, ext1;
  /* rank 1: `p` (pair_hi 0) or `p + m` (1) for local pair - 1 set to `2 *
   * threadIdx.x - (threadIdx.x & (m - 1))`, m 0 or a power of two the same
   * in every thread (the bitonic step); 0 when not of that form */
  size_t pair;
  int pair_hi;
  /* the address of a statement `atomicAdd(&s[i], v);` on an integer
   * element (then write is set, other not): its family (1: atomicAdd and
   * atomicSub, which commute); 0 for any other access */
  int atomic;
};

#define LD_PROOF_LOCAL 3
/* LD_PROOF_STRIDED + 3 * i + c: `threadIdx.<c> + <local i>` where local i
 * only ever holds multiples of its stride (ld_proof_input.stride). */
#define LD_PROOF_STRIDED (1 << 20)

/* A barrier site: its statement [begin, end); structured when every
 * statement around it is a block or a loop (no condition), and it is a
 * barrier, not a call of a device function with barriers. */
struct ld_proof_site {
  size_t begin, end;
  unsigned line;
  int structured;
};

/* A `break` or `continue` and the extent of the loop it leaves or
 * continues (a `break` of a switch is not recorded). */
struct ld_proof_jump {
  size_t at;
  unsigned line;
  size_t loop_b, loop_e;
};

struct ld_proof_input {
  const struct ld_proof_access *acc;
  size_t nacc;
  const struct ld_proof_site *sites; /* in source order */
  size_t nsites;
  const size_t (*loops)[2]; /* loop statements' extents */
  size_t nloops;
  /* per loop (may be NULL: all unknown): where its body starts.  A for or
   * while loop's header before it (init, condition, increment) runs on
   * entry, after each iteration and on the way out; equal to the loop's
   * start for a do loop (no header); SIZE_MAX unknown (the body's part
   * before its first site is then taken as header too) */
  const size_t *bodies;
  const struct ld_proof_jump *jumps;
  size_t njumps;
  const int *alias; /* per local: 0..2 when it always holds threadIdx.x/y/z,
                       else -1 */
  const long long *stride; /* per local: K > 0 when it starts at 0 and is
                              only ever increased by the constant K (`j +=
                              8`), else 0 */
  const long long *step;   /* per local: K > 0 when every change is `+= K` */
  const long long *row;    /* per local: A >= 1 when set to `threadIdx.y * A +
                              threadIdx.x` in its declaration, 0 for
                              `threadIdx.x`, else -1 */
  size_t nlocals;
  const char *const *names; /* per target */
  const int *bounded;       /* per target: its extents are constants (not
                               extern __shared__) */
  size_t nmembers;
  const char *why; /* non-NULL: not provable for this reason */
};

/* One bound the launch must meet: blockDim.<comp> <= extent of dimension
 * `dim` of target `member`, or <= value when member is SIZE_MAX (the stride
 * of a local added to threadIdx.<comp>). */
struct ld_proof_bound {
  size_t member;
  int dim;
  int comp;
  long long value;
};

struct ld_proof {
  int proved;
  char *why; /* when not proved (allocated) */
  struct ld_proof_bound *bounds;
  size_t nbounds;
  unsigned ones; /* bit c: blockDim.<c> must be 1 (a component some own
                    element does not use) */
};

/* Decides; 0 or LD_ENOMEM.  out is overwritten (free with ld_proof_free). */
int ld_proof_decide(const struct ld_proof_input *in, struct ld_proof *out);
void ld_proof_free(struct ld_proof *p);

#endif
