/* Check suite for the plan: the dump format (the contract the goldens and
 * docs/translator.md describe) on a plan built by hand, freeing, and the
 * finalize step's decisions (ld_finalize.h). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ld_check.h"
#include "ld_error.h"
#include "ld_finalize.h"
#include "ld_plan.h"

static struct ld_pos pos(unsigned line, unsigned col) {
  struct ld_pos p = {line, col, 0};
  return p;
}

/* A plan with every kind of line and every optional field. */
static struct ld_plan *sample_plan(void) {
  struct ld_plan *p = calloc(1, sizeof *p);

  p->file = strdup("app.cu");
  p->nkernels = 2;
  p->kernels = calloc(2, sizeof *p->kernels);
  p->kernels[0].name = strdup("reduce");
  p->kernels[0].at = pos(5, 17);
  p->kernels[0].is_template = 1;
  p->kernels[0].checked = 1;
  p->kernels[1].name = strdup("asm_kernel");
  p->kernels[1].at = pos(20, 17);
  p->kernels[1].reason = strdup("inline assembly");
  p->ntargets = 3;
  p->targets = calloc(3, sizeof *p->targets);
  p->targets[0].kernel = 0;
  p->targets[0].name = strdup("out");
  p->targets[0].at = pos(5, 30);
  p->targets[0].space = LD_SPACE_GLOBAL;
  p->targets[0].written = 1;
  p->targets[1].kernel = 0;
  p->targets[1].name = strdup("tile");
  p->targets[1].at = pos(6, 20);
  p->targets[1].space = LD_SPACE_SHARED;
  p->targets[1].written = 1;
  p->targets[2].kernel = 1;
  p->targets[2].name = strdup("dyn");
  p->targets[2].at = pos(21, 25);
  p->targets[2].space = LD_SPACE_SHARED;
  p->targets[2].is_extern = 1;
  p->nbarriers = 2;
  p->barriers = calloc(2, sizeof *p->barriers);
  p->barriers[0].kernel = 0;
  p->barriers[0].form = strdup("__syncthreads");
  p->barriers[0].at = pos(8, 3);
  p->barriers[1].kernel = LD_PLAN_NONE;
  p->barriers[1].func = strdup("helper");
  p->barriers[1].form = strdup("cg.sync");
  p->barriers[1].at = pos(14, 5);
  p->barriers[1].in_macro = 1;
  p->nlaunches = 2;
  p->launches = calloc(2, sizeof *p->launches);
  p->launches[0].kernel = strdup("reduce");
  p->launches[0].at = pos(30, 3);
  p->launches[1].kernel = strdup("asm_kernel");
  p->launches[1].at = pos(31, 3);
  p->launches[1].via_api = 1;
  return p;
}

static char *dump(const struct ld_plan *p) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);

  ck_assert_ptr_nonnull(f);
  ck_assert_int_eq(ld_plan_dump(p, f), LD_OK);
  fclose(f);
  return text;
}

START_TEST(test_dump_format) {
  struct ld_plan *p = sample_plan();
  char *text = dump(p);

  ck_assert_str_eq(
      text, "KERNEL name=reduce checked=yes at=5:17 template\n"
            "KERNEL name=asm_kernel checked=no reason=\"inline assembly\" "
            "at=20:17\n"
            "TARGET kernel=reduce space=global name=out at=5:30 written=yes\n"
            "TARGET kernel=reduce space=shared name=tile at=6:20 written=yes\n"
            "TARGET kernel=asm_kernel space=shared name=dyn at=21:25 extern "
            "written=no\n"
            "BARRIER kernel=reduce form=__syncthreads at=8:3\n"
            "BARRIER kernel=helper form=cg.sync at=14:5 macro\n"
            "LAUNCH kernel=reduce at=30:3\n"
            "LAUNCH kernel=asm_kernel at=31:3 cudaLaunchKernel\n");
  free(text);
  ld_plan_free(p);
}
END_TEST

START_TEST(test_reason_only_when_unchecked) {
  struct ld_plan *p = sample_plan();
  char *text;

  /* A stale reason on a checked kernel is not printed. */
  p->kernels[0].reason = strdup("ignored");
  text = dump(p);
  ck_assert_ptr_null(strstr(text, "ignored"));
  free(text);
  ld_plan_free(p);
}
END_TEST

