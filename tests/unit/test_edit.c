/* Check suite for the edit list: inserts, replacements, stable order at one
 * offset, overlap and range errors, and exact `#line` resynchronisation. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "ld_edit.h"
#include "ld_error.h"

/* Apply l to src and return the output (caller frees), or NULL with *rc. */
static char *apply(struct ld_edit_list *l, const char *src, int *rc) {
  struct ld_buf out = LD_BUF_INIT;

  *rc = ld_edit_apply(l, src, strlen(src), "f.cu", &out);
  if (*rc) {
    ld_buf_free(&out);
    return NULL;
  }
  return ld_buf_detach(&out);
}

START_TEST(test_empty_list_copies_source) {
  struct ld_edit_list l = LD_EDIT_LIST_INIT;
  int rc;
  char *s = apply(&l, "int a;\nint b;\n", &rc);

  ck_assert_int_eq(rc, LD_OK);
  ck_assert_str_eq(s, "int a;\nint b;\n");
  free(s);
  s = apply(&l, "", &rc);
  ck_assert_int_eq(rc, LD_OK);
  ck_assert_str_eq(s, "");
  free(s);
  ld_edit_list_free(&l);
}
END_TEST

START_TEST(test_insert_and_replace_same_line) {
  struct ld_edit_list l = LD_EDIT_LIST_INIT;
  int rc;
  char *s;

  /* Added out of order: application sorts by offset. */
  ck_assert_int_eq(ld_edit_replace(&l, 4, 5, "bb"), LD_OK);
  ck_assert_int_eq(ld_edit_insert(&l, 0, "/*x*/"), LD_OK);
  ck_assert_int_eq(ld_edit_insert(&l, 10, ";"), LD_OK);
  s = apply(&l, "int a = 1;", &rc);
  ck_assert_int_eq(rc, LD_OK);
  ck_assert_str_eq(s, "/*x*/int bb = 1;;");
  free(s);
  ld_edit_list_free(&l);
}
END_TEST

START_TEST(test_same_offset_inserts_keep_order) {
  struct ld_edit_list l = LD_EDIT_LIST_INIT;
  int rc;
  char *s;

  ck_assert_int_eq(ld_edit_insert(&l, 2, "1"), LD_OK);
  ck_assert_int_eq(ld_edit_replace(&l, 2, 3, "R"), LD_OK);
  ck_assert_int_eq(ld_edit_insert(&l, 2, "2"), LD_OK);
  ck_assert_int_eq(ld_edit_insert(&l, 3, "E"), LD_OK);
  ck_assert_int_eq(ld_edit_insert(&l, 2, "3"), LD_OK);
  s = apply(&l, "abcd", &rc);
  ck_assert_int_eq(rc, LD_OK);
  /* Inserts in the order added, before the replacement starting there;
   * an insert at the replacement's end comes after it. */
  ck_assert_str_eq(s, "ab123REd");
  free(s);
  ld_edit_list_free(&l);
}
END_TEST

START_TEST(test_delete) {
  struct ld_edit_list l = LD_EDIT_LIST_INIT;
  int rc;
  char *s;

  ck_assert_int_eq(ld_edit_replace(&l, 1, 3, ""), LD_OK);
  s = apply(&l, "abcd", &rc);
  ck_assert_int_eq(rc, LD_OK);
  ck_assert_str_eq(s, "ad");
  free(s);
  ld_edit_list_free(&l);
}
END_TEST

START_TEST(test_overlapping_replacements_rejected) {
  struct ld_edit_list l = LD_EDIT_LIST_INIT;
  int rc;

  ck_assert_int_eq(ld_edit_replace(&l, 1, 4, "x"), LD_OK);
  ck_assert_int_eq(ld_edit_replace(&l, 3, 5, "y"), LD_OK);
  ck_assert_ptr_null(apply(&l, "abcdefg", &rc));
  ck_assert_int_eq(rc, LD_EOVERLAP);
  ld_edit_list_free(&l);

  /* Same start, both non-empty. */
  ck_assert_int_eq(ld_edit_replace(&l, 1, 2, "x"), LD_OK);
  ck_assert_int_eq(ld_edit_replace(&l, 1, 3, "y"), LD_OK);
  ck_assert_ptr_null(apply(&l, "abcdefg", &rc));
  ck_assert_int_eq(rc, LD_EOVERLAP);
  ld_edit_list_free(&l);
}
END_TEST

