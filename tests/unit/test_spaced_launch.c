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

int main(void) {
  Suite *s = suite_create("spaced_launch");
  TCase *tc = tcase_create("core");

  tcase_add_loop_test(tc, test_unspace, 0,
                      (int)(sizeof cases / sizeof cases[0]));
  suite_add_tcase(s, tc);
  return ld_check_run(s);
}
