/* Check suite for the shared-memory proof's decision (translator/xlate
 * proof.c): regions from sites and loops, own elements, aliases, strided
 * indices, and the bounds a launch must meet, on inputs built by hand the way
 * replay_facts.c records a kernel.  Offsets stand for source positions: the
 * tests put sites at [100, 110), [200, 210), ... */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ld_check.h"
#include "ld_error.h"
#include "ld_shared_proof.h"

#define X 0
#define Y 1
#define L0 LD_PROOF_LOCAL
#define ANY -1

static const char *const names[] = {"s", "t"};

struct kernel {
  struct ld_proof_access acc[16];
  size_t nacc;
  struct ld_proof_site sites[4];
  size_t nsites;
  size_t loops[2][2];
  size_t nloops;
  const size_t *bodies; /* per loop, or NULL */
  struct ld_proof_jump jumps[2];
  size_t njumps;
  int alias[2];
  long long stride[2];
  int bounded[2];
};

static void init(struct kernel *k, size_t nsites) {
  size_t i;

  memset(k, 0, sizeof *k);
  for (i = 0; i < nsites; i++) {
    k->sites[i].begin = 100 * (i + 1);
    k->sites[i].end = 100 * (i + 1) + 10;
    k->sites[i].line = (unsigned)(10 * (i + 1));
    k->sites[i].structured = 1;
  }
  k->nsites = nsites;
  k->alias[0] = k->alias[1] = -1;
  k->bounded[0] = k->bounded[1] = 1;
}

/* A reference to target m at off: rank-1 unless a1 != -2. */
static void ref(struct kernel *k, size_t off, size_t m, int write, int a0,
                int a1) {
  struct ld_proof_access *a = &k->acc[k->nacc++];

  memset(a, 0, sizeof *a);
  a->off = off;
  a->line = (unsigned)off;
  a->member = m;
  a->write = write;
  a->rank = a1 == -2 ? 1 : 2;
  a->ndims = a->rank;
  a->atom[0] = a0;
  a->atom[1] = a1;
}

/* The input of kernel k; step and row (the linear thread index rule) may
 * be NULL. */
static void input_of(struct ld_proof_input *in, const struct kernel *k,
                     const long long *step, const long long *row) {
  memset(in, 0, sizeof *in);
  in->acc = k->acc;
  in->nacc = k->nacc;
  in->sites = k->sites;
  in->nsites = k->nsites;
  in->loops = (const size_t(*)[2])k->loops;
  in->nloops = k->nloops;
  in->bodies = k->bodies;
  in->jumps = k->jumps;
  in->njumps = k->njumps;
  in->alias = k->alias;
  in->stride = k->stride;
  in->step = step;
  in->row = row;
  in->nlocals = 2;
  in->names = names;
  in->bounded = k->bounded;
  in->nmembers = 2;
}

static struct ld_proof decide(const struct kernel *k) {
  struct ld_proof_input in;
  struct ld_proof p;

  input_of(&in, k, NULL, NULL);
  ck_assert_int_eq(ld_proof_decide(&in, &p), LD_OK);
  return p;
}

static int has_bound(const struct ld_proof *p, size_t m, int dim, int comp,
                     long long value) {
  size_t i;

  for (i = 0; i < p->nbounds; i++)
    if (p->bounds[i].member == m && p->bounds[i].dim == dim &&
        p->bounds[i].comp == comp && p->bounds[i].value == value)
      return 1;
  return 0;
}

/* s[tid] = ...; barrier; ... = s[any]: each region is safe. */
START_TEST(test_write_own_then_read_any) {
  struct kernel k;
  struct ld_proof p;

  init(&k, 1);
  ref(&k, 50, 0, 1, X, -2);
  ref(&k, 150, 0, 0, ANY, -2);
  p = decide(&k);
  ck_assert_int_eq(p.proved, 1);
  ck_assert_uint_eq(p.nbounds, 1);
  ck_assert(has_bound(&p, 0, 0, X, 0));
  ck_assert_uint_eq(p.ones, 6u); /* y and z must be 1 */
  ld_proof_free(&p);
}
END_TEST

/* Without the barrier between them: the read may see another thread's
 * element while it is written. */
