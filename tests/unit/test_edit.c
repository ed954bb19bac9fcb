/* Check suite for the edit list: inserts, replacements, stable order at one
 * offset, overlap and range errors, and exact `#line` resynchronisation. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "ld_check.h"
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

/* One edit of a table-driven case; text NULL ends the list. */
struct edit_spec {
  size_t begin, end;
  const char *text;
};

struct edit_case {
  const char *what;
  const char *src;
  struct edit_spec edits[6];
  int rc;           /* expected status of ld_edit_apply */
  const char *want; /* expected output when rc == LD_OK */
};

static const struct edit_case cases[] = {
    {"no edits copy the source",
     "int a;\nint b;\n",
     {{0}},
     LD_OK,
     "int a;\nint b;\n"},
    {"empty source", "", {{0}}, LD_OK, ""},
    /* Added out of order: application sorts by offset. */
    {"inserts and a replacement on one line",
     "int a = 1;",
     {{4, 5, "bb"}, {0, 0, "/*x*/"}, {10, 10, ";"}},
     LD_OK,
     "/*x*/int bb = 1;;"},
    /* Inserts in the order added, before the replacement starting there;
     * an insert at the replacement's end comes after it. */
    {"same-offset inserts keep their order",
     "abcd",
     {{2, 2, "1"}, {2, 3, "R"}, {2, 2, "2"}, {3, 3, "E"}, {2, 2, "3"}},
     LD_OK,
     "ab123REd"},
    {"delete", "abcd", {{1, 3, ""}}, LD_OK, "ad"},
    {"overlapping replacements",
     "abcdefg",
     {{1, 4, "x"}, {3, 5, "y"}},
     LD_EOVERLAP,
     NULL},
    {"replacements with one start",
     "abcdefg",
     {{1, 2, "x"}, {1, 3, "y"}},
     LD_EOVERLAP,
     NULL},
    {"insert inside a replacement",
     "abcdefg",
     {{1, 4, "x"}, {2, 2, "i"}},
     LD_EOVERLAP,
     NULL},
    {"touching is not overlapping",
     "abcdefg",
     {{1, 4, "x"}, {4, 5, "y"}, {1, 1, "<"}},
     LD_OK,
     "a<xyfg"},
    {"edit past the end", "abc", {{5, 5, "x"}}, LD_ERANGE, NULL},
    /* Replacing two lines with two lines keeps every position. */
    {"same line count needs no directive",
     "a\nb\nc\n",
     {{0, 4, "X\nY\n"}},
     LD_OK,
     "X\nY\nc\n"},
    /* "x = f();" is line 2; the rest after column 2 comes back there. */
    {"lines inserted mid-line",
     "int;\nx = f();\ny;\n",
     {{6, 6, "{\n}\n"}},
     LD_OK,
     "int;\nx{\n}\n#line 2 \"f.cu\"\n  = f();\ny;\n"},
    /* Lines 2-3 become one line: line 4 must stay line 4. */
    {"lines replaced away",
     "a\nb\nc\nd\n",
     {{2, 6, "B;"}},
     LD_OK,
     "a\nB;\n#line 4 \"f.cu\"\nd\n"},
    {"one directive after same-offset inserts",
     "a\nb\nc\n",
     {{2, 2, "p\n"}, {2, 2, "q\n"}, {4, 4, "r;"}},
     LD_OK,
     "a\np\nq\n#line 2 \"f.cu\"\nb\nr;c\n"},
    /* No directive after the last edit at the very end of the file. */
    {"edit at the end",
     "a\nb",
     {{1, 1, "\n\n"}, {3, 3, "z\n"}},
     LD_OK,
     "a\n\n#line 1 \"f.cu\"\n \nbz\n"},
};