START_TEST(test_insert_inside_replacement_rejected) {
  struct ld_edit_list l = LD_EDIT_LIST_INIT;
  int rc;
  char *s;

  ck_assert_int_eq(ld_edit_replace(&l, 1, 4, "x"), LD_OK);
  ck_assert_int_eq(ld_edit_insert(&l, 2, "i"), LD_OK);
  ck_assert_ptr_null(apply(&l, "abcdefg", &rc));
  ck_assert_int_eq(rc, LD_EOVERLAP);
  ld_edit_list_free(&l);

  /* Touching is not overlapping. */
  ck_assert_int_eq(ld_edit_replace(&l, 1, 4, "x"), LD_OK);
  ck_assert_int_eq(ld_edit_replace(&l, 4, 5, "y"), LD_OK);
  ck_assert_int_eq(ld_edit_insert(&l, 1, "<"), LD_OK);
  s = apply(&l, "abcdefg", &rc);
  ck_assert_int_eq(rc, LD_OK);
  ck_assert_str_eq(s, "a<xyfg");
  free(s);
  ld_edit_list_free(&l);
}
END_TEST

START_TEST(test_out_of_range_and_bad_args) {
  struct ld_edit_list l = LD_EDIT_LIST_INIT;
  int rc;

  ck_assert_int_eq(ld_edit_replace(&l, 3, 2, "x"), LD_EINVAL);
  ck_assert_int_eq(ld_edit_insert(&l, 0, NULL), LD_EINVAL);
  ck_assert_uint_eq(l.n, 0);
  ck_assert_int_eq(ld_edit_insert(&l, 5, "x"), LD_OK);
  ck_assert_ptr_null(apply(&l, "abc", &rc));
  ck_assert_int_eq(rc, LD_ERANGE);
  ld_edit_list_free(&l);
  ld_edit_list_free(NULL);
}
END_TEST

START_TEST(test_line_count_unchanged_needs_no_directive) {
  struct ld_edit_list l = LD_EDIT_LIST_INIT;
  int rc;
  char *s;

  /* Replacing two lines with two lines keeps every position. */
  ck_assert_int_eq(ld_edit_replace(&l, 0, 4, "X\nY\n"), LD_OK);
  s = apply(&l, "a\nb\nc\n", &rc);
  ck_assert_int_eq(rc, LD_OK);
  ck_assert_str_eq(s, "X\nY\nc\n");
  ck_assert_ptr_null(strstr(s, "#line"));
  free(s);
  ld_edit_list_free(&l);
}
END_TEST

START_TEST(test_insert_lines_resyncs_mid_line) {
  struct ld_edit_list l = LD_EDIT_LIST_INIT;
  int rc;
  char *s;

  /* "x = f();" on line 2; the insert before col 5 adds two lines. */
  ck_assert_int_eq(ld_edit_insert(&l, 6, "{\n}\n"), LD_OK);
  s = apply(&l, "int;\nx = f();\ny;\n", &rc);
  ck_assert_int_eq(rc, LD_OK);
  /* The rest of line 2 comes back at line 2, column 2 (1 space). */
  ck_assert_str_eq(s, "int;\nx{\n}\n#line 2 \"f.cu\"\n  = f();\ny;\n");
  free(s);
  ld_edit_list_free(&l);
}
END_TEST

START_TEST(test_replace_lines_away_resyncs) {
  struct ld_edit_list l = LD_EDIT_LIST_INIT;
  int rc;
  char *s;

  /* Lines 2-3 ("b\nc\n") become one line: line 4 must stay line 4. */
  ck_assert_int_eq(ld_edit_replace(&l, 2, 6, "B;"), LD_OK);
  s = apply(&l, "a\nb\nc\nd\n", &rc);
  ck_assert_int_eq(rc, LD_OK);
  ck_assert_str_eq(s, "a\nB;\n#line 4 \"f.cu\"\nd\n");
  free(s);
  ld_edit_list_free(&l);
}
END_TEST