START_TEST(test_write_and_read_other_in_one_region) {
  struct kernel k;
  struct ld_proof p;

  init(&k, 1);
  ref(&k, 50, 0, 1, X, -2);
  ref(&k, 60, 0, 0, ANY, -2);
  p = decide(&k);
  ck_assert_int_eq(p.proved, 0);
  ck_assert_ptr_nonnull(strstr(p.why, "'s' is written in a region"));
  ck_assert_ptr_nonnull(strstr(p.why, "(line 60)"));
  ld_proof_free(&p);
}
END_TEST

/* for (...) { x = s[any]; barrier 1; s[tid] += x; barrier 2; }: safe; but
 * when the loop's last segment writes and its first reads another
 * element, the back edge makes them one region. */
START_TEST(test_loop_back_edge_joins_regions) {
  struct kernel k;
  struct ld_proof p;

  init(&k, 2);
  k.loops[0][0] = 90;
  k.loops[0][1] = 300;
  k.nloops = 1;
  ref(&k, 95, 0, 0, ANY, -2); /* before site 1, in the loop */
  ref(&k, 150, 0, 1, X, -2);  /* between the sites */
  ref(&k, 150, 0, 0, X, -2);  /* its read (+=) */
  p = decide(&k);
  ck_assert_int_eq(p.proved, 1);
  ld_proof_free(&p);

  ref(&k, 250, 1, 1, X, -2);  /* t written after site 2 ... */
  ref(&k, 95, 1, 0, ANY, -2); /* ... and read anywhere before site 1 */
  p = decide(&k);
  ck_assert_int_eq(p.proved, 0);
  ck_assert_ptr_nonnull(strstr(p.why, "'t'"));
  ld_proof_free(&p);

  k.nloops = 0; /* straight-line code: apart */
  p = decide(&k);
  ck_assert_int_eq(p.proved, 1);
  ld_proof_free(&p);
}
END_TEST

/* int n = __syncthreads_count(s[any] > 0): the predicate runs before the
 * barrier, so it meets the writes of both regions around it. */
START_TEST(test_predicate_in_both_regions) {
  struct kernel k;
  struct ld_proof p;

  init(&k, 1);
  ref(&k, 105, 0, 0, ANY, -2);
  ref(&k, 150, 0, 1, X, -2);
  p = decide(&k);
  ck_assert_int_eq(p.proved, 0);
  ld_proof_free(&p);
  k.acc[1].off = 50;
  p = decide(&k);
  ck_assert_int_eq(p.proved, 0);
  ld_proof_free(&p);
}
END_TEST

START_TEST(test_structure_gives_up) {
  struct kernel k;
  struct ld_proof p;

  init(&k, 1);
  ref(&k, 50, 0, 1, X, -2);
  k.sites[0].structured = 0; /* under a condition, or a call */
  p = decide(&k);
  ck_assert_int_eq(p.proved, 0);
  ck_assert_ptr_nonnull(strstr(p.why, "barrier at line 10"));
  ld_proof_free(&p);

  k.sites[0].structured = 1;
  k.jumps[0].at = 105;
  k.jumps[0].line = 7;
  k.jumps[0].loop_b = 90;
  k.jumps[0].loop_e = 120; /* the loop holds the site */
  k.njumps = 1;
  p = decide(&k);
  ck_assert_int_eq(p.proved, 0);
  ck_assert_ptr_nonnull(strstr(p.why, "line 7"));
  ld_proof_free(&p);

  k.jumps[0].loop_b = 20;
  k.jumps[0].loop_e = 60; /* a loop without a barrier */
  p = decide(&k);
  ck_assert_int_eq(p.proved, 1);
  ld_proof_free(&p);
}
END_TEST

/* tile[ty][tx] through locals; the same tuple every time; a transposed
 * tuple in another region adds its own bounds. */
