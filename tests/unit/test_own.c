/* Check suite for the global-memory proof's decision (translator/xlate
 * own.c): the levels of each written parameter's accesses, their order,
 * which levels need a launch condition, and the reasons for giving up, on
 * accesses built by hand the way own_facts.c records a kernel. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "ld_buf.h"
#include "ld_check.h"
#include "ld_error.h"
#include "ld_global_proof.h"

enum { TX, TY, TZ, BX, BY, BZ };
#define NONE LD_GPROOF_NOSYM
#define BDX 0
#define P(i) (LD_GPROOF_PARAM + (i))

struct kernel {
  struct ld_gproof_access acc[8];
  struct ld_gproof_term terms[8][8];
  struct ld_gproof_guard guards[8];
  struct ld_gproof_term gterms[8][4];
  size_t nacc;
  int warp_units;
  int block_warps;
};

/* A new access to parameter p at constant offset off; terms follow. */
static struct ld_gproof_access *access(struct kernel *k, size_t p,
                                       long long off) {
  struct ld_gproof_access *a = &k->acc[k->nacc];

  memset(a, 0, sizeof *a);
  a->param = p;
  a->name = p ? "q" : "out";
  a->off = off;
  a->terms = k->terms[k->nacc++];
  return a;
}

static void term(struct kernel *k, struct ld_gproof_access *a, int atom,
                 long long c, int sym, long long trips) {
  struct ld_gproof_term *t = &k->terms[a - k->acc][a->nterms++];

  t->atom = atom;
  t->c = c;
  t->sym = sym;
  t->trips = trips;
}

/* A condition around access a: sum(terms) + off >= 0; terms follow. */
static struct ld_gproof_guard *
guard(struct kernel *k, struct ld_gproof_access *a, long long off) {
  size_t i = (size_t)(a - k->acc);
  struct ld_gproof_guard *g = &k->guards[i];

  g->terms = k->gterms[i];
  g->nterms = 0;
  g->off = off;
  a->guards = g;
  a->nguards = 1;
  return g;
}

static void gterm(struct kernel *k, struct ld_gproof_guard *g, int atom,
                  long long c, long long trips, int loop) {
  struct ld_gproof_term *t = &k->gterms[g - k->guards][g->nterms++];

  t->atom = atom;
  t->c = c;
  t->sym = NONE;
  t->trips = trips;
  t->loop = loop;
}

/* The decision's conditions as text, or "no: <why>". */
static char *decide(const struct kernel *k) {
  struct ld_gproof_input in;
  struct ld_gproof o;
  struct ld_buf b = LD_BUF_INIT;
  char *r;

  memset(&in, 0, sizeof in);
  in.acc = k->acc;
  in.nacc = k->nacc;
  in.warp_units = k->warp_units;
  in.block_warps = k->block_warps;
  ck_assert_int_eq(ld_gproof_decide(&in, &o), LD_OK);
  if (o.proved)
    ck_assert_int_eq(ld_gproof_text(&o, &b), LD_OK);
  else
    ck_assert_int_eq(ld_buf_printf(&b, "no: %s", o.why), LD_OK);
  r = strdup(b.data ? b.data : "");
  ld_buf_free(&b);
  ld_gproof_free(&o);
  return r;
}

#define EXPECT(k, want)                                                        \
  do {                                                                         \
    char *got_ = decide(k);                                                    \
    ck_assert_str_eq(got_, want);                                              \
    free(got_);                                                                \
  } while (0)

/* out[blockIdx.x * 256 + threadIdx.x]: the grid's other dimensions 1, a
 * block of at most 256, everything below 2^31; with warps as units the
 * block's other dimensions 1 too. */
START_TEST(test_one_dimension) {
  struct kernel k;
  struct ld_gproof_access *a;

  memset(&k, 0, sizeof k);
  a = access(&k, 0, 0);
  term(&k, a, BX, 256, NONE, 0);
  term(&k, a, TX, 1, NONE, 0);
  EXPECT(&k, "1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<256;"
             "1*(blockDim.x-1)+256*(gridDim.x-1)+0<2147483648");
  k.warp_units = 1;
  EXPECT(&k, "1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.y-1)<1;"
             "1*(gridDim.z-1)<1;1*(blockDim.x-1)<256;"
             "1*(blockDim.x-1)+256*(gridDim.x-1)+0<2147483648");
}
END_TEST