START_TEST(test_case_table) {
  const struct edit_case *c = &cases[_i];
  struct ld_edit_list l = LD_EDIT_LIST_INIT;
  struct ld_buf out = LD_BUF_INIT;
  const struct edit_spec *e;

  for (e = c->edits; e->text; e++)
    ck_assert_int_eq(ld_edit_replace(&l, e->begin, e->end, e->text), LD_OK);
  ck_assert_msg(ld_edit_apply(&l, c->src, strlen(c->src), "f.cu", &out) ==
                    c->rc,
                "%s: wrong status", c->what);
  if (c->rc == LD_OK)
    ck_assert_msg(!strcmp(out.data ? out.data : "", c->want), "%s: got \"%s\"",
                  c->what, out.data ? out.data : "");
  ld_buf_free(&out);
  ld_edit_list_free(&l);
}
END_TEST

START_TEST(test_bad_args_add_nothing) {
  struct ld_edit_list l = LD_EDIT_LIST_INIT;

  ck_assert_int_eq(ld_edit_replace(&l, 3, 2, "x"), LD_EINVAL);
  ck_assert_int_eq(ld_edit_insert(&l, 0, NULL), LD_EINVAL);
  ck_assert_uint_eq(l.n, 0);
  ck_assert_int_eq(ld_edit_insert(&l, 0, "ok"), LD_OK);
  ck_assert_uint_eq(l.n, 1);
  ld_edit_list_free(&l);
  ck_assert_uint_eq(l.n, 0);
  ld_edit_list_free(NULL);
}
END_TEST

START_TEST(test_path_is_escaped) {
  struct ld_edit_list l = LD_EDIT_LIST_INIT;
  struct ld_buf out = LD_BUF_INIT;

  ck_assert_int_eq(ld_edit_insert(&l, 1, "\n"), LD_OK);
  ck_assert_int_eq(ld_edit_apply(&l, "a\nb", 3, "d\"ir\\x.cu", &out), LD_OK);
  ck_assert_str_eq(out.data, "a\n#line 1 \"d\\\"ir\\\\x.cu\"\n \nb");
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
      if (tag && tag < nl && tag[1] >= '1' && tag[1] <= '9' && tag[2] == ' ')
        ck_assert_uint_eq(line, (unsigned)(tag[1] - '0'));
      line++;
    }
    p = nl + 1;
  }
  free(s);
  ld_edit_list_free(&l);
}
END_TEST

/* Rendering a transformed copy of a range: the edits inside it apply, the
 * others do not, the copy starts with a #line for the range's first line
 * padded to its column, and the list stays usable for the whole file. */
static char *render(struct ld_edit_list *l, const char *src, size_t b, size_t e,
                    int directive, int *rc) {
  struct ld_buf out = LD_BUF_INIT;

  *rc = ld_edit_render(l, src, strlen(src), b, e, "f.cu", directive, &out);
  if (*rc) {
    ld_buf_free(&out);
    return NULL;
  }
  return out.data ? ld_buf_detach(&out) : strdup("");
}

START_TEST(test_render_range) {
  /* Line 2 is bytes 7..17: "  f(x, y);" then the newline at 17. */
  const char *src = "int a;\n  f(x, y);\nz;\n";
  struct ld_edit_list l = LD_EDIT_LIST_INIT;
  char *s;
  int rc;

  ck_assert_int_eq(ld_edit_replace(&l, 0, 3, "long"), LD_OK); /* outside */
  ck_assert_int_eq(ld_edit_replace(&l, 11, 12, "(p->x)"), LD_OK);
  ck_assert_int_eq(ld_edit_insert(&l, 9, "g_"), LD_OK);       /* at the start */
  ck_assert_int_eq(ld_edit_insert(&l, 17, "/*end*/"), LD_OK); /* at end */
  s = render(&l, src, 9, 17, 1, &rc);
  ck_assert_int_eq(rc, LD_OK);
  ck_assert_str_eq(s, "#line 2 \"f.cu\"\n  g_f((p->x), y);");
  free(s);
  /* Without the directive, only the bytes. */
  s = render(&l, src, 9, 17, 0, &rc);
  ck_assert_str_eq(s, "g_f((p->x), y);");
  free(s);
  /* The whole file still applies every edit. */
  s = apply(&l, src, &rc);
  ck_assert_int_eq(rc, LD_OK);
  ck_assert_str_eq(s, "long a;\n  g_f((p->x), y);/*end*/\nz;\n");
  free(s);
  ld_edit_list_free(&l);
}
END_TEST