START_TEST(test_aliases_and_tuples) {
  struct kernel k;
  struct ld_proof p;

  init(&k, 1);
  k.alias[0] = Y; /* local 0 holds threadIdx.y */
  ref(&k, 50, 0, 1, L0 + 0, X);
  ref(&k, 60, 0, 0, Y, X);
  ref(&k, 150, 0, 1, X, Y);
  p = decide(&k);
  ck_assert_int_eq(p.proved, 1);
  ck_assert(has_bound(&p, 0, 0, Y, 0));
  ck_assert(has_bound(&p, 0, 1, X, 0));
  ck_assert(has_bound(&p, 0, 0, X, 0));
  ck_assert(has_bound(&p, 0, 1, Y, 0));
  ck_assert_uint_eq(p.nbounds, 4);
  ck_assert_uint_eq(p.ones, 4u); /* z */
  ld_proof_free(&p);

  k.acc[2].off = 70; /* both tuples in one region */
  p = decide(&k);
  ck_assert_int_eq(p.proved, 0);
  ld_proof_free(&p);

  k.acc[2].off = 150;
  k.alias[0] = -1; /* the local may change */
  p = decide(&k);
  ck_assert_int_eq(p.proved, 0);
  ld_proof_free(&p);

  k.alias[0] = X; /* tile[tx][tx]: not one element per thread */
  p = decide(&k);
  ck_assert_int_eq(p.proved, 0);
  ld_proof_free(&p);
}
END_TEST

/* tile[threadIdx.y + j][tx] with j += 8: blockDim.y <= 8; only in the
 * outermost subscript. */
START_TEST(test_strided_outer_index) {
  struct kernel k;
  struct ld_proof p;

  init(&k, 1);
  k.stride[1] = 8;
  ref(&k, 50, 0, 1, LD_PROOF_STRIDED + 3 * 1 + Y, X);
  p = decide(&k);
  ck_assert_int_eq(p.proved, 1);
  ck_assert(has_bound(&p, SIZE_MAX, 0, Y, 8));
  ck_assert(has_bound(&p, 0, 1, X, 0));
  ld_proof_free(&p);

  k.stride[1] = 0; /* not a stride */
  p = decide(&k);
  ck_assert_int_eq(p.proved, 0);
  ld_proof_free(&p);

  k.stride[1] = 8;
  k.acc[0].atom[0] = Y;
  k.acc[0].atom[1] = LD_PROOF_STRIDED + 3 * 1 + X; /* inner subscript */
  p = decide(&k);
  ck_assert_int_eq(p.proved, 0);
  ld_proof_free(&p);
}
END_TEST

START_TEST(test_other_uses_and_extern) {
  struct kernel k;
  struct ld_proof p;

  init(&k, 1);
  ref(&k, 150, 0, 0, ANY, -2);
  k.acc[0].other = 1; /* &s[i], s passed on */
  p = decide(&k);
  ck_assert_int_eq(p.proved, 0);
  ck_assert_ptr_nonnull(strstr(p.why, "other than element by element"));
  ld_proof_free(&p);

  init(&k, 1);
  k.bounded[0] = 0; /* extern __shared__ */
  ref(&k, 150, 0, 0, ANY, -2);
  p = decide(&k); /* only read */
  ck_assert_int_eq(p.proved, 1);
  ck_assert_uint_eq(p.nbounds, 0);
  ck_assert_uint_eq(p.ones, 0);
  ld_proof_free(&p);
  ref(&k, 50, 0, 1, X, -2);
  p = decide(&k);
  ck_assert_int_eq(p.proved, 0);
  ck_assert_ptr_nonnull(strstr(p.why, "no fixed size"));
  ld_proof_free(&p);

  init(&k, 1);
  ref(&k, 50, 0, 1, X, -2);
  k.acc[0].ndims = 0; /* a row, or the array whole */
  p = decide(&k);
  ck_assert_int_eq(p.proved, 0);
  ld_proof_free(&p);
}
END_TEST

static struct ld_proof_val val(long long c, long long k, int sym, int bdx) {
  struct ld_proof_val v = {c, k, sym, bdx};
  return v;
}

/* A one-dimensional access threadIdx.x (when t) + v by the threads in
 * [lo, hi) (hi: blockDim.x when NULL). */