/* c[row * n + col], row = blockIdx.y * 16 + threadIdx.y, col = blockIdx.x *
 * 16 + threadIdx.x: the digits tx, bx, ty (n), by (16 n) in that order,
 * each above what the ones below add up to. */
START_TEST(test_two_dimensions) {
  struct kernel k;
  struct ld_gproof_access *a;

  memset(&k, 0, sizeof k);
  a = access(&k, 0, 0);
  term(&k, a, BY, 16, P(3), 0);
  term(&k, a, TY, 1, P(3), 0);
  term(&k, a, BX, 16, NONE, 0);
  term(&k, a, TX, 1, NONE, 0);
  EXPECT(&k, "1*(gridDim.z-1)<1;1*(blockDim.x-1)<16;"
             "1*(blockDim.x-1)+16*(gridDim.x-1)<1*|p3|;"
             "1*(blockDim.x-1)+16*(gridDim.x-1)+1*|p3|*(blockDim.y-1)<16*|p3|;"
             "1*(blockDim.x-1)+16*(gridDim.x-1)+1*|p3|*(blockDim.y-1)+16*|p3|*("
             "gridDim.y-1)+0<2147483648");
}
END_TEST

/* out[base + t] and out[base + t + 1024] (a bitonic sort's halves):
 * the offsets are a level of their own, under the block's, so with blocks
 * as units only the block's level needs a condition; with warps the
 * offsets' gap must exceed the block. */
START_TEST(test_offsets) {
  struct kernel k;
  struct ld_gproof_access *a;

  memset(&k, 0, sizeof k);
  a = access(&k, 0, 0);
  term(&k, a, BX, 2048, NONE, 0);
  term(&k, a, TX, 1, NONE, 0);
  a = access(&k, 0, 1024);
  term(&k, a, BX, 2048, NONE, 0);
  term(&k, a, TX, 1, NONE, 0);
  EXPECT(&k, "1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;"
             "1*(blockDim.x-1)+1024<2048;"
             "1*(blockDim.x-1)+1024+2048*(gridDim.x-1)+1024<2147483648");
  k.warp_units = 1;
  EXPECT(&k, "1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.y-1)<1;"
             "1*(gridDim.z-1)<1;1*(blockDim.x-1)<1024;"
             "1*(blockDim.x-1)+1024<2048;"
             "1*(blockDim.x-1)+1024+2048*(gridDim.x-1)+1024<2147483648");
}
END_TEST

/* partial[blockIdx.x] under `if (threadIdx.x == 0)`: threadIdx.x is 0 in
 * every thread that stores, so it asks nothing; without the condition two
 * threads of a block meet, which only warps as units care about. */
START_TEST(test_fixed_thread) {
  struct kernel k;
  struct ld_gproof_access *a;

  memset(&k, 0, sizeof k);
  k.warp_units = 1;
  a = access(&k, 0, 0);
  term(&k, a, BX, 1, NONE, 0);
  a->fixed = 1u << TX;
  EXPECT(&k, "1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.y-1)<1;"
             "1*(gridDim.z-1)<1;1*(gridDim.x-1)+0<2147483648");
  a->fixed = 0;
  EXPECT(&k, "1*(blockDim.x-1)<1;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;"
             "1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;"
             "1*(gridDim.x-1)+0<2147483648");
}
END_TEST

/* A loop's counter: for (j = 0; j < 32; j += 8) out[(y + j) * n + x] in a
 * transpose; two loops with the same step and trips are one level. */
START_TEST(test_loops) {
  struct kernel k;
  struct ld_gproof_access *a;

  memset(&k, 0, sizeof k);
  k.warp_units = 1;
  a = access(&k, 0, 0);
  term(&k, a, LD_GPROOF_LOOP, 256, NONE, 4);
  term(&k, a, TX, 1, NONE, 0);
  a = access(&k, 0, 0);
  term(&k, a, TX, 1, NONE, 0);
  term(&k, a, LD_GPROOF_LOOP, 256, NONE, 4);
  EXPECT(&k, "1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.x-1)<1;"
             "1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<256;"
             "1*(blockDim.x-1)+768+0<2147483648");
}
END_TEST

