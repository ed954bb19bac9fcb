/* Check suite for launches written with spaces inside the chevrons
 * (translator/analyse/spaced_launch.c): Visual Studio's `k << <g, b >> >
 * (x)` becomes `<<<`/`>>>` in place, offsets kept; everything else stays. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "ld_check.h"
#include "ld_spaced_launch.h"

struct unspace_case {
  const char *in, *out;
  size_t n;
};

static const struct unspace_case cases[] = {
    {"k << <g, b >> > (x);", "k <<< g, b >>>  (x);", 1},
    {"k<float> << <1, 2 >> >(p, q);", "k<float> <<< 1, 2 >>> (p, q);", 1},
    {"k\t<<\t<dim3(2, 2), f(3) >>\t> (a);",
     "k\t<<<\tdim3(2, 2), f(3) >>>\t (a);", 1},
    /* One side written together already. */
    {"k<<<g, b >> >(x);", "k<<<g, b >>> (x);", 1},
    {"k << <g, b>>>(x);", "k <<< g, b>>>(x);", 1},
    /* As nvcc wants them: nothing to do. */
    {"k<<<g, b>>>(x);", "k<<<g, b>>>(x);", 0},
    /* Two launches on one line. */
    {"a << <1, 1 >> > (); b << <2, 2 >> > ();",
     "a <<< 1, 1 >>>  (); b <<< 2, 2 >>>  ();", 2},
    /* Not launches. */
    {"os << x << y;", "os << x << y;", 0},
    {"friend std::ostream &operator<< <T>(std::ostream &, const V<T> &);",
     "friend std::ostream &operator<< <T>(std::ostream &, const V<T> &);", 0},
    {"printf(\"k << <g, b >> > (x)\");", "printf(\"k << <g, b >> > (x)\");", 0},
    {"// k << <g, b >> > (x);\n", "// k << <g, b >> > (x);\n", 0},
    {"/* k << <g, b >> > (x); */", "/* k << <g, b >> > (x); */", 0},
    {"x = a << <b; y = c >> > (d);", "x = a << <b; y = c >> > (d);", 0},
    {"m<v<v<int>> > w(3);", "m<v<v<int>> > w(3);", 0},
};

START_TEST(test_unspace) {
  const struct unspace_case *c = &cases[_i];
  char *t = strdup(c->in);
  size_t n = ld__unspace_launches(t, strlen(t));

  ck_assert_msg(strcmp(t, c->out) == 0, "case %d: got \"%s\", want \"%s\"", _i,
                t, c->out);
  ck_assert_uint_eq(strlen(t), strlen(c->in));
  ck_assert_uint_eq(n, c->n);
  free(t);
}
END_TEST

/* `extern "C"` glued to the declaration gets a space; nothing else. */
START_TEST(test_space_linkage) {
  static const struct unspace_case lk[] = {
      {"extern \"C\"__global__ void k();", "extern \"C\" __global__ void k();",
       1},
      {"extern  \"C++\"int f();\nextern \"C\"__device__ int g;",
       "extern  \"C++\" int f();\nextern \"C\" __device__ int g;", 2},
      {"extern \"C\" __global__ void k();", "extern \"C\" __global__ void k();",
       0},
      {"puts(\"extern \\\"C\\\"__global__\");",
       "puts(\"extern \\\"C\\\"__global__\");", 0},
      {"// extern \"C\"__global__\n", "// extern \"C\"__global__\n", 0},
      {"myextern \"C\"x", "myextern \"C\"x", 0},
  };
  for (size_t i = 0; i < sizeof lk / sizeof lk[0]; i++) {
    struct ld_buf b = LD_BUF_INIT;
    size_t n = 99;
    ck_assert_int_eq(ld_buf_puts(&b, lk[i].in), 0);
    ck_assert_int_eq(ld__space_linkage(&b, &n), 0);
    ck_assert_msg(b.len == strlen(lk[i].out) &&
                      memcmp(b.data, lk[i].out, b.len) == 0,
                  "case %zu: got \"%.*s\"", i, (int)b.len, b.data);
    ck_assert_uint_eq(n, lk[i].n);
    ld_buf_free(&b);
  }
}
END_TEST

int main(void) {
  Suite *s = suite_create("spaced_launch");
  TCase *tc = tcase_create("core");

  tcase_add_loop_test(tc, test_unspace, 0,
                      (int)(sizeof cases / sizeof cases[0]));
  tcase_add_test(tc, test_space_linkage);
  suite_add_tcase(s, tc);
  return ld_check_run(s);
}