static void lin(struct kernel *k, size_t off, int write, int t,
                struct ld_proof_val v, struct ld_proof_val lo,
                const struct ld_proof_val *hi) {
  struct ld_proof_access *a;

  ref(k, off, 0, write, ANY, -2);
  a = &k->acc[k->nacc - 1];
  a->lin.valid = 1;
  a->lin.has_t = t;
  a->lin.v = v;
  a->range.nlo = 1;
  a->range.lo[0] = lo;
  a->range.nhi = 1;
  a->range.hi[0] = val(0, 0, -1, 1);
  if (hi)
    a->range.hi[a->range.nhi++] = *hi;
}

/* for (s...) { if (t < s) sum[t] += sum[t + s]; barrier } ... if (t == 0)
 * read sum[0] (joined by the back edge): apart; without the guard, the
 * read of t + s meets other threads' stores. */
START_TEST(test_offsets_tree) {
  struct kernel k;
  struct ld_proof p;
  struct ld_proof_val s = val(0, 1, 0, 0), one = val(1, 0, -1, 0);
  struct ld_proof_val zero = val(0, 0, -1, 0);

  init(&k, 1);
  k.loops[0][0] = 40;
  k.loops[0][1] = 150;
  k.nloops = 1;
  lin(&k, 50, 1, 1, zero, zero, &s); /* sum[t] += */
  lin(&k, 50, 0, 1, zero, zero, &s);
  lin(&k, 60, 0, 1, s, zero, &s);       /* sum[t + s] */
  lin(&k, 120, 0, 0, zero, zero, &one); /* sum[0] by thread 0 */
  p = decide(&k);
  ck_assert_int_eq(p.proved, 1);
  ck_assert_uint_eq(p.nbounds, 0);
  ck_assert_uint_eq(p.ones, 6u);
  ld_proof_free(&p);

  k.acc[2].range.nhi = 1; /* the read unguarded: still above the stores */
  p = decide(&k);
  ck_assert_int_eq(p.proved, 1);
  ld_proof_free(&p);

  k.acc[0].range.nhi = 1; /* the store unguarded: meets the read */
  p = decide(&k);
  ck_assert_int_eq(p.proved, 0);
  ld_proof_free(&p);

  k.acc[0].range.nhi = 2;
  k.acc[3].range.nhi = 1; /* sum[0] read by every thread */
  p = decide(&k);
  ck_assert_int_eq(p.proved, 0);
  ld_proof_free(&p);
}
END_TEST

/* s[t + 1] by all, s[0] and s[t + 257] by thread 0: apart while
 * blockDim.x <= 256; two threads storing one fixed element are not. */
START_TEST(test_offsets_halo) {
  struct kernel k;
  struct ld_proof p;
  struct ld_proof_val zero = val(0, 0, -1, 0), one = val(1, 0, -1, 0);

  init(&k, 1);
  lin(&k, 50, 1, 1, one, zero, NULL);
  lin(&k, 60, 1, 0, zero, zero, &one);
  lin(&k, 70, 1, 1, val(257, 0, -1, 0), zero, &one);
  p = decide(&k);
  ck_assert_int_eq(p.proved, 1);
  ck_assert_uint_eq(p.nbounds, 1);
  ck_assert(has_bound(&p, SIZE_MAX, 0, X, 256));
  ld_proof_free(&p);

  k.acc[1].range.nhi = 1; /* s[0] stored by every thread */
  p = decide(&k);
  ck_assert_int_eq(p.proved, 0);
  ld_proof_free(&p);

  k.acc[1].range.nhi = 2;
  k.acc[2].lin.v = val(0, 0, -1, 1); /* s[t + blockDim.x]: no bound */
  k.acc[2].lin.v.c = 1;
  p = decide(&k);
  ck_assert_int_eq(p.proved, 1);
  ck_assert_uint_eq(p.nbounds, 0);
  ld_proof_free(&p);

  k.acc[2].lin.v = val(0, 1, 1, 0); /* s[t + n], n unknown */
  p = decide(&k);
  ck_assert_int_eq(p.proved, 0);
  ld_proof_free(&p);
}
END_TEST

/* tile[k / 18][k % 18], k = threadIdx.y * 16 + threadIdx.x + j * 256:
 * blockDim.x <= 16, blockDim.y <= 256 / 16; not when W is not the row. */