/* What leaves a kernel unproved. */
START_TEST(test_refused) {
  struct kernel k;
  struct ld_gproof_access *a;

  /* out[tx] and out[tx + n]: offsets that differ by a parameter */
  memset(&k, 0, sizeof k);
  a = access(&k, 0, 0);
  term(&k, a, TX, 1, NONE, 0);
  a = access(&k, 0, 0);
  term(&k, a, TX, 1, NONE, 0);
  term(&k, a, LD_GPROOF_UNIFORM, 1, P(1), 0);
  EXPECT(&k, "no: accesses through out differ by more than a constant "
             "offset");
  /* out[tx] and out[2 * tx] */
  memset(&k, 0, sizeof k);
  a = access(&k, 0, 0);
  term(&k, a, TX, 1, NONE, 0);
  a = access(&k, 0, 0);
  term(&k, a, TX, 2, NONE, 0);
  EXPECT(&k, "no: accesses through out scale a thread or block index "
             "differently");
  /* q[bx * 4 + tx] and q[bx * 4 + tx + 2]: constants decide it */
  memset(&k, 0, sizeof k);
  a = access(&k, 1, 0);
  term(&k, a, BX, 4, NONE, 0);
  a = access(&k, 1, 2);
  term(&k, a, BX, 4, NONE, 0);
  term(&k, a, LD_GPROOF_LOOP, 1, NONE, 3);
  EXPECT(&k, "no: two units may touch one element through q");
  /* the facts' own reason */
  {
    struct ld_gproof_input in;
    struct ld_gproof o;
    memset(&in, 0, sizeof in);
    in.why = "an index of out is not a sum";
    ck_assert_int_eq(ld_gproof_decide(&in, &o), LD_OK);
    ck_assert_int_eq(o.proved, 0);
    ck_assert_str_eq(o.why, "an index of out is not a sum");
    ld_gproof_free(&o);
  }
}
END_TEST

/* A row smoothed in place by its block, c = threadIdx.x + 256 * k (k < 4)
 * and rows of 1024: m[base + c - 1] under c > 0 (c - 1 >= 0: that access's
 * own part is at least 0), m[base + c + 1] under c + 1 < 1024 (1022 - c >=
 * 0: at most 1023), m[base + c].  Without the conditions the offsets' -1
 * and +1 reach into the neighbouring rows and no launch can be proved;
 * with them the rows stay apart when blockDim.x <= 256.  A guard that does
 * not cancel the access's own terms (a condition on another index) bounds
 * nothing. */
START_TEST(test_guards) {
  struct kernel k;
  struct ld_gproof_access *a;
  struct ld_gproof_guard *g;
  int i;

  memset(&k, 0, sizeof k);
  for (i = -1; i <= 1; i++) {
    a = access(&k, 0, i);
    term(&k, a, BX, 1024, NONE, 0);
    term(&k, a, TX, 1, NONE, 0);
    term(&k, a, LD_GPROOF_LOOP, 256, NONE, 4);
    k.terms[a - k.acc][2].loop = 1;
  }
  EXPECT(&k, "1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;"
             "2+1*(blockDim.x-1)+768<1024;"
             "2+1*(blockDim.x-1)+768+1024*(gridDim.x-1)+1<2147483648");
  g = guard(&k, &k.acc[0], -1); /* c - 1 >= 0 */
  gterm(&k, g, TX, 1, 0, 0);
  gterm(&k, g, LD_GPROOF_LOOP, 256, 4, 1);
  g = guard(&k, &k.acc[2], 1022); /* 1022 - c >= 0 */
  gterm(&k, g, TX, -1, 0, 0);
  gterm(&k, g, LD_GPROOF_LOOP, -256, 4, 1);
  EXPECT(&k, "1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;"
             "1*(blockDim.x-1)+768+0<1024;"
             "2+1*(blockDim.x-1)+768+1024*(gridDim.x-1)+1<2147483648");
  /* another loop's counter in the guard: no bound */
  k.gterms[2][1].loop = 2;
  EXPECT(&k, "1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;"
             "1*(blockDim.x-1)+768+1<1024;"
             "2+1*(blockDim.x-1)+768+1024*(gridDim.x-1)+1<2147483648");
  /* with warps as units the guards are not used */
  k.warp_units = 1;
  k.gterms[2][1].loop = 1;
  EXPECT(&k, "no: two units may touch one element through out");
}
END_TEST

