/* What the check across blocks (issue 5, docs/global-check.md) needs of
 * one kernel: its parameters (pointer or not, written through or not), the
 * places in its definition the clone `__ldcc_g_<k>` edits, the unit
 * (blocks, or warps when no block barrier can be reached), and the reasons
 * it cannot be checked that the types and names show: a pointer inside a
 * parameter (a struct holding pointers, a pointer to pointers: memory the
 * clone cannot shift would be written twice), a `const` pointer
 * parameter (the clone cannot reassign it), too many pointers.
 * parse.c gathers the facts that need the whole walk (written parameters,
 * atomics, fences, printf, ...) and calls ld__global_analyse.
 * Uses libclang (with parse.c and replay_facts.c); host code only. */
#include <clang-c/Index.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ld_clang_int.h"
#include "ld_error.h"

/* include/ldcc/global.h: __LDCC_GMAX_PTRS, __LDCC_GMAX_PARAMS (the
 * translator does not include the runtime's headers). */
#define LD_GMAX_PTRS 16
#define LD_GMAX_PARAMS 64

/* Main-file byte offset of a location (of its expansion); 0 when
 * elsewhere, or, with no_macro, inside a macro expansion. */
static int offset_of(const struct ld__source *s, CXSourceLocation loc,
                     int no_macro, size_t *off) {
  CXFile file;
  unsigned o;
  size_t i;

  clang_getExpansionLocation(loc, &file, NULL, NULL, &o);
  if (!file || !clang_File_isEqual(file, s->main_file) || o > s->len)
    return 0;
  for (i = 0; no_macro && i < s->nmacros; i++)
    if (o >= s->macros[i].begin && o < s->macros[i].end)
      return 0;
  *off = o;
  return 1;
}

static int offset_in_main(const struct ld__source *s, CXSourceLocation loc,
                          size_t *off) {
  return offset_of(s, loc, 1, off);
}

/* ---- pointers hidden in types ------------------------------------------- */

static int holds_pointer(CXType t, int depth);

static enum CXVisitorResult field_cb(CXCursor c, CXClientData data) {
  int *found = data;

  if (holds_pointer(clang_getCursorType(c), 1)) {
    *found = 1;
    return CXVisit_Break;
  }
  return CXVisit_Continue;
}

/* A pointer, a reference or a class/array holding one (depth-limited). */
static int holds_pointer(CXType t, int depth) {
  int found = 0;

  t = clang_getCanonicalType(t);
  if (depth > 8)
    return 0;
  switch (t.kind) {
  case CXType_Pointer:
  case CXType_LValueReference:
  case CXType_RValueReference:
  case CXType_MemberPointer:
    return 1;
  case CXType_ConstantArray:
  case CXType_IncompleteArray:
    return holds_pointer(clang_getArrayElementType(t), depth + 1);
  case CXType_Record:
    clang_Type_visitFields(t, field_cb, &found);
    return found;
  default:
    return 0;
  }
}

/* ---- parameters -------------------------------------------------------- */

struct params {
  const struct ld__source *s;
  const struct ld__global_in *in;
  struct ld_global *g;
  size_t last_end;
  int rc;
};

static enum CXChildVisitResult params_cb(CXCursor c, CXCursor parent,
                                         CXClientData data) {
  struct params *p = data;
  struct ld_global *g = p->g;
  struct ld_gparam *gp;
  CXType t = clang_getCursorType(c), canon;
  CXSourceRange r;
  size_t e;
  char buf[200];
  int hidden;

  (void)parent;
  if (clang_getCursorKind(c) != CXCursor_ParmDecl)
    return CXChildVisit_Continue;
  r = clang_getCursorExtent(c);
  if (offset_in_main(p->s, clang_getRangeEnd(r), &e))
    p->last_end = e;
  else
    p->last_end = (size_t)-1;
  gp = realloc(g->params, (g->nparams + 1) * sizeof *gp);
  if (!gp) {
    p->rc = LD_ENOMEM;
    return CXChildVisit_Break;
  }
  g->params = gp;
  gp = &g->params[g->nparams++];
  memset(gp, 0, sizeof *gp);
  gp->name = ld__cursor_name(c);
  if (!gp->name) {
    p->rc = LD_ENOMEM;
    return CXChildVisit_Break;
  }
  canon = clang_getCanonicalType(t);
  gp->is_pointer = canon.kind == CXType_Pointer;
  gp->written =
      gp->is_pointer && *gp->name && p->in->param_written(p->in->ctx, gp->name);
  /* Memory reached through a pointer inside a parameter may be written and
   * cannot be shifted: the kernel counts as writing, and is unchecked. */
  hidden = (gp->is_pointer && holds_pointer(clang_getPointeeType(canon), 0)) ||
           (!gp->is_pointer && holds_pointer(canon, 0));
  g->writes |= hidden;
  if (g->reason)
    return CXChildVisit_Continue;
  if (hidden)
    snprintf(buf, sizeof buf, "pointer inside parameter %s", gp->name);
  else if (gp->is_pointer && clang_isConstQualifiedType(t))
    snprintf(buf, sizeof buf, "const pointer parameter %s", gp->name);
  else
    return CXChildVisit_Continue;
  g->reason = strdup(buf);
  if (!g->reason)
    p->rc = LD_ENOMEM;
  return CXChildVisit_Continue;
}