START_TEST(test_tiled_fill) {
  struct kernel k;
  struct ld_proof p;
  long long step[2] = {256, 0}, row[2] = {16, -1};
  struct ld_proof_input in;

  init(&k, 1);
  ref(&k, 50, 0, 1, ANY, ANY);
  k.acc[0].tiled = 1;
  k.acc[0].tk = 0;
  k.acc[0].tw = 18;
  k.acc[0].ext1 = 18;
  input_of(&in, &k, step, row);
  ck_assert_int_eq(ld_proof_decide(&in, &p), LD_OK);
  ck_assert_int_eq(p.proved, 1);
  ck_assert(has_bound(&p, SIZE_MAX, 0, X, 16));
  ck_assert(has_bound(&p, SIZE_MAX, 0, Y, 16));
  ck_assert_uint_eq(p.ones, 4u);
  ld_proof_free(&p);

  k.acc[0].tw = 17; /* not the row's length */
  ck_assert_int_eq(ld_proof_decide(&in, &p), LD_OK);
  ck_assert_int_eq(p.proved, 0);
  ld_proof_free(&p);

  k.acc[0].tw = 18;
  row[0] = -1; /* k not from the linear thread index */
  ck_assert_int_eq(ld_proof_decide(&in, &p), LD_OK);
  ck_assert_int_eq(p.proved, 0);
  ld_proof_free(&p);
}
END_TEST

/* barrier 1 (site at 100); [P] for ([H]) { [T] barrier 2 (site at 200); [R]
 * } [Q]: the loop's body before its barrier (T) runs in one interval with
 * the header (H) and the body after the barrier (R, the back edge) but
 * never with the code after the loop (Q); H meets Q (its condition fails,
 * also before the first time round, so P meets Q), and R meets Q on the
 * way out.  Without the body's start the header is not told from T. */
START_TEST(test_loop_pieces) {
  static const size_t bodies[2] = {160, 0};
  struct kernel k;
  struct ld_proof p;

  init(&k, 2);
  k.loops[0][0] = 150;
  k.loops[0][1] = 300;
  k.nloops = 1;
  k.bodies = bodies;
  ref(&k, 170, 0, 1, X, -2);   /* T writes s[tid] */
  ref(&k, 350, 0, 0, ANY, -2); /* Q reads s[any] */
  p = decide(&k);
  ck_assert_int_eq(p.proved, 1);
  ld_proof_free(&p);

  k.bodies = NULL; /* the header may hold T */
  p = decide(&k);
  ck_assert_int_eq(p.proved, 0);
  ld_proof_free(&p);
  k.bodies = bodies;

  ref(&k, 120, 1, 1, X, -2);   /* P writes t[tid] */
  ref(&k, 360, 1, 0, ANY, -2); /* Q reads t[any] */
  p = decide(&k);
  ck_assert_int_eq(p.proved, 0);
  ck_assert_ptr_nonnull(strstr(p.why, "'t'"));
  ld_proof_free(&p);

  k.acc[2].off = 250; /* R writes t[tid] instead */
  p = decide(&k);
  ck_assert_int_eq(p.proved, 0);
  ck_assert_ptr_nonnull(strstr(p.why, "'t'"));
  ld_proof_free(&p);

  k.acc[2].off = 155; /* H writes it (the loop's condition or increment) */
  p = decide(&k);
  ck_assert_int_eq(p.proved, 0);
  ck_assert_ptr_nonnull(strstr(p.why, "'t'"));
  ld_proof_free(&p);

  k.acc[2].off = 50; /* before barrier 1: apart from Q */
  p = decide(&k);
  ck_assert_int_eq(p.proved, 1);
  ld_proof_free(&p);
}
END_TEST

/* A bitonic step: s[i] and s[i + m] for one pair local i are proved with
 * threadIdx.x alone telling threads apart; another pair local, or another
 * index, in the same region is not. */
