/* What the replay clone of one kernel needs, collected with libclang.
 *
 * For a kernel the plan checks and that writes a shared variable, this walks
 * the kernel body once and records (see struct ld_replay in ld_plan.h): the
 * definition's bounds, template header, namespaces and parameters; every
 * local with its hoisted declaration (renamed when a name is declared twice);
 * the shared variables that move into the layout; the barrier statements
 * that become sites; and the simple edits of the clone's text (references to
 * shared variables and renamed locals, split declarations, `return`, global
 * stores wrapped in glog, shared atomics).  Anything the replay cannot model
 * marks the kernel unchecked with one short reason instead; a kernel never
 * gets half a clone.  It generates no site code (replay.c does, without
 * libclang).  Host code only. */
#include <clang-c/Index.h>
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ld_callees.h"
#include "ld_error.h"
#include "ld_liveness.h"
#include "ld_replay_state.h"
#include "ld_shared_proof_facts.h"

/* Add a parameter or local; renames it when the name was declared before. */
static struct ld_local *add_local(struct facts *fx, CXCursor c) {
  struct ld_replay *r = fx->r;
  struct ld_local *l;
  char *name = ld__cursor_name(c);
  size_t i, same = 0;

  if (!name) {
    fx->rc = LD_ENOMEM;
    return NULL;
  }
  if (r->nlocals == fx->caplocals) {
    size_t cap = fx->caplocals ? fx->caplocals * 2 : 16;
    void *a = realloc(r->locals, cap * sizeof *r->locals);
    void *b = a ? realloc(fx->local_cur, cap * sizeof *fx->local_cur) : NULL;
    void *n = b ? realloc(fx->orig_name, cap * sizeof *fx->orig_name) : NULL;
    void *u = n ? realloc(fx->uses, cap * sizeof *fx->uses) : NULL;
    if (a)
      r->locals = a;
    if (b)
      fx->local_cur = b;
    if (n)
      fx->orig_name = n;
    if (u)
      fx->uses = u;
    if (!u) {
      free(name);
      fx->rc = LD_ENOMEM;
      return NULL;
    }
    fx->caplocals = cap;
  }
  for (i = 0; i < r->nlocals; i++)
    same += !strcmp(fx->orig_name[i], name);
  l = &r->locals[r->nlocals];
  memset(l, 0, sizeof *l);
  if (same) {
    struct ld_buf b = LD_BUF_INIT;
    if (!ld_buf_printf(&b, "%s__ldcc%zu", name, same))
      l->name = ld_buf_detach(&b);
    ld_buf_free(&b);
  } else {
    l->name = strdup(name);
  }
  if (!l->name) {
    free(name);
    fx->rc = LD_ENOMEM;
    return NULL;
  }
  fx->local_cur[r->nlocals] = c;
  fx->orig_name[r->nlocals] = name;
  memset(&fx->uses[r->nlocals], 0, sizeof fx->uses[r->nlocals]);
  if (clang_getCursorKind(c) == CXCursor_ParmDecl) {
    fx->uses[r->nlocals].scope_e = SIZE_MAX;
  } else {
    fx->uses[r->nlocals].scope_b = fx->decl_scope_b;
    fx->uses[r->nlocals].scope_e = fx->decl_scope_e;
    size_t db, de;
    if (!ld__main_offset(fx->s, clang_getCursorLocation(c),
                         &fx->uses[r->nlocals].decl))
      fx->uses[r->nlocals].escapes = 1;
    fx->uses[r->nlocals].decl_end =
        ld__replay_span(fx, c, &db, &de)
            ? de
            : SIZE_MAX; /* unknown: never set once */
  }
  r->nlocals++;
  return l;
}

static int hoistable_at(CXType t, int depth);

/* A parameter the function cannot change: const, or a reference to const
 * (`const uint4 &data`, cuda-samples' shfl_scan).  Its members read are no
 * change, and a reference could not be snapshot anyway (`decltype(data)
 * __ldcc_s0;` is a reference without an initialiser). */
static int const_param(CXType t) {
  if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
    t = clang_getPointeeType(t);
  return clang_isConstQualifiedType(t);
}

/* What a class declares that a hoisted `T x{};` and `x = init;` need:
 * constructors (and whether one is a usable default), a deleted copy or
 * move assignment, a const or reference member, or a member or base that
 * is not hoistable itself. */
struct class_needs {
  int ctors, has_default, bad, depth;
};