START_TEST(test_empty_plan_dumps_nothing) {
  struct ld_plan *p = calloc(1, sizeof *p);
  char *text = dump(p);

  ck_assert_str_eq(text, "");
  free(text);
  ld_plan_free(p);
  ld_plan_free(NULL);
}
END_TEST

/* A kernel with a replay clone adds SITE lines after the launches: the
 * entry at the kernel, each barrier site with its form, the exit at the
 * closing brace; freeing releases the replay and the launch texts. */
START_TEST(test_sites_of_a_clone) {
  struct ld_plan *p = sample_plan();
  struct ld_replay *r = calloc(1, sizeof *r);
  char *text;

  r->nsites = 2;
  r->sites = calloc(2, sizeof *r->sites);
  r->sites[0].at = pos(8, 3);
  r->sites[0].form = "SYNC_PLAIN";
  r->sites[1].at = pos(11, 11);
  r->sites[1].form = "SYNC_COUNT";
  r->exit_line = 13;
  r->exit_col = 1;
  r->nlocals = 1;
  r->locals = calloc(1, sizeof *r->locals);
  r->locals[0].name = strdup("tid");
  r->locals[0].decl = strdup("int tid");
  ck_assert_int_eq(ld_edit_insert(&r->edits, 3, "x"), LD_OK);
  p->kernels[0].replay = r;
  p->launches[0].callee = strdup("reduce<256>");
  p->launches[0].args = strdup("a, b");
  p->launches[0].config[0] = strdup("4");
  text = dump(p);
  ck_assert_ptr_nonnull(
      strstr(text, "LAUNCH kernel=asm_kernel at=31:3 cudaLaunchKernel\n"
                   "SITE kernel=reduce id=0 at=5:17 form=entry\n"
                   "SITE kernel=reduce id=1 at=8:3 form=SYNC_PLAIN\n"
                   "SITE kernel=reduce id=2 at=11:11 form=SYNC_COUNT\n"
                   "SITE kernel=reduce id=3 at=13:1 form=exit\n"));
  free(text);
  ld_plan_free(p);
  ld_replay_free(NULL);
}
END_TEST

/* The finalize step: an unchecked kernel keeps no replay; a name written
 * qualified gets no `__lb` clone; a reported clone unchecks its kernel
 * with the report's reason, and the deterministic case follows. */
START_TEST(test_finalize) {
  static const char src[] = "__global__ void ns::reduce(int *a) {}";
  struct ld_plan *p = sample_plan();
  struct ld_unrendered_list u = LD_UNRENDERED_LIST_INIT;
  char *text;

  p->deterministic = 1;
  p->kernels[0].replay = calloc(1, sizeof *p->kernels[0].replay);
  p->kernels[0].replay->name_begin = 20; /* `reduce` after `ns::` */
  p->kernels[1].replay = calloc(1, sizeof *p->kernels[1].replay);
  ck_assert_int_eq(ld_finalize_plan(p, src), LD_OK);
  ck_assert_ptr_null(p->kernels[1].replay);
  ck_assert_str_eq(p->kernels[1].reason, "inline assembly");
  ck_assert_int_eq(p->kernels[0].replay->lb_clone, 0);
  ck_assert_int_eq(p->kernels[0].det, LD_DET_YES);
  ck_assert_int_eq(ld_unrendered_add(&u, 0, LD_UNRENDERED_REPLAY, "collide"),
                   LD_OK);
  ck_assert_int_eq(ld_finalize_unrendered(p, &u), LD_OK);
  ck_assert_ptr_null(p->kernels[0].replay);
  text = dump(p);
  ck_assert_ptr_nonnull(strstr(text, "KERNEL name=reduce checked=no "
                                     "reason=\"collide\" at=5:17 template "
                                     "det=no det_reason=\"collide\"\n"));
  free(text);
  ld_unrendered_free(&u);
  ld_plan_free(p);
}
END_TEST

int main(void) {
  Suite *s = suite_create("plan");
  TCase *tc = tcase_create("dump");

  tcase_add_test(tc, test_dump_format);
  tcase_add_test(tc, test_reason_only_when_unchecked);
  tcase_add_test(tc, test_empty_plan_dumps_nothing);
  tcase_add_test(tc, test_sites_of_a_clone);
  tcase_add_test(tc, test_finalize);
  suite_add_tcase(s, tc);
  return ld_check_run(s);
}