/* Every written parameter has its own conditions; a symbol times a
 * thread index (blockIdx.x * blockDim.x + threadIdx.x). */
START_TEST(test_two_parameters) {
  struct kernel k;
  struct ld_gproof_access *a;

  memset(&k, 0, sizeof k);
  a = access(&k, 0, 0);
  term(&k, a, BX, 1, BDX, 0);
  term(&k, a, TX, 1, NONE, 0);
  a = access(&k, 1, -1);
  term(&k, a, BX, 1, NONE, 0);
  a->fixed = 1u << TX;
  EXPECT(&k, "1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;"
             "1*(blockDim.x-1)<1*blockDim.x;"
             "1*(blockDim.x-1)+1*blockDim.x*(gridDim.x-1)+0<2147483648;"
             "1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;"
             "1*(gridDim.x-1)+1<2147483648");
}
END_TEST

/* Warps of one block between barriers (block_warps): rows of 1024, one
 * block a row, 256 threads.  Region 0 reads each element's neighbours
 * (out[bx * 1024 + tx - 1], + 1), region 1 stores the thread's own
 * (out[bx * 1024 + tx]): proved, the store's region with threads as units
 * adds its conditions.  The same neighbours read in the store's region:
 * two warps meet.  Every thread storing its block's slot (out[bx]) after
 * the barrier: proved across blocks, and only for one-thread blocks inside
 * one. */
START_TEST(test_block_warps) {
  struct kernel k;
  struct ld_gproof_access *a;
  int i;

  memset(&k, 0, sizeof k);
  for (i = -1; i <= 1; i += 2) {
    a = access(&k, 0, i);
    term(&k, a, BX, 1024, NONE, 0);
    term(&k, a, TX, 1, NONE, 0);
  }
  a = access(&k, 0, 0);
  term(&k, a, BX, 1024, NONE, 0);
  term(&k, a, TX, 1, NONE, 0);
  a->region = 1;
  a->write = 1;
  k.block_warps = 1;
  EXPECT(&k, "1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;2+1*(blockDim.x-1)<1024;"
             "2+1*(blockDim.x-1)+1024*(gridDim.x-1)+1<2147483648;"
             "1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.y-1)<1;"
             "1*(gridDim.z-1)<1;1*(blockDim.x-1)<1024;"
             "1*(blockDim.x-1)+1024*(gridDim.x-1)+0<2147483648");
  k.acc[0].region = k.acc[1].region = 1;
  EXPECT(&k, "no: two warps of one block may touch one element through out "
             "between barriers");
  k.block_warps = 0;
  EXPECT(&k, "1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;2+1*(blockDim.x-1)<1024;"
             "2+1*(blockDim.x-1)+1024*(gridDim.x-1)+1<2147483648");

  memset(&k, 0, sizeof k);
  a = access(&k, 0, 0);
  term(&k, a, BX, 1, NONE, 0);
  a->region = 1;
  a->write = 1;
  EXPECT(&k,
         "1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(gridDim.x-1)+0<2147483648");
  k.block_warps = 1;
  EXPECT(&k,
         "1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(gridDim.x-1)+0<2147483648;"
         "1*(blockDim.x-1)<1;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;"
         "1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(gridDim.x-1)+0<2147483648");
  /* A region that only reads needs nothing of its warps. */
  a->write = 0;
  EXPECT(&k,
         "1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(gridDim.x-1)+0<2147483648");
}
END_TEST

int main(void) {
  Suite *s = suite_create("own");
  TCase *tc = tcase_create("decide");

  tcase_add_test(tc, test_one_dimension);
  tcase_add_test(tc, test_two_dimensions);
  tcase_add_test(tc, test_offsets);
  tcase_add_test(tc, test_fixed_thread);
  tcase_add_test(tc, test_loops);
  tcase_add_test(tc, test_refused);
  tcase_add_test(tc, test_two_parameters);
  tcase_add_test(tc, test_guards);
  tcase_add_test(tc, test_block_warps);
  suite_add_tcase(s, tc);
  return ld_check_run(s);
}