START_TEST(test_pairs) {
  struct kernel k;
  struct ld_proof p;
  size_t i;

  init(&k, 1);
  ref(&k, 50, 0, 0, ANY, -2);
  ref(&k, 60, 0, 0, ANY, -2);
  ref(&k, 70, 0, 1, ANY, -2);
  ref(&k, 80, 0, 1, ANY, -2);
  for (i = 0; i < 4; i++) {
    k.acc[i].pair = 1;
    k.acc[i].pair_hi = (int)(i & 1);
  }
  p = decide(&k);
  ck_assert_int_eq(p.proved, 1);
  ck_assert_uint_eq(p.nbounds, 0);
  ck_assert_uint_eq(p.ones, 6u);
  ld_proof_free(&p);

  k.acc[3].pair = 2; /* another pair local */
  p = decide(&k);
  ck_assert_int_eq(p.proved, 0);
  ld_proof_free(&p);

  k.acc[3].pair = 0; /* s[any] */
  p = decide(&k);
  ck_assert_int_eq(p.proved, 0);
  ck_assert_ptr_nonnull(strstr(p.why, "'s' is written in a region"));
  ld_proof_free(&p);

  k.acc[3].off = 150; /* read after the barrier: apart */
  k.acc[3].write = 0;
  p = decide(&k);
  ck_assert_int_eq(p.proved, 1);
  ld_proof_free(&p);
}
END_TEST

/* for (b = threadIdx.x; ...; b += 128) s[b] = 0; barrier; atomicAdd(&s[v],
 * 1u); barrier; ... = s[b]: the clear is the linear rule's (blockDim.x <=
 * 128), the counting region atomic only; an atomic next to a plain access
 * of the target in one region is not proved. */
START_TEST(test_atomics_and_strided_clear) {
  struct kernel k;
  struct ld_proof p;
  long long step[2] = {128, 0}, row[2] = {0, -1};
  struct ld_proof_input in;

  init(&k, 2);
  ref(&k, 50, 0, 1, L0, -2);   /* s[b] = 0 */
  ref(&k, 150, 0, 1, ANY, -2); /* atomicAdd(&s[v], 1u) */
  ref(&k, 160, 0, 1, ANY, -2);
  ref(&k, 250, 0, 0, L0, -2); /* ... = s[b] */
  k.acc[1].atomic = k.acc[2].atomic = 1;
  input_of(&in, &k, step, row);
  ck_assert_int_eq(ld_proof_decide(&in, &p), LD_OK);
  ck_assert_int_eq(p.proved, 1);
  ck_assert(has_bound(&p, SIZE_MAX, 0, X, 128));
  ck_assert_uint_eq(p.ones, 6u);
  ld_proof_free(&p);

  k.acc[3].off = 170; /* read in the counting region */
  ck_assert_int_eq(ld_proof_decide(&in, &p), LD_OK);
  ck_assert_int_eq(p.proved, 0);
  ld_proof_free(&p);

  k.acc[3].off = 250;
  k.acc[2].atomic = 0; /* a plain store there */
  ck_assert_int_eq(ld_proof_decide(&in, &p), LD_OK);
  ck_assert_int_eq(p.proved, 0);
  ld_proof_free(&p);

  k.acc[2].atomic = 1;
  step[0] = 0; /* b changed other than by += K */
  ck_assert_int_eq(ld_proof_decide(&in, &p), LD_OK);
  ck_assert_int_eq(p.proved, 0);
  ld_proof_free(&p);
}
END_TEST

int main(void) {
  Suite *s = suite_create("proof");
  TCase *tc = tcase_create("decide");

  tcase_add_test(tc, test_write_own_then_read_any);
  tcase_add_test(tc, test_write_and_read_other_in_one_region);
  tcase_add_test(tc, test_loop_back_edge_joins_regions);
  tcase_add_test(tc, test_predicate_in_both_regions);
  tcase_add_test(tc, test_structure_gives_up);
  tcase_add_test(tc, test_aliases_and_tuples);
  tcase_add_test(tc, test_strided_outer_index);
  tcase_add_test(tc, test_other_uses_and_extern);
  tcase_add_test(tc, test_offsets_tree);
  tcase_add_test(tc, test_offsets_halo);
  tcase_add_test(tc, test_tiled_fill);
  tcase_add_test(tc, test_loop_pieces);
  tcase_add_test(tc, test_pairs);
  tcase_add_test(tc, test_atomics_and_strided_clear);
  suite_add_tcase(s, tc);
  return ld_check_run(s);
}
