/* Shared by the Check suites: run one suite and turn its failures into the
 * process's exit status (what CTest reads). */
#ifndef LD_CHECK_H
#define LD_CHECK_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>

static inline int ld_check_run(Suite *s) {
  SRunner *sr = srunner_create(s);
  int failed;

  srunner_run_all(sr, CK_NORMAL);
  failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

/* Run stmt with a FILE *f_ writing into the char array buf. */
#define CAPTURE(buf, stmt)                                                     \
  do {                                                                         \
    FILE *f_ = fmemopen(buf, sizeof buf, "w");                                 \
    ck_assert_ptr_nonnull(f_);                                                 \
    stmt;                                                                      \
    fclose(f_);                                                                \
  } while (0)

#endif