START_TEST(test_render_resyncs_inside) {
  const char *src = "k {\n  a;\n  b;\n}\nmain;\n";
  struct ld_edit_list l = LD_EDIT_LIST_INIT;
  char *s;
  int rc;

  /* Two lines inserted after `{` (nested shapes: a replacement inside
   * the range that a later insert follows directly). */
  ck_assert_int_eq(ld_edit_insert(&l, 3, "\n  int x;\n  int y;"), LD_OK);
  ck_assert_int_eq(ld_edit_replace(&l, 6, 7, "{ A(); }"), LD_OK);
  ck_assert_int_eq(ld_edit_insert(&l, 7, "\nL1:;"), LD_OK);
  s = render(&l, src, 0, 15, 1, &rc); /* up to and with the `}` */
  ck_assert_int_eq(rc, LD_OK);
  ck_assert_str_eq(s, "#line 1 \"f.cu\"\nk {\n  int x;\n  int y;\n"
                      "#line 1 \"f.cu\"\n   \n  { A(); }\nL1:;\n"
                      "#line 2 \"f.cu\"\n   ;\n  b;\n}");
  free(s);
  ld_edit_list_free(&l);
}
END_TEST

START_TEST(test_render_errors_and_drop) {
  const char *src = "abcdefgh";
  struct ld_edit_list l = LD_EDIT_LIST_INIT;
  char *s;
  int rc;

  ck_assert_int_eq(ld_edit_replace(&l, 2, 5, "X"), LD_OK);
  s = render(&l, src, 3, 7, 0, &rc); /* the edit straddles the start */
  ck_assert_int_eq(rc, LD_EOVERLAP);
  s = render(&l, src, 1, 9, 0, &rc);
  ck_assert_int_eq(rc, LD_ERANGE);
  s = render(&l, src, 5, 4, 0, &rc);
  ck_assert_int_eq(rc, LD_ERANGE);
  /* A range moved elsewhere: render it, then drop its edits. */
  ck_assert_int_eq(ld_edit_insert(&l, 6, "i"), LD_OK);
  ck_assert_int_eq(ld_edit_insert(&l, 8, "j"), LD_OK);
  s = render(&l, src, 1, 6, 0, &rc);
  ck_assert_str_eq(s, "bXf");
  free(s);
  /* As an expression the insert at its end is inside. */
  s = NULL;
  {
    struct ld_buf out = LD_BUF_INIT;
    ck_assert_int_eq(
        ld_edit_render_expr(&l, src, strlen(src), 1, 6, "f.cu", &out), LD_OK);
    ck_assert_str_eq(out.data, "bXfi");
    ld_buf_free(&out);
  }
  ld_edit_drop_within(&l, 1, 6);
  ck_assert_uint_eq(l.n, 2); /* the inserts at 6 and 8 stay */
  s = apply(&l, src, &rc);
  ck_assert_str_eq(s, "abcdefighj");
  free(s);
  ld_edit_list_free(&l);
}
END_TEST

/* A copy renders as its original would (same-offset inserts keep their
 * order), and editing the copy leaves the original as it was. */