static enum CXChildVisitResult class_needs_cb(CXCursor c, CXCursor parent,
                                              CXClientData data) {
  struct class_needs *n = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  CXType ft;

  (void)parent;
  if (k == CXCursor_Constructor) {
    n->ctors++;
    if (clang_CXXConstructor_isDefaultConstructor(c) &&
        !clang_CXXMethod_isDeleted(c))
      n->has_default = 1;
  } else if (k == CXCursor_CXXMethod &&
             (clang_CXXMethod_isCopyAssignmentOperator(c) ||
              clang_CXXMethod_isMoveAssignmentOperator(c)) &&
             clang_CXXMethod_isDeleted(c)) {
    n->bad = 1;
  } else if (k == CXCursor_FieldDecl) {
    ft = clang_getCanonicalType(clang_getCursorType(c));
    if (clang_isConstQualifiedType(ft) || ft.kind == CXType_LValueReference ||
        ft.kind == CXType_RValueReference ||
        (ft.kind == CXType_Record && n->depth < 3 &&
         !hoistable_at(ft, n->depth)))
      n->bad = 1;
  } else if (k == CXCursor_CXXBaseSpecifier && n->depth < 3) {
    if (!hoistable_at(clang_getCursorType(c), n->depth))
      n->bad = 1;
  }
  return n->bad ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* Whether a local of type t can be hoisted; depth: classes looked into so
 * far (members and bases, at most 3). */
static int hoistable_at(CXType t, int depth) {
  CXType c = clang_getCanonicalType(t);

  switch (c.kind) {
  case CXType_LValueReference:
  case CXType_RValueReference:
    return 0;
  case CXType_ConstantArray:
    return hoistable_at(clang_getArrayElementType(c), depth);
  case CXType_Record: {
    /* Plain structs, and the CUDA value types (dim3, __half, ...), which
     * are default-constructible and copy-assignable; cooperative groups'
     * handles are not, nor a libcu++ pipeline (deleted assignments) or an
     * aligned_size_t (no default constructor): the hoisted `T x{};` and
     * `x = init;` would not compile (session 29, cuda-samples'
     * globalToShmemAsyncCopy once `auto` was spelled). */
    CXCursor d = clang_getTypeDeclaration(c);
    CXString sp = clang_getTypeSpelling(c);
    int cg = strstr(clang_getCString(sp), "cooperative_groups") != NULL;
    struct class_needs n = {0, 0, 0, 0};
    clang_disposeString(sp);
    if (cg || (!clang_isPODType(c) &&
               !clang_Location_isInSystemHeader(clang_getCursorLocation(d))))
      return 0;
    n.depth = depth + 1;
    clang_visitChildren(d, class_needs_cb, &n);
    /* An instantiation shows no members: its template's pattern does. */
    if (!clang_Cursor_isNull(clang_getSpecializedCursorTemplate(d)))
      clang_visitChildren(clang_getSpecializedCursorTemplate(d), class_needs_cb,
                          &n);
    return !n.bad && (!n.ctors || n.has_default);
  }
  default:
    return 1;
  }
}

static int is_hoistable_type(CXType t) {
  return hoistable_at(t, 0);
}

/* The part of a declaration before the first declarator: [stmt_begin, p)
 * where p is the start of the `*`/`&` run before the first name. */
static size_t declarator_start(const struct facts *fx, size_t stmt_begin,
                               size_t name_off) {
  size_t p = name_off;
  const char *s = fx->s->src;

  while (p > stmt_begin && (ld__is_blank(s[p - 1]) || s[p - 1] == '*' ||
                            s[p - 1] == '&' || s[p - 1] == '('))
    p--;
  return p;
}

struct decl_var {
  CXCursor cur;
  size_t name_off, end;        /* the name; one past the declarator */
  size_t init_begin, init_end; /* the initialiser, or 0, 0 */
  size_t dstart;               /* start of its declarator text */
};

/* Hoisted declaration text: the type part, then the declarator with the
 * new name and without its initialiser. */
static char *hoisted_decl(struct facts *fx, size_t stmt_begin, size_t pfx_end,
                          const struct decl_var *v, const char *name,
                          const char *const *drop) {
  struct ld_buf b = LD_BUF_INIT;
  const char *s = fx->s->src;
  size_t dend = v->init_begin ? v->init_begin : v->end, n, star;
  int rc;

  /* Back over the `=` before the initialiser. */
  if (v->init_begin) {
    while (dend > v->name_off && ld__is_blank(s[dend - 1]))
      dend--;
    if (dend > v->name_off && s[dend - 1] == '=')
      dend--;
  }
  while (dend > v->name_off && ld__is_blank(s[dend - 1]))
    dend--;
  n = strlen(fx->orig_name[fx->r->nlocals - 1]); /* the local just added */
  /* A pointer's top-level const follows its last `*`: `const float4
   * *const p` hoists as `const float4 * p` (dropping both made nvcc reject
   * the clone's assignment of a pointer to const, session 46). */
  star = pfx_end;
  while (drop[0] && star > stmt_begin && s[star - 1] != '*')
    star--;
  if (!drop[0] || star == stmt_begin) {
    rc = ld__put_without(&b, s, stmt_begin, pfx_end, drop);
  } else {
    static const char *const keep[] = {NULL};
    rc = ld__put_without(&b, s, stmt_begin, star, keep);
    if (!rc)
      rc = ld__put_without(&b, s, star, pfx_end, drop);
  }
  if (!rc)
    rc = ld_buf_putc(&b, ' ');
  if (!rc)
    rc = ld_buf_append(&b, s + v->dstart, v->name_off - v->dstart);
  if (!rc)
    rc = ld_buf_puts(&b, name);
  if (!rc && v->name_off + n < dend)
    rc = ld_buf_append(&b, s + v->name_off + n, dend - v->name_off - n);
  if (rc) {
    ld_buf_free(&b);
    fx->rc = rc;
    return NULL;
  }
  return ld_buf_detach(&b);
}

struct var_list {
  struct decl_var v[64];
  size_t n;
  int overflow;
};

static enum CXChildVisitResult collect_vars_cb(CXCursor c, CXCursor parent,
                                               CXClientData data) {
  struct var_list *vl = data;

  (void)parent;
  if (clang_getCursorKind(c) != CXCursor_VarDecl)
    return CXChildVisit_Continue;
  if (vl->n == sizeof vl->v / sizeof vl->v[0]) {
    vl->overflow = 1;
    return CXChildVisit_Break;
  }
  memset(&vl->v[vl->n], 0, sizeof vl->v[0]);
  vl->v[vl->n++].cur = c;
  return CXChildVisit_Continue;
}

/* Declaration text of a device function's shared variable with its
 * template parameters replaced by the call's arguments (sized_by_args):
 * whole words; a non-type argument parenthesised.  Frees decl. */
static char *with_args(const struct facts *fx, char *decl) {
  struct ld_buf b = LD_BUF_INIT;
  const char *p = decl;
  int rc = LD_OK;

  while (*p && !rc) {
    size_t i, n = 0;
    if (isalpha((unsigned char)*p) || *p == '_') {
      while (isalnum((unsigned char)p[n]) || p[n] == '_')
        n++;
      for (i = 0; i < fx->ntsub; i++)
        if (strlen(fx->tsub_names[i]) == n && !strncmp(p, fx->tsub_names[i], n))
          break;
      rc = i < fx->ntsub ? ld_buf_printf(&b, fx->tsub_value[i] ? "(%s)" : "%s",
                                         fx->tsub_args[i])
                         : ld_buf_append(&b, p, n);
      p += n;
    } else {
      rc = ld_buf_putc(&b, *p++);
    }
  }
  free(decl);
  if (rc) {
    ld_buf_free(&b);
    return NULL;
  }
  return ld_buf_detach(&b);
}

/* Shared variable c joins the kernel's layout (fx->top's members, also
 * when a device function's walk finds it: one slot per variable, however
 * many calls reach it). */
static void add_member(struct facts *fx, CXCursor c, size_t stmt_begin,
                       size_t pfx_end, struct decl_var *v) {
  static const char *const drop[] = {"__shared__", "static", "extern",
                                     "__device__", NULL};
  struct facts *top = fx->top;
  struct ld_replay *r = top->r;
  struct ld_member *m;
  char *name = ld__cursor_name(c);
  size_t i;

  if (!name ||
      ld__grow(&r->members, &top->capmembers, r->nmembers, sizeof *m) ||
      !(top->member_cur = realloc(top->member_cur,
                                  top->capmembers * sizeof *top->member_cur))) {
    free(name);
    fx->rc = LD_ENOMEM;
    return;
  }
  for (i = 0; i < r->nmembers; i++)
    if (clang_equalCursors(top->member_cur[i], clang_getCanonicalCursor(c))) {
      free(name); /* declared again (`extern`): one member */
      return;
    } else if (!strcmp(r->members[i].name, name)) {
      free(name);
      ld__replay_fail(fx, "two shared variables with one name");
      return;
    }
  m = &r->members[r->nmembers];
  memset(m, 0, sizeof *m);
  m->name = name;
  top->member_cur[r->nmembers] = clang_getCanonicalCursor(c);
  r->nmembers++;
  if (clang_Cursor_getStorageClass(c) == CX_SC_Extern) {
    CXType t = clang_getCanonicalType(clang_getCursorType(c));
    CXString es;
    if (t.kind != CXType_IncompleteArray) {
      ld__replay_fail(fx, "extern shared variable that is not an array");
      return;
    }
    es = clang_getTypeSpelling(
        clang_getArrayElementType(clang_getCursorType(c)));
    m->elem = strdup(clang_getCString(es));
    clang_disposeString(es);
    if (!m->elem)
      fx->rc = LD_ENOMEM;
    return;
  }
  {
    struct ld_buf b = LD_BUF_INIT;
    const char *s = fx->s->src;
    size_t dend = v->end;
    int rc = ld__put_without(&b, s, stmt_begin, pfx_end, drop);
    if (!rc)
      rc = ld_buf_putc(&b, ' ');
    if (!rc)
      rc = ld_buf_append(&b, s + v->dstart, dend - v->dstart);
    if (rc) {
      ld_buf_free(&b);
      fx->rc = rc;
      return;
    }
    m->decl = ld_buf_detach(&b);
    if (m->decl && fx->ntsub)
      m->decl = with_args(fx, m->decl);
    if (!m->decl)
      fx->rc = LD_ENOMEM;
  }
}

/* Whether variable c is declared __shared__. */
static int is_shared_decl(CXCursor c) {
  CXCursor attr;
  unsigned n = 0;

  while (ld__nth_child(c, n++, &attr))
    if (clang_getCursorKind(attr) == CXCursor_CUDASharedAttr)
      return 1;
  return 0;
}

/* A `__shared__` variable declared outside any function (file or
 * namespace scope) that the walked function names: it joins the kernel's
 * layout as declared, in the kernel's scope, so its declaration must name
 * nothing the kernel's scope cannot (the file's scope or the kernel's
 * namespace), and be written alone and outside macros. */
static void add_file_member(struct facts *fx, CXCursor var) {
  CXCursor sp = clang_getCursorSemanticParent(var);
  CXCursor kp = clang_getCursorSemanticParent(fx->top->fn);
  const char *s = fx->s->src;
  struct decl_var v;
  size_t vb, pfx_end, i;

  if (ld__find_member(fx, var) != SIZE_MAX)
    return;
  memset(&v, 0, sizeof v);
  v.cur = var;
  if (!ld__main_offset(fx->s, clang_getCursorLocation(var), &v.name_off)) {
    ld__replay_fail(fx, "file-scope shared variable of a header");
    return;
  }
  if (clang_getCursorKind(sp) != CXCursor_TranslationUnit &&
      !clang_equalCursors(sp, kp)) {
    ld__replay_fail(fx, "file-scope shared variable of another scope");
    return;
  }
  if (ld__in_macro(fx->s, v.name_off) ||
      !ld__replay_span(fx, var, &vb, &v.end)) {
    ld__replay_fail(fx, "shared variable declared inside a macro expansion");
    return;
  }
  pfx_end = declarator_start(fx, vb, v.name_off);
  for (i = vb; i < pfx_end; i++)
    if (s[i] == ',' || s[i] == '=') {
      ld__replay_fail(fx, "file-scope shared variable declared with others");
      return;
    }
  v.dstart = pfx_end;
  while (v.dstart < v.name_off && ld__is_blank(s[v.dstart]))
    v.dstart++;
  add_member(fx, var, vb, pfx_end, &v);
}

static int is_shared_decl(CXCursor c);

/* Before the walk: every file-scope shared variable the body names joins
 * the layout, so that stores to it are found to be stores to a target
 * whatever order the walk meets them in. */
static enum CXChildVisitResult file_shared_cb(CXCursor c, CXCursor parent,
                                              CXClientData data) {
  struct facts *fx = data;
  CXCursor d, sp;
  enum CXCursorKind pk;

  (void)parent;
  if (ld__replay_stopped(fx))
    return CXChildVisit_Break;
  if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
    return CXChildVisit_Recurse;
  d = clang_getCursorReferenced(c);
  if (clang_getCursorKind(d) != CXCursor_VarDecl || !is_shared_decl(d))
    return CXChildVisit_Continue;
  /* Where it is written: an `extern __shared__` inside a function belongs
   * to the file's scope but is declared (and moved) there. */
  sp = clang_getCursorLexicalParent(d);
  pk = clang_getCursorKind(sp);
  if (pk == CXCursor_TranslationUnit || pk == CXCursor_Namespace)
    add_file_member(fx, clang_getCanonicalCursor(d));
  else if (pk == CXCursor_StructDecl || pk == CXCursor_ClassDecl ||
           pk == CXCursor_ClassTemplate)
    ld__replay_fail(fx, "static shared member of a class");
  return CXChildVisit_Continue;
}

/* A declaration statement: shared variables move to the layout, locals are
 * hoisted (their initialisers stay as assignments), constants move to the
 * top whole. */
/* Whether init, the initialiser of v, is a constructor's argument list
 * written after the name (`T v(a, b)`, `T v{a, b}`, `T v{}` of a class):
 * its extent starts at the name, brackets follow. */
static int ctor_args(struct facts *fx, CXCursor init,
                     const struct decl_var *v) {
  const char *s = fx->s->src;
  size_t ib, ie, p = v->name_off;

  if (!ld__replay_span(fx, init, &ib, &ie) || ib > v->name_off)
    return 0;
  while (p < ie && (isalnum((unsigned char)s[p]) || s[p] == '_'))
    p++;
  while (p < ie && ld__is_blank(s[p]))
    p++;
  return p < ie && (s[p] == '(' || s[p] == '{');
}

/* Where each variable of the declaration [sb, ...) is: its name, the end
 * of its declarator, its initialiser and where its declarator starts.  0,
 * or -1 after ld__replay_fail(). */
static int place_decl_vars(struct facts *fx, struct var_list *vl, size_t sb) {
  const char *s = fx->s->src;
  size_t i;

  for (i = 0; i < vl->n; i++) {
    struct decl_var *v = &vl->v[i];
    CXCursor init = clang_Cursor_getVarDeclInitializer(v->cur);
    size_t ib, ie, vb;
    if (!ld__main_offset(fx->s, clang_getCursorLocation(v->cur),
                         &v->name_off) ||
        ld__in_macro(fx->s, v->name_off) ||
        !ld__replay_span(fx, v->cur, &vb, &v->end)) {
      ld__replay_fail(fx, "local declared inside a macro expansion");
      return -1;
    }
    if (!clang_Cursor_isNull(init) && ld__replay_span(fx, init, &ib, &ie) &&
        ib > v->name_off) {
      v->init_begin = ib;
      v->init_end = ie;
    } else if (!clang_Cursor_isNull(init) && ctor_args(fx, init, v)) {
      /* `half2 v(0.f, 0.f);`, `P v{};`: the constructor's arguments follow
       * the name (its extent starts there); the hoisted declaration kept
       * them and added `{}`, which nvcc rejects, and an assignment of the
       * arguments alone would be a comma. */
      ld__replay_fail(fx, "local initialised with a constructor's arguments");
      return -1;
    } else if (!clang_Cursor_isNull(init) &&
               clang_getCursorKind(init) != CXCursor_CallExpr) {
      /* A constructor call without source is default initialisation. */
      CXSourceRange ir = clang_getCursorExtent(init);
      if (!clang_Range_isNull(ir) && !ld__replay_span(fx, init, &ib, &ie)) {
        ld__replay_fail(fx, "local initialised inside a macro expansion");
        return -1;
      }
    }
    if (i == 0) {
      v->dstart = declarator_start(fx, sb, v->name_off);
      while (v->dstart < v->name_off && ld__is_blank(s[v->dstart]))
        v->dstart++;
    } else {
      size_t p = vl->v[i - 1].end;
      while (p < v->name_off && s[p] != ',')
        p++;
      v->dstart = p + 1;
      while (v->dstart < v->name_off && ld__is_blank(s[v->dstart]))
        v->dstart++;
    }
  }
  return 0;
}

/* A compile-time constant: the whole declaration [sb, se) goes to the top. */
static void hoist_constant(struct facts *fx, const struct var_list *vl,
                           size_t sb, size_t se) {
  const char *s = fx->s->src;
  struct ld_local *l;

  l = add_local(fx, vl->v[0].cur);
  if (!l)
    return;
  free(l->name);
  l->name = NULL;
  l->keep_init = 1;
  l->is_constant = 1;
  se = ld__stmt_end(fx, se);
  while (se > sb && (s[se - 1] == ';' || ld__is_blank(s[se - 1])))
    se--;
  l->decl = ld__span_text(fx->s, sb, se);
  if (!l->decl)
    fx->rc = LD_ENOMEM;
  ld__replay_edit(fx, sb, se, "");
}

/* A tile of the block (`thread_block_tile<32> t = tiled_partition<32>(b)`,
 * b a block handle or `this_thread_block()`): re-created at the top after
 * the handles it names, as they are (nothing in it changes). */
static int is_partition(CXCursor c) {
  return clang_getCursorKind(c) == CXCursor_CallExpr &&
         (ld__name_is(c, "tiled_partition") ||
          ld__name_is(ld__callee_decl(c), "tiled_partition"));
}

static enum CXChildVisitResult find_partition_cb(CXCursor c, CXCursor parent,
                                                 CXClientData data) {
  (void)parent;
  if (is_partition(c)) {
    *(CXCursor *)data = c;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}

static int tile_of_block(CXCursor init) {
  CXCursor call = clang_getNullCursor(), arg;
  CXCursor ref;

  /* Under the conversions to thread_block_tile<N>. */
  if (is_partition(init))
    call = init;
  else
    clang_visitChildren(init, find_partition_cb, &call);
  if (clang_Cursor_isNull(call) || !is_partition(call))
    return 0;
  /* A template's unresolved call has no argument list: its children are
   * the callee and the arguments. */
  if (clang_Cursor_getNumArguments(call) == 1)
    arg = clang_Cursor_getArgument(call, 0);
  else if (clang_Cursor_getNumArguments(call) >= 0 ||
           !ld__nth_child(call, 1, &arg) || ld__nth_child(call, 2, &ref))
    return 0;
  arg = ld__unwrap(arg);
  ref = clang_getCursorReferenced(arg);
  if (clang_getCursorKind(arg) == CXCursor_CallExpr)
    return ld__name_is(arg, "this_thread_block");
  /* A block handle in a local or a parameter (`const cg::thread_block
   * &cta` of a device function with barriers, cuda-samples' shfl_scan):
   * either is in scope at the clone's top, where the tile is re-created. */
  return clang_getCursorKind(arg) == CXCursor_DeclRefExpr &&
         (clang_getCursorKind(ref) == CXCursor_VarDecl ||
          clang_getCursorKind(ref) == CXCursor_ParmDecl) &&
         ld__is_class(clang_getCursorType(ref), "thread_block");
}

/* The replay's reason for a local it cannot hoist, naming it (the coverage
 * report then says which local to look at). */
static void fail_hoist(struct facts *fx, CXCursor v) {
  CXString n = clang_getCursorSpelling(v);
  char why[256];

  snprintf(why, sizeof why, "local of a type that cannot be hoisted (%s)",
           clang_getCString(n));
  clang_disposeString(n);
  ld__replay_fail(fx, why);
}

/* A cooperative-groups handle, re-created at the clone's top, not snapshot:
 * a block (`= this_thread_block()`), or a tile of one (tile_of_block), the
 * only initialisers taken. */
static void hoist_handle(struct facts *fx, const struct var_list *vl, size_t sb,
                         int tile) {
  const char *s = fx->s->src;
  struct ld_local *l;
  size_t ie = vl->v[0].init_end;
  CXCursor init;
  int ok;

  ok = vl->v[0].init_begin &&
       (tile ? ld__last_expr_child(vl->v[0].cur, &init) && tile_of_block(init)
             : ie >= 19 && !memcmp(s + ie - 19, "this_thread_block()", 19));
  if (!ok) {
    fail_hoist(fx, vl->v[0].cur);
    return;
  }
  l = add_local(fx, vl->v[0].cur);
  if (!l)
    return;
  l->keep_init = 1;
  l->decl = ld__span_text(fx->s, sb, ie);
  if (!l->decl)
    fx->rc = LD_ENOMEM;
  ld__replay_edit(fx, sb, ie, "");
}

/* A libcu++ type by its canonical spelling: `cuda::pipeline<...>` (not
 * its shared state), `cuda::aligned_size_t<N>`. */
static int cuda_type_is(CXType t, const char *what) {
  CXString sp = clang_getTypeSpelling(
      clang_getUnqualifiedType(clang_getCanonicalType(t)));
  const char *c = clang_getCString(sp);
  int is = c && ld__starts(c, "cuda::") && strstr(c, what) &&
           !strstr(c, "pipeline_shared_state");
  clang_disposeString(sp);
  return is;
}

static int is_thread_pipeline(CXType t) {
  CXString sp = clang_getTypeSpelling(clang_getCanonicalType(t));
  int is = strstr(clang_getCString(sp), "thread_scope_thread") != NULL;
  clang_disposeString(sp);
  return is && cuda_type_is(t, "pipeline<");
}

/* The clone's queue of asynchronous copies, `__ldcc::async_queue
 * __ldcc_aq`: a local of the kernel's clone, snapshot and compared at
 * every site like the others (include/ldcc/replay.cuh).  Added once, by
 * the first copy, commit, wait or pipeline the walk meets. */
static void need_async_queue(struct facts *fx) {
  struct facts *top = fx->top;
  struct ld_local *l;
  size_t i;

  if (fx->r->is_devfn && !fx->r->is_plain) {
    ld__replay_fail(fx, "asynchronous copy in a device function with a "
                        "barrier");
    return;
  }
  if (top->r->async_copies)
    return;
  l = add_local(top, top->fn);
  if (!l)
    return;
  i = top->r->nlocals - 1;
  free(l->name);
  free(top->orig_name[i]);
  l->name = strdup("__ldcc_aq");
  l->decl = strdup("__ldcc::async_queue __ldcc_aq");
  top->orig_name[i] = strdup("__ldcc_aq");
  top->uses[i].scope_b = 0;
  top->uses[i].scope_e = SIZE_MAX;
  top->uses[i].escapes = 1; /* live at every site */
  if (!l->name || !l->decl || !top->orig_name[i])
    top->rc = LD_ENOMEM;
  top->r->async_copies = 1;
}

/* A thread-scope pipeline (`cuda::pipeline<cuda::thread_scope_thread> pipe
 * = cuda::make_pipeline();`, or `auto pipe = ...`): its declaration goes,
 * and every use of it becomes `__ldcc::apipe(__ldcc_c)`, whose methods
 * work on the clone's queue (need_async_queue).  A pipeline of a group
 * (block scope, shared state) is refused. */
static void hoist_pipeline(struct facts *fx, const struct var_list *vl,
                           size_t sb) {
  const char *s = fx->s->src;
  size_t ie = vl->v[0].init_end;

  if (!is_thread_pipeline(clang_getCursorType(vl->v[0].cur)) ||
      !vl->v[0].init_begin || ie < 15 ||
      memcmp(s + ie - 15, "make_pipeline()", 15)) {
    ld__replay_fail(fx, "pipeline other than a thread-scope "
                        "cuda::make_pipeline()");
    return;
  }
  if (fx->npipes == sizeof fx->pipes / sizeof fx->pipes[0]) {
    ld__replay_fail(fx, "more than four pipelines");
    return;
  }
  need_async_queue(fx);
  fx->pipes[fx->npipes++] = clang_getCanonicalCursor(vl->v[0].cur);
  ld__replay_edit(fx, sb, ie, "");
}

static int is_pipe(const struct facts *fx, CXCursor d) {
  size_t i;

  d = clang_getCanonicalCursor(d);
  for (i = 0; i < fx->npipes; i++)
    if (clang_equalCursors(fx->pipes[i], d))
      return 1;
  return 0;
}

/* The type clang deduced for `auto x = e;` (or `const auto x = e;`),
 * spelled for the hoisted declaration without its const (malloc'd), or
 * NULL when it cannot be: several declarators, `auto *`/`auto &`, a type
 * that depends on a template parameter, a lambda's or an unnamed type, a
 * pointer (pointers into shared memory are followed by their declarations,
 * which `auto` does not write), an array. */
static char *auto_spelling(struct facts *fx, const struct var_list *vl,
                           const struct decl_var *v) {
  const char *s = fx->s->src;
  CXType t = clang_getCanonicalType(clang_getCursorType(v->cur));
  CXString sp;
  const char *c;
  char *out = NULL;
  size_t p;

  if (vl->n != 1 || !v->init_begin)
    return NULL;
  /* `auto *p` spells as `auto p` does (the type is the pointer); `auto &r`
   * is a reference, never hoisted. */
  for (p = v->dstart; p < v->name_off; p++)
    if (!ld__is_blank(s[p]) && s[p] != '*')
      return NULL;
  if (t.kind == CXType_Invalid || t.kind == CXType_Unexposed ||
      t.kind == CXType_ConstantArray || t.kind == CXType_Dependent ||
      t.kind == CXType_Auto)
    return NULL;
  sp = clang_getTypeSpelling(clang_getUnqualifiedType(t));
  c = clang_getCString(sp);
  if (c && *c && !strstr(c, "auto") && !strchr(c, '(') &&
      !strstr(c, "type-parameter") && !strstr(c, "lambda") &&
      !strstr(c, "unnamed") && !strstr(c, "anonymous"))
    out = strdup(c);
  clang_disposeString(sp);
  return out;
}

/* Plain locals: each hoisted with its own declaration, the statement left
 * with their initialisations as assignments. */
static void hoist_plain(struct facts *fx, struct var_list *vl, size_t sb,
                        size_t pfx_end) {
  static const char *const drop_const[] = {"const", "register", NULL};
  static const char *const drop_none[] = {NULL};
  const char *s = fx->s->src;
  size_t i, pos;
  int first;
  struct ld_buf assign = LD_BUF_INIT;

  first = 1;
  pos = sb;
  for (i = 0; i < vl->n && !ld__replay_stopped(fx); i++) {
    struct decl_var *v = &vl->v[i];
    CXType t = clang_getCursorType(v->cur);
    struct ld_local *l;
    int is_const = clang_isConstQualifiedType(t);

    int is_auto = ld__has_word(fx, sb, pfx_end, "auto");
    /* `const auto shape = cuda::aligned_size_t<16>(16);`: a size for
     * __ldcc::amemcpy, which the clone keeps as a size_t (it converts). */
    int size = cuda_type_is(t, "aligned_size_t<");
    char *spelled = size ? strdup("size_t") : NULL;

    if (size && !spelled) {
      fx->rc = LD_ENOMEM;
      break;
    }
    if (!size && (!is_hoistable_type(t) ||
                  (is_auto && !(spelled = auto_spelling(fx, vl, v))))) {
      fail_hoist(fx, v->cur);
      break;
    }
    if (!size && !is_auto && is_const &&
        (!ld__has_word(fx, sb, pfx_end, "const") ||
         ld__has_word(fx, v->dstart, v->name_off, "const"))) {
      fail_hoist(fx, v->cur);
      break;
    }
    if (v->init_begin) {
      size_t p = v->init_begin;
      while (p > v->name_off && ld__is_blank(s[p - 1]))
        p--;
      if (p == v->name_off || s[p - 1] != '=') {
        ld__replay_fail(fx, "local initialised without =");
        break;
      }
      if (ld__is_array(t) && vl->n > 1) {
        ld__replay_fail(fx, "initialised local array");
        break;
      }
    }
    l = add_local(fx, v->cur);
    if (!l) {
      free(spelled);
      break;
    }
    l->is_array = ld__is_array(t);
    if (spelled) { /* `auto x = e;`: the type clang deduced, spelled */
      struct ld_buf b = LD_BUF_INIT;
      l->decl = ld_buf_printf(&b, "%s %s", spelled, l->name)
                    ? NULL
                    : ld_buf_detach(&b);
      ld_buf_free(&b);
      free(spelled);
    } else
      l->decl = hoisted_decl(fx, sb, pfx_end, v, l->name,
                             is_const ? drop_const : drop_none);
    if (!l->decl) {
      fx->rc = fx->rc ? fx->rc : LD_ENOMEM;
      break;
    }
    if (v->init_begin && l->is_array) {
      /* `float acc[4][4] = {0.0f};` (a register tile): the hoisted array
       * takes a copy of a block's own initialised one. */
      ld_buf_free(&assign);
      if (ld_buf_printf(&assign, "{ decltype(%s) __ldcc_ai = ", l->name)) {
        fx->rc = LD_ENOMEM;
        break;
      }
      ld__replay_edit(fx, pos, v->init_begin, assign.data);
      ld_buf_free(&assign);
      if (ld_buf_printf(&assign, "; __ldcc::copy(%s, __ldcc_ai); }", l->name)) {
        fx->rc = LD_ENOMEM;
        break;
      }
      ld__replay_edit(fx, v->init_end, vl->v[vl->n - 1].end, assign.data);
      pos = vl->v[vl->n - 1].end;
      first = 0;
    } else if (v->init_begin) {
      ld_buf_free(&assign);
      if (ld_buf_printf(&assign, "%s%s = ", first ? "" : ", ", l->name)) {
        fx->rc = LD_ENOMEM;
        break;
      }
      ld__replay_edit(fx, pos, v->init_begin, assign.data);
      pos = v->init_end;
      first = 0;
    }
  }
  ld_buf_free(&assign);
  if (ld__replay_stopped(fx))
    return;
  if (pos < vl->v[vl->n - 1].end)
    ld__replay_edit(fx, pos, vl->v[vl->n - 1].end, "");
}

/* Whether type t is a CUB block collective's TempStorage, or an array of
 * them (1), or a class of the file holding one (2: a union of several
 * collectives' storage), else 0. */
static int cub_temp_kind(CXType t, int depth);

struct cub_fields {
  int found, depth;
};

static enum CXChildVisitResult cub_fields_cb(CXCursor c, CXCursor parent,
                                             CXClientData data) {
  struct cub_fields *w = data;

  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_FieldDecl &&
      cub_temp_kind(clang_getCursorType(c), w->depth + 1))
    w->found = 1;
  return w->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

static int cub_temp_kind(CXType t, int depth) {
  CXType c = clang_getCanonicalType(t);
  CXString sp;
  const char *s, *cub;
  int k = 0;

  while (c.kind == CXType_ConstantArray || c.kind == CXType_IncompleteArray)
    c = clang_getCanonicalType(clang_getArrayElementType(c));
  sp = clang_getTypeSpelling(c);
  s = clang_getCString(sp);
  cub = s ? strstr(s, "cub::") : NULL;
  if (cub && strstr(cub, "::Block") && strstr(cub, "TempStorage"))
    k = 1;
  clang_disposeString(sp);
  if (!k && depth < 4 && c.kind == CXType_Record) {
    CXCursor d = clang_getTypeDeclaration(c);
    struct cub_fields w;
    w.found = 0;
    w.depth = depth;
    if (!clang_Location_isInSystemHeader(clang_getCursorLocation(d)))
      clang_visitChildren(d, cub_fields_cb, &w);
    k = w.found ? 2 : 0;
  }
  return k == 1 && depth ? 2 : k;
}

/* `__shared__ typename BR::TempStorage temp;` in the kernel: the
 * declaration stays where it is, real shared memory (CUB synchronises the
 * block inside its collectives: per-warp copies cannot run them), and each
 * use of the variable becomes __ldcc::cub_use (visit_ref). */
static void keep_cub_temps(struct facts *fx, const struct var_list *vl) {
  struct facts *top = fx->top;
  size_t i;

  for (i = 0; i < vl->n; i++) {
    CXCursor c = vl->v[i].cur;
    int k = cub_temp_kind(clang_getCursorType(c), 0);
    if (k != 1) {
      ld__replay_fail(fx, k ? "shared struct or union holding CUB temporary "
                              "storage"
                            : "shared variable declared with CUB temporary "
                              "storage");
      return;
    }
    if (fx != top) {
      ld__replay_fail(fx, "CUB temporary storage declared in a device "
                          "function");
      return;
    }
    if (top->ncubs == sizeof top->cubs / sizeof top->cubs[0]) {
      ld__replay_fail(fx, "more than 4 CUB temporary storage variables");
      return;
    }
    top->cubs[top->ncubs] = clang_getCanonicalCursor(c);
    top->cub_names[top->ncubs] = ld__cursor_name(c);
    if (!top->cub_names[top->ncubs]) {
      fx->rc = LD_ENOMEM;
      return;
    }
    top->ncubs++;
  }
  if (!top->proof.proof_why)
    top->proof.proof_why = "CUB collectives on shared temporary storage";
}

/* A use of CUB temporary storage variable i: `temp` (or the element
 * `temp[w]` of an array of them) becomes `__ldcc::cub_use(__ldcc_c, i,
 * temp, "temp")`, inserted around it (what the index holds keeps its own
 * edits). */
static void visit_cub_ref(struct facts *fx, const struct frame *f, size_t i) {
  struct ld_buf t = LD_BUF_INIT;
  const struct frame *use = f;
  size_t b, e;

  if (fx != fx->top) {
    ld__replay_fail(fx, "CUB temporary storage used in a device function");
    return;
  }
  while (use->parent && (use->parent->kind == CXCursor_UnexposedExpr ||
                         use->parent->kind == CXCursor_ParenExpr ||
                         (use->parent->kind == CXCursor_ArraySubscriptExpr &&
                          use->index == 0)))
    use = use->parent;
  if (!ld__replay_span(fx, use->cur, &b, &e)) {
    ld__replay_fail(fx, "CUB temporary storage used inside a macro expansion");
    return;
  }
  if (ld_buf_printf(&t, "__ldcc::cub_use(__ldcc_c, %uu, ", (unsigned)i) ||
      ld_edit_insert(&fx->r->edits, b, t.data)) {
    fx->rc = LD_ENOMEM;
    ld_buf_free(&t);
    return;
  }
  ld_buf_free(&t);
  if (ld_buf_printf(&t, ", \"%s\")", fx->top->cub_names[i]) ||
      ld_edit_insert(&fx->r->edits, e, t.data))
    fx->rc = LD_ENOMEM;
  ld_buf_free(&t);
}

/* `namespace cg = cooperative_groups;` or `using namespace ...;` in the
 * body: the clone's hoisted declarations (`cg::thread_block block`) come
 * first and name it, so it is repeated at the top of the clone (declaring
 * an alias or a directive twice is allowed).  Other declarations without
 * a variable stay where they are. */
static void keep_scope_decl(struct facts *fx, const struct frame *f) {
  CXCursor d;
  size_t b, e, n;
  char *p;
  enum CXCursorKind k;

  if (!ld__nth_child(f->cur, 0, &d))
    return;
  k = clang_getCursorKind(d);
  if (k != CXCursor_NamespaceAlias && k != CXCursor_UsingDirective)
    return;
  if (!ld__replay_span(fx, f->cur, &b, &e)) {
    ld__replay_fail(fx, "namespace alias inside a macro expansion");
    return;
  }
  n = fx->r->scope_decls ? strlen(fx->r->scope_decls) : 0;
  p = realloc(fx->r->scope_decls, n + (e - b) + 3);
  if (!p) {
    fx->rc = LD_ENOMEM;
    return;
  }
  fx->r->scope_decls = p;
  memcpy(p + n, fx->s->src + b, e - b);
  n += e - b;
  if (n && p[n - 1] != ';')
    p[n++] = ';';
  p[n++] = ' ';
  p[n] = '\0';
}

struct sizes {
  CXCursor var;  /* the local looked for */
  int in_shared; /* inside a shared variable's declaration */
  int found;
};

static enum CXChildVisitResult sizes_cb(CXCursor c, CXCursor parent,
                                        CXClientData data) {
  struct sizes *z = data;
  int was = z->in_shared;

  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_VarDecl && is_shared_decl(c))
    z->in_shared = 1;
  else if (z->in_shared && clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
           clang_equalCursors(
               clang_getCanonicalCursor(clang_getCursorReferenced(c)), z->var))
    z->found = 1;
  if (!z->found)
    clang_visitChildren(c, sizes_cb, z);
  z->in_shared = was;
  return z->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

struct own_names {
  const char *kernel_tparams; /* the kernel's template header, or "" */
  int found; /* 1: a template parameter of its own, 2: a local */
};

/* Whether word w stands in s as a whole word. */
static int has_word_in(const char *s, const char *w) {
  size_t n = strlen(w);
  const char *p;

  for (p = strstr(s, w); p && n; p = strstr(p + 1, w))
    if ((p == s || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
        !(isalnum((unsigned char)p[n]) || p[n] == '_'))
      return 1;
  return 0;
}

static enum CXChildVisitResult own_names_cb(CXCursor c, CXCursor parent,
                                            CXClientData data) {
  struct own_names *o = data;
  CXCursor d = clang_getCursorReferenced(c);
  enum CXCursorKind k = clang_getCursorKind(c), dk = clang_getCursorKind(d);
  int tparam =
      (k == CXCursor_DeclRefExpr && dk == CXCursor_NonTypeTemplateParameter) ||
      (k == CXCursor_TypeRef && dk == CXCursor_TemplateTypeParameter);

  (void)parent;
  if (tparam) {
    /* `T` of `blockSum<T>` called from a kernel template on a `T` of its
     * own: the layout, a template on the kernel's, has one. */
    CXString n = clang_getCursorSpelling(d);
    if (!has_word_in(o->kernel_tparams, clang_getCString(n)))
      o->found = 1;
    clang_disposeString(n);
  } else if (k == CXCursor_DeclRefExpr &&
             (dk == CXCursor_ParmDecl ||
              (dk == CXCursor_VarDecl &&
               !clang_Cursor_hasVarDeclGlobalStorage(d)))) {
    o->found = 2;
  }
  return o->found == 2 ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* The template arguments written in call's callee (`matrixMul<8,
 * size_t>(...)`: "8, size_t", allocated), or NULL (none written, or not
 * plain text). */
static char *call_targs(const struct facts *fx, CXCursor call) {
  const char *s = fx->s->src;
  size_t b, e, p, open;
  int depth = 0;

  if (clang_getCursorKind(call) != CXCursor_CallExpr ||
      !ld__replay_span(fx, call, &b, &e))
    return NULL;
  for (p = b; p < e && s[p] != '<' && s[p] != '('; p++)
    ;
  if (p >= e || s[p] != '<')
    return NULL;
  for (open = p; p < e; p++) {
    depth += s[p] == '<' ? 1 : s[p] == '>' ? -1 : 0;
    if (!depth)
      break;
  }
  return p < e ? strndup(s + open + 1, p - open - 1) : NULL;
}

/* Whether device function fx's template parameters get arguments written
 * at its call, each (`matrixMul<8, size_t>(...)` of `template <int
 * block_size, typename size_type>`): then its shared variables sized by
 * them are declared in the kernel's layout with those arguments (add_member
 * substitutes them), and every call of it must give the same
 * (ld_replay.sized_by). */
static int sized_by_args(struct facts *fx) {
  CXCursor tp[8];
  char *args;
  size_t i, n = 0, at = 0, p;
  unsigned np = ld__template_params(fx->fn, tp, 8);
  int depth = 0, bad = np >= 8;

  if (fx->r->sized_by)
    return 1;
  if (bad || fx->ntsub || !(args = call_targs(fx, fx->call)))
    return 0;
  for (i = 0; i < np; i++) {
    bad |= clang_getCursorKind(tp[i]) == CXCursor_TemplateTemplateParameter;
    fx->tsub_value[i] =
        clang_getCursorKind(tp[i]) == CXCursor_NonTypeTemplateParameter;
    fx->tsub_names[fx->ntsub++] = ld__cursor_name(tp[i]);
  }
  for (p = 0; !bad && n < fx->ntsub; p++) {
    char c = args[p];
    depth += c == '<' || c == '(' ? 1 : c == '>' || c == ')' ? -1 : 0;
    if ((c == ',' && !depth) || !c) {
      size_t bb = at, ee = p;
      while (bb < ee && isspace((unsigned char)args[bb]))
        bb++;
      while (ee > bb && isspace((unsigned char)args[ee - 1]))
        ee--;
      fx->tsub_args[n++] = strndup(args + bb, ee - bb);
      at = p + 1;
    }
    if (!c)
      break;
  }
  for (i = 0; i < fx->ntsub; i++)
    bad |=
        !fx->tsub_names[i] || i >= n || !fx->tsub_args[i] || !*fx->tsub_args[i];
  if (bad || args[p]) {
    free(args);
    return 0;
  }
  fx->r->sized_by = args;
  return 1;
}

/* Whether the declaration of shared variable var names its function's own
 * template parameters (1) or locals (2) (`__shared__ float
 * As[BLOCK_SIZE][...]` in `template <int BLOCK_SIZE> __device__ void
 * matrixMulCUDA`): the kernel's layout, where a device function's shared
 * variables go, has neither (but a template parameter of the kernel's of
 * that name, and the arguments of the call, sized_by_args). */
static int names_own(const struct facts *fx, CXCursor var) {
  struct own_names o;

  o.kernel_tparams =
      fx->top->r->template_header ? fx->top->r->template_header : "";
  o.found = 0;
  clang_visitChildren(var, own_names_cb, &o);
  return o.found;
}

/* Whether local var (`const int SUM_N = THREAD_N;`) sizes a shared
 * variable of the function (`__shared__ real s[SUM_N];`, cuda-samples'
 * MonteCarloMultiGPU): a constant then, as `constexpr` would be, for the
 * layout declares the variable where the local is not. */
static int sizes_shared(const struct facts *fx, CXCursor var) {
  struct sizes z;

  z.var = clang_getCanonicalCursor(var);
  z.in_shared = 0;
  z.found = 0;
  clang_visitChildren(fx->fn, sizes_cb, &z);
  return z.found;
}

/* Whether local var is a `const` integer whose initialiser clang folds to
 * a constant (`const int G = 64;`): a constant expression where it is used
 * (`cg::tiled_partition<G>(block)`, `float r[G]`), which a hoisted `int
 * G{}; ... G = 64;` is not (nvcc rejected such clones, session 39). */
static int integral_constant(CXCursor var) {
  CXType t = clang_getCanonicalType(clang_getCursorType(var));
  CXEvalResult r;
  int is;

  if (!clang_isConstQualifiedType(t) ||
      ((t.kind < CXType_Bool || t.kind > CXType_Int128) &&
       t.kind != CXType_Enum))
    return 0;
  r = clang_Cursor_Evaluate(var);
  if (!r)
    return 0;
  is = clang_EvalResult_getKind(r) == CXEval_Int;
  clang_EvalResult_dispose(r);
  return is;
}

static void visit_decl_stmt(struct facts *fx, const struct frame *f) {
  struct var_list vl;
  size_t sb, se, pfx_end, i;
  int shared, constant;

  vl.n = 0;
  vl.overflow = 0;
  clang_visitChildren(f->cur, collect_vars_cb, &vl);
  if (!vl.n) {
    keep_scope_decl(fx, f); /* a typedef, a struct, a using */
    return;
  }
  if (vl.overflow) {
    ld__replay_fail(fx, "declaration with too many variables");
    return;
  }
  if (!ld__replay_span(fx, f->cur, &sb, &se)) {
    ld__replay_fail(fx, "local declared inside a macro expansion");
    return;
  }
  /* The variables' scope: the block or `for` statement around them. */
  if (!f->parent || !ld__replay_span(fx, f->parent->cur, &fx->decl_scope_b,
                                     &fx->decl_scope_e)) {
    fx->decl_scope_b = 0;
    fx->decl_scope_e = SIZE_MAX;
  }
  if (place_decl_vars(fx, &vl, sb))
    return;
  pfx_end = declarator_start(fx, sb, vl.v[0].name_off);
  shared = is_shared_decl(vl.v[0].cur);
  if (shared && cub_temp_kind(clang_getCursorType(vl.v[0].cur), 0)) {
    keep_cub_temps(fx, &vl);
    return;
  }
  if (shared && fx != fx->top)
    for (i = 0; i < vl.n; i++) {
      int own = names_own(fx, vl.v[i].cur);
      if (own == 2 || (own == 1 && !sized_by_args(fx))) {
        ld__replay_fail(fx, "shared variable of a device function sized by "
                            "its template parameters or locals");
        return;
      }
    }
  if (shared) {
    size_t b = sb;
    for (i = 0; i < vl.n; i++)
      add_member(fx, vl.v[i].cur, sb, pfx_end, &vl.v[i]);
    /* `__shared__ alignas(16) float a[N];`: the statement's extent starts
     * at `alignas`, after the macro; the clone keeps no `__shared__ ;`. */
    while (b > 0 && ld__is_blank(fx->s->src[b - 1]))
      b--;
    if (b >= 10 && !memcmp(fx->s->src + b - 10, "__shared__", 10) &&
        (b == 10 || !(isalnum((unsigned char)fx->s->src[b - 11]) ||
                      fx->s->src[b - 11] == '_')))
      sb = b - 10;
    ld__replay_edit(fx, sb, vl.v[vl.n - 1].end, "");
    return;
  }
  constant =
      ld__has_word(fx, sb, pfx_end, "constexpr") ||
      (ld__has_word(fx, sb, pfx_end, "static") &&
       ld__has_word(fx, sb, pfx_end, "const")) ||
      (vl.n == 1 && ld__has_word(fx, sb, pfx_end, "const") &&
       vl.v[0].init_begin &&
       clang_getCanonicalType(clang_getCursorType(vl.v[0].cur)).kind !=
           CXType_Pointer &&
       (sizes_shared(fx, vl.v[0].cur) || integral_constant(vl.v[0].cur)));
  if (constant || ld__has_word(fx, sb, pfx_end, "static")) {
    if (!constant) {
      ld__replay_fail(fx, "static local variable");
      return;
    }
    hoist_constant(fx, &vl, sb, se);
    return;
  }
  if (vl.n == 1 &&
      cuda_type_is(clang_getCursorType(vl.v[0].cur), "pipeline<")) {
    hoist_pipeline(fx, &vl, sb);
    return;
  }
  if (vl.n == 1 &&
      ld__is_class(clang_getCursorType(vl.v[0].cur), "thread_block")) {
    hoist_handle(fx, &vl, sb, 0);
    return;
  }
  if (vl.n == 1 &&
      ld__is_class(clang_getCursorType(vl.v[0].cur), "thread_block_tile")) {
    hoist_handle(fx, &vl, sb, 1);
    return;
  }
  /* In a template: `cg::thread_block_tile<TILE> t`, `auto t =
   * cg::tiled_partition<TILE>(b)`, `auto b = cg::this_thread_block()`. */
  if (vl.n == 1 && ld__cg_object(vl.v[0].cur)) {
    CXCursor init;
    hoist_handle(fx, &vl, sb,
                 ld__last_expr_child(vl.v[0].cur, &init) &&
                     tile_of_block(init));
    return;
  }
  hoist_plain(fx, &vl, sb, pfx_end);
}

static void add_member_line(struct facts *fx, size_t member, unsigned line) {
  struct ld_member *m = &fx->top->r->members[member];
  unsigned *p;

  if (m->nwrite_lines && m->write_lines[m->nwrite_lines - 1] == line)
    return;
  p = realloc(m->write_lines, (m->nwrite_lines + 1) * sizeof *p);
  if (!p) {
    fx->rc = LD_ENOMEM;
    return;
  }
  m->write_lines = p;
  m->write_lines[m->nwrite_lines++] = line;
}

static void add_write_line(struct facts *fx, size_t member, size_t at) {
  add_member_line(fx, member, ld__line_of(fx, at));
}

/* Whether local pointer var (a canonical cursor) of the kernel fx walks
 * only ever points into global memory: initialised from a pointer
 * parameter (`float *row = rows + k * 32;`, `&p[i]`, behind casts), never
 * assigned again, its address never taken.  An atomic through it cannot
 * reach a warp's copy. */
static int param_local(const struct facts *fx, CXCursor var) {
  CXCursor init, e;

  if (fx->r->is_devfn || clang_getCursorKind(var) != CXCursor_VarDecl ||
      !ld__last_expr_child(clang_getCursorDefinition(var), &init))
    return 0;
  e = ld__pointer_base(init);
  if (clang_getCursorKind(e) != CXCursor_DeclRefExpr ||
      clang_getCursorKind(clang_getCursorReferenced(e)) != CXCursor_ParmDecl ||
      !ld__is_pointer(clang_getCursorType(e)))
    return 0;
  return !ld__reassigned(fx->fn, var);
}

/* A store's (or atomic's) line through a pointer: in a device function's
 * clone it counts as writing what the caller hands it, in a kernel that
 * keeps pointers to targets as writing those targets
 * (point_stores_at_copies). */
static void note_pointer_store_line(struct facts *fx, size_t at) {
  unsigned *p, line = ld__line_of(fx, at);

  if (fx->devfns.nstore_lines &&
      fx->devfns.store_lines[fx->devfns.nstore_lines - 1] == line)
    return;
  p = realloc(fx->devfns.store_lines,
              (fx->devfns.nstore_lines + 1) * sizeof *p);
  if (!p) {
    fx->rc = LD_ENOMEM;
    return;
  }
  fx->devfns.store_lines = p;
  p[fx->devfns.nstore_lines++] = line;
}

/* The left operand lv of an assignment, `++` or `--` in the kernel. */
static void visit_store(struct facts *fx, CXCursor lv, CXCursor op) {
  const char *why = NULL;
  size_t member = SIZE_MAX, b, e, ob, oe;

  switch (ld__place_of(fx, lv, &member, &why)) {
  case PLACE_LOCAL:
    return;
  case PLACE_SHARED:
    if (ld__replay_span(fx, op, &ob, &oe))
      add_write_line(fx, member, ob);
    if (!ld__replay_span(fx, lv, &b, &e)) {
      ld__replay_fail(fx, "shared variable used inside a macro expansion");
      return;
    }
    /* Marks the thread as having written a target (region_end skips the
     * sweeps and the replay of a region no warp wrote in). */
    if (!fx->rc)
      fx->rc = ld_edit_insert(&fx->r->edits, b, "(*__ldcc::swr(__ldcc_c, &(");
    if (!fx->rc)
      fx->rc = ld_edit_insert(&fx->r->edits, e, ")))");
    return;
  case PLACE_BAD:
    ld__replay_fail(fx, why);
    return;
  case PLACE_GLOBAL:
    if (!ld__replay_span(fx, lv, &b, &e)) {
      ld__replay_fail(fx, "global store inside a macro expansion");
      return;
    }
    /* In a device function's clone a pointer may point into the warp's
     * copy (a target handed to it): pwr decides at run time.  In a
     * kernel's, so may one kept in a local: point_stores_at_copies turns
     * these glogs into pwr then, and the lines count as writing those
     * targets. */
    note_pointer_store_line(fx, b);
    if (fx->rc)
      return;
    if (fx->r->is_devfn) {
      if (!fx->rc)
        fx->rc = ld_edit_insert(&fx->r->edits, b, "(*__ldcc::pwr(__ldcc_c, &(");
    } else if (!fx->rc)
      fx->rc = ld_edit_insert(&fx->r->edits, b, "(*__ldcc::glog(__ldcc_c, &(");
    if (!fx->rc)
      fx->rc = ld_edit_insert(&fx->r->edits, e, ")))");
    return;
  }
}

static void visit_site(struct facts *fx, const struct frame *f,
                       const char *form);

/* Rename the callee of an atomic call to `fn` and pass __ldcc_c first. */
static void redirect_call(struct facts *fx, CXCursor call, const char *fn) {
  CXCursor callee;
  size_t cb, ce, nb, ne, paren;

  if (!ld__replay_span(fx, call, &cb, &ce) ||
      !ld__nth_child(call, 0, &callee) ||
      !ld__replay_span(fx, callee, &nb, &ne)) {
    ld__replay_fail(fx, "atomic inside a macro expansion");
    return;
  }
  ld__replay_edit(fx, nb, ne, fn);
  for (paren = ne; paren < ce && fx->s->src[paren] != '('; paren++)
    ;
  if (!fx->rc)
    fx->rc = ld_edit_insert(&fx->r->edits, paren + 1, "__ldcc_c, ");
}

/* `atomicAdd(&g[i], v);` on global memory: the runtime applies it once
 * and compares its operand between the passes; one whose result is used
 * (`base = atomicAdd(count, n)`, a block's slot in a compaction) becomes
 * `global_atomic_v_<op>`, whose pass 2 returns pass 1's result. */
static void visit_global_atomic(struct facts *fx, const struct frame *f,
                                const char *name) {
  static const char *const ops[] = {"Add", "Sub",  "Or",  "And", "Max",
                                    "Min", "Exch", "Xor", "Inc", "Dec"};
  struct ld_buf fn = LD_BUF_INIT;
  size_t i, n;

  /* A claim (warp_facts.c cas_claim; a lock keeps the kernel from the
   * replay there): its value logged, in a statement too. */
  if (!strcmp(name, "atomicCAS") && !fx->top->k->det_build) {
    redirect_call(fx, f->cur, "__ldcc::global_atomic_v_cas");
    return;
  }
  for (i = 0; i < sizeof ops / sizeof ops[0]; i++) {
    n = strlen("atomic") + strlen(ops[i]);
    if (ld__starts(name, "atomic") &&
        !strncmp(name + 6, ops[i], strlen(ops[i])) &&
        (!name[n] || !strcmp(name + n, "_block")))
      break;
  }
  if (i == sizeof ops / sizeof ops[0]) {
    ld__replay_fail(
        fx, "global atomic other than add, sub, or, and, xor, max, min, exch, "
            "inc, dec");
    return;
  }
  if (ld_buf_puts(&fn, ld__is_statement(f) ? "__ldcc::global_atomic_"
                                           : "__ldcc::global_atomic_v_")) {
    fx->rc = LD_ENOMEM;
    return;
  }
  for (n = 0; ops[i][n] && !fx->rc; n++)
    fx->rc = ld_buf_putc(&fn, (char)(ops[i][n] | 0x20));
  if (!fx->rc)
    redirect_call(fx, f->cur, fn.data);
  ld_buf_free(&fn);
}

/* A fence in a kernel whose message passing is fences and tickets only
 * (ld_warp.fenced_replay): `__ldcc_c.once = 1, __threadfence();`, its
 * region runs once (a replay would undo and redo stores the fence
 * publishes; docs/shared-replay.md, "Kernels with fences"). */
static void visit_fence(struct facts *fx, const struct frame *f) {
  const struct ld_kernel *k = fx->top ? fx->top->k : NULL;
  size_t cb, ce;

  if (!k || !k->warp || !k->warp->fenced_replay) {
    ld__replay_fail(fx, "memory fence");
    return;
  }
  if (fx->r->is_plain || fx->r->is_devfn) {
    ld__replay_fail(fx, "memory fence in a device function");
    return;
  }
  if (!ld__is_statement(f) || !ld__replay_span(fx, f->cur, &cb, &ce)) {
    ld__replay_fail(fx, "memory fence inside an expression or a macro");
    return;
  }
  fx->rc = ld_edit_insert(&fx->r->edits, cb, "__ldcc_c.once = 1, ");
}

/* `__stcs(P, V)` (llm.c's streaming stores) is a store through P:
 * `(void)((*__ldcc::pwr(__ldcc_c, (P))) = (V))`, logged or marked like
 * any (the hint is a cache policy only). */
static void visit_cache_store(struct facts *fx, const struct frame *f) {
  size_t cb, ce, pb, pe, vb, ve;

  if (clang_Cursor_getNumArguments(f->cur) != 2 ||
      !ld__replay_span(fx, f->cur, &cb, &ce) ||
      !ld__replay_span(fx, clang_Cursor_getArgument(f->cur, 0), &pb, &pe) ||
      !ld__replay_span(fx, clang_Cursor_getArgument(f->cur, 1), &vb, &ve)) {
    ld__replay_fail(fx, "cache-hint store inside a macro expansion");
    return;
  }
  ld__replay_edit(fx, cb, pb, "(void)((*__ldcc::pwr(__ldcc_c, (");
  if (!fx->rc)
    ld__replay_edit(fx, pe, vb, "))) = (");
  if (!fx->rc)
    ld__replay_edit(fx, ve, ce, "))");
}

static int through_pointer_variable(const struct facts *fx, CXCursor e,
                                    CXCursor *var);

/* Argument i of a call, resolved or a template's unresolved one (whose
 * children are the callee and the arguments); its count in *n. */
static int call_arg(CXCursor call, int i, CXCursor *arg, int *n) {
  int k = clang_Cursor_getNumArguments(call);
  CXCursor c;

  if (k >= 0) {
    *n = k;
    if (i >= k)
      return 0;
    *arg = clang_Cursor_getArgument(call, (unsigned)i);
    return 1;
  }
  for (k = 0; ld__nth_child(call, (unsigned)k + 1, &c); k++)
    if (k == i)
      *arg = c;
  *n = k;
  return i < k;
}

/* An asynchronous copy into shared memory (docs/shared-replay.md,
 * "Asynchronous copies"): `__pipeline_memcpy_async(dst, src, size[,
 * zfill])` becomes `__ldcc::pmemcpy(__ldcc_c, ...)`, `cuda::memcpy_async(
 * dst, src, size, pipe)` on a thread-scope pipeline of the function's
 * `__ldcc::amemcpy(__ldcc_c, ...)`: the copy is queued on the clone's
 * __ldcc_aq and lands, each piece a store through pwr that the sweeps see
 * like any, at the wait that covers it or right after the next barrier
 * (include/ldcc/replay.cuh).  A read of another thread's destination in
 * the landing's region is the race the replay finds.  Other forms (a group's
 * copy, one completed by a cuda::barrier, cooperative groups', TMA) are
 * refused: left as they are they would land in the warp's copy behind the
 * sweeps' backs. */
static void visit_async_copy(struct facts *fx, const struct frame *f,
                             int kind) {
  CXCursor call = f->cur, dst, last, var;
  size_t member = SIZE_MAX, cb, ce;
  const char *why = NULL;
  enum place p;
  int n = 0, prim = kind == 1;

  if (kind == 2 && call_arg(call, 3, &last, &n) && n == 4) {
    last = ld__unwrap(last);
    if (clang_getCursorKind(last) != CXCursor_DeclRefExpr ||
        !is_pipe(fx, clang_getCursorReferenced(last)))
      kind = 3;
  } else if (kind == 2) {
    kind = 3;
  }
  if (kind == 1 && (!call_arg(call, 0, &dst, &n) || n < 3 || n > 4))
    kind = 3;
  if (kind == 3) {
    ld__replay_fail(fx, "asynchronous copy other than __pipeline_memcpy_async "
                        "or cuda::memcpy_async on a thread-scope pipeline");
    return;
  }
  if (!ld__is_statement(f)) {
    ld__replay_fail(fx, "result of an asynchronous copy is used");
    return;
  }
  if (!call_arg(call, 0, &dst, &n) || !ld__replay_span(fx, call, &cb, &ce)) {
    ld__replay_fail(fx, "asynchronous copy inside a macro expansion");
    return;
  }
  if (through_pointer_variable(fx, dst, &var)) {
    note_pointer_store_line(fx, cb);
  } else {
    p = ld__pointee_place(fx, dst, &member, &why);
    if (p != PLACE_SHARED) {
      ld__replay_fail(fx, p == PLACE_BAD && why
                              ? why
                              : "asynchronous copy to memory other than a "
                                "shared variable");
      return;
    }
    add_write_line(fx, member, cb);
  }
  need_async_queue(fx);
  if (!ld__replay_stopped(fx))
    redirect_call(fx, call, prim ? "__ldcc::pmemcpy" : "__ldcc::amemcpy");
}

/* `__pipeline_commit()` -> `__ldcc::pcommit(__ldcc_c)`,
 * `__pipeline_wait_prior(n)` -> `__ldcc::pwait_prior(__ldcc_c, n)`: on
 * the clone's queue. */
static void visit_pipeline_primitive(struct facts *fx, const struct frame *f,
                                     int commit) {
  size_t cb, ce;

  if (!ld__replay_span(fx, f->cur, &cb, &ce)) {
    ld__replay_fail(fx, "asynchronous copy inside a macro expansion");
    return;
  }
  need_async_queue(fx);
  if (ld__replay_stopped(fx))
    return;
  if (commit)
    ld__replay_edit(fx, cb, ce, "__ldcc::pcommit(__ldcc_c)");
  else
    redirect_call(fx, f->cur, "__ldcc::pwait_prior");
}

/* `cuda::pipeline_consumer_wait_prior<N>(pipe)` on a pipeline of the
 * function's: `__ldcc::pipeline_consumer_wait_prior<N>(...)`, the pipe
 * rewritten by its reference (visit_ref). */
static void visit_wait_prior(struct facts *fx, const struct frame *f) {
  static const char name[] = "pipeline_consumer_wait_prior";
  CXCursor arg;
  size_t cb, ce, p;
  int n = 0;

  if (!call_arg(f->cur, 0, &arg, &n) || n != 1 ||
      clang_getCursorKind(ld__unwrap(arg)) != CXCursor_DeclRefExpr ||
      !is_pipe(fx, clang_getCursorReferenced(ld__unwrap(arg)))) {
    ld__replay_fail(fx, "pipeline_consumer_wait_prior on a pipeline other "
                        "than a thread-scope local");
    return;
  }
  if (!ld__replay_span(fx, f->cur, &cb, &ce)) {
    ld__replay_fail(fx, "asynchronous copy inside a macro expansion");
    return;
  }
  for (p = cb; p + sizeof name - 1 <= ce; p++)
    if (!memcmp(fx->s->src + p, name, sizeof name - 1))
      break;
  if (p + sizeof name - 1 > ce) {
    ld__replay_fail(fx, "asynchronous copy inside a macro expansion");
    return;
  }
  ld__replay_edit(fx, cb, p + sizeof name - 1,
                  "__ldcc::pipeline_consumer_wait_prior");
}

/* A call of the asynchronous copies' API by its name: 1 when it was one. */
static int visit_async_name(struct facts *fx, const struct frame *f,
                            const char *name) {
  if (ld__async_copy_name(name))
    visit_async_copy(fx, f, ld__async_copy_name(name));
  else if (!strcmp(name, "pipeline_consumer_wait_prior"))
    visit_wait_prior(fx, f);
  else if (!strcmp(name, "__pipeline_commit") ||
           !strcmp(name, "__pipeline_wait_prior"))
    visit_pipeline_primitive(fx, f, !strcmp(name, "__pipeline_commit"));
  else
    return 0;
  return 1;
}

static void visit_atomic(struct facts *fx, const struct frame *f,
                         const char *name);

/* A call the template's text leaves unresolved, judged by its name: an
 * atomic, or a cache hint (`__stcs(p, v)`: a store through p).  1 when it
 * was one of these. */
static int visit_by_name(struct facts *fx, const struct frame *f,
                         const char *name) {
  if (name && ld__is_atomic_name(name)) {
    visit_atomic(fx, f, name);
    return 1;
  }
  if (name && visit_async_name(fx, f, name))
    return 1;
  if (name && ld__cache_hint(name) == 2)
    visit_cache_store(fx, f);
  return name && ld__cache_hint(name);
}

/* `printf(...)` prints in pass 1 only, `(__ldcc_c.pass == 1 ? printf(...)
 * : 0)`: a replayed region would print its lines twice. */
static void visit_printf(struct facts *fx, const struct frame *f) {
  size_t cb, ce;

  if (!ld__replay_span(fx, f->cur, &cb, &ce)) {
    ld__replay_fail(fx, "printf inside a macro expansion");
    return;
  }
  fx->rc = ld_edit_insert(&fx->r->edits, cb, "(__ldcc_c.pass == 1 ? ");
  if (!fx->rc)
    fx->rc = ld_edit_insert(&fx->r->edits, ce, " : 0)");
}

/* Whether the address e (an atomic's first argument) is based on a
 * pointer variable (ld__pointer_base: `p + i`, `&p[i]`, `&p[i].f`, `p`)
 * for a pointer parameter of a device function or a local pointer (not an
 * array, not a `__device__` variable), also behind a cast (`(unsigned
 * *)&p[i]`).  In a device function's
 * clone such a pointer may have been handed a target (it points into the warp's
 * copy), and so may a local of a kernel that keeps pointers to targets
 * (`unsigned *s_WarpHist = s_Hist + warp * BINS;`): only the run knows. */
static int through_pointer_variable(const struct facts *fx, CXCursor e,
                                    CXCursor *var) {
  CXCursor d;
  enum CXCursorKind dk;

  e = ld__pointer_base(e);
  if (clang_getCursorKind(e) != CXCursor_DeclRefExpr ||
      !ld__is_pointer(clang_getCursorType(e)))
    return 0;
  d = clang_getCursorReferenced(e);
  dk = clang_getCursorKind(d);
  *var = clang_getCanonicalCursor(d);
  if (dk == CXCursor_ParmDecl)
    return fx->r->is_devfn;
  return dk == CXCursor_VarDecl && !clang_Cursor_hasVarDeclGlobalStorage(d);
}

/* An atomic through a pointer variable (through_pointer_variable): a
 * 32-bit integer add or subtract becomes `__ldcc::patomic_add`, which
 * tells the warp's copy (a shared atomic, merged as a delta) from global
 * memory (a global atomic, applied once) at run time.  Others could land
 * in a copy the sweeps cannot merge: refused. */
/* Whether the address argument `&X[i]...[j]` names an element of a shared
 * array X whose element type is a 32-bit integer, whatever its bounds
 * (dependent ones make the expression's type dependent). */
static int int32_element(CXCursor arg) {
  CXCursor e = ld__unwrap(arg), decl;
  CXType t;

  if (clang_getCursorKind(e) != CXCursor_UnaryOperator ||
      clang_getCursorUnaryOperatorKind(e) != CXUnaryOperator_AddrOf ||
      !ld__nth_child(e, 0, &e))
    return 0;
  e = ld__unwrap(e);
  while (clang_getCursorKind(e) == CXCursor_ArraySubscriptExpr &&
         ld__nth_child(e, 0, &e))
    e = ld__unwrap(e);
  if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
    return 0;
  decl = clang_getCursorReferenced(e);
  t = clang_getCursorType(decl);
  if (t.kind != CXType_ConstantArray && t.kind != CXType_DependentSizedArray &&
      t.kind != CXType_IncompleteArray)
    return 0;
  while (t.kind == CXType_ConstantArray ||
         t.kind == CXType_DependentSizedArray ||
         t.kind == CXType_IncompleteArray)
    t = clang_getArrayElementType(t);
  t = clang_getCanonicalType(t);
  return t.kind == CXType_Int || t.kind == CXType_UInt;
}

/* `atomicAdd(p, v)` or `atomicSub(p, v)` (its operand [ab, ae)) renamed
 * to fn, fn_v when its value is used; a subtract's operand negated. */
static void redirect_add(struct facts *fx, const struct frame *f, size_t ab,
                         size_t ae, int sub, const char *fn, const char *fn_v) {
  redirect_call(fx, f->cur, ld__is_statement(f) ? fn : fn_v);
  if (sub && !fx->rc)
    fx->rc = ld_edit_insert(&fx->r->edits, ab, "-(");
  if (sub && !fx->rc)
    fx->rc = ld_edit_insert(&fx->r->edits, ae, ")");
}

static int pointer_atomic_ok(CXCursor call, int add, int sub) {
  CXType pt = clang_getCanonicalType(
      clang_getCursorType(clang_Cursor_getArgument(call, 0)));
  CXType et = clang_getCanonicalType(clang_getPointeeType(pt));

  return (add || sub) && pt.kind == CXType_Pointer &&
         (et.kind == CXType_Int || et.kind == CXType_UInt);
}

static void visit_pointer_atomic(struct facts *fx, const struct frame *f,
                                 int add, int sub) {
  CXCursor call = f->cur;
  size_t cb, ce, ab, ae;

  if (!pointer_atomic_ok(call, add, sub)) {
    ld__replay_fail(fx, "atomic through a pointer in a device function, "
                        "other than a 32-bit integer add or subtract");
    return;
  }
  if (!ld__is_statement(f) && fx->top->k->det_build) {
    ld__replay_fail(fx, "result of an atomic through a pointer is used");
    return;
  }
  if (!ld__replay_span(fx, call, &cb, &ce) ||
      !ld__replay_span(fx, clang_Cursor_getArgument(call, 1), &ab, &ae)) {
    ld__replay_fail(fx, "atomic inside a macro expansion");
    return;
  }
  note_pointer_store_line(fx, cb);
  if (!fx->rc)
    redirect_add(fx, f, ab, ae, sub, "__ldcc::patomic_add",
                 "__ldcc::patomic_v_add");
}

static void visit_atomic(struct facts *fx, const struct frame *f,
                         const char *name) {
  CXCursor call = f->cur, var;
  const char *why = NULL;
  size_t member = SIZE_MAX, cb, ce, ab, ae;
  int add = !strcmp(name, "atomicAdd") || !strcmp(name, "atomicAdd_block");
  int sub = !strcmp(name, "atomicSub") || !strcmp(name, "atomicSub_block");
  enum place p;

  if (clang_Cursor_getNumArguments(call) < 2) {
    ld__replay_fail(fx, "atomic it cannot follow");
    return;
  }
  if (through_pointer_variable(fx, clang_Cursor_getArgument(call, 0), &var)) {
    if (fx->r->is_devfn || pointer_atomic_ok(call, add, sub)) {
      visit_pointer_atomic(fx, f, add, sub);
      return;
    }
    /* A kernel's local pointer: global memory unless the kernel keeps a
     * pointer to a target (point_stores_at_copies refuses it then) and
     * the local may hold one. */
    if (!param_local(fx, var))
      fx->ptrs.local_atomics = 1;
    visit_global_atomic(fx, f, name);
    return;
  }
  if (fx->r->is_plain) {
    ld__replay_fail(fx, "atomic in a device function");
    return;
  }
  if (fx->r->is_devfn) {
    ld__replay_fail(fx, "atomic in a device function with a barrier");
    return;
  }
  p = ld__pointee_place(fx, clang_Cursor_getArgument(call, 0), &member, &why);
  if (p == PLACE_BAD) {
    ld__replay_fail(fx, why);
    return;
  }
  if (p == PLACE_GLOBAL) {
    visit_global_atomic(fx, f, name);
    return;
  }
  if (p != PLACE_SHARED) {
    ld__replay_fail(fx, "atomic on a local variable");
    return;
  }
  /* A value used (`pos = atomicAdd(&count, 1)`, a block's queue) takes
   * shared_atomic_v_add; a deterministic build has no order to give it. */
  if (!ld__is_statement(f) && (fx->top->k->det_build || (!add && !sub))) {
    ld__replay_fail(fx, "result of a shared atomic is used");
    return;
  }
  if (!add && !sub) {
    ld__replay_fail(fx, "shared atomic other than add or subtract");
    return;
  }
  {
    CXType pt = clang_getCanonicalType(
        clang_getCursorType(clang_Cursor_getArgument(call, 0)));
    CXType et = clang_getCanonicalType(clang_getPointeeType(pt));
    if (pt.kind == CXType_Pointer && et.kind != CXType_Int &&
        et.kind != CXType_UInt) {
      ld__replay_fail(fx,
                      "shared atomic on a type other than a 32-bit integer");
      return;
    }
    /* `__shared__ T sum; atomicAdd(&sum, v);` (hecbench expdist): T may be
     * a float, which the copies cannot merge (replay.cuh asserts it, and
     * nvcc rejected the file).  An element of an array whose bounds alone
     * a template parameter decides (`__shared__ uint32_t
     * s_hist[WARPS][RADIX]`) has its type. */
    if (pt.kind != CXType_Pointer &&
        !int32_element(clang_Cursor_getArgument(call, 0))) {
      ld__replay_fail(fx, "shared atomic on a type a template parameter "
                          "decides (merged for 32-bit integers only)");
      return;
    }
  }
  if (!ld__replay_span(fx, call, &cb, &ce) ||
      !ld__replay_span(fx, clang_Cursor_getArgument(call, 1), &ab, &ae)) {
    ld__replay_fail(fx, "shared variable used inside a macro expansion");
    return;
  }
  add_write_line(fx, member, cb);
  redirect_add(fx, f, ab, ae, sub, "__ldcc::shared_atomic_add",
               "__ldcc::shared_atomic_v_add");
}
static int analyse_def(struct facts *fx, CXCursor fn);
static void point_stores_at_copies(struct facts *fx);
static void visit_devfn_call(struct facts *fx, const struct frame *f,
                             CXCursor callee);
static void visit_writer_call(struct facts *fx, const struct frame *f,
                              CXCursor callee, const char *why);

/* A call in the kernel body. */
/* A pointer into the warp's copy of target i of the kernel (fx->top's
 * layout) may be kept anywhere: stores through pointers go through pwr,
 * reads through them carry no mark, the copies are whole. */
static void keep_pointer_to(struct facts *fx, size_t i) {
  struct facts *top = fx->top;

  top->ptrs.kept = 1;
  if (ld__grow(&top->ptrs.members, &top->ptrs.cap, top->ptrs.nmembers,
               sizeof *top->ptrs.members)) {
    fx->rc = LD_ENOMEM;
    return;
  }
  top->ptrs.members[top->ptrs.nmembers++] = i;
  top->r->always_read = 1;
  if (!top->r->eager_why)
    top->r->eager_why = "a pointer to a target is kept in a local";
}

/* A call of an accessor of `extern __shared__` memory (ld__shared_accessor
 * _call: `T *s = SharedMemory<T>();`, `float *s = smem<float>();`) where a
 * pointer is wanted: the warp's copy of that memory (`__ldcc::ext_ptr`,
 * converted there), kept in a local as a pointer taken to it
 * (devfn_names_target).  var, the accessor's array, stands for the
 * kernel's extern member when it has none (all alias one buffer). */
static void visit_accessor_call(struct facts *fx, const struct frame *f,
                                CXCursor var) {
  struct facts *top = fx->top;
  const struct frame *p = f->parent;
  size_t b, e, i;

  while (p &&
         (p->kind == CXCursor_UnexposedExpr || p->kind == CXCursor_ParenExpr ||
          (p->kind == CXCursor_CallExpr &&
           clang_getCursorKind(clang_getCursorReferenced(p->cur)) ==
               CXCursor_ConversionFunction)))
    p = p->parent;
  if (!p || !(p->kind == CXCursor_VarDecl || p->kind == CXCursor_ReturnStmt ||
              p->kind == CXCursor_CStyleCastExpr ||
              p->kind == CXCursor_CXXStaticCastExpr ||
              p->kind == CXCursor_CXXReinterpretCastExpr ||
              (p->kind == CXCursor_BinaryOperator &&
               clang_getCursorBinaryOperatorKind(p->cur) ==
                   CXBinaryOperator_Assign))) {
    ld__replay_fail(fx, "shared-memory accessor used inside an expression");
    return;
  }
  if (!ld__replay_span(fx, f->cur, &b, &e)) {
    ld__replay_fail(fx, "shared-memory accessor inside a macro expansion");
    return;
  }
  for (i = 0; i < top->r->nmembers && top->r->members[i].decl; i++)
    ;
  if (i == top->r->nmembers) {
    add_member(fx, var, 0, 0, NULL);
    if (ld__replay_stopped(fx) || i == top->r->nmembers)
      return;
  }
  ld__replay_edit(fx, b, e, "__ldcc::ext_ptr(__ldcc_c)");
  fx->skip_children = 1;
  if (fx != top)
    fx->r->uses_layout = 1;
  if (!top->proof.proof_why)
    top->proof.proof_why = "shared memory reached through an accessor";
  keep_pointer_to(fx, i);
}

/* A template's call with dependent arguments of a function the file
 * names once: as any call of it (its barriers and shared variables are in
 * every instance), *callee set.  The one function template f the file
 * names, `f<B>(...)`: with barriers, a site and a template clone
 * (visit_devfn_call); one that names shared variables or stores through
 * pointers, a template clone with its stores marked (visit_writer_call).
 * Returns whether the call is dealt with. */
static int dependent_callee(struct facts *fx, const struct frame *f, CXCursor c,
                            CXCursor *callee) {
  CXCursor d = c;
  const char *why;
  int own = 0;

  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr)
    d = clang_getCursorReferenced(c);
  if (clang_getCursorKind(d) == CXCursor_OverloadedDeclRef) {
    /* The one candidate that can take the call's arguments, if one. */
    int nargs = clang_Cursor_getNumArguments(f->cur);
    unsigned i, n = clang_getNumOverloadedDecls(d), fits = 0;
    CXCursor one = clang_getNullCursor();
    for (i = 0; i < n; i++)
      if (ld__arity_fits(clang_getOverloadedDecl(d, i), nargs)) {
        one = clang_getOverloadedDecl(d, i);
        fits++;
      }
    if (fits == 1)
      d = one;
  }
  if (clang_getCursorKind(d) == CXCursor_FunctionDecl)
    *callee = d;
  if (clang_getCursorKind(d) != CXCursor_FunctionTemplate)
    return 0;
  if (ld__has_barrier(d)) {
    visit_devfn_call(fx, f, d);
    return 1;
  }
  why = ld__callee_problem_at(fx, d, 0, &own);
  if (why && own)
    visit_writer_call(fx, f, d, why);
  else if (why)
    ld__replay_fail(fx, why);
  return 1;
}

/* A call whose code the replay cannot clone: a kernel launch, or `op(v)`
 * with `template <float (*op)(float)>` (the call names the parameter): the
 * functions a template argument may name run unseen (no clone, no site),
 * which is right only when none of them writes memory or synchronises
 * (session 35: a shared store in such a function went unchecked). */
static void visit_unseen_call(struct facts *fx, CXCursor call) {
  CXCursor param, writer, first;
  int w = -1;

  if (ld__is_triple_chevron(call)) {
    ld__replay_fail(
        fx, "kernel launch inside a kernel (the launched grid runs unchecked)");
    return;
  }
  if (ld__nth_child(call, 0, &first))
    w = ld__template_fn_writer(ld__unwrap(first), &param, &writer);
  if (w != 0)
    ld__replay_fail(
        fx, w < 0 ? "call it cannot follow"
                  : ld__named_reason("calls a function a template argument "
                                     "names, which may be %s, a function "
                                     "that writes memory or synchronises",
                                     writer));
}

static void visit_call(struct facts *fx, const struct frame *f) {
  CXCursor call = f->cur;
  CXCursor callee = clang_getCursorReferenced(call);
  CXCursor first, second;
  const char *form, *why;
  char *name;

  if (ld__is_triple_chevron(call) ||
      clang_getCursorKind(callee) == CXCursor_NonTypeTemplateParameter) {
    visit_unseen_call(fx, call);
    return;
  }
  form = ld__block_barrier(call);
  if (form) {
    visit_site(fx, f, form);
    return;
  }
  if (ld__shared_accessor_call(call, &first)) {
    visit_accessor_call(fx, f, first);
    return;
  }
  /* An overloaded assignment operator: its first operand is stored to. */
  if (ld__nth_child(call, 0, &first) &&
      (ld__is_operator_ref(first) ||
       (ld__nth_child(call, 1, &second) && ld__is_operator_ref(second)))) {
    CXCursor op = ld__is_operator_ref(first) ? first : second;
    CXCursor obj;
    if (ld__is_assign_operator(op) &&
        ld__nth_child(call, ld__is_operator_ref(first) ? 1 : 0, &obj))
      visit_store(fx, obj, call);
    if (clang_Cursor_isNull(callee) ||
        clang_Cursor_isNull(clang_getCursorDefinition(callee)) ||
        (ld__is_assign_operator(op) && clang_CXXMethod_isDefaulted(callee)))
      return; /* dependent, or a plain (implicit) assignment */
  }
  if (clang_Cursor_isNull(callee) &&
      dependent_callee(fx, f, ld__unwrap(first), &callee))
    return;
  if (clang_Cursor_isNull(callee)) {
    CXCursor c = ld__unwrap(first);
    unsigned i, n;
    /* `f<T>(...)`: a DeclRefExpr whose referenced cursor is the overload
     * set; its candidates are judged like any callee (a template's
     * barriers or atomics were skipped: its barriers split no region, its
     * atomics ran again in pass 2). */
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
        clang_getCursorKind(clang_getCursorReferenced(c)) ==
            CXCursor_OverloadedDeclRef)
      c = clang_getCursorReferenced(c);
    if (clang_getCursorKind(c) != CXCursor_OverloadedDeclRef) {
      /* `obj.f(...)` on an object of a class of the user's whose type the
       * template decides: every method f of the class, as above. */
      char mname[128];
      CXCursor cls, ms[8];
      int j, nm;
      if (ld__dependent_member(call, &cls, mname, sizeof mname)) {
        nm = ld__class_methods(cls, mname, ms, 8);
        if (nm <= 0 || nm > 8)
          ld__replay_fail(fx, "call of a member it cannot resolve");
        for (j = 0; j < nm && j < 8 && !ld__replay_stopped(fx); j++)
          if ((why = ld__dependent_callee_problem(fx, ms[j])) != NULL)
            ld__replay_fail(fx, why);
      }
      return; /* dependent: checked once instantiated by nvcc */
    }
    n = clang_getNumOverloadedDecls(c);
    /* `atomicAdd(out, v)` with a template's arguments: an atomic like any
     * (left as written, pass 2 would apply it again). */
    name = n ? ld__cursor_name(clang_getOverloadedDecl(c, 0)) : NULL;
    if (visit_by_name(fx, f, name)) {
      free(name);
      return;
    }
    free(name);
    for (i = 0; i < n && !ld__replay_stopped(fx); i++)
      if (ld__arity_fits(clang_getOverloadedDecl(c, i),
                         clang_Cursor_getNumArguments(call)) &&
          (why =
               ld__dependent_callee_problem(fx, clang_getOverloadedDecl(c, i))))
        ld__replay_fail(fx, why);
    return;
  }
  if (ld__has_barrier(callee)) {
    CXCursor t = clang_getSpecializedCursorTemplate(callee);
    visit_devfn_call(
        fx, f,
        clang_getCursorKind(t) == CXCursor_FunctionTemplate ? t : callee);
    return;
  }
  name = ld__cursor_name(callee);
  if (!name) {
    fx->rc = LD_ENOMEM;
    return;
  }
  if (ld__is_atomic_name(name) && !ld__user_function(callee)) {
    visit_atomic(fx, f, name);
  } else if (!ld__user_function(callee) && visit_async_name(fx, f, name)) {
    /* an asynchronous copy, a commit or a wait */
  } else if (ld__starts(name, "__threadfence")) {
    visit_fence(fx, f);
  } else if (!strcmp(name, "printf")) {
    visit_printf(fx, f);
  } else if (ld__cache_hint(name) == 2) {
    visit_cache_store(fx, f);
  } else if (ld__cache_hint(name) == 1) {
    /* a load with a cache hint: a read like any */
  } else {
    int own_write = 0;
    why = ld__callee_problem_at(fx, callee, 0, &own_write);
    /* A device function that stores through pointers (or to globals),
     * or names a shared variable, itself or through its calls, is cloned
     * with its stores marked (in a device function's clone too: the
     * clones of one kernel call each other). */
    if (why && own_write)
      visit_writer_call(fx, f, callee, why);
    else if (why)
      ld__replay_fail(fx, why);
  }
  free(name);
}

/* ---- Sites --------------------------------------------------------------- */

/* A zeroed site appended to the replay's table; NULL (fx->rc set) when out
 * of memory. */
/* A site statement that stands in blocks and loop bodies only, up to the
 * function's body: no condition decides whether it is reached. */
static int in_blocks_and_loops(const struct frame *stmt) {
  const struct frame *q;

  for (q = stmt; q->parent; q = q->parent) {
    enum CXCursorKind k = q->parent->kind;
    if ((k != CXCursor_CompoundStmt && k != CXCursor_ForStmt &&
         k != CXCursor_WhileStmt && k != CXCursor_DoStmt) ||
        !ld__is_statement(q))
      return 0;
  }
  return 1;
}

static struct ld_site *new_site(struct facts *fx) {
  struct ld_replay *r = fx->r;
  struct ld_site *site;

  if (ld__grow(&r->sites, &fx->capsites, r->nsites, sizeof *site)) {
    fx->rc = LD_ENOMEM;
    return NULL;
  }
  if (ld__grow(&fx->proof.site_flat, &fx->proof.capflat, r->nsites, 1)) {
    fx->rc = LD_ENOMEM;
    return NULL;
  }
  fx->proof.site_flat[r->nsites] = 0; /* visit_site says */
  site = &r->sites[r->nsites++];
  memset(site, 0, sizeof *site);
  return site;
}

/* A ContinueStmt of the loop being looked into (not of a nested loop). */
static enum CXChildVisitResult continue_cb(CXCursor c, CXCursor parent,
                                           CXClientData data) {
  enum CXCursorKind k = clang_getCursorKind(c);

  (void)parent;
  if (k == CXCursor_ContinueStmt) {
    *(int *)data = 1;
    return CXChildVisit_Break;
  }
  return k == CXCursor_ForStmt || k == CXCursor_WhileStmt ||
                 k == CXCursor_DoStmt || k == CXCursor_LambdaExpr
             ? CXChildVisit_Continue
             : CXChildVisit_Recurse;
}

/* Where the site of a barrier in a loop's condition goes, *at: a
 * do-while's before its body's closing brace (the body holds no `continue`
 * of its own, which would skip it), a while's after its body's opening
 * one (while_loop; the condition becomes 1 and the site breaks out). The
 * body must be braced. */
static int loop_body_at(struct facts *fx, CXCursor loop, int while_loop,
                        size_t *at) {
  CXCursor body;
  size_t b, e;
  int cont = 0;

  if (!ld__nth_child(loop, while_loop ? 1 : 0, &body) ||
      clang_getCursorKind(body) != CXCursor_CompoundStmt ||
      !ld__replay_span(fx, body, &b, &e) || fx->s->src[e - 1] != '}' ||
      fx->s->src[b] != '{')
    return 0;
  if (while_loop) {
    *at = b + 1;
    return 1;
  }
  clang_visitChildren(body, continue_cb, &cont);
  *at = e - 1;
  return !cont;
}

static void visit_site(struct facts *fx, const struct frame *f,
                       const char *form) {
  const struct frame *e = f, *stmt = NULL;
  struct ld_site *site;
  size_t cb, ce, sb, se;
  int with_result = strcmp(form, "__syncthreads_count") == 0 ||
                    strcmp(form, "__syncthreads_and") == 0 ||
                    strcmp(form, "__syncthreads_or") == 0;

  if (!ld__replay_span(fx, f->cur, &cb, &ce)) {
    ld__replay_fail(fx, "barrier inside a macro expansion");
    return;
  }
  while (e->parent && (e->parent->kind == CXCursor_UnexposedExpr ||
                       e->parent->kind == CXCursor_ParenExpr))
    e = e->parent;
  if (ld__is_statement(e)) {
    stmt = e;
  } else if (with_result && e->parent) {
    const struct frame *p = e->parent;
    CXCursor lv;
    const char *why;
    size_t member;
    if (p->kind == CXCursor_BinaryOperator && e->index == 1 &&
        clang_getCursorBinaryOperatorKind(p->cur) == CXBinaryOperator_Assign &&
        ld__is_statement(p) && ld__nth_child(p->cur, 0, &lv) &&
        ld__place_of(fx, lv, &member, &why) != PLACE_GLOBAL)
      stmt = p;
    else if (p->kind == CXCursor_VarDecl && p->parent &&
             p->parent->kind == CXCursor_DeclStmt &&
             ld__is_statement(p->parent) &&
             !ld__nth_child(p->parent->cur, 1, &lv))
      stmt = p->parent; /* the only variable of its declaration */
    else if (p->kind == CXCursor_IfStmt && e->index == 0 && ld__is_statement(p))
      stmt = p;
    else if (p->kind == CXCursor_DoStmt && e->index == 1 &&
             loop_body_at(fx, p->cur, 0, &sb))
      stmt = p; /* `do { ... } while (__syncthreads_or(changed));` */
    else if (p->kind == CXCursor_WhileStmt && e->index == 0 &&
             loop_body_at(fx, p->cur, 1, &sb))
      stmt = p; /* `while (__syncthreads_or(more)) { ... }` */
  }
  if (!stmt) {
    ld__replay_fail(fx, "barrier inside an expression");
    return;
  }
  if (!ld__replay_span(fx, stmt->cur,
                       stmt->kind == CXCursor_DoStmt ||
                               stmt->kind == CXCursor_WhileStmt
                           ? &cb
                           : &sb,
                       &se) ||
      !ld__replay_span(fx, f->cur, &cb, &ce)) {
    ld__replay_fail(fx, "barrier inside a macro expansion");
    return;
  }
  site = new_site(fx);
  if (!site)
    return;
  {
    CXSourceLocation loc = clang_getRangeStart(clang_getCursorExtent(f->cur));
    unsigned line, col, off;
    clang_getExpansionLocation(loc, NULL, &line, &col, &off);
    site->at.line = ld__file_line(fx->s, line);
    site->at.col = col;
    site->at.offset = off;
  }
  site->form = !strcmp(form, "__syncthreads_count") ? "SYNC_COUNT"
               : !strcmp(form, "__syncthreads_and") ? "SYNC_AND"
               : !strcmp(form, "__syncthreads_or")  ? "SYNC_OR"
                                                    : "SYNC_PLAIN";
  site->stmt_begin = sb;
  site->stmt_end = ld__stmt_end(fx, se);
  site->call_begin = cb;
  site->call_end = ce;
  site->needs_braces = stmt->kind != CXCursor_DoStmt &&
                       stmt->kind != CXCursor_WhileStmt &&
                       stmt->parent->kind != CXCursor_CompoundStmt;
  fx->proof.site_flat[fx->r->nsites - 1] =
      (unsigned char)in_blocks_and_loops(stmt);
  if (with_result) {
    if (clang_Cursor_getNumArguments(f->cur) != 1 ||
        !ld__replay_span(fx, clang_Cursor_getArgument(f->cur, 0),
                         &site->pred_begin, &site->pred_end)) {
      ld__replay_fail(fx, "barrier inside a macro expansion");
      return;
    }
    site->with_result = stmt == e                          ? 2
                        : stmt->kind == CXCursor_WhileStmt ? 3
                                                           : 1;
  }
}

/* ---- The walk ------------------------------------------------------------ */

/* A reference to a shared variable whose object (or a part of it) reaches a
 * call other than an atomic (memcpy, a class's operator=, a device function
 * taking a pointer): that call may write the target without the mark a
 * plain store gets, so every region must be swept. */
static void mark_escape(struct facts *fx, const struct frame *f) {
  const struct frame *p = f;
  CXCursor callee;
  char *name;
  int i, n;

  while (p->parent &&
         (p->parent->kind == CXCursor_UnexposedExpr ||
          p->parent->kind == CXCursor_ParenExpr ||
          p->parent->kind == CXCursor_CStyleCastExpr ||
          p->parent->kind == CXCursor_MemberRefExpr ||
          p->parent->kind == CXCursor_UnaryOperator ||
          (p->parent->kind == CXCursor_ArraySubscriptExpr && p->index == 0) ||
          (p->parent->kind == CXCursor_BinaryOperator &&
           ld__is_pointer(clang_getCursorType(p->parent->cur)))))
    p = p->parent;
  if (!p->parent || p->parent->kind != CXCursor_CallExpr)
    return;
  callee = clang_getCursorReferenced(p->parent->cur);
  name = ld__cursor_name(callee);
  if (name && ld__is_atomic_name(name)) {
    free(name);
    return;
  }
  free(name);
  {
    /* An asynchronous copy's destination: a store (visit_async_copy). */
    CXString cn = ld__call_name(p->parent->cur);
    int copy = ld__async_copy_name(clang_getCString(cn)) != 0;
    clang_disposeString(cn);
    if (copy && p->index == 1)
      return;
  }
  /* An argument passed by value, or to a pointer or reference to const,
   * is only read. */
  n = clang_Cursor_getNumArguments(p->parent->cur);
  for (i = 0; i < n; i++)
    if (clang_equalCursors(clang_Cursor_getArgument(p->parent->cur, i), p->cur))
      break;
  if (i < n && i < clang_getNumArgTypes(clang_getCursorType(callee))) {
    CXType pt = clang_getCanonicalType(
        clang_getArgType(clang_getCursorType(callee), (unsigned)i));
    if (pt.kind != CXType_Pointer && pt.kind != CXType_LValueReference &&
        pt.kind != CXType_RValueReference)
      return;
    if (clang_isConstQualifiedType(clang_getPointeeType(pt)))
      return;
  }
  fx->top->r->always_dirty = 1;
  if (!fx->top->r->eager_why)
    fx->top->r->eager_why = "a call gets a target's address";
}

/* Whether a reference to a shared variable only names the object a plain
 * `=` stores to (`tile[i][j] = v`, `s.x = v`): no read of the target. */
static int only_stored(const struct frame *f) {
  const struct frame *p = f;

  while (p->parent &&
         (p->parent->kind == CXCursor_UnexposedExpr ||
          p->parent->kind == CXCursor_ParenExpr ||
          p->parent->kind == CXCursor_MemberRefExpr ||
          (p->parent->kind == CXCursor_ArraySubscriptExpr && p->index == 0)))
    p = p->parent;
  return p->parent && p->parent->kind == CXCursor_BinaryOperator &&
         p->index == 0 &&
         clang_getCursorBinaryOperatorKind(p->parent->cur) ==
             CXBinaryOperator_Assign;
}

/* The object a reference to a target names: the reference, then subscripts
 * with it as the base, members of it (not through a pointer it holds),
 * parentheses, and the implicit decay of an array to its first element
 * between them.  How that object is used: read (an implicit conversion of a
 * scalar lvalue: its load), the object of an assignment, compound
 * assignment, `++` or `--` (visit_store wraps it in swr), or anything else
 * (address taken, bound to a reference, a whole struct copied, a
 * bit-field, unevaluated): *why says what. */
static enum access access_of(const struct frame *f, const struct frame **top,
                             const char **why) {
  const struct frame *p = f;
  CXType t;
  int scalar, dependent;

  while (p->parent) {
    const struct frame *q = p->parent;
    if (q->kind == CXCursor_ParenExpr ||
        (q->kind == CXCursor_ArraySubscriptExpr && p->index == 0) ||
        (q->kind == CXCursor_MemberRefExpr &&
         !ld__is_pointer(clang_getCursorType(p->cur))))
      p = q;
    else if (ld__decayed_into_subscript(p, q))
      p = q->parent; /* the decay is the subscript's base */
    else
      break;
  }
  *top = p;
  *why = "a target's address is taken or it is bound to a reference";
  if (!p->parent)
    return ACCESS_OTHER;
  if (p->kind == CXCursor_MemberRefExpr &&
      clang_Cursor_isBitField(clang_getCursorReferenced(p->cur))) {
    *why = "a bit-field of a target is used";
    return ACCESS_OTHER;
  }
  t = clang_getCanonicalType(clang_getCursorType(p->cur));
  scalar = (t.kind >= CXType_FirstBuiltin && t.kind <= CXType_LastBuiltin) ||
           t.kind == CXType_Pointer || t.kind == CXType_Enum;
  /* Inside a template a dependent operand gets no implicit conversion:
   * a built-in operator (an overloaded one would be a call) reads it. */
  dependent = t.kind == CXType_Dependent;
  switch (p->parent->kind) {
  case CXCursor_BinaryOperator: {
    enum CXBinaryOperatorKind k =
        clang_getCursorBinaryOperatorKind(p->parent->cur);
    if (k == CXBinaryOperator_Assign && p->index == 0)
      return ACCESS_STORE;
    if (dependent && k != CXBinaryOperator_Comma)
      return ACCESS_READ;
    break;
  }
  case CXCursor_CompoundAssignOperator:
    if (p->index == 0)
      return ACCESS_STORE;
    if (dependent)
      return ACCESS_READ;
    break;
  case CXCursor_UnaryOperator: {
    enum CXUnaryOperatorKind k =
        clang_getCursorUnaryOperatorKind(p->parent->cur);
    if (k >= CXUnaryOperator_PostInc && k <= CXUnaryOperator_PreDec)
      return ACCESS_STORE;
    if (dependent && (k == CXUnaryOperator_Plus || k == CXUnaryOperator_Minus ||
                      k == CXUnaryOperator_Not || k == CXUnaryOperator_LNot))
      return ACCESS_READ;
    break;
  }
  case CXCursor_UnexposedExpr:
    if (scalar)
      return ACCESS_READ;
    *why = "a target's struct or array is used whole";
    break;
  default:
    break;
  }
  return ACCESS_OTHER;
}

/* A pointer into the warp's copy of target i: stores through pointers go
 * through pwr when it is writable (point_stores_at_copies), reads through
 * it carry no mark (every region counts as reading), the copies are whole
 * (a read through it cannot find S). */
static void pointer_taken(struct facts *fx, size_t i, int writable,
                          const char *why) {
  if (writable) {
    fx->ptrs.kept = 1;
    if (ld__grow(&fx->ptrs.members, &fx->ptrs.cap, fx->ptrs.nmembers,
                 sizeof *fx->ptrs.members))
      fx->rc = LD_ENOMEM;
    else
      fx->ptrs.members[fx->ptrs.nmembers++] = i;
  }
  fx->top->r->always_read = 1;
  if (!fx->top->r->eager_why)
    fx->top->r->eager_why = why;
}

/* A pointer derived from target r->members[i] by taking its address or
 * casting it (`reinterpret_cast<float4 *>(&tile[ty][0])[tx] = v`,
 * `*(int2 *)&s[2 * i] = p`, vectorised code) and dereferenced in place:
 * the object is a store through a pointer (ld__place_of: glog), which must
 * go through pwr to land as a store to the warp's copy (swr), or the copy's
 * change is never merged.  Treated as a pointer kept in a local
 * (point_stores_at_copies); a pointer to const only reads (the copies are
 * whole: access_of's address taken).  Returns 1 when taken. */
static int derived_pointer_store(struct facts *fx, const struct frame *f,
                                 size_t i) {
  const struct frame *p = f;
  int derived = 0, deref = 0, writable = 0;

  for (; p->parent && !deref; p = p->parent) {
    enum CXCursorKind k = p->parent->kind;
    CXType t = clang_getCanonicalType(clang_getCursorType(p->parent->cur));
    if (k == CXCursor_ParenExpr || k == CXCursor_UnexposedExpr ||
        (k == CXCursor_MemberRefExpr && !derived))
      continue;
    if (k == CXCursor_ArraySubscriptExpr && p->index == 0) {
      deref = derived;
      continue;
    }
    if (k == CXCursor_UnaryOperator &&
        clang_getCursorUnaryOperatorKind(p->parent->cur) ==
            CXUnaryOperator_Deref) {
      deref = derived;
      continue;
    }
    if ((k == CXCursor_UnaryOperator &&
         clang_getCursorUnaryOperatorKind(p->parent->cur) ==
             CXUnaryOperator_AddrOf) ||
        k == CXCursor_CStyleCastExpr || k == CXCursor_CXXStaticCastExpr ||
        k == CXCursor_CXXReinterpretCastExpr ||
        k == CXCursor_CXXConstCastExpr ||
        (k == CXCursor_BinaryOperator && t.kind == CXType_Pointer &&
         clang_getCursorBinaryOperatorKind(p->parent->cur) !=
             CXBinaryOperator_Assign)) {
      /* In a template `&tile[ty][0]` may be of a dependent type: a
       * pointer, taken as writable (pwr is right for any store). */
      if (t.kind != CXType_Pointer && t.kind != CXType_Dependent)
        return 0;
      derived = 1;
      writable = t.kind == CXType_Dependent ||
                 !clang_isConstQualifiedType(clang_getPointeeType(t));
      continue;
    }
    return 0;
  }
  if (!deref)
    return 0;
  pointer_taken(fx, i, writable,
                "a target is read or written through a pointer derived from "
                "its address");
  return 1;
}

/* A pointer into the warp's copy of target r->members[i] kept in a local
 * (`float *row = &tile[ty][0];`, `T *s = reinterpret_cast<T *>(smem);`):
 * stores through pointers in the clone then go through pwr, which tells a
 * copy from global memory by address (point_stores_at_copies), reads
 * through it carry no read mark (every region counts as reading), and the
 * copies are whole (a read through it cannot find S).  A reference bound
 * to a target cannot be hoisted as a local. */
static void note_kept_pointer(struct facts *fx, const struct frame *f,
                              size_t i) {
  const struct frame *p = f;
  CXType t;

  if (derived_pointer_store(fx, f, i))
    return;
  while (p->parent &&
         (p->parent->kind == CXCursor_UnexposedExpr ||
          p->parent->kind == CXCursor_ParenExpr ||
          p->parent->kind == CXCursor_CStyleCastExpr ||
          p->parent->kind == CXCursor_CXXStaticCastExpr ||
          p->parent->kind == CXCursor_CXXReinterpretCastExpr ||
          p->parent->kind == CXCursor_CXXConstCastExpr ||
          p->parent->kind == CXCursor_CXXFunctionalCastExpr ||
          (p->parent->kind == CXCursor_ConditionalOperator && p->index > 0) ||
          (p->parent->kind == CXCursor_UnaryOperator &&
           clang_getCursorUnaryOperatorKind(p->parent->cur) ==
               CXUnaryOperator_AddrOf) ||
          (p->parent->kind == CXCursor_ArraySubscriptExpr && p->index == 0) ||
          (p->parent->kind == CXCursor_BinaryOperator &&
           ld__is_pointer(clang_getCursorType(p->parent->cur)) &&
           clang_getCursorBinaryOperatorKind(p->parent->cur) !=
               CXBinaryOperator_Assign)))
    p = p->parent;
  if (!p->parent || !(p->parent->kind == CXCursor_VarDecl ||
                      ((p->parent->kind == CXCursor_BinaryOperator ||
                        p->parent->kind == CXCursor_CompoundAssignOperator) &&
                       p->index == 1 &&
                       clang_getCursorBinaryOperatorKind(p->parent->cur) ==
                           CXBinaryOperator_Assign)))
    return;
  t = clang_getCanonicalType(clang_getCursorType(p->parent->cur));
  if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference) {
    ld__replay_fail(fx, "reference to a shared variable kept in a local");
    return;
  }
  if (t.kind != CXType_Pointer)
    return;
  pointer_taken(fx, i, !clang_isConstQualifiedType(clang_getPointeeType(t)),
                "a pointer to a target is kept in a local");
}

/* A device function's clone names target i of the kernel's layout (one it
 * declares, or a file-scope one): the clone is a template on the layout,
 * the kernel's proof does not see the access (it gives up), and when the
 * target's address may leave the function (`return buf;`, `g(buf)`), the
 * kernel treats it as a pointer kept in a local: stores through pointers
 * go through pwr, reads through them are not marked. */
static void devfn_names_target(struct facts *fx, const struct frame *f,
                               size_t i) {
  struct facts *top = fx->top;
  const struct frame *q;
  const char *why;

  fx->r->uses_layout = 1;
  if (!top->proof.proof_why)
    top->proof.proof_why = "a device function it calls uses a target";
  if (access_of(f, &q, &why) != ACCESS_OTHER)
    return;
  keep_pointer_to(fx, i);
}

/* A reference to shared variable r->members[i]: the clone reads it through
 * the layout (srd when the value is loaded); a pointer to it kept in a
 * local: note_kept_pointer. */
static void visit_member_ref(struct facts *fx, const struct frame *f,
                             size_t i) {
  const struct ld_member *m = &fx->top->r->members[i];
  struct ld_buf t = LD_BUF_INIT;
  size_t b, e;

  if (!ld__replay_span(fx, f->cur, &b, &e)) {
    ld__replay_fail(fx, "shared variable used inside a macro expansion");
    return;
  }
  fx->r->uses_layout = 1;
  if (fx != fx->top)
    devfn_names_target(fx, f, i);
  ld__note_read(fx, b);
  note_kept_pointer(fx, f, i);
  if (ld__replay_stopped(fx))
    return;
  mark_escape(fx, f);
  {
    const struct frame *top;
    const char *why;
    enum access use = access_of(f, &top, &why);
    ld__proof_access(fx, f, i, b, use);
    /* Any use but the object of a plain `=` reads the target: the
     * reference marks the thread (a region no warp read a target in
     * needs no second pass); a load goes through srd, which marks it and
     * with lazy copies finds the line. */
    const char *rd =
        only_stored(f) || use == ACCESS_READ ? "" : "__ldcc_c.rd = 1, ";
    size_t tb, te;
    if (use == ACCESS_OTHER && !fx->top->r->eager_why)
      fx->top->r->eager_why = why;
    if (use == ACCESS_READ) {
      if (!ld__replay_span(fx, top->cur, &tb, &te)) {
        ld__replay_fail(fx, "shared variable used inside a macro expansion");
        return;
      }
      if (!fx->rc)
        fx->rc =
            ld_edit_insert(&fx->r->edits, tb, "(*__ldcc::srd(__ldcc_c, &(");
      if (!fx->rc)
        fx->rc = ld_edit_insert(&fx->r->edits, te, ")))");
    }
    if (m->decl)
      fx->rc = fx->rc
                   ? fx->rc
                   : ld_buf_printf(
                         &t, rd[0] ? "((%s__ldcc_p)->%s)" : "(%s__ldcc_p->%s)",
                         rd, m->name);
    else if (strchr(m->elem, '[')) /* `extern __shared__ float s[][72];` */
      fx->rc =
          fx->rc ? fx->rc
                 : ld_buf_printf(&t,
                                 rd[0] ? "((__ldcc::ptr_t<%s>)(%s__ldcc_c.ext))"
                                       : "((__ldcc::ptr_t<%s>)%s__ldcc_c.ext)",
                                 m->elem, rd);
    else
      fx->rc = fx->rc ? fx->rc
                      : ld_buf_printf(&t,
                                      rd[0] ? "((%s *)(%s__ldcc_c.ext))"
                                            : "((%s *)%s__ldcc_c.ext)",
                                      m->elem, rd);
  }
  if (!fx->rc)
    ld__replay_edit(fx, b, e, t.data);
  ld_buf_free(&t);
}

/* A cooperative-groups handle (`cg::thread_block`, a tile): what its
 * methods do (`block.sync()`) changes nothing the replay must restore, and
 * it can be neither default-constructed nor assigned. */
static int cg_handle(CXType t) {
  CXString sp = clang_getTypeSpelling(
      clang_getCanonicalType(clang_getNonReferenceType(t)));
  int cg = strstr(clang_getCString(sp), "cooperative_groups::") != NULL;
  clang_disposeString(sp);
  return cg;
}

/* A use of a pipeline the clone makes `__ldcc::apipe(__ldcc_c)`: one of
 * its methods, or the last argument of a copy (visit_async_copy). */
static int pipe_use_ok(const struct frame *f) {
  static const char *const methods[] = {"producer_acquire",
                                        "producer_commit",
                                        "consumer_wait",
                                        "consumer_release",
                                        "consumer_wait_for",
                                        "consumer_wait_until",
                                        "quit"};
  const struct frame *p = f;
  size_t i;
  int ok = 0;

  while (p->parent && (p->parent->kind == CXCursor_ParenExpr ||
                       p->parent->kind == CXCursor_UnexposedExpr))
    p = p->parent;
  if (!p->parent)
    return 0;
  if (p->parent->kind == CXCursor_MemberRefExpr) {
    CXString n = clang_getCursorSpelling(p->parent->cur);
    for (i = 0; i < sizeof methods / sizeof methods[0]; i++)
      ok |= !strcmp(clang_getCString(n), methods[i]);
    clang_disposeString(n);
    return ok;
  }
  if (p->parent->kind == CXCursor_CallExpr) {
    CXString n = ld__call_name(p->parent->cur);
    ok = ld__async_copy_name(clang_getCString(n)) == 2 ||
         !strcmp(clang_getCString(n), "pipeline_consumer_wait_prior");
    clang_disposeString(n);
  }
  return ok;
}

/* A reference to local or parameter r->locals[i]: its uses for liveness and
 * the proof; d is the declaration it names. */
static void visit_local_ref(struct facts *fx, const struct frame *f,
                            CXCursor d) {
  size_t i, b;

  if ((i = ld__find_local(fx, d)) != SIZE_MAX) {
    const struct frame *top, *q = f;
    const char *why;
    CXSourceLocation loc = clang_getCursorLocation(f->cur);
    enum access use = access_of(f, &top, &why);
    /* For the proof: read through an implicit conversion, as a dependent
     * built-in operand, or as a subscript's index (a template's `tile[ty]`
     * has no conversion); anything else may change it. */
    while (q->parent && q->parent->kind == CXCursor_ParenExpr)
      q = q->parent;
    if (!(q->parent && (q->parent->kind == CXCursor_UnexposedExpr ||
                        (q->parent->kind == CXCursor_ArraySubscriptExpr &&
                         q->index == 1))) &&
        use != ACCESS_READ)
      ld__proof_change(fx, i, q);
    if (!ld__main_offset(fx->s, loc, &b) || use == ACCESS_OTHER) {
      fx->uses[i].escapes = 1;
    } else {
      const struct frame *p = f;
      ld__add_use(fx, i, b);
      /* Only a read of its value (an implicit conversion: lvalue to
       * rvalue, decay) leaves it as it was. */
      while (p->parent && p->parent->kind == CXCursor_ParenExpr)
        p = p->parent;
      if ((!p->parent || p->parent->kind != CXCursor_UnexposedExpr) &&
          b + 1 > fx->uses[i].last_change)
        fx->uses[i].last_change = b + 1;
    }
  }
  /* A parameter read only through implicit conversions (its value, a
   * pointer's decay) never changes: no snapshot, no comparison.  Anything
   * else (assigned, ++, &, bound to a reference, a member of it) counts as
   * a change. */
  if ((i = ld__find_local(fx, d)) != SIZE_MAX && fx->r->locals[i].is_param &&
      !cg_handle(clang_getCursorType(d)) &&
      !const_param(clang_getCursorType(d))) {
    const struct frame *p = f;
    while (p->parent && p->parent->kind == CXCursor_ParenExpr)
      p = p->parent;
    if (!p->parent || p->parent->kind != CXCursor_UnexposedExpr)
      fx->r->locals[i].changed = 1;
  }
  if ((i = ld__find_local(fx, d)) != SIZE_MAX && fx->r->locals[i].name &&
      strcmp(fx->r->locals[i].name, fx->orig_name[i])) {
    CXSourceLocation loc = clang_getCursorLocation(f->cur);
    if (!ld__main_offset(fx->s, loc, &b) || ld__in_macro(fx->s, b)) {
      ld__replay_fail(fx, "renamed local used inside a macro expansion");
      return;
    }
    ld__replay_edit(fx, b, b + strlen(fx->orig_name[i]), fx->r->locals[i].name);
  }
}

static void visit_ref(struct facts *fx, const struct frame *f) {
  CXCursor d = clang_getCursorReferenced(f->cur);
  size_t i, b, e;

  if (is_pipe(fx, d)) {
    if (!pipe_use_ok(f))
      ld__replay_fail(fx, "thread-scope pipeline used other than by its "
                          "methods and cuda::memcpy_async");
    else if (!ld__replay_span(fx, f->cur, &b, &e))
      ld__replay_fail(fx, "asynchronous copy inside a macro expansion");
    else
      ld__replay_edit(fx, b, e, "__ldcc::apipe(__ldcc_c)");
    return;
  }

  for (i = 0; i < fx->top->ncubs; i++)
    if (clang_equalCursors(clang_getCanonicalCursor(d), fx->top->cubs[i])) {
      visit_cub_ref(fx, f, i);
      return;
    }
  if ((i = ld__find_member(fx, d)) != SIZE_MAX)
    visit_member_ref(fx, f, i);
  else
    visit_local_ref(fx, f, d);
}

/* What the walk does at f: its kind, but for a device function without
 * barriers, cloned as written but for its stores (no hoisting, no sites,
 * `return` stays), nothing for declarations and jumps. */
static enum CXCursorKind action_of(struct facts *fx, const struct frame *f) {
  enum CXCursorKind act = f->kind;

  if (fx->r->is_plain) {
    switch (f->kind) {
    case CXCursor_DeclStmt: {
      /* A shared variable moves to the kernel's layout. */
      CXCursor v;
      if (ld__nth_child(f->cur, 0, &v) &&
          clang_getCursorKind(v) == CXCursor_VarDecl && is_shared_decl(v))
        break;
      act = CXCursor_UnexposedStmt;
      break;
    }
    case CXCursor_VarDecl:
    case CXCursor_ReturnStmt:
    case CXCursor_GotoStmt:
    case CXCursor_IndirectGotoStmt:
    case CXCursor_LabelStmt:
    case CXCursor_CXXForRangeStmt:
      act = CXCursor_UnexposedStmt; /* nothing to do but the walk */
      break;
    default:
      break;
    }
  }
  return act;
}

/* The body's shape for liveness and the proof: its top-level statements,
 * the first expression that may read memory, its loops. */
static void note_shape(struct facts *fx, const struct frame *f) {
  CXCursor c = f->cur;
  size_t b, e;

  if (!f->parent->parent &&
      !ld__push_span(fx, &fx->shape.tops, &fx->shape.ntops, c))
    fx->shape.tops_unknown = 1; /* a statement from a macro: no prefix */
  if ((f->kind == CXCursor_ArraySubscriptExpr || f->kind == CXCursor_CallExpr ||
       (f->kind == CXCursor_UnaryOperator &&
        clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref) ||
       (f->kind == CXCursor_MemberRefExpr && !ld__is_index_member(c))) &&
      ld__replay_span(fx, c, &b, &e))
    ld__note_read(fx, b);
  if ((f->kind == CXCursor_ForStmt || f->kind == CXCursor_WhileStmt ||
       f->kind == CXCursor_DoStmt) &&
      !ld__push_span(fx, &fx->shape.loops, &fx->shape.nloops, c))
    fx->shape.loops_unknown = 1; /* a loop from a macro: every local live */
  else if (f->kind == CXCursor_ForStmt || f->kind == CXCursor_WhileStmt ||
           f->kind == CXCursor_DoStmt)
    ld__proof_loop(fx, c);
}

/* `return E;` in a device function's clone with barriers that returns a
 * value: `{ __ldcc_ret = (E); goto __ldcc_exit; }`, E's own edits kept
 * (the clone returns __ldcc_ret after its exit site). */
static void return_value(struct facts *fx, size_t b, size_t e) {
  size_t end = e;

  /* Its `;`: after a braced value too (`return P{a, b};`). */
  if (!e || fx->s->src[e - 1] != ';') {
    while (end < fx->s->len && ld__is_blank(fx->s->src[end]))
      end++;
    end = end < fx->s->len && fx->s->src[end] == ';' ? end + 1 : e;
  }
  if (end == e && (!e || fx->s->src[e - 1] != ';')) {
    ld__replay_fail(fx, "return inside a macro expansion");
    return;
  }
  ld__replay_edit(fx, b, b + 6, "{ __ldcc_ret = (");
  ld__replay_edit(fx, end - 1, end, "); goto __ldcc_exit; }");
}

static enum CXChildVisitResult body_cb(CXCursor c, CXCursor parent,
                                       CXClientData data) {
  struct frame *pf = data;
  struct facts *fx = pf->fx;
  struct frame f;
  enum CXCursorKind act;
  CXCursor lv;
  size_t b, e;

  (void)parent;
  if (ld__replay_stopped(fx))
    return CXChildVisit_Break;
  f.cur = c;
  f.kind = clang_getCursorKind(c);
  f.parent = pf;
  f.index = pf->nchild++;
  f.nchild = 0;
  f.fx = fx;
  act = action_of(fx, &f);
  note_shape(fx, &f);
  if (fx->rc)
    return CXChildVisit_Break;
  switch (act) {
  case CXCursor_DeclStmt:
    visit_decl_stmt(fx, &f);
    break;
  case CXCursor_VarDecl:
    if (pf->kind != CXCursor_DeclStmt)
      ld__replay_fail(fx, "declaration in a condition");
    break;
  case CXCursor_DeclRefExpr:
    visit_ref(fx, &f);
    break;
  case CXCursor_CallExpr:
    visit_call(fx, &f);
    break;
  case CXCursor_ReturnStmt:
    if (!ld__replay_span(fx, c, &b, &e))
      ld__replay_fail(fx, "return inside a macro expansion");
    else if (fx->r->ret_end && ld__nth_child(c, 0, &lv))
      return_value(fx, b, e);
    else
      ld__replay_edit(fx, b, e, "goto __ldcc_exit");
    break;
  case CXCursor_BinaryOperator:
    if (clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign &&
        ld__nth_child(c, 0, &lv))
      visit_store(fx, lv, c);
    break;
  case CXCursor_CompoundAssignOperator:
    if (ld__nth_child(c, 0, &lv))
      visit_store(fx, lv, c);
    break;
  case CXCursor_UnaryOperator: {
    enum CXUnaryOperatorKind k = clang_getCursorUnaryOperatorKind(c);
    if (k >= CXUnaryOperator_PostInc && k <= CXUnaryOperator_PreDec &&
        ld__nth_child(c, 0, &lv))
      visit_store(fx, lv, c);
    break;
  }
  case CXCursor_GotoStmt:
  case CXCursor_IndirectGotoStmt:
  case CXCursor_LabelStmt:
    ld__replay_fail(fx, "goto or label");
    break;
  case CXCursor_BreakStmt:
  case CXCursor_ContinueStmt:
    ld__proof_jump(fx, &f);
    break;
  case CXCursor_LambdaExpr:
    ld__replay_fail(fx, "lambda inside the kernel");
    break;
  case CXCursor_CXXForRangeStmt:
    ld__replay_fail(fx, "range-based for");
    break;
  case CXCursor_GCCAsmStmt:
  case CXCursor_MSAsmStmt:
    if (!ld__asm_pure(c))
      ld__replay_fail(fx, "inline assembly");
    break;
  case CXCursor_CXXTryStmt:
  case CXCursor_CXXThrowExpr:
    ld__replay_fail(fx, "exceptions");
    break;
  default:
    break;
  }
  if (ld__replay_stopped(fx))
    return CXChildVisit_Break;
  if (fx->skip_children) {
    fx->skip_children = 0;
    return CXChildVisit_Continue;
  }
  clang_visitChildren(c, body_cb, &f);
  return ld__replay_stopped(fx) ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* ---- The definition ------------------------------------------------------ */

struct header_parts {
  struct facts *fx;
  struct ld_buf params;   /* "int BLOCK, typename T" without defaults */
  struct ld_buf args;     /* "BLOCK, T" */
  size_t last_tparam_end; /* one past the last template parameter */
  CXCursor body;
  int has_body;
  size_t last_param_end;
  int nparams;
};

/* Text of a template parameter without its default argument. */
static int put_template_param(struct facts *fx, CXCursor c,
                              struct ld_buf *out) {
  const char *s = fx->s->src;
  size_t b, e, i;
  int depth = 0;

  if (!ld__replay_span(fx, c, &b, &e))
    return LD_EINVAL;
  for (i = b; i < e; i++) {
    if (s[i] == '<' || s[i] == '(')
      depth++;
    else if (s[i] == '>' || s[i] == ')')
      depth--;
    else if (s[i] == '=' && !depth)
      break;
  }
  while (i > b && ld__is_blank(s[i - 1]))
    i--;
  return ld_buf_append(out, s + b, i - b);
}

static enum CXChildVisitResult def_cb(CXCursor c, CXCursor parent,
                                      CXClientData data) {
  struct header_parts *h = data;
  struct facts *fx = h->fx;
  enum CXCursorKind k = clang_getCursorKind(c);
  size_t b, e;
  int rc = LD_OK;

  (void)parent;
  switch (k) {
  case CXCursor_TemplateTypeParameter:
  case CXCursor_NonTypeTemplateParameter:
  case CXCursor_TemplateTemplateParameter: {
    char *name = ld__cursor_name(c);
    if (!name)
      return CXChildVisit_Break;
    if (h->args.len)
      rc = ld_buf_puts(&h->args, ", ");
    if (!rc && h->params.len)
      rc = ld_buf_puts(&h->params, ", ");
    if (!rc)
      rc = put_template_param(fx, c, &h->params);
    if (!rc && ld__replay_span(fx, c, &b, &e))
      h->last_tparam_end = e;
    if (!rc)
      rc = ld_buf_puts(&h->args, name);
    if (!rc && ld__replay_span(fx, c, &b, &e)) {
      const char *s = fx->s->src;
      size_t i;
      for (i = b; i + 3 <= e; i++)
        if (!memcmp(s + i, "...", 3)) {
          rc = ld_buf_puts(&h->args, "...");
          break;
        }
    }
    free(name);
    if (rc == LD_EINVAL)
      ld__replay_fail(fx, "template parameter inside a macro expansion");
    else if (rc)
      fx->rc = rc;
    break;
  }
  case CXCursor_ParmDecl: {
    struct ld_local *l;
    char *name = ld__cursor_name(c);
    if (!name)
      return CXChildVisit_Break;
    h->nparams++;
    if (ld__replay_span(fx, c, &b, &e))
      h->last_param_end = e;
    else
      ld__replay_fail(fx, "parameter inside a macro expansion");
    if (*name && !clang_isConstQualifiedType(clang_getCursorType(c)) &&
        (l = add_local(fx, c)) != NULL)
      l->is_param = 1;
    free(name);
    break;
  }
  case CXCursor_CompoundStmt:
    h->body = c;
    h->has_body = 1;
    break;
  default:
    break;
  }
  return ld__replay_stopped(fx) ? CXChildVisit_Break : CXChildVisit_Continue;
}

static int scope_of(struct facts *fx, CXCursor fn) {
  int rc = ld__namespace_scope(fn, &fx->r->scope);

  if (!rc && !fx->r->scope) {
    ld__replay_fail(fx, "kernel declared inside a class");
    fx->r->scope = strdup("");
    rc = fx->r->scope ? LD_OK : LD_ENOMEM;
  }
  return rc;
}

/* A prototype of the kernel earlier in the main file (non-templates). */
struct proto_parts {
  struct facts *fx;
  size_t last_param_end;
  int nparams;
};

static enum CXChildVisitResult proto_cb(CXCursor c, CXCursor parent,
                                        CXClientData data) {
  struct proto_parts *pp = data;
  size_t b, e;

  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_ParmDecl) {
    pp->nparams++;
    /* Not plain text, or a default argument (the clone's added parameter
     * would need one too): no prototype support. */
    if (ld__replay_span(pp->fx, c, &b, &e) &&
        !memchr(pp->fx->s->src + b, '=', e - b))
      pp->last_param_end = e;
    else
      pp->nparams = -1000;
  }
  return CXChildVisit_Continue;
}

static void find_prototype(struct facts *fx, CXCursor fn) {
  struct ld_replay *r = fx->r;
  CXCursor canon = clang_getCanonicalCursor(fn);
  const char *s = fx->s->src;
  struct proto_parts pp = {fx, 0, 0};
  size_t b, e, name, p;

  if (clang_getCursorKind(fn) == CXCursor_FunctionTemplate ||
      clang_equalCursors(canon, fn) || !ld__replay_span(fx, canon, &b, &e) ||
      e > r->def_begin ||
      !ld__main_offset(fx->s, clang_getCursorLocation(canon), &name))
    return;
  clang_visitChildren(canon, proto_cb, &pp);
  if (pp.nparams < 0)
    return;
  p = pp.nparams ? pp.last_param_end : name + strlen(fx->k->name);
  if (!pp.nparams) {
    while (p < e && s[p] != '(')
      p++;
    for (p++; p < e && ld__is_blank(s[p]); p++)
      ;
  }
  while (pp.nparams && p < e && s[p] != ')')
    p++;
  if (p >= e || s[p] != ')')
    return; /* `(void)` or something unusual: no prototype support */
  /* As for the definition: attributes clang leaves outside the extent. */
  b = ld__def_start(s, b, 0);
  r->proto_begin = b;
  r->proto_end = e;
  r->proto_name = name;
  r->proto_close = p;
  r->proto_has_params = pp.nparams > 0;
}

/* Whether s[b, e) names a register or thread bound of its own
 * (`__launch_bounds__`, `__maxnreg__`, or their __attribute__ spellings):
 * then the clone keeps the user's bound and no `__lb` clone is emitted.
 * Bounds hidden in other macros are not seen. */
static int says_bounds(const char *s, size_t b, size_t e) {
  static const char *const words[] = {"launch_bounds", "maxnreg"};
  size_t i, p;

  for (i = 0; i < sizeof words / sizeof *words; i++) {
    size_t n = strlen(words[i]);
    for (p = b; p + n <= e; p++)
      if (!memcmp(s + p, words[i], n))
        return 1;
  }
  return 0;
}

/* A device function with barriers that returns a value: where its return
 * type is written, [ret_begin, ret_end), the words before its name but
 * the specifiers.  A reference, `auto` or anything the clone cannot
 * declare a local of leaves the kernel unchecked. */
static void return_type(struct facts *fx) {
  static const char *const specifiers[] = {
      "__device__",      "__host__",     "static",    "inline", "__inline__",
      "__forceinline__", "__noinline__", "constexpr", NULL};
  struct ld_replay *r = fx->r;
  const char *s = fx->s->src;
  size_t p = r->def_begin, e = r->name_begin, w;
  const char *const *sp;

  /* A function template's head, `template <typename T>`, is not its
   * return type. */
  if (r->is_template && !strncmp(s + p, "template", 8)) {
    int depth = 0;
    for (; p < e; p++) {
      depth += s[p] == '<' ? 1 : s[p] == '>' ? -1 : 0;
      if (s[p] == '>' && depth == 0) {
        p++;
        break;
      }
    }
  }
  while (p < e) {
    while (p < e && ld__is_blank(s[p]))
      p++;
    for (w = p; w < e &&
                (s[w] == '_' || (s[w] >= 'a' && s[w] <= 'z') ||
                 (s[w] >= 'A' && s[w] <= 'Z') || (s[w] >= '0' && s[w] <= '9'));
         w++)
      ;
    for (sp = specifiers; *sp; sp++)
      if (strlen(*sp) == w - p && !memcmp(s + p, *sp, w - p))
        break;
    if (!*sp || w == p)
      break;
    p = w;
  }
  while (e > p && ld__is_blank(s[e - 1]))
    e--;
  if (e <= p || memchr(s + p, '&', e - p) || ld__has_word(fx, p, e, "auto") ||
      ld__has_word(fx, p, e, "__device__") ||
      ld__has_word(fx, p, e, "__attribute__")) {
    ld__replay_fail(fx, "return type it cannot declare a local of");
    return;
  }
  r->ret_begin = p;
  r->ret_end = e;
}

static int analyse_def(struct facts *fx, CXCursor fn) {
  struct ld_replay *r = fx->r;
  struct header_parts h;
  const char *s = fx->s->src;
  size_t b, e, p;
  int rc = LD_OK;

  memset(&h, 0, sizeof h);
  h.fx = fx;
  if (!ld__replay_span(fx, fn, &r->def_begin, &r->def_end) ||
      !ld__main_offset(fx->s, clang_getCursorLocation(fn), &r->name_begin)) {
    ld__replay_fail(fx, "defined inside a macro expansion");
    return LD_OK;
  }
  r->name_end = r->name_begin + strlen(fx->k->name);
  /* Attributes written before the declaration (`__global__ void k`) may
   * lie outside the extent clang gives. */
  r->def_begin = ld__def_start(s, r->def_begin, r->is_devfn);
  rc = scope_of(fx, fn);
  if (rc || ld__replay_stopped(fx))
    return rc;
  /* (An explicit specialization's canonical declaration is the
   * template's instance, no prototype of its own.) */
  if (!r->is_devfn && !fx->k->spec_args)
    find_prototype(fx, fn);
  clang_visitChildren(fn, def_cb, &h);
  if (ld__replay_stopped(fx) || !h.has_body)
    goto out;
  if (clang_getCursorKind(fn) == CXCursor_FunctionTemplate) {
    struct ld_buf t = LD_BUF_INIT;
    rc = ld_buf_printf(&t, "template <%s>", h.params.data ? h.params.data : "");
    r->template_header = rc ? NULL : ld_buf_detach(&t);
    ld_buf_free(&t);
    rc = ld_buf_printf(&t, "<%s>", h.args.data ? h.args.data : "");
    r->template_args = rc ? NULL : ld_buf_detach(&t);
    ld_buf_free(&t);
    p = h.last_tparam_end;
    while (p < r->def_end && s[p] != '>')
      p++;
    r->template_decl = ld__span_text(fx->s, r->def_begin, p + 1);
    if (!r->template_header || !r->template_args || !r->template_decl) {
      rc = LD_ENOMEM;
      goto out;
    }
  }
  /* The parameter list's closing parenthesis. */
  p = h.nparams ? h.last_param_end : r->name_end;
  if (!h.nparams) {
    while (p < r->def_end && s[p] != '(')
      p++;
    r->params_open = p;
  }
  while (p < r->def_end && s[p] != ')')
    p++;
  r->params_close = p;
  r->has_params = h.nparams > 0;
  if (!ld__replay_span(fx, h.body, &b, &e)) {
    ld__replay_fail(fx, "body inside a macro expansion");
    goto out;
  }
  r->body_open = b;
  r->body_close = e - 1;
  r->user_bounds =
      says_bounds(s, r->def_begin, r->body_open) ||
      (r->proto_end && says_bounds(s, r->proto_begin, r->proto_end));
  if (r->is_devfn && !r->is_plain &&
      clang_getCursorResultType(fn).kind != CXType_Void)
    return_type(fx);
  r->exit_line = ld__line_of(fx, r->body_close);
  for (p = r->body_close; p > 0 && s[p - 1] != '\n'; p--)
    ;
  r->exit_col = (unsigned)(r->body_close - p + 1);
  {
    struct frame root;
    root.cur = h.body;
    root.kind = CXCursor_CompoundStmt;
    root.parent = NULL;
    root.index = 0;
    root.nchild = 0;
    root.fx = fx;
    clang_visitChildren(h.body, file_shared_cb, fx);
    if (!ld__replay_stopped(fx))
      clang_visitChildren(h.body, body_cb, &root);
  }
  if (!fx->rc && !fx->reason && fx->ptrs.kept)
    point_stores_at_copies(fx);
  if (!fx->rc && !fx->reason)
    ld__compute_liveness(fx);
out:
  ld_buf_free(&h.params);
  ld_buf_free(&h.args);
  return rc;
}

#define GLOG_OPEN "(*__ldcc::glog(__ldcc_c, &("
#define PWR_OPEN "(*__ldcc::pwr(__ldcc_c, &("

/* The kernel keeps a writable pointer into a copy in a local: any store
 * through a pointer may land in the warp's copy, so each becomes pwr (a
 * copy: swr, marking the thread and the line; else glog), and each such
 * line counts as writing every target a pointer was taken to.  A global
 * atomic through a local pointer (one patomic_add does not take: a float,
 * a maximum) might be applied to a copy once only, while pass 2 starts
 * from a copy without the warp's own writes: refused.  One through a
 * parameter or a `__device__` variable cannot reach a copy. */
static void point_stores_at_copies(struct facts *fx) {
  struct ld_edit_list *l = &fx->r->edits;
  size_t i, j;

  if (fx->ptrs.local_atomics) {
    ld__replay_fail(fx, "atomic through a local pointer that may hold a shared "
                        "variable's address, other than a 32-bit integer add "
                        "or subtract");
    return;
  }
  for (i = 0; i < l->n; i++) {
    char *t = l->items[i].text;
    if (strcmp(t, GLOG_OPEN))
      continue;
    t = strdup(PWR_OPEN);
    if (!t) {
      fx->rc = LD_ENOMEM;
      return;
    }
    free(l->items[i].text);
    l->items[i].text = t;
  }
  for (i = 0; i < fx->ptrs.nmembers && !fx->rc; i++)
    for (j = 0; j < fx->devfns.nstore_lines; j++)
      add_member_line(fx, fx->ptrs.members[i], fx->devfns.store_lines[j]);
}

/* ---- Device functions with barriers ------------------------------------- */

static void facts_free(struct facts *fx, size_t nlocals) {
  size_t i;

  for (i = 0; i < fx->ntsub; i++) {
    free(fx->tsub_names[i]);
    free(fx->tsub_args[i]);
  }
  for (i = 0; fx->orig_name && i < nlocals; i++)
    free(fx->orig_name[i]);
  free(fx->orig_name);
  for (i = 0; fx->uses && i < nlocals; i++)
    free(fx->uses[i].refs);
  free(fx->uses);
  free(fx->shape.loops);
  free(fx->shape.tops);
  free(fx->local_cur);
  free(fx->member_cur);
  free(fx->devfns.callee_cur);
  free(fx->devfns.store_lines);
  free(fx->ptrs.members);
  free(fx->proof.pacc);
  free(fx->proof.pcur);
  free(fx->proof.for_body);
  free(fx->proof.for_cond);
  free(fx->proof.body_at);
  free(fx->proof.site_flat);
  free(fx->proof.jumps);
  for (i = 0; i < fx->ncubs; i++)
    free(fx->cub_names[i]);
  free(fx->reason);
}

/* The clone description of device function def (a callee of the kernel
 * fx walks, with barriers, or without them when plain), appended to
 * fx->r->callees; returns its index, or SIZE_MAX with fx failed. */
static size_t analyse_devfn(struct facts *fx, CXCursor def, int plain,
                            CXCursor call) {
  struct facts *top = fx->top;
  struct ld_replay *r = top->r;
  struct facts cfx;
  struct ld_kernel ck;
  struct ld_buf why = LD_BUF_INIT;
  size_t i, idx = SIZE_MAX;
  void *a, *b;

  for (i = 0; i < r->ncallees; i++)
    if (clang_equalCursors(top->devfns.callee_cur[i], def)) {
      /* Shared variables sized by the first call's template arguments:
       * every call gives the same. */
      char *args = r->callees[i]->sized_by ? call_targs(fx, call) : NULL;
      int same = !r->callees[i]->sized_by ||
                 (args && !strcmp(args, r->callees[i]->sized_by));
      free(args);
      if (!same) {
        ld__replay_fail(fx, "device function whose shared variables its "
                            "template arguments size, called with others");
        return SIZE_MAX;
      }
      return i;
    }
  if (fx->depth >= 8) {
    ld__replay_fail(fx, "calls nested too deeply");
    return SIZE_MAX;
  }
  memset(&cfx, 0, sizeof cfx);
  memset(&ck, 0, sizeof ck);
  ck.name = ld__cursor_name(def);
  cfx.top = top;
  cfx.depth = fx->depth + 1;
  cfx.s = fx->s;
  cfx.k = &ck;
  cfx.fn = def;
  cfx.call = call;
  cfx.r = calloc(1, sizeof *cfx.r);
  if (!ck.name || !cfx.r) {
    fx->rc = LD_ENOMEM;
    goto out;
  }
  cfx.r->is_devfn = 1;
  cfx.r->is_plain = plain;
  cfx.r->is_template = clang_getCursorKind(def) == CXCursor_FunctionTemplate;
  fx->rc = analyse_def(&cfx, def);
  if (!fx->rc)
    fx->rc = cfx.rc;
  if (fx->rc)
    goto out;
  if (cfx.reason) {
    if (ld_buf_printf(&why, "device function %s: %s", ck.name, cfx.reason))
      fx->rc = LD_ENOMEM;
    else
      ld__replay_fail(fx, why.data);
    goto out;
  }
  a = realloc(r->callees, (r->ncallees + 1) * sizeof *r->callees);
  if (a)
    r->callees = a;
  b = a ? realloc(top->devfns.callee_cur,
                  (r->ncallees + 1) * sizeof *top->devfns.callee_cur)
        : NULL;
  if (b)
    top->devfns.callee_cur = b;
  if (!b) {
    fx->rc = LD_ENOMEM;
    goto out;
  }
  cfx.r->fn_name = ck.name;
  ck.name = NULL;
  cfx.r->entry_line = ld__line_of(&cfx, cfx.r->name_begin);
  cfx.r->exit_site = cfx.r->nsites + 1;
  top->devfns.callee_cur[r->ncallees] = def;
  r->callees[r->ncallees] = cfx.r;
  cfx.r->store_lines = cfx.devfns.store_lines;
  cfx.r->nstore_lines = cfx.devfns.nstore_lines;
  cfx.devfns.store_lines = NULL;
  idx = r->ncallees++;
  if (!r->eager_why)
    r->eager_why = "device functions it calls reach the copies by pointer";
out:
  ld_buf_free(&why);
  free(ck.name);
  facts_free(&cfx, cfx.r ? cfx.r->nlocals : 0);
  if (idx == SIZE_MAX)
    ld_replay_free(cfx.r);
  return idx;
}

/* The targets handed to callee c at call are written by its stores through
 * pointers: their lines count as statements writing them. */
static void add_callee_write_lines(struct facts *fx, CXCursor call,
                                   const struct ld_replay *c) {
  int j, n = clang_Cursor_getNumArguments(call);
  size_t i;

  for (j = 0; j < n && !fx->rc; j++) {
    const char *why;
    size_t member = SIZE_MAX;
    if (ld__pointee_place(fx, clang_Cursor_getArgument(call, j), &member,
                          &why) != PLACE_SHARED)
      continue;
    for (i = 0; i < c->nstore_lines && !fx->rc; i++) {
      struct ld_member *m = &fx->top->r->members[member];
      unsigned *p = realloc(m->write_lines, (m->nwrite_lines + 1) * sizeof *p);
      if (!p) {
        fx->rc = LD_ENOMEM;
        return;
      }
      m->write_lines = p;
      p[m->nwrite_lines++] = c->store_lines[i];
    }
  }
}

/* The clone of the callee of call (plain: without sites), with its stores
 * credited to the targets handed to it: its index in the kernel's callees,
 * or SIZE_MAX when the kernel cannot be checked. */
static size_t clone_callee(struct facts *fx, CXCursor call, CXCursor def,
                           int plain) {
  size_t idx = analyse_devfn(fx, def, plain, call);

  if (idx == SIZE_MAX || ld__replay_stopped(fx))
    return SIZE_MAX;
  add_callee_write_lines(fx, call, fx->top->r->callees[idx]);
  /* A device function's callee stores through the pointers it is handed:
   * its lines are the caller's too (they write what the caller gets). */
  if (fx != fx->top) {
    const struct ld_replay *c = fx->top->r->callees[idx];
    size_t i, n = fx->devfns.nstore_lines;
    unsigned *p =
        realloc(fx->devfns.store_lines, (n + c->nstore_lines + 1) * sizeof *p);
    if (!p) {
      fx->rc = LD_ENOMEM;
      return SIZE_MAX;
    }
    for (i = 0; i < c->nstore_lines; i++)
      p[n + i] = c->store_lines[i];
    fx->devfns.store_lines = p;
    fx->devfns.nstore_lines = n + c->nstore_lines;
  }
  return fx->rc ? SIZE_MAX : idx;
}

/* Reason formats (with the callee's name) for a call whose callee cannot
 * be cloned. */
struct clone_whys {
  const char *tmpl, *header, *later, *scope, *macro;
  int templates; /* a function template may be cloned (a template clone) */
};

/* Whether def, the callee of call f, can be cloned for the kernel fx walks:
 * a function (not a template) of the main file, defined before the kernel,
 * at file scope or in the kernel's scope, the call and its arguments
 * spelled out.  Sets the callee name's span [*nb, *ne) and the call's end
 * *ce; fails fx with a reason otherwise. */
static int clonable(struct facts *fx, const struct frame *f, CXCursor callee,
                    CXCursor def, const struct clone_whys *w, size_t *nb,
                    size_t *ne, size_t *ce) {
  CXCursor name_cur, fp, kp;
  size_t cb, db, de;
  int n, j;

  if (!(clang_getCursorKind(def) == CXCursor_FunctionTemplate &&
        w->templates) &&
      (clang_getCursorKind(def) != CXCursor_FunctionDecl ||
       !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(def)))) {
    ld__replay_fail(fx, ld__named_reason(w->tmpl, callee));
    return 0;
  }
  if (!ld__replay_span(fx, def, &db, &de)) {
    ld__replay_fail(fx, ld__named_reason(w->header, callee));
    return 0;
  }
  /* `uint4 &operator+=(uint4 &a, uint4 b)` (hecbench radixsort): a clone
   * named `__ldcc_<k>__f_operator+=` is no name, and nvcc rejected the
   * file. */
  {
    CXString sp = clang_getCursorSpelling(def);
    int op = ld__starts(clang_getCString(sp), "operator");
    clang_disposeString(sp);
    if (op) {
      ld__replay_fail(fx, ld__named_reason("calls %s, an operator of the "
                                           "file that writes memory",
                                           callee));
      return 0;
    }
  }
  /* Every clone is emitted after the kernel: what it names must be
   * declared there. */
  if (de > fx->top->r->def_begin) {
    ld__replay_fail(fx, ld__named_reason(w->later, callee));
    return 0;
  }
  fp = clang_getCursorSemanticParent(def);
  kp = clang_getCursorSemanticParent(fx->top->fn);
  if (clang_getCursorKind(fp) != CXCursor_TranslationUnit &&
      !clang_equalCursors(fp, kp)) {
    ld__replay_fail(fx, ld__named_reason(w->scope, callee));
    return 0;
  }
  if (!ld__replay_span(fx, f->cur, &cb, ce) ||
      !ld__nth_child(f->cur, 0, &name_cur) ||
      !ld__replay_span(fx, name_cur, nb, ne) || fx->s->src[*ce - 1] != ')') {
    ld__replay_fail(fx, ld__named_reason(w->macro, callee));
    return 0;
  }
  /* Every parameter passed: the clone's parameters come first. */
  n = clang_Cursor_getNumArguments(f->cur);
  for (j = 0; j < n; j++) {
    size_t ab, ae;
    if (!ld__replay_span(fx, clang_Cursor_getArgument(f->cur, j), &ab, &ae)) {
      ld__replay_fail(
          fx, ld__named_reason("call of %s with a default or macro argument",
                               callee));
      return 0;
    }
  }
  return 1;
}

/* A call of device function callee without barriers that stores through
 * pointers or to globals (why: the reason it could not stay as it is).
 * The function, defined in the main file before the kernel, not a
 * template, gets a clone `__ldcc_<k>__f_<f>(__ldcc_c, args...)` whose
 * stores go through pwr; it runs inside the caller's region and the
 * caller's replay runs it again.  The call is renamed where it stands. */
static void visit_writer_call(struct facts *fx, const struct frame *f,
                              CXCursor callee, const char *why) {
  static const struct clone_whys whys = {
      "device function %s that writes memory is a template",
      "device function %s that writes memory is in a header",
      "device function %s that writes memory is defined after the kernel",
      "device function %s that writes memory is of another scope",
      "call of %s inside a macro expansion",
      1};
  struct facts *top = fx->top;
  struct ld_replay *r = fx->r;
  CXCursor def = ld__definition_of(callee);
  struct ld_buf t = LD_BUF_INIT;
  size_t ce, nb, ne, idx, p, lt;
  int n = clang_Cursor_getNumArguments(f->cur), targs;

  if (clang_getCursorKind(def) == CXCursor_CXXMethod) {
    ld__replay_fail(fx, why); /* stores through `this` */
    return;
  }
  /* `f<4>(...)` resolved: the clone is of the template. */
  if (clang_getCursorKind(clang_getSpecializedCursorTemplate(def)) ==
      CXCursor_FunctionTemplate)
    def = clang_getSpecializedCursorTemplate(def);
  if (!clonable(fx, f, callee, def, &whys, &nb, &ne, &ce))
    return;
  idx = clone_callee(fx, f->cur, def, 1);
  if (idx == SIZE_MAX)
    return;
  for (p = ne; p < ce && fx->s->src[p] != '('; p++)
    ;
  if (top->r->callees[idx]->uses_layout && fx != top)
    r->uses_layout = 1; /* passes the layout on */
  /* A template's arguments as written, `f<T>(...)`: the layout first. */
  for (lt = nb; lt < p && fx->s->src[lt] != '<'; lt++)
    ;
  targs = top->r->callees[idx]->is_template && lt < p;
  if (ld_buf_printf(
          &t, "__ldcc_%s__f_%s%s", top->k->stem, top->r->callees[idx]->fn_name,
          top->r->callees[idx]->uses_layout && !targs ? "<__ldcc_L>" : "")) {
    ld_buf_free(&t);
    fx->rc = LD_ENOMEM;
    return;
  }
  ld__replay_edit(fx, nb, targs && lt < ne ? lt : ne, t.data);
  ld_buf_free(&t);
  if (!fx->rc && targs && top->r->callees[idx]->uses_layout)
    fx->rc = ld_edit_insert(&r->edits, lt + 1, "__ldcc_L, ");
  if (!fx->rc)
    fx->rc =
        ld_edit_insert(&r->edits, p + 1, n > 0 ? "__ldcc_c, " : "__ldcc_c");
}

/* The statement a call of a device function with barriers may stand in:
 * the call itself (`f(args);`, any result discarded), or, for the value it
 * returns, `x = f(args);` with x a local or `T x = f(args);` declaring x
 * alone: the local is set before the caller's next region starts (its
 * snapshot there holds it).  NULL for any other place (a global store of
 * the result would be undone by a replay of the next region). */
static const struct frame *valued_call_statement(struct facts *fx,
                                                 const struct frame *e) {
  const struct frame *p = e->parent;
  CXCursor lv;
  const char *why;
  size_t member;

  if (ld__is_statement(e))
    return e;
  if (!p)
    return NULL;
  if (p->kind == CXCursor_BinaryOperator && e->index == 1 &&
      clang_getCursorBinaryOperatorKind(p->cur) == CXBinaryOperator_Assign &&
      ld__is_statement(p) && ld__nth_child(p->cur, 0, &lv) &&
      ld__place_of(fx, lv, &member, &why) == PLACE_LOCAL)
    return p;
  if (p->kind == CXCursor_VarDecl && p->parent &&
      p->parent->kind == CXCursor_DeclStmt && ld__is_statement(p->parent) &&
      !ld__nth_child(p->parent->cur, 1, &lv))
    return p->parent;
  /* `return f(args);` in a device function that returns a value: its
   * __ldcc_ret is set before the function's next region starts. */
  if (p->kind == CXCursor_ReturnStmt && fx->r->is_devfn && fx->r->ret_end &&
      ld__is_statement(p))
    return p;
  return NULL;
}

/* `return f(args);` (return_value made it `{ __ldcc_ret = (f(args));
 * goto __ldcc_exit; }`): the `goto` and the brace move after the call's
 * site (the site's snapshot and label come between), so the `;`'s edit at
 * [end - 1, end) becomes `);`.  Returns whether it found it. */
static int return_after_site(struct facts *fx, size_t end) {
  struct ld_edit_list *l = &fx->r->edits;
  size_t i;

  for (i = 0; end && i < l->n; i++) {
    struct ld_edit *ed = &l->items[i];
    char *t;
    if (ed->begin != end - 1 || ed->end != end ||
        !ld__starts(ed->text, "); goto __ldcc_exit;"))
      continue;
    if (!(t = strdup(");"))) {
      fx->rc = LD_ENOMEM;
      return 0;
    }
    free(ed->text);
    ed->text = t;
    return 1;
  }
  return 0;
}

/* A call whose value an expression uses, evaluated whenever its statement
 * runs (`*sum = f(v);`, `out[i] = f(v) * k;`, `return f(x) - x;`, `float
 * r = g(f(x));`, `if (f(x) > 0)`): its value can be computed before the
 * statement, held in a local of the clone across the call's site, and the
 * statement runs in the next region.  The path from the call up to its
 * statement must evaluate it unconditionally and once: not through `&&`,
 * `||`, `,`, `?:`, a lambda, nor a loop's condition.  Returns the
 * statement (an expression statement, a `return` in a device function
 * returning a value, a declaration of one variable, an `if`'s condition),
 * with *type the spelling of the call's type, a builtin scalar or a pointer
 * (declared without an initialiser at the clone's top); NULL otherwise. */
static const struct frame *hoisted_call_statement(struct facts *fx,
                                                  const struct frame *e,
                                                  CXCursor call, char **type) {
  const struct frame *c = e, *p;
  CXType t = clang_getCursorType(call), ct = clang_getCanonicalType(t);
  CXString sp;
  CXCursor second;

  *type = NULL;
  if (!((ct.kind >= CXType_Bool && ct.kind <= CXType_LongDouble) ||
        ct.kind == CXType_Pointer || ct.kind == CXType_Half ||
        ct.kind == CXType_Float16))
    return NULL;
  for (;; c = p) {
    p = c->parent;
    if (!p)
      return NULL;
    if (p->kind == CXCursor_ReturnStmt) {
      if (!fx->r->is_devfn || !fx->r->ret_end || !ld__is_statement(p))
        return NULL;
      break;
    }
    if (p->kind == CXCursor_VarDecl) {
      if (!p->parent || p->parent->kind != CXCursor_DeclStmt ||
          !ld__is_statement(p->parent) ||
          ld__nth_child(p->parent->cur, 1, &second))
        return NULL;
      p = p->parent;
      break;
    }
    if (p->kind == CXCursor_IfStmt) {
      if (c->index != 0 || !ld__is_statement(p))
        return NULL;
      break;
    }
    if (p->kind == CXCursor_BinaryOperator) {
      enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(p->cur);
      if (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr ||
          op == CXBinaryOperator_Comma)
        return NULL;
    } else if (p->kind != CXCursor_CompoundAssignOperator &&
               p->kind != CXCursor_UnaryOperator &&
               p->kind != CXCursor_ParenExpr &&
               p->kind != CXCursor_UnexposedExpr &&
               p->kind != CXCursor_CStyleCastExpr &&
               p->kind != CXCursor_CXXStaticCastExpr &&
               p->kind != CXCursor_CXXFunctionalCastExpr &&
               p->kind != CXCursor_ArraySubscriptExpr &&
               p->kind != CXCursor_CallExpr) {
      return NULL;
    }
    if (ld__is_statement(p))
      break;
  }
  /* One such call per statement: its text goes ahead of the statement. */
  if (fx->r->nsites) {
    const struct ld_site *last = &fx->r->sites[fx->r->nsites - 1];
    size_t sb, se;
    if (last->hoist_type && ld__replay_span(fx, p->cur, &sb, &se) &&
        last->stmt_begin == sb)
      return NULL;
  }
  sp = clang_getTypeSpelling(t);
  *type = strdup(clang_getCString(sp));
  clang_disposeString(sp);
  return *type ? p : NULL;
}

/* `f(args);` where f contains barriers: a site of the caller (its region
 * ends before the call, a new one starts after it) and a clone of f. */
static void visit_devfn_call(struct facts *fx, const struct frame *f,
                             CXCursor callee) {
  static const struct clone_whys whys = {
      "barrier in device function template %s",
      "barrier in device function %s of a header",
      "barrier in device function %s defined after the kernel",
      "barrier in device function %s of another scope",
      "barrier inside a macro expansion",
      1};
  struct ld_replay *r = fx->r;
  CXCursor def = ld__definition_of(callee);
  const struct frame *e = f, *v;
  struct ld_site *site;
  size_t cb, ce, nb, ne, sb, se, idx, i;
  int n = clang_Cursor_getNumArguments(f->cur);
  char *hoist = NULL;

  /* A device function with barriers calling another (llm.c's
   * `blockReduce<f>(v)` returning `blockReduce<f>(v, false, 0.0f)`): a site
   * of the caller's clone, the callee's block of sites after the caller's
   * own (site_bases).  A function without barriers cannot reach one. */
  if (r->is_plain) {
    ld__replay_fail(fx,
                    ld__named_reason("barrier in device function %s", callee));
    return;
  }
  while (e->parent && (e->parent->kind == CXCursor_UnexposedExpr ||
                       e->parent->kind == CXCursor_ParenExpr))
    e = e->parent;
  v = valued_call_statement(fx, e);
  if (!v)
    v = hoisted_call_statement(fx, e, f->cur, &hoist);
  e = v;
  if (!e) {
    ld__replay_fail(
        fx, ld__named_reason("call of device function %s with a barrier inside "
                             "an expression",
                             callee));
    return;
  }
  if (!clonable(fx, f, callee, def, &whys, &nb, &ne, &ce) ||
      !ld__replay_span(fx, f->cur, &cb, &ce)) {
    free(hoist);
    return;
  }
  if (!ld__replay_span(fx, e->cur, &sb, &se)) {
    free(hoist);
    ld__replay_fail(fx, ld__named_reason(whys.macro, callee));
    return;
  }
  idx = clone_callee(fx, f->cur, def, 0);
  if (idx == SIZE_MAX) {
    free(hoist);
    return;
  }
  if (fx->top->r->callees[idx]->uses_layout && fx != fx->top)
    r->uses_layout = 1; /* passes the layout on */
  if (e->kind == CXCursor_ReturnStmt && !hoist &&
      !return_after_site(fx, ld__stmt_end(fx, se))) {
    if (!fx->rc)
      ld__replay_fail(fx, ld__named_reason("return of device function %s's "
                                           "value the clone cannot split",
                                           callee));
    return;
  }
  site = new_site(fx);
  if (!site) {
    free(hoist);
    return;
  }
  site->callee = idx + 1;
  site->ret_goto = e->kind == CXCursor_ReturnStmt && !hoist;
  site->hoist_type = hoist;
  site->form = "SYNC_PLAIN";
  site->at.line = ld__line_of(fx, cb);
  {
    size_t p = cb;
    while (p > 0 && fx->s->src[p - 1] != '\n')
      p--;
    site->at.col = (unsigned)(cb - p + 1);
  }
  site->at.offset = cb;
  site->stmt_begin = sb;
  site->stmt_end = ld__stmt_end(fx, se);
  site->call_begin = cb;
  site->call_end = ce;
  site->name_begin = nb;
  site->name_end = ne;
  for (i = ne; i < ce && fx->s->src[i] != '('; i++)
    ;
  site->args_close = i; /* the `(`: the clone's arguments go after it */
  site->has_args = n > 0;
  site->needs_braces = e->parent->kind != CXCursor_CompoundStmt;
}

/* The number of sites in the block of a call of callee c: its entry, its
 * own sites, its exit, then a block per call it makes (nested device
 * functions with barriers).  top holds every callee. */
static size_t block_sites(const struct ld_replay *top,
                          const struct ld_replay *c) {
  size_t i, n = c->nsites + 2;

  for (i = 0; i < c->nsites; i++)
    if (c->sites[i].callee != 0)
      n += block_sites(top, top->callees[c->sites[i].callee - 1]);
  return n;
}

/* Numbers the blocks of r's calls after r's own sites (and, for a device
 * function, after its exit): each call site's site_base, counted from r's
 * site 0.  Returns the first number after them (the kernel's exit). */
static size_t site_bases(const struct ld_replay *top, struct ld_replay *r) {
  size_t i, base = r->nsites + 1 + (r->is_devfn != 0);

  for (i = 0; i < r->nsites; i++)
    if (r->sites[i].callee != 0) {
      r->sites[i].site_base = base;
      base += block_sites(top, top->callees[r->sites[i].callee - 1]);
    }
  return base;
}

int ld__replay_analyse(const struct ld__source *s, CXCursor fn,
                       struct ld_kernel *k) {
  struct facts fx;
  size_t i;
  int rc;

  memset(&fx, 0, sizeof fx);
  fx.top = &fx;
  fx.s = s;
  fx.k = k;
  fx.fn = fn;
  fx.r = calloc(1, sizeof *fx.r);
  if (!fx.r)
    return LD_ENOMEM;
  rc = analyse_def(&fx, fn);
  if (!rc)
    rc = fx.rc;
  if (!rc && !fx.reason && !fx.r->nmembers && !fx.ncubs)
    ld__replay_fail(&fx, "no shared variable declared in the kernel");
  for (i = 0; !rc && !fx.reason && fx.r->async_copies && i < fx.r->ncallees;
       i++)
    if (!fx.r->callees[i]->is_plain)
      ld__replay_fail(&fx, "asynchronous copies in a kernel that calls a "
                           "device function with a barrier (its regions "
                           "would replay without the copies' queue)");
  if (!rc && fx.reason) {
    /* The replay's reason, not the kernel's: the check across blocks runs
     * its own clone of the definition, which needs none of the replay's
     * rules (docs/shared-replay.md, "Kernels the replay refuses"). */
    free(k->shared_reason);
    k->shared_reason = fx.reason;
    fx.reason = NULL;
  } else if (!rc && (rc = ld__build_proof(&fx)) != 0) {
    /* out of memory */
  } else if (!rc) {
    /* Site numbers: the kernel's own, then per call the callee's block,
     * then the kernel's exit (site_bases). */
    fx.r->exit_site = site_bases(fx.r, fx.r);
    for (i = 0; i < fx.r->ncallees; i++)
      (void)site_bases(fx.r, fx.r->callees[i]);
    /* Write lines from callees were appended at the calls: sort, unique. */
    for (i = 0; i < fx.r->nmembers; i++) {
      struct ld_member *m = &fx.r->members[i];
      size_t a, b, n = 0;
      for (a = 1; a < m->nwrite_lines; a++)
        for (b = a; b > 0 && m->write_lines[b - 1] > m->write_lines[b]; b--) {
          unsigned t = m->write_lines[b];
          m->write_lines[b] = m->write_lines[b - 1];
          m->write_lines[b - 1] = t;
        }
      for (a = 0; a < m->nwrite_lines; a++)
        if (!n || m->write_lines[n - 1] != m->write_lines[a])
          m->write_lines[n++] = m->write_lines[a];
      m->nwrite_lines = n;
    }
    k->replay = fx.r;
    fx.r = NULL;
  }
  facts_free(&fx, fx.r ? fx.r->nlocals : k->replay->nlocals);
  fx.reason = NULL;
  ld_replay_free(fx.r);
  ld__named_reason_free();
  return rc ? rc : fx.rc;
}