static enum CXChildVisitResult body_cb(CXCursor c, CXCursor parent,
                                       CXClientData data) {
  CXCursor *body = data;

  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_CompoundStmt) {
    *body = c;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Continue;
}

static int set_reason(struct ld_global *g, const char *why) {
  if (g->reason)
    return LD_OK;
  g->reason = strdup(why);
  return g->reason ? LD_OK : LD_ENOMEM;
}

/* The definition's places: its start (with `__global__`/`static` clang may
 * leave outside the extent), the name, the parameter list, the body. */
static int places(const struct ld__source *s, CXCursor fn, struct ld_global *g,
                  size_t last_param_end) {
  CXSourceRange r = clang_getCursorExtent(fn);
  CXCursor body = clang_getNullCursor();
  const char *src = s->src;
  size_t p, name_len;

  /* The extent may start at the `__global__` macro: its expansion's
   * place is the definition's start. */
  if (!offset_of(s, clang_getRangeStart(r), 0, &g->def_begin) ||
      !offset_in_main(s, clang_getRangeEnd(r), &g->def_end) ||
      !offset_in_main(s, clang_getCursorLocation(fn), &g->name_begin))
    return 0;
  g->def_begin = ld__def_start(src, g->def_begin, 0);
  {
    CXString n = clang_getCursorSpelling(fn);
    name_len = strlen(clang_getCString(n));
    clang_disposeString(n);
  }
  g->name_end = g->name_begin + name_len;
  clang_visitChildren(fn, body_cb, &body);
  if (clang_Cursor_isNull(body) ||
      !offset_in_main(s, clang_getRangeStart(clang_getCursorExtent(body)),
                      &g->body_open) ||
      src[g->body_open] != '{' || g->body_open <= g->name_end)
    return 0;
  if (last_param_end == (size_t)-1)
    return 0;
  p = g->nparams ? last_param_end : g->name_end;
  if (!g->nparams) {
    while (p < g->body_open && src[p] != '(')
      p++;
    g->params_open = p;
  }
  while (p < g->body_open && src[p] != ')')
    p++;
  g->params_close = p;
  return p < g->body_open;
}

int ld__global_analyse(const struct ld__source *s, CXCursor fn,
                       struct ld_kernel *k, const struct ld__global_in *in) {
  struct ld_global *g = calloc(1, sizeof *g);
  struct params pp;
  CXCursor parent = clang_getCursorSemanticParent(fn);
  size_t i, nptr = 0;
  int rc = LD_OK;

  if (!g)
    return LD_ENOMEM;
  k->global = g;
  memset(&pp, 0, sizeof pp);
  pp.s = s;
  pp.in = in;
  pp.g = g;
  if (!k->checked)
    rc = set_reason(g, k->reason ? k->reason : "unchecked");
  else if (in->other_reason)
    rc = set_reason(g, in->other_reason);
  if (rc)
    return rc;
  clang_visitChildren(fn, params_cb, &pp);
  if (pp.rc)
    return pp.rc;
  for (i = 0; i < g->nparams; i++) {
    g->params[i].ptr_index = g->params[i].is_pointer ? (int)nptr++ : -1;
    g->writes |= g->params[i].written;
  }
  g->writes |= in->device_var != NULL;
  g->warp_units = !in->may_sync_block;
  if (in->device_var) {
    char buf[200];
    snprintf(buf, sizeof buf, "writes __device__ variable %s", in->device_var);
    rc = set_reason(g, buf);
  }
  if (!rc && nptr > LD_GMAX_PTRS)
    rc = set_reason(g, "more than 16 pointer parameters");
  if (!rc && g->nparams > LD_GMAX_PARAMS)
    rc = set_reason(g, "more than 64 parameters");
  if (!rc && clang_getCursorKind(parent) != CXCursor_Namespace &&
      clang_getCursorKind(parent) != CXCursor_TranslationUnit)
    rc = set_reason(g, "kernel declared inside a class");
  if (!rc && !places(s, fn, g, pp.last_end))
    rc = set_reason(g, "defined inside a macro expansion");
  if (rc)
    return rc;
  g->checked = g->writes && !g->reason;
  if (!g->checked || !in->natomics)
    return LD_OK;
  /* Deterministic builds: a kernel that writes only through accumulating
   * atomics runs unchanged (integer atomics commute, so its result is the
   * same in any order); others get the atomics rewritten in the clone. */
  if (!in->plain_writes) {
    g->checked = 0;
    g->atomic_only = 1;
    return LD_OK;
  }
  g->atomics = malloc(in->natomics * sizeof *g->atomics);
  if (!g->atomics)
    return LD_ENOMEM;
  memcpy(g->atomics, in->atomics, in->natomics * sizeof *g->atomics);
  g->natomics = in->natomics;
  return LD_OK;
}