START_TEST(test_copy_is_independent) {
  struct ld_edit_list l = LD_EDIT_LIST_INIT, c = LD_EDIT_LIST_INIT;
  char *a, *b;
  int rc;

  ck_assert_int_eq(ld_edit_insert(&l, 4, "x"), LD_OK);
  ck_assert_int_eq(ld_edit_insert(&l, 4, "y"), LD_OK);
  ck_assert_int_eq(ld_edit_replace(&l, 0, 3, "long"), LD_OK);
  ck_assert_int_eq(ld_edit_list_copy(&l, &c), LD_OK);
  ck_assert_uint_eq(c.n, 3);
  ck_assert_int_eq(ld_edit_insert(&c, 6, "z"), LD_OK);
  ck_assert_uint_eq(l.n, 3);
  a = apply(&l, "int a;\n", &rc);
  ck_assert_int_eq(rc, LD_OK);
  ck_assert_str_eq(a, "long xya;\n");
  b = apply(&c, "int a;\n", &rc);
  ck_assert_int_eq(rc, LD_OK);
  ck_assert_str_eq(b, "long xya;z\n");
  free(a);
  free(b);
  ld_edit_list_free(&c);
  ld_edit_list_free(&l);
  ck_assert_int_eq(ld_edit_list_copy(&l, &c), LD_OK); /* empty: empty */
  ck_assert_uint_eq(c.n, 0);
}
END_TEST

/* A flattened text (issue 23): main line 1, then two lines of h.cuh
 * between #line directives, then main line 3.  A resync after an edit in
 * the header names the header's line, one after it the main file's, and a
 * clone's `#line <text line> "m.cu"` is renumbered through the map. */
START_TEST(test_mapped_resyncs) {
  static const char src[] = "a;\n#line 1 \"/h.cuh\"\nb;\nc;\n"
                            "#line 3 \"m.cu\"\nd;\n";
  char *files[2] = {"m.cu", "/h.cuh"};
  struct ld_line_seg segs[3] = {{1, 0, 0, 1}, {3, 20, 1, 1}, {6, 41, 0, 3}};
  struct ld_line_map map = {segs, 3, files, 2};
  struct ld_edit_list l = LD_EDIT_LIST_INIT;
  struct ld_buf out = LD_BUF_INIT;
  size_t file, line;

  ld_line_map_find(&map, 4, &file, &line);
  ck_assert_uint_eq(file, 1);
  ck_assert_uint_eq(line, 2);
  ck_assert_uint_eq(ld_line_map_file_at(&map, 25), 1);
  ck_assert_uint_eq(ld_line_map_file_at(&map, 41), 0);
  ck_assert_uint_eq(ld_line_map_file_at(&map, 3), 0);
  ck_assert_int_eq(ld_edit_insert(&l, 20, "x\n#line 3 \"m.cu\"\n"), LD_OK);
  ck_assert_int_eq(ld_edit_insert(&l, 41, "y\n"), LD_OK);
  ck_assert_int_eq(ld_edit_apply_mapped(&l, src, strlen(src), &map, &out),
                   LD_OK);
  ck_assert_str_eq(out.data, "a;\n#line 1 \"/h.cuh\"\nx\n#line 1 \"/h.cuh\"\n"
                             "#line 1 \"/h.cuh\"\nb;\nc;\n#line 3 \"m.cu\"\n"
                             "y\n#line 3 \"m.cu\"\nd;\n");
  ld_buf_free(&out);
  ld_edit_list_free(&l);
}
END_TEST

int main(void) {
  Suite *s = suite_create("edit");
  TCase *tc = tcase_create("core");

  tcase_add_loop_test(tc, test_case_table, 0,
                      (int)(sizeof cases / sizeof cases[0]));
  tcase_add_test(tc, test_bad_args_add_nothing);
  tcase_add_test(tc, test_path_is_escaped);
  tcase_add_test(tc, test_positions_stay_exact);
  tcase_add_test(tc, test_render_range);
  tcase_add_test(tc, test_render_resyncs_inside);
  tcase_add_test(tc, test_render_errors_and_drop);
  tcase_add_test(tc, test_copy_is_independent);
  tcase_add_test(tc, test_mapped_resyncs);
  suite_add_tcase(s, tc);
  return ld_check_run(s);
}