START_TEST(test_same_offset_inserts_resync_once) {
  struct ld_edit_list l = LD_EDIT_LIST_INIT;
  int rc;
  char *s;

  ck_assert_int_eq(ld_edit_insert(&l, 2, "p\n"), LD_OK);
  ck_assert_int_eq(ld_edit_insert(&l, 2, "q\n"), LD_OK);
  ck_assert_int_eq(ld_edit_insert(&l, 4, "r;"), LD_OK);
  s = apply(&l, "a\nb\nc\n", &rc);
  ck_assert_int_eq(rc, LD_OK);
  ck_assert_str_eq(s, "a\np\nq\n#line 2 \"f.cu\"\nb\nr;c\n");
  free(s);
  ld_edit_list_free(&l);
}
END_TEST

START_TEST(test_edit_at_end_and_escaped_path) {
  struct ld_edit_list l = LD_EDIT_LIST_INIT;
  struct ld_buf out = LD_BUF_INIT;

  ck_assert_int_eq(ld_edit_insert(&l, 1, "\n\n"), LD_OK);
  ck_assert_int_eq(ld_edit_insert(&l, 3, "z\n"), LD_OK);
  ck_assert_int_eq(ld_edit_apply(&l, "a\nb", 3, "d\"ir\\x.cu", &out), LD_OK);
  /* No directive after the last edit at the very end of the file. */
  ck_assert_str_eq(out.data, "a\n\n#line 1 \"d\\\"ir\\\\x.cu\"\n \nbz\n");
  ld_buf_free(&out);
  ld_edit_list_free(&l);
}
END_TEST

/* Every line of the original text keeps its number after any edits: check
 * by simulating #line on the output. */
START_TEST(test_positions_stay_exact) {
  const char *src = "l1 a;\nl2 b;\nl3 c;\nl4 d;\nl5 e;\n";
  struct ld_edit_list l = LD_EDIT_LIST_INIT;
  int rc;
  char *s, *p;
  unsigned line = 1;

  ck_assert_int_eq(ld_edit_insert(&l, 3, "\n\n\n"), LD_OK);
  ck_assert_int_eq(ld_edit_replace(&l, 9, 15, ""), LD_OK);   /* "b;\nl3 " */
  ck_assert_int_eq(ld_edit_insert(&l, 18, "x\ny\n"), LD_OK); /* line 4 */
  s = apply(&l, src, &rc);
  ck_assert_int_eq(rc, LD_OK);
  for (p = s; *p;) {
    char *nl = strchr(p, '\n');
    if (!strncmp(p, "#line ", 6)) {
      line = (unsigned)strtoul(p + 6, NULL, 10);
    } else {
      char *tag = strstr(p, "l");
      /* A line naming "lN" at its start must be line N. */
      if (tag && tag < nl && tag[1] >= '1' && tag[1] <= '9' &&
          tag[2] == ' ')
        ck_assert_uint_eq(line, (unsigned)(tag[1] - '0'));
      line++;
    }
    p = nl + 1;
  }
  free(s);
  ld_edit_list_free(&l);
}
END_TEST

int main(void) {
  Suite *s = suite_create("edit");
  TCase *tc = tcase_create("core");
  SRunner *sr;
  int failed;

  tcase_add_test(tc, test_empty_list_copies_source);
  tcase_add_test(tc, test_insert_and_replace_same_line);
  tcase_add_test(tc, test_same_offset_inserts_keep_order);
  tcase_add_test(tc, test_delete);
  tcase_add_test(tc, test_overlapping_replacements_rejected);
  tcase_add_test(tc, test_insert_inside_replacement_rejected);
  tcase_add_test(tc, test_out_of_range_and_bad_args);
  tcase_add_test(tc, test_line_count_unchanged_needs_no_directive);
  tcase_add_test(tc, test_insert_lines_resyncs_mid_line);
  tcase_add_test(tc, test_replace_lines_away_resyncs);
  tcase_add_test(tc, test_same_offset_inserts_resync_once);
  tcase_add_test(tc, test_edit_at_end_and_escaped_path);
  tcase_add_test(tc, test_positions_stay_exact);
  suite_add_tcase(s, tc);
  sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
