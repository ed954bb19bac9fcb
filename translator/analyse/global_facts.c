/* What the check across blocks (issue 5, docs/global-check.md) needs of
 * one kernel: its parameters (pointer or not, written through or not), the
 * places in its definition the clone `__ldcc_g_<k>` edits, the unit
 * (blocks, or warps when no block barrier can be reached), and the reasons
 * it cannot be checked that the types and names show: a pointer inside a
 * parameter (a struct holding pointers, a pointer to pointers: memory the
 * clone cannot shift would be written twice), a `const` pointer
 * parameter (the clone cannot reassign it), too many pointers.
 * bodies.c gathers the facts that need the whole walk (written parameters,
 * atomics, fences, printf, ...); facts.c calls ld__global_analyse.
 * Uses libclang (its helpers are cursor.c's); host code only. */
#include <clang-c/Index.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ld_clang_int.h"
#include "ld_error.h"
#include "ld_writes.h"

/* include/ldcc/global.h: __LDCC_GMAX_PTRS, __LDCC_GMAX_PARAMS (the
 * translator does not include the runtime's headers). */
#define LD_GMAX_PTRS 16
#define LD_GMAX_PARAMS 64

/* Main-file byte offset of a location (of its expansion); 0 when
 * elsewhere, or, with no_macro, inside a macro expansion. */
static int offset_of(const struct ld__source *s, CXSourceLocation loc,
                     int no_macro, size_t *off) {
  size_t o;

  if (!ld__main_offset(s, loc, &o) || o > s->len ||
      (no_macro && ld__in_macro(s, o)))
    return 0;
  *off = o;
  return 1;
}

static int offset_in_main(const struct ld__source *s, CXSourceLocation loc,
                          size_t *off) {
  return offset_of(s, loc, 1, off);
}

/* ---- parameters -------------------------------------------------------- */

struct params {
  const struct ld__source *s;
  const struct ld__global_in *in;
  struct ld_global *g;
  size_t last_end;
  int rc;
};

#define LD_MAX_FIELD_AT 64 /* pointers a class parameter's type may list */

struct field_walk {
  unsigned at[LD_MAX_FIELD_AT];
  int n;          /* -1: the type does not say */
  long long base; /* bytes */
  /* The parameter's own fields the kernel names (`g.nlist`), when it uses
   * the parameter only so (field_uses): the others' pointers are left out
   * (ECL's `const ECLgraph g` with a host `eweight` no kernel reads);
   * NULL: every field. */
  const struct field_uses *uses;
  int depth;
};

/* The fields of a class parameter a kernel names, and whether it uses the
 * parameter in any other way (passed whole, its address taken). */
#define LD_MAX_FIELD_USES 32
struct field_uses {
  CXCursor parm;
  CXCursor field[LD_MAX_FIELD_USES];
  unsigned nfields, member_bases, refs;
};

static int field_used(const struct field_uses *u, CXCursor f) {
  unsigned i;

  for (i = 0; i < u->nfields; i++)
    if (clang_equalCursors(u->field[i], f))
      return 1;
  return 0;
}

static enum CXChildVisitResult field_uses_cb(CXCursor c, CXCursor parent,
                                             CXClientData data) {
  struct field_uses *u = data;
  CXCursor base, f;

  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
      clang_equalCursors(clang_getCursorReferenced(c), u->parm))
    u->refs++;
  if (clang_getCursorKind(c) == CXCursor_MemberRefExpr &&
      ld__nth_child(c, 0, &base) &&
      clang_getCursorKind(ld__unwrap(base)) == CXCursor_DeclRefExpr &&
      clang_equalCursors(clang_getCursorReferenced(ld__unwrap(base)),
                         u->parm)) {
    f = clang_getCursorReferenced(c);
    u->member_bases++;
    if (!field_used(u, f)) {
      if (u->nfields == LD_MAX_FIELD_USES) {
        u->refs = ~0u; /* too many to list: every field */
        return CXChildVisit_Break;
      }
      u->field[u->nfields++] = f;
    }
  }
  return CXChildVisit_Recurse;
}

/* Whether the kernel fn uses parameter parm only through its fields
 * (`g.f`, each such use counted once as a reference), with *u the fields
 * it names. */
static int only_fields(CXCursor fn, CXCursor parm, struct field_uses *u) {
  memset(u, 0, sizeof *u);
  u->parm = parm;
  clang_visitChildren(fn, field_uses_cb, u);
  return u->refs != ~0u && u->refs == u->member_bases;
}

static void offsets_of(struct field_walk *w, CXType t, long long base);

static enum CXVisitorResult field_offsets_cb(CXCursor f, CXClientData data) {
  struct field_walk *w = data;
  long long bits = clang_Cursor_getOffsetOfField(f);

  if (clang_Cursor_isBitField(f) ||
      (w->uses && w->depth == 1 && !field_used(w->uses, f)))
    return CXVisit_Continue;
  if (bits < 0 || bits % 8) {
    w->n = -1;
    return CXVisit_Break;
  }
  offsets_of(w, clang_getCursorType(f), w->base + bits / 8);
  return w->n < 0 ? CXVisit_Break : CXVisit_Continue;
}

static enum CXChildVisitResult has_base_cb(CXCursor c, CXCursor parent,
                                           CXClientData data) {
  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_CXXBaseSpecifier) {
    *(int *)data = 1;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Continue;
}

/* The byte offsets of the pointers inside an object of type t at base. */
static void offsets_of(struct field_walk *w, CXType t, long long base) {
  long long size, count, k;
  int bases = 0;
  CXType e;

  t = clang_getCanonicalType(t);
  if (w->n < 0)
    return;
  switch (t.kind) {
  case CXType_Pointer:
    if (w->n == LD_MAX_FIELD_AT || base < 0 || base > 0xfffffff0ll) {
      w->n = -1;
      return;
    }
    w->at[w->n++] = (unsigned)base;
    return;
  case CXType_Record: {
    long long saved = w->base;
    if (!ld__holds_pointer(t, 0))
      return;
    clang_visitChildren(clang_getTypeDeclaration(t), has_base_cb, &bases);
    if (bases) { /* its bases' members are not its fields */
      w->n = -1;
      return;
    }
    w->base = base;
    w->depth++;
    clang_Type_visitFields(t, field_offsets_cb, w);
    w->depth--;
    w->base = saved;
    return;
  }
  case CXType_ConstantArray:
    e = clang_getArrayElementType(t);
    if (!ld__holds_pointer(e, 0) &&
        clang_getCanonicalType(e).kind != CXType_Pointer)
      return;
    size = clang_Type_getSizeOf(e);
    count = clang_getArraySize(t);
    if (size <= 0 || count < 0) {
      w->n = -1;
      return;
    }
    for (k = 0; k < count && w->n >= 0; k++)
      offsets_of(w, e, base + k * size);
    return;
  default:
    return;
  }
}

/* gp->field_at from its class type t (canonical); nfield_at -1 when the
 * type does not say where its pointers are. */
static int pointer_offsets(struct ld_gparam *gp, CXType t, CXCursor fn,
                           CXCursor parm) {
  struct field_walk w;
  struct field_uses u;

  memset(&w, 0, sizeof w);
  if (clang_Type_getSizeOf(t) <= 0) { /* a dependent type: per instance */
    gp->nfield_at = -1;
    return LD_OK;
  }
  if (only_fields(fn, parm, &u))
    w.uses = &u;
  offsets_of(&w, t, 0);
  gp->nfield_at = w.n;
  if (w.n == 0 && w.uses)
    return 1; /* no pointer it names: nothing to patch */
  if (w.n <= 0)
    return LD_OK;
  gp->field_at = malloc((size_t)w.n * sizeof *gp->field_at);
  if (!gp->field_at)
    return LD_ENOMEM;
  memcpy(gp->field_at, w.at, (size_t)w.n * sizeof *gp->field_at);
  return LD_OK;
}

/* Whether a kernel only reads through the pointers of its by-value class
 * parameter (__LDCC_GP_FIELDS_READ): every use of it is a member read
 * (`g.n`), or a pointer member indexed, dereferenced or followed by `->`
 * whose element (or a member of it) is loaded (`g.row[u]`, `*g.p`,
 * `g.e[i].w`).  Anything else -- a store or update to such an element,
 * its address taken, the pointer copied, passed on or computed with, the
 * class passed to a function, a template's unconverted operand -- is a
 * possible write: the pointers stay written. */
#define READ_STACK 64
struct fields_read {
  CXCursor parm;
  CXCursor stack[READ_STACK];
  unsigned depth;
  int ok;
};

/* The use of the parameter at stack[at]. */
static int fields_use_reads(const struct fields_read *u, unsigned at) {
  int through = 0; /* past a pointer member's element */
  enum CXCursorKind pk;

  for (; at > 0; at--) {
    CXCursor place = u->stack[at], parent = u->stack[at - 1], c;
    CXType t = clang_getCanonicalType(clang_getCursorType(place));
    pk = clang_getCursorKind(parent);
    if (pk == CXCursor_ParenExpr)
      continue;
    if (pk == CXCursor_MemberRefExpr && t.kind != CXType_Pointer)
      continue; /* `g.sub.x`, `g.e[i].w` */
    if (pk == CXCursor_UnexposedExpr && t.kind == CXType_Pointer && at >= 2) {
      /* The pointer member's value, then indexed, dereferenced or `->`. */
      CXCursor use = u->stack[at - 2];
      enum CXCursorKind uk = clang_getCursorKind(use);
      if ((uk == CXCursor_ArraySubscriptExpr && ld__nth_child(use, 0, &c) &&
           clang_equalCursors(c, parent)) ||
          uk == CXCursor_MemberRefExpr ||
          (uk == CXCursor_UnaryOperator &&
           clang_getCursorUnaryOperatorKind(use) == CXUnaryOperator_Deref)) {
        through = 1;
        at--;
        continue;
      }
      return 0;
    }
    if (pk == CXCursor_UnexposedExpr && t.kind == CXType_ConstantArray &&
        at >= 2 &&
        clang_getCursorKind(u->stack[at - 2]) == CXCursor_ArraySubscriptExpr &&
        ld__nth_child(u->stack[at - 2], 0, &c) &&
        clang_equalCursors(c, parent)) {
      at--; /* an array member's decay, indexed: its element */
      continue;
    }
    if (pk == CXCursor_UnexposedExpr &&
        (t.kind == CXType_ConstantArray || t.kind == CXType_Pointer))
      return 0; /* decays or converts: its elements reachable */
    /* The object reached is loaded (an implicit conversion of its value),
     * or is a plain member's value (`g.n < i`). */
    return pk == CXCursor_UnexposedExpr && (through || t.kind != CXType_Record);
  }
  return 0;
}

static enum CXChildVisitResult fields_read_cb(CXCursor c, CXCursor parent,
                                              CXClientData data) {
  struct fields_read *u = data;

  (void)parent;
  if (u->depth >= READ_STACK) {
    u->ok = 0;
    return CXChildVisit_Break;
  }
  u->stack[u->depth++] = c;
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
      clang_equalCursors(clang_getCursorReferenced(c), u->parm))
    u->ok = fields_use_reads(u, u->depth - 1);
  else
    clang_visitChildren(c, fields_read_cb, u);
  u->depth--;
  return u->ok ? CXChildVisit_Continue : CXChildVisit_Break;
}

static int fields_only_read(CXCursor fn, CXCursor parm) {
  struct fields_read *u = calloc(1, sizeof *u);
  int ok;

  if (!u)
    return 0;
  u->parm = parm;
  u->ok = 1;
  clang_visitChildren(fn, fields_read_cb, u);
  ok = u->ok;
  free(u);
  return ok;
}

static enum CXChildVisitResult params_cb(CXCursor c, CXCursor parent,
                                         CXClientData data) {
  struct params *p = data;
  struct ld_global *g = p->g;
  struct ld_gparam *gp;
  CXType t = clang_getCursorType(c), canon;
  CXSourceRange r;
  size_t e;
  char buf[200];
  size_t cb, ce;
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
  gp->is_pointer = ld__param_is_pointer(canon);
  gp->written =
      gp->is_pointer && *gp->name && p->in->param_written(p->in->ctx, gp->name);
  /* Memory reached through a pointer inside a parameter may be written:
   * the kernel counts as writing.  A by-value class holding pointers
   * directly (a struct, a functor) has them patched in the clone
   * (gpatch; the runtime finds them in the argument's bytes): written,
   * not a pointer (the plan's encoding of __LDCC_GP_FIELDS); the clones
   * drop a `const` written on it (ld__class_const, facts.c).  Any other
   * (a pointer to pointers, a reference-holding class, a class made
   * const by a typedef) cannot be shifted, and the kernel is
   * unchecked. */
  hidden = (gp->is_pointer && ld__holds_pointer(ld__param_pointee(canon), 0)) ||
           (!gp->is_pointer && ld__holds_pointer(canon, 0));
  g->writes |= hidden;
  /* In the direct run a pointer parameter whose memory holds pointers is
   * claimed like any (its `g->n` by its ordinal), the accesses through
   * the pointers loaded from it by their address (loaded_key): written,
   * since what it points to may be. */
  if (hidden && gp->is_pointer && *gp->name && p->in->loads) {
    gp->written = 1;
    gp->holds_pointers = 1;
    hidden = 0;
  }
  if (hidden && !gp->is_pointer && *gp->name && ld__param_patchable(p->s, c)) {
    gp->written = 1;
    hidden = 0;
    int rc = pointer_offsets(gp, canon, parent, c);
    if (rc == LD_ENOMEM) {
      p->rc = LD_ENOMEM;
      return CXChildVisit_Break;
    }
    if (rc == 1) /* it names none of its pointers */
      gp->written = 0;
    else
      gp->fields_read = fields_only_read(parent, c);
  }
  if (g->reason)
    return CXChildVisit_Continue;
  if (hidden)
    snprintf(buf, sizeof buf, "pointer inside parameter %s", gp->name);
  else if (gp->is_pointer && clang_isConstQualifiedType(canon) &&
           !ld__top_const(p->s, c, &cb, &ce))
    snprintf(buf, sizeof buf, "const pointer parameter %s", gp->name);
  else
    return CXChildVisit_Continue;
  g->reason = strdup(buf);
  if (!g->reason)
    p->rc = LD_ENOMEM;
  return CXChildVisit_Continue;
}

/* Parameters the kernel calls (`f(i)`, `f.apply(i)`): a template
 * kernel's functor or lambda.  kernels.c left the kernel checked only when
 * every launch's argument for them writes through its own fields or
 * captures (writes.c, ld__follow_functors): the clone patches them like a
 * struct's (gpatch), and the runtime finds them in the argument's bytes. */
struct called {
  CXCursor fn;
  struct ld_global *g;
};

static enum CXChildVisitResult called_cb(CXCursor c, CXCursor parent,
                                         CXClientData data) {
  struct called *w = data;
  CXCursor e, d;
  size_t i;

  (void)parent;
  if (clang_getCursorKind(c) != CXCursor_CallExpr || !ld__nth_child(c, 0, &e))
    return CXChildVisit_Recurse;
  e = ld__unwrap(e);
  while (clang_getCursorKind(e) == CXCursor_MemberRefExpr &&
         ld__nth_child(e, 0, &d))
    e = ld__unwrap(d);
  d = clang_getCursorReferenced(e);
  if (clang_getCursorKind(e) != CXCursor_DeclRefExpr ||
      clang_getCursorKind(d) != CXCursor_ParmDecl ||
      !clang_equalCursors(clang_getCursorSemanticParent(d), w->fn))
    return CXChildVisit_Recurse;
  for (i = 0; i < w->g->nparams; i++) {
    struct ld_gparam *gp = &w->g->params[i];
    CXType t = clang_getCanonicalType(clang_getCursorType(d));
    if (!gp->is_pointer && *gp->name && ld__name_is(d, gp->name) &&
        !clang_isConstQualifiedType(t) && t.kind != CXType_LValueReference &&
        t.kind != CXType_RValueReference && t.kind != CXType_Pointer)
      gp->written = 1;
  }
  return CXChildVisit_Recurse;
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

/* An earlier prototype of the kernel (its first declaration, when that is
 * in the main file before the definition and outside macros): its places
 * for the clone's prototype (ld_global.proto_*).  None when its parameter
 * list holds a default argument (the clone's added parameter would need
 * one too) or is not plain text. */
static void find_prototype(const struct ld__source *s, CXCursor fn,
                           struct ld_global *g) {
  CXCursor canon = clang_getCanonicalCursor(fn);
  CXSourceRange r = clang_getCursorExtent(canon);
  const char *src = s->src;
  size_t b, e, name, p, len = g->name_end - g->name_begin;
  int depth = 0;

  if (clang_equalCursors(canon, fn) ||
      !offset_of(s, clang_getRangeStart(r), 0, &b) ||
      !offset_in_main(s, clang_getRangeEnd(r), &e) ||
      !offset_in_main(s, clang_getCursorLocation(canon), &name) ||
      e > g->def_begin || name < b || name + len > e ||
      memcmp(src + name, src + g->name_begin, len))
    return;
  b = ld__def_start(src, b, 0);
  for (p = name + len; p < e && (src[p] == ' ' || src[p] == '\t' ||
                                 src[p] == '\n' || src[p] == '\r');
       p++)
    ;
  if (p >= e || src[p] != '(')
    return;
  g->proto_open = p;
  for (; p < e; p++) {
    if (src[p] == '(')
      depth++;
    else if (src[p] == ')' && !--depth)
      break;
    else if (src[p] == '=' || src[p] == '"' || src[p] == '\'' ||
             src[p] == '/' || src[p] == '#')
      return; /* a default argument, a literal or a comment: none */
  }
  if (p >= e)
    return;
  g->proto_close = p;
  for (p = e; p < s->len && (src[p] == ' ' || src[p] == '\t' ||
                             src[p] == '\n' || src[p] == '\r');
       p++)
    ;
  if (p >= s->len || src[p] != ';')
    return;
  g->proto_begin = b;
  g->proto_name = name;
  g->proto_tail = e;
  g->proto_end = p + 1;
}

/* ---- written __device__ variables --------------------------------------- */

/* The clone shifts a written __device__ variable v by declaring `auto &v =
 * *shifted(&v)` before its body (global.c): every unqualified use of v
 * then means the unit's copy.  It cannot when v is also used where that
 * declaration does not reach or means something else: in a function the
 * kernel calls, by a qualified name (`::v`, `ns::v`), inside a lambda (a
 * capture by value would copy it), next to another declaration named v,
 * or in decltype (which would see a reference). */
struct var_uses {
  const struct ld__global_in *in;
  char **paths; /* per variable, its qualified name (from a use) */
  int lambda;   /* inside a lambda */
  const char *var, *why;
  int rc;
};

/* `::ns::v` for the variable v declared in namespace ns (anonymous and
 * inline namespaces are found from their parent's name: skipped). */
static char *qualified_name(CXCursor decl) {
  char *path = ld__cursor_name(decl), *longer;
  CXCursor p;

  for (p = clang_getCursorSemanticParent(decl);
       path && clang_getCursorKind(p) == CXCursor_Namespace;
       p = clang_getCursorSemanticParent(p)) {
    CXString n = clang_getCursorSpelling(p);
    const char *ns = clang_getCString(n);
    if (ns && *ns && !clang_Cursor_isAnonymous(p) &&
        !clang_Cursor_isInlineNamespace(p)) {
      longer = malloc(strlen(ns) + strlen(path) + 3);
      if (longer)
        sprintf(longer, "%s::%s", ns, path);
      free(path);
      path = longer;
    }
    clang_disposeString(n);
  }
  if (!path)
    return NULL;
  longer = malloc(strlen(path) + 3);
  if (longer)
    sprintf(longer, "::%s", path);
  free(path);
  return longer;
}

/* The index of the variable named like c among in's, or -1. */
static int var_named(const struct ld__global_in *in, CXCursor c) {
  size_t i;

  for (i = 0; i < in->ndevice_vars; i++)
    if (ld__name_is(c, in->device_vars[i]))
      return (int)i;
  return -1;
}

/* Whether the reference c is written with a qualifier: its extent starts
 * before its name. */
static int qualified(CXCursor c) {
  CXFile f1, f2;
  unsigned o1, o2;

  clang_getSpellingLocation(clang_getRangeStart(clang_getCursorExtent(c)), &f1,
                            NULL, NULL, &o1);
  clang_getSpellingLocation(clang_getCursorLocation(c), &f2, NULL, NULL, &o2);
  return o1 != o2 || !f1 != !f2 || (f1 && !clang_File_isEqual(f1, f2));
}

static enum CXChildVisitResult var_uses_cb(CXCursor c, CXCursor parent,
                                           CXClientData data) {
  struct var_uses *u = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  int v;

  (void)parent;
  if (k == CXCursor_LambdaExpr) {
    u->lambda++;
    clang_visitChildren(c, var_uses_cb, u);
    u->lambda--;
  } else if ((k == CXCursor_VarDecl || k == CXCursor_ParmDecl) &&
             (v = var_named(u->in, c)) >= 0) {
    u->var = u->in->device_vars[v];
    u->why = "another declaration of that name";
  } else if (k == CXCursor_DeclRefExpr &&
             clang_getCursorKind(clang_getCursorReferenced(c)) ==
                 CXCursor_VarDecl &&
             (v = var_named(u->in, clang_getCursorReferenced(c))) >= 0) {
    if (u->lambda || qualified(c)) {
      u->var = u->in->device_vars[v];
      u->why = u->lambda ? "used inside a lambda" : "named with a qualifier";
    } else if (!u->paths[v] &&
               !(u->paths[v] = qualified_name(clang_getCursorReferenced(c)))) {
      u->rc = LD_ENOMEM;
      return CXChildVisit_Break;
    }
  } else {
    return CXChildVisit_Recurse;
  }
  return u->why ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* Whether the text [b, e) holds the identifier `decltype`. */
static int has_decltype(const char *src, size_t b, size_t e) {
  static const char word[] = "decltype";
  size_t n = sizeof word - 1, p;

  for (p = b; p + n <= e; p++)
    if (!memcmp(src + p, word, n) &&
        (p == b ||
         !(isalnum((unsigned char)src[p - 1]) || src[p - 1] == '_')) &&
        (p + n == e ||
         !(isalnum((unsigned char)src[p + n]) || src[p + n] == '_')))
      return 1;
  return 0;
}

/* g->vars from in's written variables, or the reason the clone cannot
 * shift them. */
static int take_vars(const struct ld__source *s, CXCursor fn,
                     struct ld_global *g, const struct ld__global_in *in) {
  struct var_uses u;
  CXSourceRange r = clang_getCursorExtent(fn);
  size_t i, j, b = 0, e = 0;
  char buf[200];

  if (!in->ndevice_vars)
    return LD_OK;
  memset(&u, 0, sizeof u);
  u.in = in;
  u.paths = calloc(in->ndevice_vars, sizeof *u.paths);
  if (!u.paths)
    return LD_ENOMEM;
  g->vars = u.paths;
  g->nvars = in->ndevice_vars;
  for (i = 0; i < in->ndevice_vars && !u.why; i++)
    for (j = 0; j < i && !u.why; j++)
      if (!strcmp(in->device_vars[i], in->device_vars[j])) {
        u.var = in->device_vars[i];
        u.why = "another variable of that name";
      }
  /* (With vars_direct the direct run's clones of those functions claim
   * their uses: global_analyse, cloned_var_fns.) */
  if (!u.why && in->device_var_elsewhere && !in->vars_direct) {
    u.var = in->device_var_elsewhere;
    snprintf(buf, sizeof buf, "also used in %s", in->device_var_fn);
    u.why = buf;
  }
  if (!u.why)
    clang_visitChildren(fn, var_uses_cb, &u);
  if (u.rc)
    return u.rc;
  for (i = 0; i < in->ndevice_vars && !u.why; i++)
    if (!u.paths[i] && in->vars_direct && in->device_var_decls) {
      /* Used in the functions it calls only: named from its declaration
       * (the clone's prologue and the launch's metadata). */
      if (!(u.paths[i] = qualified_name(in->device_var_decls[i])))
        return LD_ENOMEM;
      g->vars_unnamed |= 1ull << (i & 63);
    } else if (!u.paths[i]) { /* no use in the kernel's own text */
      u.var = in->device_vars[i];
      u.why = "not named in the kernel";
    }
  if (!u.why && offset_of(s, clang_getRangeStart(r), 0, &b) &&
      offset_of(s, clang_getRangeEnd(r), 0, &e) && has_decltype(s->src, b, e)) {
    u.var = in->device_vars[0];
    u.why = "decltype in the kernel";
  }
  if (u.why) {
    char why[300];
    snprintf(why, sizeof why, "writes __device__ variable %s (%s)", u.var,
             u.why);
    return set_reason(g, why);
  }
  return LD_OK;
}

/* ---- pointer parameters only accessed through --------------------------- */

/* A launch whose pointers into written memory are all *claimed* can be
 * checked in one run (docs/global-check.md, "One run"): every access
 * through them claims its words for the unit.  Claimed: every use of the
 * parameter is the base of an access to one object, `p[i]`, `*p`,
 * `*(p + i)`, `p->f`, `p[i].f[j]` (fields, not bit-fields; not an array),
 * stored to (`=`), updated (`+=`, `++`) or read, never with its address
 * taken, outside lambdas, in the main file outside macros (the clone wraps
 * it).  Anything else (a copy of the pointer, a call argument, `p + i`,
 * `&p[i]`, a comparison) is another use. */
#define LD_ACCESS_REST 16

enum { LD_USE_READ, LD_USE_WRITE, LD_USE_ADDR };

struct accesses {
  const struct ld__source *s;
  CXCursor fn;
  struct ld_global *g;
  /* The direct run's written __device__ variables: variable i is slot
   * nparams + i of other, loads and site_of (NULL outside the direct
   * run, where they are shifted and never claimed). */
  const struct ld__global_in *in;
  /* Local pointers initialised from one parameter (`float *row = p + i *
   * n;`, `T *q = &p[i]`, `T *r = q + 1`) and never assigned again: accesses
   * through them are accesses of that parameter (alias_of). */
  CXCursor *alias;
  int *alias_of;
  size_t nalias;
  int *other;   /* per slot: used other than as an access's base */
  int *loads;   /* per slot: read through */
  int *site_of; /* the slot of each site */
  /* Per site, the pointer member of a by-value class parameter it goes
   * through (a hash of its FieldDecl; 0 for any other): mark_flags tells
   * `g.lock` from `g.data`, which share the parameter's slot. */
  unsigned *key_of;
  unsigned *alias_key; /* the same per alias */
  /* In a kernel that loads pointers from memory (ld__global_in.loads): per
   * site and per alias, the key of the loaded pointer it goes through
   * (loaded_key; 0 for none): such a site is claimed by its address. */
  int loading;
  /* There, the slot of the memory reached through pointers read from
   * variables of static storage (`__device__ float *buf`, a `__constant__`
   * struct of pointers: static_holder): one past the last slot, its
   * accesses all by address; -1 when not loading. */
  int vslot;
  unsigned *addr_of;
  unsigned *alias_addr;
  /* In the direct run, per alias: assigned again (`e = e->next`, `q++`,
   * `q = p + k`) from pointers based on slots only, so it walks and its
   * accesses are claimed by address (1); assigned from anything else
   * (-1: its assignments are other uses, the kernel keeps its reason). */
  int *alias_walk;
  unsigned key; /* the last base found (param_of, fields_of) */
  /* In the direct run, per parameter: it is moved (`a = b`, `p += n`,
   * `p++`: a ping-pong swap, a walking pointer), so its accesses are
   * claimed by address (ordinal -1); and per parameter the parameters
   * moved into it (bit q of flows[p]). */
  int *moved;
  uint64_t *flows;
  size_t n, cap;  /* sites in g->stores */
  int lambda;     /* inside a lambda */
  int direct;     /* the direct one run is wanted: atomics are accesses */
  int bad_atomic; /* an atomic whose address no claimed parameter bases */
  int bad_sync;   /* a grid sync the clone cannot rewrite */
  int bad_fence;  /* a fence the clone cannot wrap (a lambda, a macro) */
  int sync_flags; /* a message-passing kernel (ld__global_in.sync_flags) */
  CXCursor top;   /* the statement of the compound statement walked */
  /* Device functions in the direct run (take_devcall): the kernel's facts,
   * which collect the clones; the functions being walked (a device
   * function's walk has its own g, fn and slots); per slot, handed to a
   * clone whole (`f(p + i)`, `f(g)`). */
  struct ld_global *root;
  const struct devpath *path;
  int *passed;
  /* The replay clone carries the claims (in->replay): a device function
   * is taken only when that replay clones it too (composed_devfn). */
  int composed;
  const struct ld_replay *replay;
  /* Why the direct run cannot take the kernel, the first cause found (an
   * atomic on memory it cannot follow, a helper it cannot clone): the
   * detail of its reason (`atomic operations: ...`). */
  char why[200];
  char devfn_why[120]; /* why the last device function was not cloned */
  uint64_t refs;       /* a device function's reference parameters (bit i) */
  int rc;
};

struct devpath {
  CXCursor fn;
  const struct devpath *up;
};

/* Note why the direct run cannot take the kernel (the first cause only):
 * fmt's %s is the name of the function call calls. */
static void why_not(struct accesses *st, const char *fmt, CXCursor call) {
  CXString s;
  const char *name;

  if (st->why[0])
    return;
  s = ld__call_name(call);
  name = clang_getCString(s);
  snprintf(st->why, sizeof st->why, fmt, name && *name ? name : "an atomic");
  clang_disposeString(s);
}

/* The pointer parameter of the kernel that e names (implicit casts and
 * parentheses aside), or -1. */
/* The slot of d, a pointer parameter (ref 0) or a non-const reference
 * parameter (ref 1, st->refs) of the function walked, or -1. */
static int param_slot(const struct accesses *st, CXCursor d, int ref) {
  CXString n;
  size_t i;
  int found = -1;

  if (clang_getCursorKind(d) != CXCursor_ParmDecl ||
      !clang_equalCursors(clang_getCursorSemanticParent(d), st->fn))
    return -1;
  n = clang_getCursorSpelling(d);
  for (i = 0; i < st->g->nparams && found < 0; i++)
    if ((ref ? i < 64 && (st->refs >> i & 1) : st->g->params[i].is_pointer) &&
        !strcmp(st->g->params[i].name, clang_getCString(n)))
      found = (int)i;
  clang_disposeString(n);
  return found;
}

static int param_of(struct accesses *st, CXCursor e) {
  CXCursor d;
  size_t i;

  e = ld__unwrap(e);
  if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
    return -1;
  d = clang_getCursorReferenced(e);
  for (i = 0; i < st->nalias && clang_getCursorKind(d) == CXCursor_VarDecl; i++)
    if (clang_equalCursors(clang_getCanonicalCursor(d), st->alias[i])) {
      st->key = st->alias_key[i];
      return st->alias_of[i];
    }
  st->key = 0;
  return param_slot(st, d, 0);
}

/* The by-value class parameter (__LDCC_GP_FIELDS) of the direct run that
 * e is or is a member of (`g`, `g.nodes`, `g.sub.n`, `g.arr[2]`: through
 * `.` and array members only), or -1; *field the outermost member (null
 * for `g` itself). */
static int fields_root(const struct accesses *st, CXCursor e, CXCursor *field) {
  CXCursor d;
  CXString n;
  size_t i;
  int found = -1;

  e = ld__unwrap(e);
  *field = clang_getNullCursor();
  if (!st->direct)
    return -1;
  while (clang_getCursorKind(e) == CXCursor_MemberRefExpr ||
         clang_getCursorKind(e) == CXCursor_ArraySubscriptExpr) {
    int member = clang_getCursorKind(e) == CXCursor_MemberRefExpr;
    if (member && clang_Cursor_isNull(*field))
      *field = clang_getCursorReferenced(e);
    if (!ld__nth_child(e, 0, &d))
      return -1;
    e = ld__unwrap(d);
    if (member ? ld__is_pointer(clang_getCursorType(e))
               : !ld__is_array(clang_getCursorType(e)))
      return -1; /* through `->` or a pointer's element: loaded */
  }
  if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
    return -1;
  d = clang_getCursorReferenced(e);
  /* A local copy of the parameter holds its pointers (writes.c). */
  if (clang_getCursorKind(d) == CXCursor_VarDecl) {
    CXCursor parm = ld__copied_param(st->fn, d);
    if (!clang_Cursor_isNull(parm))
      d = parm;
  }
  if (clang_getCursorKind(d) != CXCursor_ParmDecl ||
      !clang_equalCursors(clang_getCursorSemanticParent(d), st->fn))
    return -1;
  n = clang_getCursorSpelling(d);
  for (i = 0; i < st->g->nparams && found < 0; i++)
    if (!st->g->params[i].is_pointer && st->g->params[i].written &&
        !strcmp(st->g->params[i].name, clang_getCString(n)))
      found = (int)i;
  clang_disposeString(n);
  return found;
}

/* The by-value class parameter whose pointer member e is, in the direct
 * run: e a pointer read from the parameter (fields_root: `g.val`,
 * `g.sub.ptrs[2]`, the pointers the runtime finds in the argument's
 * bytes), or -1.  Such accesses are claimed by their address (ordinal -1:
 * `gput(__ldcc_gi, -1, &(E), L)` looks the allocation up in the owner
 * table); st->key tells the member.  Outside the direct run the clone
 * patches the pointers instead. */
static int fields_of(struct accesses *st, CXCursor e) {
  CXCursor field;
  int p;

  e = ld__unwrap(e);
  if (!ld__is_pointer(clang_getCursorType(e)) ||
      (p = fields_root(st, e, &field)) < 0 || clang_Cursor_isNull(field))
    return -1;
  st->key = clang_hashCursor(field) | 1u;
  return p;
}

/* A pointer parameter (param_of) or a pointer member of a by-value class
 * parameter (fields_of) that e names, or -1. */
static int pointer_of(struct accesses *st, CXCursor e) {
  int p = param_of(st, e);

  return p >= 0 ? p : fields_of(st, e);
}

/* The slot of the written __device__ variable that e names (implicit
 * casts and parentheses aside) in the direct run, or -1.  The variable is
 * an object (a scalar, an array, a struct): an access to it is e itself,
 * `e[i]` or `e.f`.  A written pointer variable is never claimed: its uses
 * are other uses (what it points to is not its memory). */
static int var_of(struct accesses *st, CXCursor e) {
  CXCursor d;
  int v;

  e = ld__unwrap(e);
  if (!st->in || clang_getCursorKind(e) != CXCursor_DeclRefExpr)
    return -1;
  d = clang_getCursorReferenced(e);
  if (clang_getCursorKind(d) != CXCursor_VarDecl ||
      clang_getCursorKind(clang_getCursorSemanticParent(d)) ==
          CXCursor_FunctionDecl ||
      (v = var_named(st->in, d)) < 0)
    return -1;
  if (ld__is_pointer(clang_getCursorType(d))) {
    st->other[st->g->nparams + (size_t)v] = 1;
    return -1;
  }
  return (int)st->g->nparams + v;
}

/* The slot (parameter, or variable of the direct run) an access e is
 * based on, or -1; the parts of e that are not its base (indices,
 * offsets) are added to rest. */
static int alias_root(struct accesses *st, CXCursor init, CXCursor *rest,
                      size_t *nrest);

/* The non-const reference parameter of the device function walked that e
 * names (st->refs), or -1: an access to it is e itself, at its address. */
static int ref_param_of(struct accesses *st, CXCursor e) {
  e = ld__unwrap(e);
  if (!st->refs || clang_getCursorKind(e) != CXCursor_DeclRefExpr)
    return -1;
  return param_slot(st, clang_getCursorReferenced(e), 1);
}

/* A reference parameter handed on by reference (`g(r)` with g's `T &`, a
 * class's operator): what the callee does with it is not seen here, so it
 * is another use (the function is not cloned). */
static enum CXChildVisitResult ref_args_cb(CXCursor c, CXCursor parent,
                                           CXClientData data) {
  struct accesses *st = data;
  CXCursor callee, obj;
  int i, n, p;

  (void)parent;
  if (clang_getCursorKind(c) != CXCursor_CallExpr)
    return CXChildVisit_Recurse;
  n = clang_Cursor_getNumArguments(c);
  for (i = 0; i < n; i++) {
    CXCursor a = clang_Cursor_getArgument(c, (unsigned)i);
    while (clang_getCursorKind(a) == CXCursor_ParenExpr &&
           ld__nth_child(a, 0, &a))
      ;
    if (clang_getCursorKind(a) == CXCursor_DeclRefExpr &&
        (p = ref_param_of(st, a)) >= 0)
      st->other[p] = 1;
  }
  /* `r.f()`: a method may change r. */
  if (ld__nth_child(c, 0, &callee) &&
      clang_getCursorKind(callee = ld__unwrap(callee)) ==
          CXCursor_MemberRefExpr &&
      ld__nth_child(callee, 0, &obj) && (p = ref_param_of(st, obj)) >= 0)
    st->other[p] = 1;
  return CXChildVisit_Recurse;
}

/* Whether e names a variable of static storage (`__device__`,
 * `__constant__`) that holds pointers: what they point to is reached
 * through pointers loaded from memory (docs/global-check.md, "Pointers
 * loaded from memory").  Not a `__shared__` one: the kernel sets it
 * itself, from a pointer it then uses as a value. */
static int static_holder(CXCursor e) {
  CXCursor d;

  e = ld__unwrap(e);
  if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
    return 0;
  d = clang_getCursorReferenced(e);
  return clang_getCursorKind(d) == CXCursor_VarDecl &&
         clang_Cursor_hasVarDeclGlobalStorage(d) == 1 &&
         !ld__has_child_kind(d, CXCursor_CUDASharedAttr) &&
         ld__holds_pointer(clang_getCursorType(d), 0);
}

/* Whether the place e lies in memory reached through a pointer (`p->f`,
 * `p[i]`, `*p`, `p->a[2]`), not in a variable or parameter of its own; a
 * variable of static storage that holds pointers counts as memory. */
static int memory_place(CXCursor e) {
  CXCursor a;

  e = ld__unwrap(e);
  switch (clang_getCursorKind(e)) {
  case CXCursor_MemberRefExpr:
    if (!ld__nth_child(e, 0, &a))
      return 1; /* a member of `this` */
    a = ld__unwrap(a);
    return ld__is_pointer(clang_getCursorType(a)) || memory_place(a);
  case CXCursor_ArraySubscriptExpr:
    if (!ld__nth_child(e, 0, &a))
      return 0;
    a = ld__unwrap(a);
    return !ld__is_array(clang_getCursorType(a)) || memory_place(a);
  case CXCursor_UnaryOperator:
    return clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref;
  case CXCursor_DeclRefExpr:
    return static_holder(e);
  default:
    return ld__dependent_deref(e, &a);
  }
}

/* A pointer read from memory as a value (`g->dist`, `rows[i]`): in a
 * kernel that loads pointers, the base of an access or an alias's
 * initialiser only (its other uses are the parameter's other uses). */
static int loaded_pointer(const struct accesses *st, CXCursor e) {
  return st->loading && ld__is_pointer(clang_getCursorType(ld__unwrap(e))) &&
         memory_place(e);
}

/* The key of the pointer loaded from memory through which the place e
 * (addr 0) or the address e (addr 1) is reached: its member's hash (| 1)
 * or 2 for an element of pointers; 0 when none is (docs/global-check.md,
 * "Pointers loaded from memory"). */
static unsigned loaded_key(const struct accesses *st, CXCursor e, int addr) {
  CXCursor a, b;
  size_t i;

  e = ld__unwrap(e);
  if (addr && memory_place(e))
    return clang_getCursorKind(e) == CXCursor_MemberRefExpr
               ? clang_hashCursor(clang_getCursorReferenced(e)) | 1u
               : 2u;
  switch (clang_getCursorKind(e)) {
  case CXCursor_DeclRefExpr:
    for (i = 0; addr && i < st->nalias; i++)
      if (clang_equalCursors(
              clang_getCanonicalCursor(clang_getCursorReferenced(e)),
              st->alias[i]))
        return st->alias_addr[i];
    return 0;
  case CXCursor_ParenExpr:
  case CXCursor_CStyleCastExpr:
  case CXCursor_CXXStaticCastExpr:
  case CXCursor_CXXReinterpretCastExpr:
    return ld__last_expr_child(e, &a) ? loaded_key(st, a, addr) : 0;
  case CXCursor_MemberRefExpr:
    if (!ld__nth_child(e, 0, &a))
      return 0;
    return loaded_key(st, a,
                      ld__is_pointer(clang_getCursorType(ld__unwrap(a))));
  case CXCursor_ArraySubscriptExpr:
    if (!ld__nth_child(e, 0, &a))
      return 0;
    return loaded_key(st, a, !ld__is_array(clang_getCursorType(ld__unwrap(a))));
  case CXCursor_UnaryOperator:
    if (!ld__nth_child(e, 0, &a))
      return 0;
    if (clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref)
      return loaded_key(st, a, 1);
    return clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf
               ? loaded_key(st, a, 0)
               : 0;
  case CXCursor_BinaryOperator:
    if (!addr || !ld__nth_child(e, 0, &a) || !ld__nth_child(e, 1, &b))
      return 0;
    return ld__is_pointer(clang_getCursorType(ld__unwrap(a)))
               ? loaded_key(st, a, 1)
               : loaded_key(st, b, 1);
  default:
    if (ld__dependent_deref(e, &a))
      return loaded_key(st, a, 1);
    return addr && ld__pointer_sum(e, &a, &b) ? loaded_key(st, a, 1) : 0;
  }
}

static int access_base(struct accesses *st, CXCursor e, CXCursor *rest,
                       size_t *nrest) {
  enum CXCursorKind k;
  CXCursor a, b;
  int p;

  e = ld__unwrap(e);
  k = clang_getCursorKind(e);
  if (*nrest + 2 > LD_ACCESS_REST)
    return -1;
  if ((p = var_of(st, e)) >= 0)
    return p; /* v, v[i] (below), v.f (below) */
  if ((p = ref_param_of(st, e)) >= 0)
    return p; /* a device function's `T &r`: r itself */
  if (k == CXCursor_ArraySubscriptExpr) {
    if (!ld__nth_child(e, 0, &a) || !ld__nth_child(e, 1, &b))
      return -1;
    rest[(*nrest)++] = b;
    p = pointer_of(st, a);
    if (p >= 0)
      return p;
    /* `((int4 *)in)[i]`, `reinterpret_cast<float4 *>(x)[i]`: the direct
     * run claims the access by its own address and size (alias_root). */
    if (st->direct && !clang_equalCursors(ld__pointer_uncast(a), ld__unwrap(a)))
      return alias_root(st, a, rest, nrest);
    return access_base(st, a, rest, nrest); /* v[i]: v */
  }
  /* `*p`, `*(p + i * n + j)`, an alias's `*q` (alias_root); a template's
   * dependent `*` too. */
  if ((k == CXCursor_UnaryOperator &&
       clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref &&
       ld__nth_child(e, 0, &a)) ||
      ld__dependent_deref(e, &a)) {
    if ((p = pointer_of(st, a)) >= 0)
      return p;
    return alias_root(st, a, rest, nrest);
  }
  if (k == CXCursor_MemberRefExpr && ld__nth_child(e, 0, &a)) {
    CXCursor f = clang_getCursorReferenced(e);
    if (clang_getCursorKind(f) != CXCursor_FieldDecl ||
        clang_Cursor_isBitField(f))
      return -1; /* a method, or no address to claim */
    p = pointer_of(st, a);
    if (p >= 0)
      return p; /* p->f */
    /* `t->heads[b]->key`: through a pointer loaded from memory, claimed
     * by address (loaded_key), as `g->dist[u]` is. */
    if (ld__is_pointer(clang_getCursorType(ld__unwrap(a))))
      return loaded_pointer(st, a) ? access_base(st, a, rest, nrest) : -1;
    return access_base(st, a, rest, nrest); /* (...).f */
  }
  /* A variable of static storage holding pointers: what they point to is
   * claimed by address (add_access keeps no access of its own memory). */
  if (st->vslot >= 0 && static_holder(e))
    return st->vslot;
  return -1;
}

static void walk_accesses(struct accesses *st, CXCursor c, int use);
static int take_ref_args(struct accesses *st, CXCursor call);
static int take_class_store(struct accesses *st, CXCursor call);
static void take_writable_views(struct accesses *st, CXCursor c);

struct walk_kids {
  struct accesses *st;
  int use;
};

static enum CXChildVisitResult accesses_cb(CXCursor c, CXCursor parent,
                                           CXClientData data) {
  struct walk_kids *w = data;

  (void)parent;
  walk_accesses(w->st, c, w->use);
  return w->st->rc ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* A compound statement's statements, each the `top` of what it holds. */
static enum CXChildVisitResult statements_cb(CXCursor c, CXCursor parent,
                                             CXClientData data) {
  struct walk_kids *w = data;

  (void)parent;
  w->st->top = c;
  walk_accesses(w->st, c, w->use);
  return w->st->rc ? CXChildVisit_Break : CXChildVisit_Continue;
}

static void walk_children(struct accesses *st, CXCursor c, int use) {
  struct walk_kids w;

  w.st = st;
  w.use = use;
  clang_visitChildren(c, accesses_cb, &w);
}

/* Record the access e to parameter p (a load when `load`). */
static void add_access(struct accesses *st, CXCursor e, int p, int load,
                       int atomic, int addr) {
  CXSourceRange r = clang_getCursorExtent(e);
  CXType t = clang_getCanonicalType(clang_getCursorType(e));
  size_t b, end;
  unsigned line = 0;

  if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
      t.kind == CXType_DependentSizedArray || t.kind == CXType_VariableArray ||
      !offset_in_main(st->s, clang_getRangeStart(r), &b) ||
      !offset_in_main(st->s, clang_getRangeEnd(r), &end) || end <= b) {
    st->other[p] = 1; /* an array (it decays) or in a macro */
    return;
  }
  if (st->n == st->cap) {
    size_t cap = st->cap ? 2 * st->cap : 8;
    struct ld_gstore *s2 = realloc(st->g->stores, cap * sizeof *s2);
    int *p2 = s2 ? realloc(st->site_of, cap * sizeof *p2) : NULL;
    unsigned *k2 = p2 ? realloc(st->key_of, cap * sizeof *k2) : NULL;
    unsigned *a2 = k2 ? realloc(st->addr_of, cap * sizeof *a2) : NULL;
    if (s2)
      st->g->stores = s2;
    if (p2)
      st->site_of = p2;
    if (k2)
      st->key_of = k2;
    if (!a2) {
      st->rc = LD_ENOMEM;
      return;
    }
    st->addr_of = a2;
    st->cap = cap;
  }
  st->g->stores[st->n].begin = b;
  st->g->stores[st->n].end = end;
  st->g->stores[st->n].load = load;
  st->g->stores[st->n].atomic = atomic;
  st->g->stores[st->n].call_begin = st->g->stores[st->n].call_end = 0;
  st->g->stores[st->n].acquires = 0;
  st->g->stores[st->n].void_call = 0;
  st->g->stores[st->n].address = 0;
  st->g->stores[st->n].object = 0;
  st->g->stores[st->n].set = 0;
  st->g->stores[st->n].rmw = 0;
  /* A volatile access may be a flag of the direct run (mark_flags); the
   * one run and the copies claim every access. */
  st->g->stores[st->n].flag =
      st->direct && !atomic &&
      (clang_isVolatileQualifiedType(clang_getCursorType(e)) ||
       clang_isVolatileQualifiedType(clang_getCursorType(ld__unwrap(e))));
  clang_getExpansionLocation(clang_getRangeStart(r), NULL, &line, NULL, NULL);
  st->g->stores[st->n].line = ld__file_line(st->s, line);
  st->key_of[st->n] =
      p < (int)st->g->nparams && !st->g->params[p].is_pointer ? st->key : 0;
  st->addr_of[st->n] = st->loading ? loaded_key(st, e, addr) : 0;
  /* A variable of static storage's own memory (`c_params.n`): a variable
   * the kernel writes has a slot of its own (var_of), so this one is only
   * read, and races with nothing of the launch. */
  if (p == st->vslot && !st->addr_of[st->n])
    return;
  if (st->addr_of[st->n])
    st->key_of[st->n] = st->addr_of[st->n];
  st->site_of[st->n++] = p;
  st->loads[p] |= load;
}

/* An access based on a parameter, used as `use`; 0 when c is none. */
static int take_access(struct accesses *st, CXCursor c, int use) {
  CXCursor rest[LD_ACCESS_REST];
  size_t nrest = 0, i;
  int p = access_base(st, c, rest, &nrest);

  if (p < 0)
    return 0;
  /* A pointer loaded or stored as a value: where it goes is not seen. */
  if (use == LD_USE_ADDR || st->lambda || loaded_pointer(st, c))
    st->other[p] = 1;
  else
    add_access(st, c, p, use == LD_USE_READ, 0, 0);
  for (i = 0; i < nrest && !st->rc; i++)
    walk_accesses(st, rest[i], LD_USE_READ);
  return 1;
}

/* The parameter an atomic's address a is based on (`&p[i]`, `&p->f`,
 * `p + i`, `i + p`, `p`), or -1; the other parts go to rest. */
static int address_base(struct accesses *st, CXCursor a, CXCursor *rest,
                        size_t *nrest) {
  CXCursor x, y;
  int p;

  a = ld__unwrap(a);
  if ((p = pointer_of(st, a)) >= 0)
    return p;
  if (clang_getCursorKind(a) == CXCursor_UnaryOperator &&
      clang_getCursorUnaryOperatorKind(a) == CXUnaryOperator_AddrOf &&
      ld__nth_child(a, 0, &x))
    return access_base(st, x, rest, nrest);
  if (clang_getCursorKind(a) == CXCursor_BinaryOperator &&
      ld__nth_child(a, 0, &x) && ld__nth_child(a, 1, &y)) {
    enum CXBinaryOperatorKind o = clang_getCursorBinaryOperatorKind(a);
    if ((o == CXBinaryOperator_Add || o == CXBinaryOperator_Sub) &&
        (p = pointer_of(st, x)) >= 0) {
      rest[(*nrest)++] = y;
      return p;
    }
    if (o == CXBinaryOperator_Add && (p = pointer_of(st, y)) >= 0) {
      rest[(*nrest)++] = x;
      return p;
    }
  }
  return -1;
}

/* The parameter a local pointer's initialiser init is based on (`p`, `p +
 * i`, `i + p`, `p - i`, `&p[i]`, `&p->f`, an alias of p), or -1; the other
 * parts go to rest. */
static int alias_root(struct accesses *st, CXCursor init, CXCursor *rest,
                      size_t *nrest) {
  CXCursor e = ld__unwrap(init), x, y;
  int p;

  if (clang_getCursorKind(e) == CXCursor_CStyleCastExpr ||
      clang_getCursorKind(e) == CXCursor_CXXStaticCastExpr ||
      clang_getCursorKind(e) == CXCursor_CXXReinterpretCastExpr) {
    /* Another element type: the copies' claims would cover other words.
     * The direct run claims each access by its own address and size, so
     * there a cast is followed (llm.c's `unsigned int *scratchFlag =
     * (unsigned int *)(scratch + 2 * C); atomicAdd(scratchFlag, 1)`). */
    if (!st->direct || !ld__last_expr_child(e, &x))
      return -1;
    return alias_root(st, x, rest, nrest);
  }
  if ((p = pointer_of(st, e)) >= 0)
    return p;
  /* A pointer loaded from memory (`g->dist`, `rows[i]`): its accesses are
   * claimed by their address (loaded_key). */
  if (loaded_pointer(st, e))
    return access_base(st, e, rest, nrest);
  if (clang_getCursorKind(e) == CXCursor_BinaryOperator &&
      *nrest + 1 < LD_ACCESS_REST && ld__nth_child(e, 0, &x) &&
      ld__nth_child(e, 1, &y)) {
    enum CXBinaryOperatorKind o = clang_getCursorBinaryOperatorKind(e);
    /* `p + i * n + j`: the pointer side, at any depth */
    if ((o == CXBinaryOperator_Add || o == CXBinaryOperator_Sub) &&
        ld__is_pointer(clang_getCursorType(ld__unwrap(x)))) {
      rest[(*nrest)++] = y;
      return alias_root(st, x, rest, nrest);
    }
    if (o == CXBinaryOperator_Add &&
        ld__is_pointer(clang_getCursorType(ld__unwrap(y)))) {
      rest[(*nrest)++] = x;
      return alias_root(st, y, rest, nrest);
    }
  }
  /* In a template, `p + i + j` with p a `T *`: `p + i` has a dependent
   * type (an operator call when overloads of + are in scope).  A side
   * based on a pointer parameter is the pointer (two pointers do not add),
   * the other side an offset. */
  if (*nrest + 1 < LD_ACCESS_REST && ld__pointer_sum(e, &x, &y)) {
    size_t before = *nrest;
    rest[(*nrest)++] = y;
    if ((p = alias_root(st, x, rest, nrest)) >= 0)
      return p;
    *nrest = before;
  }
  return address_base(st, e, rest, nrest);
}

/* The pointer parameter of the kernel itself (no alias) that e names, or
 * -1. */
static int own_param(struct accesses *st, CXCursor e) {
  CXCursor d;

  e = ld__unwrap(e);
  if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
    return -1;
  d = clang_getCursorReferenced(e);
  return clang_getCursorKind(d) == CXCursor_ParmDecl ? param_of(st, e) : -1;
}

/* The form of a move c: 1 for `x++`, `x--`, `x += n`, `x -= n`; 2 for `x
 * = E` (*rhs E); 0 for none.  *lhs is x. */
static int move_form(CXCursor c, CXCursor *lhs, CXCursor *rhs) {
  enum CXCursorKind k = clang_getCursorKind(c);

  if (!ld__nth_child(c, 0, lhs))
    return 0;
  if (k == CXCursor_UnaryOperator) {
    enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(c);
    return u >= CXUnaryOperator_PostInc && u <= CXUnaryOperator_PreDec;
  }
  if (k == CXCursor_CompoundAssignOperator) {
    enum CXBinaryOperatorKind o = clang_getCursorBinaryOperatorKind(c);
    return o == CXBinaryOperator_AddAssign || o == CXBinaryOperator_SubAssign;
  }
  return k == CXCursor_BinaryOperator &&
                 clang_getCursorBinaryOperatorKind(c) ==
                     CXBinaryOperator_Assign &&
                 ld__nth_child(c, 1, rhs)
             ? 2
             : 0;
}

/* A move of a pointer parameter in the direct run: `p = E` with E based on
 * a parameter, `p += n`, `p -= n`, `p++`, `p--`; the parameter moved (-1
 * for none), *from the one E is based on (-1 for the others). */
static int move_of(struct accesses *st, CXCursor c, int *from) {
  CXCursor lhs, rhs, rest[LD_ACCESS_REST];
  size_t nrest = 0;
  int p, form;

  *from = -1;
  if (!st->direct || !(form = move_form(c, &lhs, &rhs)))
    return -1;
  if (form == 1)
    return own_param(st, lhs);
  if ((p = own_param(st, lhs)) < 0 ||
      (*from = alias_root(st, rhs, rest, &nrest)) < 0)
    return -1;
  return p;
}

/* The alias (index in st->alias) that e names, or -1. */
static int alias_index(const struct accesses *st, CXCursor e) {
  CXCursor d;
  size_t i;

  e = ld__unwrap(e);
  if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
    return -1;
  d = clang_getCanonicalCursor(clang_getCursorReferenced(e));
  for (i = 0; i < st->nalias; i++)
    if (clang_equalCursors(d, st->alias[i]))
      return (int)i;
  return -1;
}

/* Whether e is a null pointer constant (`nullptr`, `NULL`, `0`). */
static int null_pointer(CXCursor e) {
  int ok;

  e = ld__unwrap(e);
  if (clang_getCursorKind(e) == CXCursor_CStyleCastExpr ||
      clang_getCursorKind(e) == CXCursor_CXXStaticCastExpr)
    if (ld__last_expr_child(e, &e))
      e = ld__unwrap(e);
  if (clang_getCursorKind(e) == CXCursor_CXXNullPtrLiteralExpr)
    return 1;
  if (ld__is_pointer(clang_getCursorType(e)))
    return 0;
  return ld__constant_of(e, &ok) == 0 && ok;
}

/* A move of a local alias in the direct run (`e = e->next`, `q = p + k`,
 * `q = nullptr`, `q += n`, `q++`): the alias moved (its index, -1 for
 * none) and *from, the slot the new value is based on (-1 for none: the
 * alias itself, or a null pointer); *bad when the new value is based on
 * no slot (the move is then an other use). */
static int alias_move_of(struct accesses *st, CXCursor c, int *from, int *bad) {
  CXCursor lhs, rhs, rest[LD_ACCESS_REST];
  size_t nrest = 0;
  int a, form;

  *from = -1;
  *bad = 0;
  if (!st->direct || !st->nalias || !(form = move_form(c, &lhs, &rhs)) ||
      (a = alias_index(st, lhs)) < 0)
    return -1;
  if (form == 1 || null_pointer(rhs))
    return a;
  *from = alias_root(st, rhs, rest, &nrest);
  *bad = *from < 0;
  return a;
}

/* Which parameters are moved, and what flows into them (before the walk:
 * a moved parameter's accesses are claimed by address wherever they are).
 * A local alias moved from slots alone walks: with pointers loaded from
 * memory its accesses are keyed by the alias (loaded_key: by address);
 * else its slot is moved, as a parameter would be. */
static enum CXChildVisitResult moves_cb(CXCursor c, CXCursor parent,
                                        CXClientData data) {
  struct accesses *st = data;
  int from, p, bad;

  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_LambdaExpr)
    return CXChildVisit_Continue;
  if ((p = move_of(st, c, &from)) >= 0) {
    st->moved[p] = 1;
    if (from >= 0 && from < 64)
      st->flows[p] |= (uint64_t)1 << from;
  } else if ((p = alias_move_of(st, c, &from, &bad)) >= 0 &&
             st->alias_walk[p] >= 0) {
    int slot = st->alias_of[p];
    bad |= !st->loading && slot >= (int)st->g->nparams;
    st->alias_walk[p] = bad ? -1 : 1;
    if (!bad && st->loading && !st->alias_addr[p])
      st->alias_addr[p] = st->alias_key[p] =
          clang_hashCursor(st->alias[p]) | 1u;
    if (!bad && !st->loading && slot < (int)st->g->nparams) {
      st->moved[slot] = 1;
      if (from >= 0 && from < 64)
        st->flows[slot] |= (uint64_t)1 << from;
    }
  }
  return CXChildVisit_Recurse;
}

struct first_set {
  CXCursor var, rhs;
  int found;
};

static enum CXChildVisitResult first_set_cb(CXCursor c, CXCursor parent,
                                            CXClientData data) {
  struct first_set *f = data;
  CXCursor lhs, rhs;

  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_LambdaExpr)
    return CXChildVisit_Continue; /* as moves_cb */
  if (move_form(c, &lhs, &rhs) == 2 &&
      clang_getCursorKind(ld__unwrap(lhs)) == CXCursor_DeclRefExpr &&
      clang_equalCursors(
          clang_getCanonicalCursor(clang_getCursorReferenced(ld__unwrap(lhs))),
          f->var)) {
    f->rhs = rhs;
    f->found = 1;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}

/* What a local pointer declared without a value starts from: the value of
 * its first assignment in the function (`unsigned long long *address, old;
 * address = (unsigned long long *)&t[k].data;`, the GUPS benchmark); its
 * later moves are walked as any alias's (moves_cb). */
static int first_value(CXCursor var, CXCursor *init) {
  struct first_set f;
  CXCursor fn = clang_getCursorSemanticParent(var);

  if (clang_Cursor_isNull(fn) || ld__has_child_kind(var, CXCursor_InitListExpr))
    return 0;
  f.var = clang_getCanonicalCursor(var);
  f.found = 0;
  clang_visitChildren(fn, first_set_cb, &f);
  *init = f.rhs;
  return f.found;
}

/* Register every local pointer of the body initialised from a parameter,
 * or declared without a value and first assigned one based on a parameter
 * (in source order, so an alias of an alias is found). */
static enum CXChildVisitResult aliases_cb(CXCursor c, CXCursor parent,
                                          CXClientData data) {
  struct accesses *st = data;
  CXCursor rest[LD_ACCESS_REST], init;
  size_t nrest = 0;
  int p;

  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_LambdaExpr)
    return CXChildVisit_Continue; /* its locals are its own */
  if (clang_getCursorKind(c) == CXCursor_VarDecl &&
      clang_getCanonicalType(clang_getCursorType(c)).kind == CXType_Pointer &&
      clang_Cursor_hasVarDeclGlobalStorage(c) != 1 &&
      (ld__last_expr_child(c, &init) || first_value(c, &init)) &&
      (p = alias_root(st, init, rest, &nrest)) >= 0) {
    unsigned key = st->key;
    CXCursor *a = realloc(st->alias, (st->nalias + 1) * sizeof *a);
    int *o = a ? realloc(st->alias_of, (st->nalias + 1) * sizeof *o) : NULL;
    unsigned *ak =
        o ? realloc(st->alias_key, (st->nalias + 1) * sizeof *ak) : NULL;
    unsigned *aa =
        ak ? realloc(st->alias_addr, (st->nalias + 1) * sizeof *aa) : NULL;
    int *aw =
        aa ? realloc(st->alias_walk, (st->nalias + 1) * sizeof *aw) : NULL;
    if (a)
      st->alias = a;
    if (o)
      st->alias_of = o;
    if (ak)
      st->alias_key = ak;
    if (aa)
      st->alias_addr = aa;
    if (!aw) {
      st->rc = LD_ENOMEM;
      return CXChildVisit_Break;
    }
    st->alias_walk = aw;
    st->alias_walk[st->nalias] = 0;
    st->alias_addr[st->nalias] = st->loading ? loaded_key(st, init, 1) : 0;
    st->alias_key[st->nalias] =
        st->alias_addr[st->nalias] ? st->alias_addr[st->nalias] : key;
    st->alias[st->nalias] = clang_getCanonicalCursor(c);
    st->alias_of[st->nalias++] = p;
  }
  return CXChildVisit_Recurse;
}

/* An alias's declaration: its initialiser's other parts are read. */
static int take_alias_decl(struct accesses *st, CXCursor c) {
  CXCursor rest[LD_ACCESS_REST], init;
  size_t nrest = 0, i;

  for (i = 0; i < st->nalias; i++)
    if (clang_equalCursors(clang_getCanonicalCursor(c), st->alias[i]))
      break;
  if (i == st->nalias || !ld__last_expr_child(c, &init) ||
      alias_root(st, init, rest, &nrest) < 0)
    return 0;
  for (i = 0; i < nrest && !st->rc; i++)
    walk_accesses(st, rest[i], LD_USE_READ);
  return 1;
}

/* The whole call of an atomic site a, and whether it acquires: a CAS or
 * an exchange, or any atomic whose value is used (not a statement of its
 * own, `(void)` cast or not).  An atomic whose value nobody reads observes
 * nothing; one in an unbraced if or loop body counts as acquiring (the
 * order it would give hides races, never invents one). */
static void atomic_call(struct accesses *st, CXCursor call,
                        struct ld_gstore *a) {
  CXSourceRange r = clang_getCursorExtent(call);
  CXCursor top = ld__unwrap(st->top), x;
  CXString name = ld__call_name(call);
  const char *n = clang_getCString(name);
  size_t b, e;

  if (clang_getCursorKind(top) == CXCursor_CStyleCastExpr &&
      clang_getCanonicalType(clang_getCursorType(top)).kind == CXType_Void &&
      ld__last_expr_child(top, &x))
    top = ld__unwrap(x);
  a->acquires = !strncmp(n, "atomicCAS", 9) || !strncmp(n, "atomicExch", 10) ||
                clang_Cursor_isNull(top) || !clang_equalCursors(top, call);
  clang_disposeString(name);
  a->void_call =
      clang_getCanonicalType(clang_getCursorType(call)).kind == CXType_Void;
  if (offset_in_main(st->s, clang_getRangeStart(r), &b) &&
      offset_in_main(st->s, clang_getRangeEnd(r), &e) && b <= a->begin &&
      a->end < e) {
    a->call_begin = b;
    a->call_end = e;
  } else if (a->acquires) {
    st->bad_fence = 1; /* an acquire the clone cannot record */
  }
}

/* A cache-hint load (1: `__ldg`, `__ldcg`, `__ldca`, `__ldcs`, `__ldlu`,
 * `__ldcv`, one argument) or store (2: `__stcs`, `__stcg`, `__stwb`,
 * `__stwt`, `__stcv`, two), by name; 0 for any other call. */
static int cache_hint(CXCursor call) {
  static const char *const loads[] = {"__ldg",  "__ldcg", "__ldca",
                                      "__ldcs", "__ldlu", "__ldcv"};
  static const char *const stores[] = {"__stcs", "__stcg", "__stwb", "__stwt",
                                       "__stcv"};
  CXString s = ld__call_name(call);
  const char *n = clang_getCString(s);
  int nargs = clang_Cursor_getNumArguments(call), hint = 0;
  size_t i;

  for (i = 0; i < sizeof loads / sizeof loads[0] && !hint; i++)
    if (!strcmp(n, loads[i]) && nargs == 1)
      hint = 1;
  for (i = 0; i < sizeof stores / sizeof stores[0] && !hint; i++)
    if (!strcmp(n, stores[i]) && nargs == 2)
      hint = 2;
  clang_disposeString(s);
  return hint;
}

/* A cache-hint load or store through a parameter (`__ldg(&p[i])`,
 * `__ldcs(p + i)`, `__stcs(&p[i], v)`): a read or a store of the element
 * at its address, claimed like `p[i]` (its address wrapped: ld_gstore.
 * address).  An address no parameter bases is walked as any call's. */
static int take_hint(struct accesses *st, CXCursor call, int hint) {
  CXCursor rest[LD_ACCESS_REST], a = clang_Cursor_getArgument(call, 0);
  size_t nrest = 0, i, before = st->n;
  int p = alias_root(st, a, rest, &nrest); /* `p + i + 1` too */

  if (p < 0)
    return 0;
  if (st->lambda)
    st->other[p] = 1;
  else
    add_access(st, a, p, hint == 1, 0, 1);
  if (st->n > before)
    st->g->stores[before].address = 1;
  for (i = 0; i < nrest && !st->rc; i++)
    walk_accesses(st, rest[i], LD_USE_READ);
  if (hint == 2 && !st->rc)
    walk_accesses(st, clang_Cursor_getArgument(call, 1), LD_USE_READ);
  return 1;
}

/* A fence in a kernel wanting the direct run: the place the clone wraps
 * with a release before it and an acquire after it; inside a lambda (no
 * __ldcc_gi there) or a macro it cannot, and the kernel keeps its reason
 * (an order the run cannot see would be reported as races). */
static void take_fence(struct accesses *st, CXCursor call, int level) {
  CXSourceRange r = clang_getCursorExtent(call);
  struct ld_gfence *v;
  size_t b, e;

  if (st->lambda || !offset_in_main(st->s, clang_getRangeStart(r), &b) ||
      !offset_in_main(st->s, clang_getRangeEnd(r), &e) || e <= b) {
    st->bad_fence = 1;
    return;
  }
  v = realloc(st->g->fences, (st->g->nfences + 1) * sizeof *v);
  if (!v) {
    st->rc = LD_ENOMEM;
    return;
  }
  st->g->fences = v;
  v[st->g->nfences].begin = b;
  v[st->g->nfences].end = e;
  v[st->g->nfences].acquire = level;
  v[st->g->nfences].value = 0;
  v[st->g->nfences].conversion = 0;
  v[st->g->nfences].after = 0;
  v[st->g->nfences++].level = level;
}

/* A local pointer that only ever holds a shared address: initialised from
 * one (`uint *s_WarpHist = s_Hist + warp * BINS;`), never assigned again,
 * its address never taken (histogram256's per-warp bins handed to an
 * atomic helper).  An atomic through it touches shared memory. */
static int shared_local(const struct accesses *st, CXCursor a) {
  CXCursor ref, init, parent;

  a = ld__pointer_uncast(a);
  if (clang_getCursorKind(a) != CXCursor_DeclRefExpr)
    return 0;
  ref = clang_getCanonicalCursor(clang_getCursorReferenced(a));
  parent = clang_getCursorSemanticParent(ref);
  if (clang_getCursorKind(ref) != CXCursor_VarDecl ||
      !clang_equalCursors(clang_getCanonicalCursor(parent),
                          clang_getCanonicalCursor(st->fn)) ||
      clang_Cursor_getStorageClass(ref) == CX_SC_Static ||
      !ld__is_pointer(clang_getCursorType(ref)) ||
      !ld__last_expr_child(clang_getCursorDefinition(ref), &init) ||
      !ld__shared_address(ld__pointer_uncast(init)))
    return 0;
  return !ld__reassigned(st->fn, ref);
}

/* An atomic call in a kernel wanting the direct run: its address claimed
 * as an atomic access of its parameter (every other argument read).  A
 * call of an atomic helper h (atomic_helpers.c) is one on each argument
 * bit i of h->params names, acquiring when the helper does, and a plain
 * read or store of the word each argument of h->plain_params points to
 * (`unlock(&m)`'s `*m = 0`: its address claimed, `gput(__ldcc_gi, J,
 * (A), L)`; a flag when the helper's parameter is volatile). */
static void take_atomic(struct accesses *st, CXCursor call, int scope,
                        const struct ld__atomic_helper *h) {
  CXCursor rest[LD_ACCESS_REST];
  int n = clang_Cursor_getNumArguments(call), i;
  uint64_t args = h ? h->params : 1, offset_args = h ? h->offset_params : 0;
  uint64_t plain = h ? h->plain_params : 0;

  if (n < (h ? 0 : 1))
    st->bad_atomic = 1;
  for (i = 0; i < n && !st->rc; i++) {
    CXCursor a = clang_Cursor_getArgument(call, (unsigned)i);
    size_t nrest = 0, r;
    int p = i < 64 && ((args | plain) >> i & 1)
                ? alias_root(st, ld__pointer_uncast(a), rest, &nrest)
                : -2;
    if (p >= 0 && (plain >> i & 1)) {
      size_t before = st->n;
      if (st->lambda)
        st->other[p] = 1;
      else
        add_access(st, a, p, !(h->stored_params >> i & 1), 0, 1);
      if (st->n > before) {
        st->g->stores[before].address = 1;
        st->g->stores[before].flag = (int)(h->volatile_params >> i & 1);
      }
      for (r = 0; r < nrest && !st->rc; r++)
        walk_accesses(st, rest[r], LD_USE_READ);
      continue;
    }
    if (p == -2) {
      walk_accesses(st, a, LD_USE_READ);
      continue;
    }
    if (p < 0) {
      /* On shared memory: nothing to claim (the run is the program's). */
      if (!ld__shared_address(a) &&
          !ld__shared_address(ld__pointer_uncast(a)) && !shared_local(st, a) &&
          !shared_local(st, ld__pointer_base(a))) {
        st->bad_atomic = 1;
        why_not(st, "%s on memory it cannot follow", call);
      }
      walk_accesses(st, a, LD_USE_READ);
      continue;
    }
    if (st->lambda || (offset_args >> i & 1))
      st->other[p] = 1; /* (a helper's word at an offset: not claimed) */
    else {
      size_t before = st->n;
      add_access(st, a, p, 0, scope, 1);
      if (st->n > before) {
        atomic_call(st, call, &st->g->stores[before]);
        st->g->stores[before].acquires |= h && h->acquires;
      }
    }
    for (r = 0; r < nrest && !st->rc; r++)
      walk_accesses(st, rest[r], LD_USE_READ);
  }
}

/* A call of an atomic helper h in a kernel wanting the direct run: its
 * arguments as take_atomic's, and with a fence in the helper the call is
 * one more fence (take_fence), a release before it and an acquire after
 * it; the acquire of its atomics is then that one's, as wide as the
 * widest of the two. */
static void take_helper(struct accesses *st, CXCursor call,
                        const struct ld__atomic_helper *h) {
  size_t before = st->n, i;
  int acquire = h->fence;

  take_atomic(st, call, h->scope, h);
  if (!h->fence || st->rc)
    return;
  for (i = before; i < st->n; i++)
    if (st->g->stores[i].atomic && st->g->stores[i].acquires) {
      if (acquire < (st->g->stores[i].atomic == LD_GSCOPE_BLOCK ? 1 : 2))
        acquire = st->g->stores[i].atomic == LD_GSCOPE_BLOCK ? 1 : 2;
      st->g->stores[i].acquires = 0;
    }
  before = st->g->nfences;
  take_fence(st, call, h->fence);
  if (st->g->nfences > before) {
    st->g->fences[before].acquire = acquire;
    st->g->fences[before].after = !h->fence_first;
    st->g->fences[before].value =
        clang_getCanonicalType(clang_getCursorType(call)).kind != CXType_Void;
  }
}

/* A libcu++ atomic's memory order (LD_ORDER_* bits) recorded as a fence
 * of its scope: a release before the call, an acquire after it. */
static void libcu_order(struct accesses *st, CXCursor call, int scope,
                        int order) {
  size_t f = st->g->nfences;
  int level = scope == LD_GSCOPE_BLOCK ? 1 : 2;

  if (!order || st->rc)
    return;
  take_fence(st, call, level);
  if (st->g->nfences > f) {
    /* An acquire-only order releases nothing (a lock's exchange). */
    st->g->fences[f].level = order & LD_ORDER_RELEASE ? level : 0;
    st->g->fences[f].acquire = order & LD_ORDER_ACQUIRE ? level : 0;
    st->g->fences[f].value =
        clang_getCanonicalType(clang_getCursorType(call)).kind != CXType_Void;
    st->g->fences[f].conversion =
        clang_getCursorKind(clang_getCursorReferenced(call)) ==
        CXCursor_ConversionFunction;
  }
}

/* A call on a libcu++ atomic object (ld__libcu_atomic) in a kernel
 * wanting the direct run: the object's address claimed as an atomic of
 * its scope (the object based on a parameter: `c[i].fetch_add(1)`, `(*c)++`,
 * `c->store(v)`), its other arguments read; by its memory order (`order`,
 * LD_ORDER_* bits: the default is sequentially consistent, both) it is a
 * release before it and an acquire after it, of its scope.  An object
 * based on anything else keeps the kernel out. */
static void take_libcu(struct accesses *st, CXCursor call, CXCursor obj,
                       int lvalue, int scope, int order) {
  CXCursor rest[LD_ACCESS_REST], c;
  size_t nrest = 0, r, before = st->n;
  int n = clang_Cursor_getNumArguments(call), i, first, p;

  p = lvalue ? access_base(st, obj, rest, &nrest)
             : alias_root(st, ld__pointer_uncast(obj), rest, &nrest);
  /* The call's arguments after the object (an operator's first is it). */
  if (!ld__member_object(call, &c, &first))
    first = 0;
  if (p < 0 && !(lvalue && ld__shared_address(obj))) {
    st->bad_atomic = 1;
    why_not(st, "%s on an atomic object it cannot follow", call);
    return;
  }
  if (p < 0) /* on shared memory: nothing to claim (the run is the program's) */
    walk_accesses(st, obj, LD_USE_READ);
  else if (st->lambda)
    st->other[p] = 1;
  else
    add_access(st, obj, p, 0, scope, !lvalue);
  if (st->n > before)
    st->g->stores[before].object = lvalue;
  for (r = 0; r < nrest && !st->rc; r++)
    walk_accesses(st, rest[r], LD_USE_READ);
  for (i = first; i < n && !st->rc; i++)
    walk_accesses(st, clang_Cursor_getArgument(call, (unsigned)i), LD_USE_READ);
  libcu_order(st, call, scope, order);
}

/* A call on a `cuda::atomic_ref` (ld__libcu_ref_member) in a kernel wanting
 * the direct run: the reference's location was claimed where it was made
 * (take_libcu on its constructor, `cuda::atomic_ref<int, S> r(*cnt)` or a
 * temporary's), so the call is its memory order's release and acquire
 * only.  A reference that is no local variable of the kernel nor a
 * temporary (a parameter, one reached through a pointer) keeps the kernel
 * out: where its location came from was not seen. */
static void take_ref_call(struct accesses *st, CXCursor call, CXCursor ref,
                          int scope, int order) {
  CXCursor r = ld__unwrap(ref), var;
  int n = clang_Cursor_getNumArguments(call), i, first;

  if (!ld__member_object(call, &var, &first))
    first = 0;
  if (clang_getCursorKind(r) == CXCursor_DeclRefExpr) {
    var = clang_getCursorReferenced(r);
    if (clang_getCursorKind(var) != CXCursor_VarDecl ||
        clang_getCanonicalType(clang_getCursorType(var)).kind ==
            CXType_LValueReference) {
      st->bad_atomic = 1;
      why_not(st, "%s on an atomic reference it cannot follow", call);
      return;
    }
  } else if (clang_getCanonicalType(clang_getCursorType(r)).kind ==
             CXType_Pointer) {
    st->bad_atomic = 1;
    why_not(st, "%s on an atomic reference it cannot follow", call);
    return;
  } else {
    walk_accesses(st, r, LD_USE_READ); /* the temporary's constructor */
  }
  for (i = first; i < n && !st->rc; i++)
    walk_accesses(st, clang_Cursor_getArgument(call, (unsigned)i), LD_USE_READ);
  libcu_order(st, call, scope, order);
}

/* A grid sync in a kernel wanting the direct run: the places the clone
 * rewrites into `__ldcc::ggrid_sync(__ldcc_gi, G)` (docs/global-check.md,
 * "Grid sync"); inside a lambda (no __ldcc_gi there) or a macro it cannot. */
static void take_grid_sync(struct accesses *st, CXCursor call, CXCursor obj) {
  CXSourceRange r = clang_getCursorExtent(call), o = clang_getCursorExtent(obj);
  struct ld_gsync *v;
  size_t b, e, ob, oe;

  if (st->lambda || !offset_in_main(st->s, clang_getRangeStart(r), &b) ||
      !offset_in_main(st->s, clang_getRangeEnd(r), &e) ||
      !offset_in_main(st->s, clang_getRangeStart(o), &ob) ||
      !offset_in_main(st->s, clang_getRangeEnd(o), &oe) || b > ob || ob >= oe ||
      oe > e) {
    st->bad_sync = 1;
    return;
  }
  v = realloc(st->g->gsyncs, (st->g->ngsyncs + 1) * sizeof *v);
  if (!v) {
    st->rc = LD_ENOMEM;
    return;
  }
  st->g->gsyncs = v;
  v[st->g->ngsyncs].begin = b;
  v[st->g->ngsyncs].obj_begin = ob;
  v[st->g->ngsyncs].obj_end = oe;
  v[st->g->ngsyncs++].end = e;
}

/* A move of a pointer parameter (moves_cb), when c is one: the parameter
 * is claimed by address; what is added to it, and the offsets of the
 * pointer moved in, are read. */
static int take_move(struct accesses *st, CXCursor c) {
  CXCursor rhs, rest[LD_ACCESS_REST];
  size_t nrest = 0, i;
  int from;

  if (move_of(st, c, &from) < 0)
    return 0;
  if (ld__nth_child(c, 1, &rhs) &&
      (clang_getCursorKind(c) != CXCursor_BinaryOperator ||
       alias_root(st, rhs, rest, &nrest) < 0))
    walk_accesses(st, rhs, LD_USE_READ);
  for (i = 0; i < nrest && !st->rc; i++)
    walk_accesses(st, rest[i], LD_USE_READ);
  return 1;
}

/* A by-value class parameter of the direct run, or a member of one (c),
 * used as `use` and not as an access's base: a value read from it
 * (`g.nodes`) reaches no memory; the parameter or a pointer in it used any
 * other way (passed on, copied, its address taken) leaves it unclaimed.
 * 0 when c is none. */
static int take_fields_use(struct accesses *st, CXCursor c, int use) {
  CXCursor field, lhs, rhs;
  CXType t = clang_getCanonicalType(clang_getCursorType(c));
  int p = fields_root(st, c, &field);

  if (p < 0)
    return 0;
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr || use == LD_USE_ADDR ||
      st->lambda || ld__is_pointer(t) || ld__holds_pointer(t, 0))
    st->other[p] = 1;
  /* The indices of its array members are read. */
  for (c = ld__unwrap(c); clang_getCursorKind(c) == CXCursor_MemberRefExpr ||
                          clang_getCursorKind(c) == CXCursor_ArraySubscriptExpr;
       c = ld__unwrap(lhs)) {
    if (clang_getCursorKind(c) == CXCursor_ArraySubscriptExpr &&
        ld__nth_child(c, 1, &rhs))
      walk_accesses(st, rhs, LD_USE_READ);
    if (!ld__nth_child(c, 0, &lhs) || st->rc)
      break;
  }
  return 1;
}

/* ---- device functions in the direct run -------------------------------- */

/* A device function the direct run may clone: a definition, no method, no
 * kernel (bodies.c free_device_fn lets its atomics through). */
static int devfn_cursor(const struct ld__source *s, CXCursor def) {
  enum CXCursorKind k = clang_getCursorKind(def), pk;
  size_t off;

  if ((k != CXCursor_FunctionDecl && k != CXCursor_FunctionTemplate) ||
      !clang_isCursorDefinition(def) ||
      !offset_in_main(s, clang_getCursorLocation(def), &off))
    return 0;
  pk = clang_getCursorKind(clang_getCursorSemanticParent(def));
  return (pk == CXCursor_TranslationUnit || pk == CXCursor_Namespace ||
          pk == CXCursor_LinkageSpec) &&
         ld__has_child_kind(def, CXCursor_CUDADeviceAttr) &&
         !ld__has_child_kind(def, CXCursor_CUDAGlobalAttr);
}

/* Whether a function of the main file, or one it calls there (deeper than
 * LD_DEVFN_DEPTH counts as yes), calls a global atomic: an `atomic*` call
 * whose address is not plainly shared, or a libcu++ atomic's. */
#define LD_DEVFN_DEPTH 6

static void mark_flags(struct accesses *st);
static void mark_cas_reads(struct accesses *st, CXCursor body);
static void walk_body(struct accesses *st, CXCursor body, size_t nslots);

/* A walk of a function of the main file and the functions it calls
 * (LD_DEVFN_DEPTH deep; a template's dependent call: every candidate) for
 * a cursor hit says yes to; deeper than that counts as found. */
struct callee_walk {
  const struct ld__source *s;
  int (*hit)(CXCursor c, const struct ld__global_in *in);
  const struct ld__global_in *in;
  int depth, found;
};

static int walk_calls(const struct callee_walk *up, CXCursor fn);

static int walk_callee(const struct callee_walk *w, CXCursor call) {
  CXCursor ref = clang_getCursorReferenced(call), e;
  unsigned i, n;

  if (!clang_Cursor_isNull(ref))
    return walk_calls(w, ld__definition_of(ref));
  /* Unresolved (a template's dependent call): every candidate. */
  if (!ld__nth_child(call, 0, &e))
    return 0;
  e = ld__unwrap(e);
  n = clang_getCursorKind(e) == CXCursor_OverloadedDeclRef
          ? clang_getNumOverloadedDecls(e)
          : 0;
  for (i = 0; i < n; i++)
    if (walk_calls(w, ld__definition_of(clang_getOverloadedDecl(e, i))))
      return 1;
  return 0;
}

static enum CXChildVisitResult callee_walk_cb(CXCursor c, CXCursor parent,
                                              CXClientData data) {
  struct callee_walk *w = data;

  (void)parent;
  w->found = w->hit(c, w->in) ||
             (clang_getCursorKind(c) == CXCursor_CallExpr && walk_callee(w, c));
  return w->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* up's walk of function fn, one call deeper (fn not the main file's: its
 * uses were never seen). */
static int walk_calls(const struct callee_walk *up, CXCursor fn) {
  struct callee_walk w = *up;
  size_t off;

  if (clang_Cursor_isNull(fn) || !clang_isCursorDefinition(fn) ||
      !offset_of(up->s, clang_getCursorLocation(fn), 0, &off))
    return 0;
  if (++w.depth > LD_DEVFN_DEPTH)
    return 1;
  w.found = 0;
  clang_visitChildren(fn, callee_walk_cb, &w);
  return w.found;
}

/* A global atomic (not on a shared address) or a libcu++ atomic call. */
static int atomic_hit(CXCursor c, const struct ld__global_in *in) {
  CXCursor obj, a;
  int lvalue, scope, order;

  (void)in;
  if (clang_getCursorKind(c) != CXCursor_CallExpr)
    return 0;
  if (ld__atomic_scope(c)) {
    a = clang_Cursor_getNumArguments(c) > 0 ? clang_Cursor_getArgument(c, 0)
                                            : clang_getNullCursor();
    return clang_Cursor_isNull(a) ||
           (!ld__shared_address(a) &&
            !ld__shared_address(ld__pointer_uncast(a)));
  }
  return ld__libcu_atomic(c, &obj, &lvalue, &scope, &order) ||
         ld__libcu_ref_member(c, &obj, &scope, &order);
}

/* A use of one of the kernel's written __device__ variables in. */
static int var_hit(CXCursor c, const struct ld__global_in *in) {
  CXCursor ref = clang_getCursorReferenced(c);

  return clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
         clang_getCursorKind(ref) == CXCursor_VarDecl &&
         clang_getCursorKind(clang_getCursorSemanticParent(ref)) !=
             CXCursor_FunctionDecl &&
         var_named(in, ref) >= 0;
}

/* Whether function fn (or one it calls) has global atomics. */
static int calls_atomics(const struct ld__source *s, CXCursor fn) {
  const struct callee_walk w = {s, atomic_hit, NULL, -1, 0};

  return walk_calls(&w, fn);
}

/* Whether function fn (or one it calls) names one of the kernel's written
 * __device__ variables in: its clone must claim them (the direct run's
 * vars_direct). */
static int names_vars(const struct ld__source *s,
                      const struct ld__global_in *in, CXCursor fn) {
  const struct callee_walk w = {s, var_hit, in, -1, 0};

  return in && in->vars_direct && walk_calls(&w, fn);
}

static int ident_char(char c) {
  return isalnum((unsigned char)c) || c == '_';
}

/* Whether word w stands in src[b, e) (`__device__`, `__host__`); its
 * place in *at. */
static int word_in(const char *src, size_t b, size_t e, const char *w,
                   size_t *at) {
  size_t n = strlen(w), p;

  for (p = b; p + n <= e; p++)
    if (!memcmp(src + p, w, n) && (p == b || !ident_char(src[p - 1])) &&
        (p + n == e || !ident_char(src[p + n]))) {
      *at = p;
      return 1;
    }
  return 0;
}

/* The `(` after a function's name at name_end (template arguments
 * skipped), before limit; 0 when none. */
static size_t open_paren(const char *src, size_t name_end, size_t limit) {
  size_t p = name_end;
  int angle = 0;

  while (p < limit &&
         (isspace((unsigned char)src[p]) || angle || src[p] == '<')) {
    if (src[p] == '<')
      angle++;
    else if (src[p] == '>')
      angle--;
    else if (angle && (src[p] == ';' || src[p] == '{'))
      return 0;
    p++;
  }
  return p < limit && src[p] == '(' ? p : 0;
}

/* A declaration's head [b, name): `__device__` in it, `__host__` found. */
static int device_head(const char *src, size_t b, size_t name, size_t *host_b,
                       size_t *host_e) {
  size_t at;

  *host_b = *host_e = 0;
  if (!word_in(src, b, name, "__device__", &at))
    return 0; /* a macro spelling it: the clone might not be device code */
  if (word_in(src, b, name, "__host__", &at)) {
    *host_b = at;
    *host_e = at + strlen("__host__");
  }
  return 1;
}

/* An earlier declaration of def in the main file (its first): the clone's
 * prototype follows it. */
static int devfn_proto(const struct ld__source *s, CXCursor def,
                       struct ld_gdevfn *d) {
  CXCursor canon = clang_getCanonicalCursor(def);
  CXSourceRange r = clang_getCursorExtent(canon);
  const char *src = s->src;
  size_t b, e, name, p, len = d->name_end - d->name_begin;

  if (clang_equalCursors(canon, def))
    return 1;
  if (!offset_of(s, clang_getRangeStart(r), 0, &b) ||
      !offset_in_main(s, clang_getRangeEnd(r), &e) ||
      !offset_in_main(s, clang_getCursorLocation(canon), &name) ||
      e > d->def_begin || name < b || name + len > e ||
      memcmp(src + name, src + d->name_begin, len))
    return 0;
  b = ld__def_start(src, b, 1);
  for (p = e; p < s->len && isspace((unsigned char)src[p]); p++)
    ;
  if (p >= s->len || src[p] != ';' ||
      !(d->proto_open = open_paren(src, name + len, e)) ||
      !device_head(src, b, name, &d->proto_host_begin, &d->proto_host_end))
    return 0;
  d->proto_begin = b;
  d->proto_name = name;
  d->proto_end = p + 1;
  return 1;
}

/* The definition's places (ld_gdevfn); 0 when the clone cannot be made
 * from its text. */
static int devfn_places(const struct ld__source *s, CXCursor def,
                        struct ld_gdevfn *d) {
  CXSourceRange r = clang_getCursorExtent(def);
  const char *src = s->src;

  memset(d, 0, sizeof *d);
  if (!offset_of(s, clang_getRangeStart(r), 0, &d->def_begin) ||
      !offset_in_main(s, clang_getRangeEnd(r), &d->def_end) ||
      !offset_in_main(s, clang_getCursorLocation(def), &d->name_begin) ||
      !(d->name = ld__cursor_name(def)))
    return 0;
  d->def_begin = ld__def_start(src, d->def_begin, 1);
  d->name_end = d->name_begin + strlen(d->name);
  if (d->name_end > d->def_end ||
      memcmp(src + d->name_begin, d->name, strlen(d->name)) ||
      !(d->params_open = open_paren(src, d->name_end, d->def_end)) ||
      !device_head(src, d->def_begin, d->name_begin, &d->host_begin,
                   &d->host_end) ||
      !devfn_proto(s, def, d)) {
    free(d->name);
    d->name = NULL;
    return 0;
  }
  return 1;
}

/* The device function's parameters, as a kernel's (params_cb): pointers
 * and classes holding pointers are its roots; a reference (the caller's
 * object written in place) makes it no clone. */
struct devfn_params {
  struct ld_global *g;
  uint64_t refs; /* bit i: parameter i is a non-const lvalue reference */
  int bad, rc;
};

static enum CXChildVisitResult devfn_params_cb(CXCursor c, CXCursor parent,
                                               CXClientData data) {
  struct devfn_params *w = data;
  CXType t = clang_getCanonicalType(clang_getCursorType(c));
  struct ld_gparam *gp;

  (void)parent;
  if (clang_getCursorKind(c) != CXCursor_ParmDecl)
    return CXChildVisit_Continue;
  /* A non-const lvalue reference (`float &left`): its uses are accesses
   * of the caller's object, claimed by address (ref_param_of). */
  if ((t.kind == CXType_LValueReference || t.kind == CXType_RValueReference) &&
      !clang_isConstQualifiedType(
          clang_getCanonicalType(clang_getPointeeType(t))) &&
      !ld__is_cg_type(t)) {
    if (t.kind == CXType_LValueReference && w->g->nparams < 64)
      w->refs |= (uint64_t)1 << w->g->nparams;
    else
      w->bad = 1;
  }
  gp = realloc(w->g->params, (w->g->nparams + 1) * sizeof *gp);
  if (!gp) {
    w->rc = LD_ENOMEM;
    return CXChildVisit_Break;
  }
  w->g->params = gp;
  gp = &gp[w->g->nparams++];
  memset(gp, 0, sizeof *gp);
  gp->ptr_index = -1;
  if (!(gp->name = ld__cursor_name(c))) {
    w->rc = LD_ENOMEM;
    return CXChildVisit_Break;
  }
  gp->is_pointer = ld__param_is_pointer(t);
  /* A cooperative-groups handle (`cg::thread_block cta`) is no memory of
   * the program's, whatever it holds. */
  gp->written = gp->is_pointer || (w->refs >> (w->g->nparams - 1) & 1) ||
                (!ld__is_pointer(t) && *gp->name && !ld__is_cg_type(t) &&
                 ld__holds_pointer(t, 0));
  return CXChildVisit_Continue;
}

static void free_devfn_facts(struct ld_global *fg, struct accesses *sub) {
  size_t i;

  for (i = 0; i < fg->nparams; i++)
    free(fg->params[i].name);
  free(fg->params);
  free(fg->stores);
  free(fg->fences);
  free(fg->gsyncs);
  free(fg->gcalls);
  free(sub->other);
  free(sub->loads);
  free(sub->passed);
  free(sub->site_of);
  free(sub->key_of);
  free(sub->moved);
  free(sub->flows);
  free(sub->alias);
  free(sub->alias_of);
  free(sub->alias_key);
  free(sub->alias_addr);
  free(sub->alias_walk);
  free(sub->addr_of);
}

/* Keep the walked function's clone (d, with fg's accesses and calls) in
 * the kernel's list; its index, or -1 when out of memory. */
static int keep_devfn(struct accesses *st, struct ld_gdevfn *d,
                      struct ld_global *fg) {
  struct ld_global *g = st->root;
  struct ld_gdevfn *v = realloc(g->devfns, (g->ndevfns + 1) * sizeof *v);
  size_t i;

  if (!v) {
    st->rc = LD_ENOMEM;
    return -1;
  }
  g->devfns = v;
  for (i = 0; i < fg->nstores; i++)
    fg->stores[i].ptr = -1; /* by address: the owner table */
  d->stores = fg->stores;
  d->nstores = fg->nstores;
  d->calls = fg->gcalls;
  d->ncalls = fg->ngcalls;
  fg->stores = NULL;
  fg->gcalls = NULL;
  v[g->ndevfns] = *d;
  return (int)g->ndevfns++;
}

/* Walk device function def as a kernel of the direct run whose pointer
 * parameters are all claimed by address: its clone's index in the
 * kernel's list, or -1 when it cannot be cloned (a pointer used other
 * than as an access's base or a clone's argument, an atomic on memory it
 * cannot follow, a fence, a grid sync, a reference parameter, recursion,
 * a text the clone cannot be made of). */
static int devfn_analyse(struct accesses *st, CXCursor def) {
  struct ld_global fg;
  struct accesses sub;
  struct ld_gdevfn d;
  struct devpath me;
  struct devfn_params pw;
  const struct devpath *up;
  CXCursor body = clang_getNullCursor();
  size_t i, depth = 0, nvars;
  int ok, at = -1;

  for (up = st->path; up; up = up->up, depth++)
    if (clang_equalCursors(up->fn, def)) {
      snprintf(st->devfn_why, sizeof st->devfn_why, "recursion");
      return -1;
    }
  if (depth >= 4 || !devfn_places(st->s, def, &d)) {
    snprintf(st->devfn_why, sizeof st->devfn_why, "%s",
             depth >= 4 ? "calls nested too deep" : "a text it cannot clone");
    return -1;
  }
  for (i = 0; i < st->root->ndevfns; i++)
    if (st->root->devfns[i].def_begin == d.def_begin) {
      free(d.name);
      return (int)i;
    }
  memset(&fg, 0, sizeof fg);
  memset(&sub, 0, sizeof sub);
  memset(&pw, 0, sizeof pw);
  pw.g = &fg;
  clang_visitChildren(def, devfn_params_cb, &pw);
  sub.s = st->s;
  sub.fn = def;
  sub.g = &fg;
  sub.refs = pw.refs;
  sub.direct = 1;
  /* The kernel's written __device__ variables: slots after the function's
   * parameters, claimed by address like everything in a clone. */
  sub.in = st->in;
  nvars = sub.in ? sub.in->ndevice_vars : 0;
  sub.sync_flags = st->sync_flags;
  sub.loading = st->loading;
  sub.vslot = sub.loading ? (int)(fg.nparams + nvars) : -1;
  sub.root = st->root;
  me.fn = def;
  me.up = st->path;
  sub.path = &me;
  sub.top = clang_getNullCursor();
  sub.other = calloc(fg.nparams + nvars + 1, sizeof *sub.other);
  sub.loads = calloc(fg.nparams + nvars + 1, sizeof *sub.loads);
  sub.passed = calloc(fg.nparams + nvars + 1, sizeof *sub.passed);
  sub.rc = pw.rc || !sub.other || !sub.loads || !sub.passed ? LD_ENOMEM : 0;
  if (!sub.rc && !pw.bad) {
    clang_visitChildren(def, body_cb, &body);
    if (sub.refs && !clang_Cursor_isNull(body))
      clang_visitChildren(body, ref_args_cb, &sub);
    walk_body(&sub, body, fg.nparams + nvars);
  }
  ok = !sub.rc && !pw.bad && !clang_Cursor_isNull(body) && !sub.bad_atomic &&
       !sub.bad_fence && !sub.bad_sync && !fg.nfences && !fg.ngsyncs;
  for (i = 0; i < fg.nparams && ok; i++)
    ok = !(fg.params[i].written && sub.other[i]);
  for (i = 0; i < nvars && ok; i++)
    ok = !sub.other[fg.nparams + i]; /* a variable used other than accessed */
  if (ok && sub.vslot >= 0 && sub.other[sub.vslot])
    ok = 0; /* a pointer read from a variable of static storage, as a value */
  if (!ok)
    snprintf(st->devfn_why, sizeof st->devfn_why, "%.100s",
             pw.bad                         ? "a non-const reference parameter"
             : sub.bad_atomic && sub.why[0] ? sub.why
             : fg.nfences || sub.bad_fence  ? "a fence"
             : fg.ngsyncs || sub.bad_sync   ? "a grid sync"
             : clang_Cursor_isNull(body)    ? "no body"
                                            : "a pointer or reference "
                                              "parameter used other than as "
                                              "an access's base");
  if (ok) {
    d.has_params = fg.nparams > 0;
    fg.nstores = sub.n;
    mark_cas_reads(&sub, body);
    mark_flags(&sub);
    at = keep_devfn(&sub, &d, &fg);
  }
  if (sub.rc)
    st->rc = sub.rc;
  if (at < 0)
    free(d.name);
  free_devfn_facts(&fg, &sub);
  return at;
}

/* The callee's name and `(` in a call of a device function named name
 * (`f(...)`, `f<T>(...)`, `ns::f(...)`). */
static int call_places(const struct accesses *st, CXCursor call,
                       const char *name, struct ld_gcall *out) {
  CXSourceRange r = clang_getCursorExtent(call);
  CXCursor callee;
  size_t n = strlen(name), e;

  if (!ld__nth_child(call, 0, &callee) ||
      !offset_in_main(st->s, clang_getCursorLocation(ld__unwrap(callee)),
                      &out->name_begin) ||
      !offset_in_main(st->s, clang_getRangeEnd(r), &e) ||
      out->name_begin + n > e ||
      memcmp(st->s->src + out->name_begin, name, n) ||
      ident_char(st->s->src[out->name_begin + n]))
    return 0;
  out->name_end = out->name_begin + n;
  out->args_open = open_paren(st->s->src, out->name_end, e);
  out->no_args = clang_Cursor_getNumArguments(call) == 0;
  return out->args_open != 0;
}

/* Whether device function def's parameter i is a non-const lvalue
 * reference (its clone claims the object by address, ref_param_of). */
static int by_ref(CXCursor def, int i) {
  CXType t = clang_getCanonicalType(
      clang_getCursorType(clang_Cursor_getArgument(def, (unsigned)i)));

  return t.kind == CXType_LValueReference &&
         !clang_isConstQualifiedType(
             clang_getCanonicalType(clang_getPointeeType(t)));
}

static int arg_slot(struct accesses *st, CXCursor a, CXCursor *rest,
                    size_t *nrest);

/* The slot argument a of def's parameter i hands over: the object's base
 * for a reference parameter (`byref(c[i % 4], 1)`: c, as `&c[i % 4]`
 * would), else arg_slot's. */
static int call_arg_slot(struct accesses *st, CXCursor def, int i, CXCursor a,
                         CXCursor *rest, size_t *nrest) {
  return by_ref(def, i) ? access_base(st, a, rest, nrest)
                        : arg_slot(st, a, rest, nrest);
}

/* The slot a pointer argument a is based on (`p`, `p + i`, `&p[i]`, an
 * alias, through casts: the clone claims by address, whatever the type),
 * or the by-value class parameter a names whole; -1 for none. */
static int arg_slot(struct accesses *st, CXCursor a, CXCursor *rest,
                    size_t *nrest) {
  CXCursor field;
  int p = alias_root(st, ld__pointer_uncast(a), rest, nrest);

  if (p >= 0)
    return p;
  *nrest = 0;
  a = ld__unwrap(a);
  if (clang_getCursorKind(a) == CXCursor_CallExpr &&
      clang_getCursorKind(clang_getCursorReferenced(a)) ==
          CXCursor_Constructor &&
      clang_Cursor_getNumArguments(a) == 1)
    a = clang_Cursor_getArgument(a, 0); /* the copy of a class */
  p = fields_root(st, a, &field);
  return p >= 0 && clang_Cursor_isNull(field) ? p : -1;
}

static int add_gcall(struct accesses *st, const struct ld_gcall *c) {
  struct ld_gcall *v = realloc(st->g->gcalls, (st->g->ngcalls + 1) * sizeof *v);

  if (!v) {
    st->rc = LD_ENOMEM;
    return 0;
  }
  st->g->gcalls = v;
  v[st->g->ngcalls++] = *c;
  return 1;
}

/* A call of a device function of the main file in the direct run, when an
 * argument points into written memory or the function has atomics: its
 * clone `__ldcc_gd_<f>` claims every access through its pointers by
 * address, and the call becomes the clone's, `__ldcc_gi` first.  A
 * function it cannot clone that has atomics keeps the kernel from the run
 * (they would go unseen); one without is walked as any call (its pointer
 * arguments are other uses).  1 when the call was taken. */
/* The definition a call of a device function names: a template's
 * dependent call (`put<B>(out, i, v)` in a template kernel) names an
 * overload set, taken when exactly one of its functions can take the
 * call's arguments. */
static CXCursor devcall_def(CXCursor call) {
  CXCursor ref = clang_getCursorReferenced(call), e,
           one = clang_getNullCursor();
  int nargs = clang_Cursor_getNumArguments(call);
  unsigned i, n, fits = 0;

  if (!clang_Cursor_isNull(ref) &&
      clang_getCursorKind(ref) != CXCursor_OverloadedDeclRef)
    return ld__definition_of(ref);
  if (!ld__nth_child(call, 0, &e))
    return clang_getNullCursor();
  e = ld__unwrap(e);
  if (clang_getCursorKind(e) == CXCursor_DeclRefExpr)
    e = clang_getCursorReferenced(e);
  n = clang_getCursorKind(e) == CXCursor_OverloadedDeclRef
          ? clang_getNumOverloadedDecls(e)
          : 0;
  for (i = 0; i < n; i++) {
    CXCursor d = clang_getOverloadedDecl(e, i);
    if (ld__arity_fits(d, nargs)) {
      one = d;
      fits++;
    }
  }
  return fits == 1 ? ld__definition_of(one) : clang_getNullCursor();
}

/* In a kernel whose replay clone carries the claims (composed), the call
 * there is the replay's own clone of the function, `__ldcc_<k>__f_<f>`
 * (replay_facts.c), whose stores go through pwr and so glog, which claims
 * them by address in the one run; its reads of global memory get
 * `__ldcc::grd` (replay_emit.c emit_callee), which claims them the same
 * way.  Taken when the replay clones the function, and the function's
 * accesses are plain loads and stores (no atomics, cache hints or flags)
 * and it calls no other clone; the global clone calls `__ldcc_gd_<f>`
 * as in any direct kernel. */
static int composed_devfn(struct accesses *st, int di) {
  const struct ld_gdevfn *d = &st->root->devfns[di];
  size_t i;
  int cloned = 0;

  for (i = 0; st->replay && i < st->replay->ncallees && !cloned; i++)
    cloned = st->replay->callees[i]->def_end == d->def_end;
  if (!cloned) {
    snprintf(st->devfn_why, sizeof st->devfn_why,
             "the shared-memory replay does not clone it");
    return 0;
  }
  for (i = 0; i < d->nstores; i++)
    if (d->stores[i].atomic || d->stores[i].address || d->stores[i].flag ||
        d->stores[i].object) {
      snprintf(st->devfn_why, sizeof st->devfn_why,
               "an atomic, cache hint or flag beside the shared-memory "
               "replay");
      return 0;
    }
  if (d->ncalls) {
    snprintf(st->devfn_why, sizeof st->devfn_why,
             "calls other clones beside the shared-memory replay");
    return 0;
  }
  return 1;
}

static int take_devcall(struct accesses *st, CXCursor call) {
  CXCursor def = devcall_def(call);
  CXCursor rest[LD_ACCESS_REST];
  struct ld_gcall gc;
  size_t nrest, r, at = 0;
  int n = clang_Cursor_getNumArguments(call), i, need = 0, di = -1, p;

  if (!devfn_cursor(st->s, def) || n < 0)
    return 0;
  for (i = 0; i < n && !need; i++) {
    nrest = 0;
    p = call_arg_slot(st, def, i, clang_Cursor_getArgument(call, (unsigned)i),
                      rest, &nrest);
    need = p >= 0 && (size_t)p < st->g->nparams && st->g->params[p].written;
  }
  if (!need && !calls_atomics(st->s, def) && !names_vars(st->s, st->in, def))
    return 0;
  if (!st->lambda &&
      offset_in_main(st->s, clang_getCursorLocation(call), &at)) {
    char *name = ld__cursor_name(def);
    if (!name) {
      st->rc = LD_ENOMEM;
      return 0;
    }
    if (call_places(st, call, name, &gc))
      di = devfn_analyse(st, def);
    free(name);
  }
  /* The clone must be declared where the call is. */
  if (di >= 0 && at < st->root->devfns[di].def_end &&
      !(st->root->devfns[di].proto_end && at > st->root->devfns[di].proto_end))
    di = -1;
  if (di >= 0 && st->composed && !composed_devfn(st, di))
    di = -1;
  if (di < 0 || st->rc) {
    if (!st->rc && names_vars(st->s, st->in, def)) {
      char fmt[200];
      st->bad_atomic = 1;
      snprintf(fmt, sizeof fmt,
               "calls %%s, whose uses of __device__ variables it cannot "
               "follow%s%.120s",
               st->devfn_why[0] ? ": " : "", st->devfn_why);
      why_not(st, fmt, call);
    } else if (!st->rc && calls_atomics(st->s, def)) {
      char fmt[200];
      st->bad_atomic = 1;
      if (!strcmp(st->devfn_why, "recursion"))
        snprintf(fmt, sizeof fmt, "calls %%s recursively");
      else
        snprintf(fmt, sizeof fmt,
                 "calls %%s, whose atomics it cannot follow%s%.120s",
                 st->devfn_why[0] ? ": " : "", st->devfn_why);
      why_not(st, fmt, call);
    }
    st->devfn_why[0] = 0;
    /* An object handed by reference to a function not cloned: what the
     * function does with it is not seen, another use. */
    for (i = 0; i < n && !st->rc; i++) {
      nrest = 0;
      if (by_ref(def, i) &&
          (p = access_base(st, clang_Cursor_getArgument(call, (unsigned)i),
                           rest, &nrest)) >= 0)
        st->other[p] = 1;
    }
    return 0;
  }
  if (!add_gcall(st, &gc))
    return 1;
  for (i = 0; i < n && !st->rc; i++) {
    CXCursor a = clang_Cursor_getArgument(call, (unsigned)i);
    nrest = 0;
    p = call_arg_slot(st, def, i, a, rest, &nrest);
    if (p < 0) {
      walk_accesses(st, a, by_ref(def, i) ? LD_USE_ADDR : LD_USE_READ);
      continue;
    }
    st->passed[p] = 1;
    for (r = 0; r < nrest && !st->rc; r++)
      walk_accesses(st, rest[r], LD_USE_READ);
  }
  return 1;
}

/* Whether a call of atomic helper h has a word at an offset of a pointer
 * based on a parameter (`atomicAdd(field + i, v)` inside it): said
 * nothing about at the call, so its clone claims it. */
static int offset_on_param(struct accesses *st, CXCursor call,
                           const struct ld__atomic_helper *h) {
  CXCursor rest[LD_ACCESS_REST];
  int n = clang_Cursor_getNumArguments(call), i;

  for (i = 0; i < n && i < 64; i++) {
    size_t nrest = 0;
    if ((h->offset_params >> i & 1) &&
        alias_root(
            st, ld__pointer_uncast(clang_Cursor_getArgument(call, (unsigned)i)),
            rest, &nrest) >= 0)
      return 1;
  }
  return 0;
}

/* e without parentheses, implicit and explicit casts. */
static CXCursor uncast(CXCursor e) {
  CXCursor x;
  enum CXCursorKind k;

  for (;;) {
    e = ld__unwrap(e);
    k = clang_getCursorKind(e);
    if ((k != CXCursor_CStyleCastExpr && k != CXCursor_CXXFunctionalCastExpr &&
         k != CXCursor_CXXStaticCastExpr) ||
        !ld__last_expr_child(e, &x))
      return e;
    e = x;
  }
}

/* Whether e's text is [b, end)'s, blanks aside. */
/* Whether the texts [i, ie) and [j, je) of src are alike but for blanks. */
static int same_span(const char *src, size_t i, size_t ie, size_t j,
                     size_t je) {
  for (;; i++, j++) {
    while (i < ie && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n'))
      i++;
    while (j < je && (src[j] == ' ' || src[j] == '\t' || src[j] == '\n'))
      j++;
    if (i == ie || j == je)
      return i == ie && j == je;
    if (src[i] != src[j])
      return 0;
  }
}

static int same_text(const struct accesses *st, CXCursor e, size_t b,
                     size_t end) {
  size_t i, ie;

  return ld__main_span(st->s, e, &i, &ie) &&
         same_span(st->s->src, i, ie, b, end);
}

/* A store `E = R` whose R computes from E itself at its top (after casts):
 * 2 for an arithmetic operator with E as an operand (`E = E + v`, `E = v *
 * E`, `-`, `/`, `%`, `^`, shifts), 3 for `|`, `&` or a call of max, min,
 * fmax, fmin, fmaxf or fminf with E as an argument (the lanes' results
 * decide, as for `|=`); 1 otherwise (a plain store). */
static int self_update(const struct accesses *st, CXCursor rhs, size_t b,
                       size_t end) {
  static const char *const idem_fns[] = {"max",  "min",   "fmax",
                                         "fmin", "fmaxf", "fminf"};
  CXCursor r = uncast(rhs), x, y;
  enum CXBinaryOperatorKind o;
  size_t i;
  int idem = 0;

  if (clang_getCursorKind(r) == CXCursor_CallExpr) {
    int n = clang_Cursor_getNumArguments(r), j;
    for (i = 0; i < sizeof idem_fns / sizeof *idem_fns; i++)
      if (ld__name_is(r, idem_fns[i]))
        break;
    for (j = 0; i < sizeof idem_fns / sizeof *idem_fns && j < n; j++)
      if (same_text(st, uncast(clang_Cursor_getArgument(r, (unsigned)j)), b,
                    end))
        return 3;
    return 1;
  }
  if (clang_getCursorKind(r) != CXCursor_BinaryOperator ||
      !ld__nth_child(r, 0, &x) || !ld__nth_child(r, 1, &y))
    return 1;
  o = clang_getCursorBinaryOperatorKind(r);
  if (o == CXBinaryOperator_Or || o == CXBinaryOperator_And)
    idem = 1;
  else if (o != CXBinaryOperator_Add && o != CXBinaryOperator_Sub &&
           o != CXBinaryOperator_Mul && o != CXBinaryOperator_Div &&
           o != CXBinaryOperator_Rem && o != CXBinaryOperator_Xor &&
           o != CXBinaryOperator_Shl && o != CXBinaryOperator_Shr)
    return 1;
  if (same_text(st, uncast(x), b, end) || same_text(st, uncast(y), b, end))
    return idem ? 3 : 2;
  return 1;
}

/* The access take_access recorded first from `at` on, when it is the
 * plain store or update lhs (its indices' reads come after it), is one
 * gset wraps (ld_gstore.set; a store `E = R` with its R, else NULL). */
static void mark_set(struct accesses *st, size_t at, CXCursor lhs,
                     const CXCursor *rhs, int rmw) {
  struct ld_gstore *a = at < st->n ? &st->g->stores[at] : NULL;
  CXSourceRange r = clang_getCursorExtent(lhs);
  size_t b;

  if (a && rmw)
    a->rmw = 1; /* `E op= v`, `E++`: ld_gstore.rmw */

  if (a && !a->load && !a->atomic && !a->address && !a->object &&
      offset_in_main(st->s, clang_getRangeStart(r), &b) && b == a->begin)
    a->set = rhs ? self_update(st, *rhs, a->begin, a->end) : 1;
}

/* A walking alias's move (alias_move_of, alias_walk 1): no other use; the
 * new value's offsets are read, and so is the pointer it loads from memory
 * (`e = e->next` reads e->next, claimed by address). */
static int take_alias_move(struct accesses *st, CXCursor c) {
  CXCursor rhs, e, rest[LD_ACCESS_REST];
  size_t nrest = 0, i;
  int from, bad, a = alias_move_of(st, c, &from, &bad), p;

  if (a < 0 || st->alias_walk[a] != 1)
    return 0;
  if (clang_getCursorKind(c) == CXCursor_UnaryOperator ||
      !ld__nth_child(c, 1, &rhs))
    return 1;
  if (clang_getCursorKind(c) == CXCursor_CompoundAssignOperator) {
    walk_accesses(st, rhs, LD_USE_READ);
    return 1;
  }
  if (null_pointer(rhs) || alias_root(st, rhs, rest, &nrest) < 0)
    return 1;
  for (i = 0; i < nrest && !st->rc; i++)
    walk_accesses(st, rest[i], LD_USE_READ);
  e = ld__pointer_uncast(rhs);
  nrest = 0;
  if (!st->rc && loaded_pointer(st, e) &&
      (p = access_base(st, e, rest, &nrest)) >= 0)
    add_access(st, e, p, 1, 0, 0);
  return 1;
}

/* In the direct run, a pointer whose value is only looked at — compared
 * (`e != nullptr`, `p < end`), tested (`if (e)`, `!e`), printed
 * (`printf("%p %s", p, g->name)`) — reaches no memory the kernel writes:
 * a slot's pointer (a parameter, an alias) so used is no other use, and
 * a pointer loaded from memory is a read of where it was loaded from.
 * (printf's `%s` reads through it; reads need no claim for every store
 * of the launch to be claimed.)  0 when e is no such pointer. */
static int take_pointer_look(struct accesses *st, CXCursor e) {
  CXCursor rest[LD_ACCESS_REST];
  size_t nrest = 0, i;
  int p;

  e = ld__unwrap(e);
  if (!st->direct || st->lambda || !ld__is_pointer(clang_getCursorType(e)))
    return 0;
  if (clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
      (param_of(st, e) >= 0 || alias_index(st, e) >= 0))
    return 1;
  if (!loaded_pointer(st, e) || (p = access_base(st, e, rest, &nrest)) < 0)
    return 0;
  add_access(st, e, p, 1, 0, 0);
  for (i = 0; i < nrest && !st->rc; i++)
    walk_accesses(st, rest[i], LD_USE_READ);
  return 1;
}

/* A comparison, a test or a printf whose pointer operands take_pointer_look
 * takes; 0 when c is none (its operands are then walked as usual). */
static int take_pointer_uses(struct accesses *st, CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor x, y;
  int n, i;

  if (!st->direct || st->lambda)
    return 0;
  if (k == CXCursor_BinaryOperator && ld__nth_child(c, 0, &x) &&
      ld__nth_child(c, 1, &y)) {
    enum CXBinaryOperatorKind o = clang_getCursorBinaryOperatorKind(c);
    if (o < CXBinaryOperator_LT || o > CXBinaryOperator_NE ||
        (!ld__is_pointer(clang_getCursorType(ld__unwrap(x))) &&
         !ld__is_pointer(clang_getCursorType(ld__unwrap(y)))))
      return 0;
    if (!take_pointer_look(st, x))
      walk_accesses(st, x, LD_USE_READ);
    if (!st->rc && !take_pointer_look(st, y))
      walk_accesses(st, y, LD_USE_READ);
    return 1;
  }
  if (k == CXCursor_UnaryOperator &&
      clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_LNot &&
      ld__nth_child(c, 0, &x))
    return take_pointer_look(st, x);
  /* `if (e)`, `while (e && ...)`: the conversion to bool. */
  if (k == CXCursor_UnexposedExpr &&
      clang_getCanonicalType(clang_getCursorType(c)).kind == CXType_Bool &&
      ld__is_pointer(clang_getCursorType(ld__unwrap(c))))
    return take_pointer_look(st, c);
  if (k != CXCursor_CallExpr)
    return 0;
  {
    CXString name = ld__call_name(c);
    const char *t = clang_getCString(name);
    int printf_call = t && !strcmp(t, "printf");
    clang_disposeString(name);
    if (!printf_call)
      return 0;
  }
  n = clang_Cursor_getNumArguments(c);
  for (i = 0; i < n && !st->rc; i++) {
    x = clang_Cursor_getArgument(c, (unsigned)i);
    if (!take_pointer_look(st, x))
      walk_accesses(st, x, LD_USE_READ);
  }
  return 1;
}

/* A parameter's or a walking alias's move, or a pointer only looked at. */
static int take_moves(struct accesses *st, CXCursor c) {
  return (!st->lambda && (take_move(st, c) || take_alias_move(st, c))) ||
         take_pointer_uses(st, c);
}

static void walk_accesses(struct accesses *st, CXCursor c, int use) {
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor lhs, rhs, obj;
  int p, scope;
  size_t at = st->n;

  if (k == CXCursor_CallExpr && st->direct && ld__grid_sync(c, &obj) == 1)
    take_grid_sync(st, c, obj); /* and its parts, as any call's */
  if (k == CXCursor_CallExpr && st->direct &&
      (scope = ld__libcu_fence(c)) >= 0) {
    if (scope)
      take_fence(st, c, scope); /* cuda::atomic_thread_fence */
    return;
  }
  if (k == CXCursor_CallExpr && st->direct) {
    int lvalue, order;
    if (ld__libcu_atomic(c, &obj, &lvalue, &scope, &order)) {
      take_libcu(st, c, obj, lvalue, scope, order);
      return;
    }
    if (ld__libcu_ref_ctor(c, &obj, &scope)) {
      take_libcu(st, c, obj, 1, scope, 0);
      return;
    }
    if (ld__libcu_ref_member(c, &obj, &scope, &order)) {
      take_ref_call(st, c, obj, scope, order);
      return;
    }
  }
  if (k == CXCursor_CallExpr && st->direct && (scope = ld__atomic_scope(c))) {
    take_atomic(st, c, scope, NULL);
    return;
  }
  if (k == CXCursor_CallExpr && st->direct) {
    struct ld__atomic_helper h;
    int helper =
        ld__atomic_helper(ld__definition_of(clang_getCursorReferenced(c)), &h);
    /* A helper whose word is at an offset of a parameter says nothing at
     * its call: its clone claims it. */
    if ((!helper || offset_on_param(st, c, &h)) && take_devcall(st, c))
      return;
    if (helper) {
      take_helper(st, c, &h);
      return;
    }
  }
  if (k == CXCursor_CallExpr && (scope = cache_hint(c)) &&
      take_hint(st, c, scope))
    return;
  if (k == CXCursor_CallExpr && st->direct && (scope = ld__fence_level(c))) {
    take_fence(st, c, scope);
    return;
  }
  if (k == CXCursor_CompoundStmt) {
    struct walk_kids w = {st, LD_USE_READ};
    CXCursor outer = st->top;
    clang_visitChildren(c, statements_cb, &w);
    st->top = outer;
    return;
  }
  if (k == CXCursor_LambdaExpr) {
    st->lambda++;
    walk_children(st, c, LD_USE_READ);
    st->lambda--;
    return;
  }
  take_writable_views(st, c);
  if (k == CXCursor_CallExpr && take_class_store(st, c))
    return;
  if (k == CXCursor_VarDecl && !st->lambda && take_alias_decl(st, c))
    return;
  /* `const Params p = params;`: the copy's uses are the parameter's
   * (fields_root); making it accesses nothing. */
  if (k == CXCursor_VarDecl && st->direct && !st->lambda &&
      !clang_Cursor_isNull(ld__copied_param(st->fn, c)))
    return;
  if (take_moves(st, c))
    return;
  if ((k == CXCursor_BinaryOperator &&
       clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) ||
      k == CXCursor_CompoundAssignOperator) {
    if (ld__nth_child(c, 0, &lhs) && ld__nth_child(c, 1, &rhs) &&
        take_access(st, lhs, LD_USE_WRITE)) {
      mark_set(st, at, lhs,
               k == CXCursor_BinaryOperator ? &rhs : (const CXCursor *)NULL,
               k == CXCursor_CompoundAssignOperator);
      if (!st->rc)
        walk_accesses(st, rhs, LD_USE_READ);
      return;
    }
  } else if (k == CXCursor_UnaryOperator) {
    enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(c);
    if (u >= CXUnaryOperator_PostInc && u <= CXUnaryOperator_PreDec &&
        ld__nth_child(c, 0, &lhs) && take_access(st, lhs, LD_USE_WRITE)) {
      mark_set(st, at, lhs, NULL, 1);
      return;
    }
    if (u == CXUnaryOperator_AddrOf) {
      walk_children(st, c, LD_USE_ADDR);
      return;
    }
  }
  if (take_access(st, c, use))
    return;
  if (k == CXCursor_CallExpr && take_ref_args(st, c))
    return;
  if ((k == CXCursor_MemberRefExpr || k == CXCursor_DeclRefExpr) &&
      take_fields_use(st, c, use))
    return;
  if (k == CXCursor_DeclRefExpr && (p = param_of(st, c)) >= 0) {
    st->other[p] = 1;
    return;
  }
  /* Parentheses and implicit casts keep the use; anything else starts a
   * new one (`&(a[i] + b[j])` reads both). */
  walk_children(st, c,
                k == CXCursor_ParenExpr || k == CXCursor_UnexposedExpr
                    ? use
                    : LD_USE_READ);
}

/* A store of a class type through a claimed parameter (`out[i] =
 * make_float2(x, y)`, `pts[i] = q`, `acc[i] += v` with a member
 * operator): a call of the class's assignment operator, whose object is
 * the element, stored (or updated) by it.  Before, the element was
 * claimed as a read, and two units storing float2, float4 or struct
 * elements to one place were never compared. */
static int take_class_store(struct accesses *st, CXCursor call) {
  CXCursor ref = clang_getCursorReferenced(call);
  int n = clang_Cursor_getNumArguments(call), i;

  if (clang_getCursorKind(ref) != CXCursor_CXXMethod ||
      clang_CXXMethod_isStatic(ref) || !ld__is_assign_operator(ref) || n < 1 ||
      !take_access(st, clang_Cursor_getArgument(call, 0), LD_USE_WRITE))
    return 0;
  for (i = 1; i < n && !st->rc; i++)
    walk_accesses(st, clang_Cursor_getArgument(call, (unsigned)i), LD_USE_READ);
  return 1;
}

static enum CXChildVisitResult others_cb(CXCursor c, CXCursor parent,
                                         CXClientData data) {
  struct accesses *st = data;
  int p = param_of(st, c);

  (void)parent;
  if (p >= 0)
    st->other[p] = 1;
  return CXChildVisit_Recurse;
}

/* Every slot e names, anywhere inside it, is used other than as an
 * access. */
static void mark_others(struct accesses *st, CXCursor e) {
  int p = param_of(st, e);

  if (p >= 0)
    st->other[p] = 1;
  clang_visitChildren(e, others_cb, st);
}

/* Elements the code may write through a name of its own: a local
 * reference to non-const bound to one (`float &r = out[i]; r = v;`, `auto
 * &node = nodes[v]; node.dist = d;`) and the object of a non-const method
 * (`pts[i].scale(s)`).  No claim at the binding or the call can say what
 * is written later or inside, so the slots they name are used other than
 * as accesses: the one run leaves the kernel to the copies (which see
 * every write), the direct run refuses it.  Before, the element was
 * claimed as a read.  (c is walked as usual afterwards.) */
static void take_writable_views(struct accesses *st, CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor e, ref;
  CXType t;

  if (k == CXCursor_VarDecl) {
    t = clang_getCanonicalType(clang_getCursorType(c));
    if ((t.kind == CXType_LValueReference ||
         t.kind == CXType_RValueReference) &&
        !clang_isConstQualifiedType(
            clang_getCanonicalType(clang_getPointeeType(t))) &&
        ld__last_expr_child(c, &e))
      mark_others(st, e);
    return;
  }
  if (k != CXCursor_CallExpr)
    return;
  ref = clang_getCursorReferenced(c);
  if (clang_getCursorKind(ref) != CXCursor_CXXMethod ||
      clang_CXXMethod_isStatic(ref) || clang_CXXMethod_isConst(ref) ||
      ld__is_assign_operator(ref))
    return;
  if (ld__nth_child(c, 0, &e) &&
      clang_getCursorKind(ld__unwrap(e)) == CXCursor_MemberRefExpr) {
    if (ld__nth_child(ld__unwrap(e), 0, &e) &&
        !ld__is_pointer(clang_getCursorType(ld__unwrap(e))))
      mark_others(st, e); /* `o.m()`; `p->m()`: p as a value, not claimed */
  } else if (clang_Cursor_getNumArguments(c) >= 1) {
    mark_others(st, clang_Cursor_getArgument(c, 0)); /* `o[i]`, `o(i)` */
  }
}

/* A call of a free function (not a method, whose parameters do not count
 * its object) whose parameters it can see: an argument bound to a reference
 * to non-const (`cuda::std::swap(a[i], a[j])`, `set(out[i], v)`, a free
 * `operator+=(float2 &, float2)`) may be written through it, where no
 * claim at the call can say whether it is; its parameter is used other
 * than as an access (the one run then leaves the kernel to the copies,
 * which see every write; the direct run refuses it).  Before, such an
 * argument was claimed as a read, and two units writing it through the
 * call were never compared. */
static int take_ref_args(struct accesses *st, CXCursor call) {
  CXCursor ref = clang_getCursorReferenced(call);
  int n = clang_Cursor_getNumArguments(call), np, i, any = 0;

  if (clang_getCursorKind(ref) != CXCursor_FunctionDecl || n <= 0)
    return 0;
  np = clang_Cursor_getNumArguments(ref);
  for (i = 0; i < n && i < np && !any; i++) {
    CXType t = clang_getCanonicalType(
        clang_getCursorType(clang_Cursor_getArgument(ref, (unsigned)i)));
    any = (t.kind == CXType_LValueReference ||
           t.kind == CXType_RValueReference) &&
          !clang_isConstQualifiedType(
              clang_getCanonicalType(clang_getPointeeType(t)));
  }
  if (!any)
    return 0;
  for (i = 0; i < n && !st->rc; i++) {
    CXCursor a = clang_Cursor_getArgument(call, (unsigned)i);
    CXType t = i < np ? clang_getCanonicalType(clang_getCursorType(
                            clang_Cursor_getArgument(ref, (unsigned)i)))
                      : clang_getCanonicalType(clang_getCursorType(a));
    int writes = (t.kind == CXType_LValueReference ||
                  t.kind == CXType_RValueReference) &&
                 !clang_isConstQualifiedType(
                     clang_getCanonicalType(clang_getPointeeType(t)));
    walk_accesses(st, a, writes ? LD_USE_ADDR : LD_USE_READ);
  }
  return 1;
}

/* Whether slot i of st (a parameter, or a variable of the direct run) is
 * claimed: an unclaimed variable keeps the kernel from the run. */
static int slot_claimed(const struct accesses *st, size_t i) {
  size_t j;

  if (i < st->g->nparams && !st->g->params[i].is_pointer)
    /* A by-value class's pointers, in the direct run (fields_of): all
     * of its uses are accesses or values read. */
    return st->direct && st->g->params[i].written && *st->g->params[i].name &&
           !st->other[i];
  if (st->other[i])
    return 0;
  /* Written for what it may hold, and used nowhere: nothing to claim. */
  if (i < st->g->nparams && st->g->params[i].holds_pointers)
    return 1;
  if (st->passed && st->passed[i])
    return 1; /* its accesses are in clones, by address */
  for (j = 0; j < st->n; j++)
    if (st->site_of[j] == (int)i)
      return 1;
  return i >= st->g->nparams; /* a variable with no access: none to claim */
}

/* ---- CAS loops' first reads ------------------------------------------- */

/* What one walk of a body finds for mark_cas_reads. */
#define CAS_MAX 16
struct cas_scan {
  const struct ld__source *s;
  struct {
    size_t ab, ae; /* the CAS's address argument */
    CXCursor cmp;  /* the local it compares with */
    int scope;
  } cas[CAS_MAX];
  struct {
    CXCursor to, from; /* `assumed = old` */
  } copy[CAS_MAX];
  struct {
    CXCursor to; /* `old = *p`, `T old = p[i]` */
    size_t eb, ee;
  } read[CAS_MAX];
  size_t ncas, ncopy, nread;
};

static CXCursor local_named(CXCursor e) {
  CXCursor d;

  e = ld__unwrap(e);
  if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
    return clang_getNullCursor();
  d = clang_getCursorReferenced(e);
  return clang_getCursorKind(d) == CXCursor_VarDecl &&
                 clang_Cursor_hasVarDeclGlobalStorage(d) != 1
             ? clang_getCanonicalCursor(d)
             : clang_getNullCursor();
}

/* A read of memory a CAS may take: `*p`, `p[i]`, `s->f`. */
static void cas_read(struct cas_scan *w, CXCursor to, CXCursor e) {
  CXSourceRange r;
  enum CXCursorKind k;

  e = ld__unwrap(e);
  k = clang_getCursorKind(e);
  if (clang_Cursor_isNull(to) || w->nread == CAS_MAX ||
      !((k == CXCursor_UnaryOperator &&
         clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref) ||
        k == CXCursor_ArraySubscriptExpr || k == CXCursor_MemberRefExpr))
    return;
  r = clang_getCursorExtent(e);
  if (!offset_in_main(w->s, clang_getRangeStart(r), &w->read[w->nread].eb) ||
      !offset_in_main(w->s, clang_getRangeEnd(r), &w->read[w->nread].ee))
    return;
  w->read[w->nread++].to = to;
}

static enum CXChildVisitResult cas_scan_cb(CXCursor c, CXCursor parent,
                                           CXClientData data) {
  struct cas_scan *w = data;
  CXCursor lhs, rhs, init;
  int scope;

  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_LambdaExpr)
    return CXChildVisit_Continue;
  if (clang_getCursorKind(c) == CXCursor_CallExpr &&
      ld__name_starts(c, "atomicCAS") && (scope = ld__atomic_scope(c)) &&
      clang_Cursor_getNumArguments(c) == 3 && w->ncas < CAS_MAX) {
    CXCursor a = clang_Cursor_getArgument(c, 0);
    CXSourceRange r = clang_getCursorExtent(a);
    w->cas[w->ncas].cmp = local_named(clang_Cursor_getArgument(c, 1));
    w->cas[w->ncas].scope = scope;
    if (!clang_Cursor_isNull(w->cas[w->ncas].cmp) &&
        offset_in_main(w->s, clang_getRangeStart(r), &w->cas[w->ncas].ab) &&
        offset_in_main(w->s, clang_getRangeEnd(r), &w->cas[w->ncas].ae))
      w->ncas++;
  } else if (clang_getCursorKind(c) == CXCursor_BinaryOperator &&
             clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign &&
             ld__nth_child(c, 0, &lhs) && ld__nth_child(c, 1, &rhs)) {
    CXCursor to = local_named(lhs), from = local_named(rhs);
    if (!clang_Cursor_isNull(to) && !clang_Cursor_isNull(from) &&
        w->ncopy < CAS_MAX) {
      w->copy[w->ncopy].to = to;
      w->copy[w->ncopy++].from = from;
    } else
      cas_read(w, to, rhs);
  } else if (clang_getCursorKind(c) == CXCursor_VarDecl &&
             ld__last_expr_child(c, &init))
    cas_read(w, clang_getCanonicalCursor(c), init);
  return CXChildVisit_Recurse;
}

/* Whether the text [b, e) is `*A`, or `&A` is the text [ab, ae): the
 * address argument A of a CAS. */
static int cas_address(const struct ld__source *s, size_t b, size_t e,
                       size_t ab, size_t ae) {
  const char *t = s->src;

  while (b < e && (t[b] == ' ' || t[b] == '\t' || t[b] == '\n'))
    b++;
  while (ab < ae && (t[ab] == ' ' || t[ab] == '\t' || t[ab] == '\n'))
    ab++;
  if (b < e && t[b] == '*')
    b++;
  else if (ab < ae && t[ab] == '&')
    ab++;
  else
    return 0;
  return same_span(t, b, e, ab, ae);
}

/* A CAS loop (`old = *p; do { assumed = old; old = atomicCAS(p, assumed,
 * f(assumed)); } while (assumed != old);`, the CUDA guide's atomicAdd on
 * doubles, NVIDIA's GUPS benchmark): its first read of the word is the
 * CAS's guess, which the CAS checks, so it is claimed as an atomic of the
 * CAS's scope (`(*__ldcc::gatomic_claim(__ldcc_gi, J, &(*p), S, L))`), as
 * a volatile access is (mark_flags): other units' atomics on the word are
 * no race with it, a plain store is.  Before, the direct run called it an
 * unguarded read, a false report on a race-free program.  The read is a
 * local's value (`old = *p`, `T old = p[i]`) that the CAS compares with,
 * itself or through a copy (`assumed = old`), and its text is the CAS's
 * address behind `*` (or the address is `&` before it). */
static void mark_cas_reads(struct accesses *st, CXCursor body) {
  struct cas_scan *w;
  size_t i, j, k, n;

  if (clang_Cursor_isNull(body) || !(w = calloc(1, sizeof *w)))
    return;
  w->s = st->s;
  clang_visitChildren(body, cas_scan_cb, w);
  for (i = 0; i < w->nread; i++)
    for (j = 0; j < w->ncas; j++) {
      int match = clang_equalCursors(w->read[i].to, w->cas[j].cmp);
      for (k = 0; k < w->ncopy && !match; k++)
        match = clang_equalCursors(w->copy[k].to, w->cas[j].cmp) &&
                clang_equalCursors(w->copy[k].from, w->read[i].to);
      if (!match || !cas_address(st->s, w->read[i].eb, w->read[i].ee,
                                 w->cas[j].ab, w->cas[j].ae))
        continue;
      for (n = 0; n < st->n; n++) {
        struct ld_gstore *a = &st->g->stores[n];
        if (a->load && !a->atomic && !a->address && !a->set &&
            a->begin == w->read[i].eb && a->end == w->read[i].ee) {
          a->atomic = w->cas[j].scope;
          a->object = 1;
          a->flag = 0;
        }
      }
    }
  free(w);
}

/* A direct kernel with fences synchronises through memory: its flags
 * (volatile accesses, and plain ones through a slot some atomic of the
 * kernel targets: `*lock = 0` after `atomicCAS(lock, 0, 1)`, a ticket's
 * reset) are read and written by several units by design, and ordered by
 * the fences around them, so they are not claimed; the data they guard
 * are (docs/global-check.md, "Fences").  Without fences nothing orders
 * two units' accesses: a plain store of what an atomic targets is a lost
 * update, and only a message-passing kernel's volatile accesses (relaxed,
 * never a race by themselves) are flags; other volatile accesses are
 * claimed as relaxed atomics of system scope. */
static void mark_flags(struct accesses *st) {
  size_t i, j;
  int volatiles = st->g->nfences || st->sync_flags;

  for (i = 0; i < st->n; i++) {
    struct ld_gstore *a = &st->g->stores[i];
    /* A volatile access without fences is what the PTX memory model
     * makes it, a relaxed access of system scope: no race with another
     * unit's volatile or atomic access of the word, a race with a plain
     * one.  So it is claimed as an atomic object (before session 39 it was
     * claimed as a plain access, and graph codes that publish colours or
     * distances through volatile pointers, ECL's, were reported).  A
     * volatile update (`v[i] += 1`, `v[i] = v[i] + 1`) is no atomic: two
     * units' updates lose one, so it stays claimed as one. */
    if (!a->atomic && !volatiles && a->flag && !a->rmw && a->set <= 1) {
      a->atomic = LD_GSCOPE_SYSTEM;
      a->object = 1;
    }
    if (a->atomic || !volatiles) {
      a->flag = 0;
      continue;
    }
    for (j = 0; j < st->n && !a->flag && st->g->nfences; j++)
      a->flag = st->g->stores[j].atomic && st->site_of[j] == st->site_of[i] &&
                st->key_of[j] == st->key_of[i];
  }
}

/* Whether access a cannot be claimed in the replay clone r (composed):
 * it lies in a range the replay replaces (a hoisted constant's or a
 * shared declaration's text, a callee's name) or in a barrier's statement,
 * which the clone renders anew. */
static int replay_rewrites(const struct ld_replay *r,
                           const struct ld_gstore *a) {
  size_t i;

  for (i = 0; i < r->edits.n; i++) {
    const struct ld_edit *e = &r->edits.items[i];
    /* A replacement overlapping the access, other than one inside it (a
     * shared variable's name in its index), would swallow an insert. */
    if (e->end > e->begin && a->begin < e->end && e->begin < a->end &&
        !(a->begin <= e->begin && e->end <= a->end))
      return 1;
  }
  for (i = 0; i < r->nsites; i++)
    if (r->sites[i].stmt_begin < a->end && a->begin < r->sites[i].stmt_end)
      return 1;
  return 0;
}

/* What is moved into a written parameter is written through it: the
 * runtime must know the allocations of the parameters it came from (to a
 * fixed point, as many rounds as parameters). */
static void written_moves(struct accesses *st) {
  struct ld_global *g = st->g;
  size_t i, j, q;

  for (j = 0; j < g->nparams; j++)
    for (i = 0; i < g->nparams && i < 64; i++)
      if (st->moved[i] && g->params[i].written)
        for (q = 0; q < g->nparams && q < 64; q++)
          if ((st->flows[i] >> q & 1) && !g->params[q].written &&
              g->params[q].is_pointer)
            g->params[q].written = 1;
}

/* The body's aliases, moves and accesses into st (its nslots slots). */
static void walk_body(struct accesses *st, CXCursor body, size_t nslots) {
  st->moved = calloc(nslots + 1, sizeof *st->moved);
  st->flows = calloc(nslots + 1, sizeof *st->flows);
  if (!st->moved || !st->flows) {
    st->rc = LD_ENOMEM;
    return;
  }
  if (clang_Cursor_isNull(body))
    return;
  clang_visitChildren(body, aliases_cb, st);
  if (st->direct && !st->rc)
    clang_visitChildren(body, moves_cb, st);
  if (!st->rc)
    walk_accesses(st, body, LD_USE_READ);
  if (!st->rc && st->direct)
    written_moves(st);
}

static int epochs_hold(const struct ld__source *s, CXCursor fn,
                       const struct ld_global *g,
                       const struct ld__global_in *in);

/* Which pointer parameters (and, in the direct run, written __device__
 * variables) are claimed, and their accesses. */
/* The direct run does not take the kernel: nothing claimed, and the
 * reason why (direct_why, with st's cause after a colon). */
/* Whether every written slot of the walk is claimed (each parameter's
 * `claimed` set); else why (st->why, the first cause). */
static int slots_claimed(struct accesses *st, size_t nslots) {
  struct ld_global *g = st->g;
  size_t i;

  for (i = 0; i < g->nparams; i++) {
    g->params[i].claimed = slot_claimed(st, i);
    g->params[i].loads = st->loads[i];
  }
  /* A written parameter that is not claimed keeps every launch from the
   * run: then nothing is claimed, and the clone wraps nothing. */
  for (i = 0; i < g->nparams; i++)
    if (g->params[i].written && g->params[i].is_pointer &&
        !g->params[i].claimed) {
      if (st->direct && !st->why[0])
        snprintf(st->why, sizeof st->why,
                 "%s, which it writes through, is used other than as the "
                 "base of an access",
                 g->params[i].name);
      return 0;
    }
  for (i = g->nparams; i < nslots; i++)
    if (!slot_claimed(st, i)) /* a variable */
      return 0;
  /* A pointer read from a variable of static storage and used as a value
   * (stored, compared, passed whole): where it goes is not seen. */
  if (st->vslot >= 0 && st->other[nslots]) {
    if (!st->why[0])
      snprintf(st->why, sizeof st->why,
               "a pointer read from a variable of static storage is used "
               "other than as the base of an access");
    return 0;
  }
  return 1;
}

/* The kernel takes no direct run after all: nothing of one is kept. */
static void drop_direct(struct ld_global *g) {
  size_t j;

  g->direct = 0;
  g->checked = 0;
  g->nstores = 0;
  g->ngsyncs = 0;
  g->nfences = 0;
  g->ngcalls = 0;
  for (j = 0; j < g->nparams; j++)
    g->params[j].claimed = 0;
}

/* The direct run refused: its reason, what kept it away after a colon. */
static int direct_refused(const struct accesses *st, struct ld_global *g,
                          const char *direct_why, int rewritten) {
  char buf[320];

  drop_direct(g);
  if (st->bad_sync)
    return set_reason(g, "grid-wide synchronisation inside a lambda or a "
                         "macro");
  if (rewritten)
    return set_reason(g, "a global access inside code the shared-memory "
                         "replay rewrites");
  if (!st->why[0])
    return set_reason(g, direct_why);
  snprintf(buf, sizeof buf, "%s: %s", direct_why, st->why);
  return set_reason(g, buf);
}

static int find_accesses(const struct ld__source *s, CXCursor fn,
                         struct ld_global *g, const char *direct_why,
                         const struct ld__global_in *in) {
  struct accesses st;
  CXCursor body = clang_getNullCursor();
  size_t i, j, kept = 0, nslots, npointers = 0;
  int rc, all_claimed;

  memset(&st, 0, sizeof st);
  st.s = s;
  st.fn = fn;
  st.g = g;
  st.direct = direct_why != NULL;
  st.in = st.direct && g->nvars ? in : NULL;
  st.sync_flags = in && in->sync_flags;
  st.loading = st.direct && in && in->loads;
  nslots = g->nparams + (st.in ? g->nvars : 0);
  st.vslot = st.loading ? (int)nslots : -1;
  for (i = 0; i < g->nparams; i++)
    npointers += g->params[i].is_pointer != 0;
  st.other = calloc(nslots + 1, sizeof *st.other);
  st.loads = calloc(nslots + 1, sizeof *st.loads);
  st.passed = calloc(nslots + 1, sizeof *st.passed);
  st.root = g;
  st.composed = in && in->replay;
  st.replay = in ? in->replay : NULL;
  if (!st.other || !st.loads || !st.passed) {
    free(st.other);
    free(st.loads);
    free(st.passed);
    return LD_ENOMEM;
  }
  st.top = clang_getNullCursor();
  clang_visitChildren(fn, body_cb, &body);
  walk_body(&st, body, nslots);
  rc = st.rc;
  all_claimed = !rc && slots_claimed(&st, nslots);
  for (j = 0; j < g->nparams && !all_claimed; j++)
    g->params[j].claimed = 0;
  if (!rc && st.direct) {
    mark_cas_reads(&st, body);
    mark_flags(&st);
  }
  /* Parameters reached by device- or system-scope atomics alone. */
  for (i = 0; i < g->nparams && !rc && st.direct; i++) {
    g->params[i].atomic_only = g->params[i].claimed && !st.passed[i];
    for (j = 0; j < st.n && g->params[i].atomic_only; j++)
      if (st.site_of[j] == (int)i)
        g->params[i].atomic_only = st.g->stores[j].atomic &&
                                   st.g->stores[j].atomic != LD_GSCOPE_BLOCK &&
                                   !st.g->stores[j].flag;
  }
  for (i = 0; i < st.n && !rc; i++) {
    size_t p = (size_t)st.site_of[i];
    if (p < g->nparams ? g->params[p].claimed : all_claimed) {
      g->stores[kept] = g->stores[i];
      g->stores[kept++].ptr =
          st.addr_of[i]    ? -1 /* through a loaded pointer: by address */
          : p < g->nparams ? (st.moved[p] ? -1 : g->params[p].ptr_index)
                           : (int)(npointers + p - g->nparams);
    }
  }
  g->nstores = kept;
  /* The direct run needs every write and every atomic claimed; else the
   * kernel keeps its reason (docs/global-check.md, "Direct one run"). */
  if (!rc && st.direct) {
    /* Pointers inside by-value class parameters are claimed by address
     * (fields_of) when all of the class's uses are accesses. */
    for (j = 0; j < g->nparams && all_claimed; j++)
      all_claimed = !(g->params[j].written && !g->params[j].is_pointer &&
                      !g->params[j].claimed);
    int rewritten = 0;
    for (j = 0; j < kept && in && in->replay && !rewritten; j++)
      rewritten =
          !g->stores[j].flag && replay_rewrites(in->replay, &g->stores[j]);
    if ((kept || g->ngcalls) && all_claimed && !st.bad_atomic && !st.bad_sync &&
        !st.bad_fence && !rewritten && g->ngsyncs == (size_t)g->grid_syncs) {
      g->direct = 1;
      g->vars_claimed = st.in != NULL;
      g->loads = st.loading;
    } else
      rc = direct_refused(&st, g, direct_why, rewritten);
  } else if (!rc && kept && all_claimed && !clang_Cursor_isNull(body)) {
    /* Every written parameter claimed: try the proof; when the warps of a
     * block are to be checked, they must be apart too. */
    int warps;
    g->own_tried = 1;
    warps = epochs_hold(s, fn, g, in);
    rc = ld__global_proof_analyse(s, fn, g, body, warps ? in->bars : NULL,
                                  warps ? in->nbars : 0);
  }
  free(st.other);
  free(st.loads);
  free(st.passed);
  free(st.site_of);
  free(st.key_of);
  free(st.moved);
  free(st.flows);
  free(st.alias);
  free(st.alias_of);
  free(st.alias_key);
  free(st.alias_addr);
  free(st.alias_walk);
  free(st.addr_of);
  return rc;
}

/* Lambdas' extents in a kernel: a barrier inside one cannot be counted
 * (the lambda does not see the clone's __ldcc_gi). */
struct lambdas {
  const struct ld__source *s;
  const struct ld_gbar *bars;
  size_t nbars;
  int inside;
};
static enum CXChildVisitResult lambdas_cb(CXCursor c, CXCursor parent,
                                          CXClientData data) {
  struct lambdas *x = data;
  size_t b, e, i;

  (void)parent;
  if (clang_getCursorKind(c) != CXCursor_LambdaExpr)
    return CXChildVisit_Recurse;
  if (!ld__main_span(x->s, c, &b, &e)) {
    x->inside = 1;
    return CXChildVisit_Break;
  }
  for (i = 0; i < x->nbars; i++)
    if (x->bars[i].begin >= b && x->bars[i].begin < e)
      x->inside = 1;
  return x->inside ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* Warps of one block (ld_global.epochs): a kernel with block units that
 * takes the one run (every written parameter claimed, no written
 * __device__ variable) or the direct run without fences or flags, whose
 * barriers are all its own countable ones (kernels.c g_epochs). */
static int epochs_hold(const struct ld__source *s, CXCursor fn,
                       const struct ld_global *g,
                       const struct ld__global_in *in) {
  struct lambdas x = {s, in->bars, in->nbars, 0};

  if (!g->epochs || !g->checked || g->warp_units || g->natomics || g->nfences ||
      g->ngsyncs || in->sync_flags || in->replay ||
      !(g->direct || (g->own_tried && !g->nvars)) || !in->nbars)
    return 0;
  clang_visitChildren(fn, lambdas_cb, &x);
  return !x.inside;
}

static int take_epochs(const struct ld__source *s, CXCursor fn,
                       struct ld_global *g, const struct ld__global_in *in) {
  if (!g->epochs)
    return LD_OK;
  if (!epochs_hold(s, fn, g, in)) {
    g->epochs = 0;
    return LD_OK;
  }
  g->gbars = malloc(in->nbars * sizeof *g->gbars);
  if (!g->gbars)
    return LD_ENOMEM;
  memcpy(g->gbars, in->bars, in->nbars * sizeof *g->gbars);
  g->ngbars = in->nbars;
  return LD_OK;
}

static int global_analyse(const struct ld__source *s, CXCursor fn,
                          struct ld_kernel *k, const struct ld__global_in *in);

int ld__global_analyse(const struct ld__source *s, CXCursor fn,
                       struct ld_kernel *k, const struct ld__global_in *in) {
  int rc = global_analyse(s, fn, k, in);

  return rc || !k->global ? rc : take_epochs(s, fn, k->global, in);
}

/* A direct run for written __device__ variables that device functions use
 * too (ld__global_in.vars_direct) claims those uses only in its clones of
 * the functions: every one of them must be cloned, else the kernel is not
 * checked (a use the walk reached by no call, a member function's). */
static int cloned_var_fns(const struct ld__source *s, struct ld_global *g,
                          const struct ld__global_in *in, const char *vwhy) {
  char why[400];
  size_t i, j, end;

  for (i = 0; g->direct && i < in->ndevice_var_fns; i++) {
    CXCursor def = ld__definition_of(in->device_var_fns[i]);
    int found = 0;
    if (offset_in_main(s, clang_getRangeEnd(clang_getCursorExtent(def)), &end))
      for (j = 0; j < g->ndevfns && !found; j++)
        found = g->devfns[j].def_end == end;
    if (found)
      continue;
    char *name = ld__cursor_name(in->device_var_fns[i]);
    snprintf(why, sizeof why, "%s: its direct one run does not clone %s", vwhy,
             name ? name : "a function that uses it");
    free(name);
    drop_direct(g);
    return set_reason(g, why);
  }
  return LD_OK;
}

static int global_analyse(const struct ld__source *s, CXCursor fn,
                          struct ld_kernel *k, const struct ld__global_in *in) {
  struct ld_global *g = calloc(1, sizeof *g);
  struct params pp;
  CXCursor parent = clang_getCursorSemanticParent(fn);
  size_t i, nptr = 0;
  int rc = LD_OK;

  if (!g)
    return LD_ENOMEM;
  k->global = g;
  g->grid_syncs = in->grid_syncs;
  memset(&pp, 0, sizeof pp);
  pp.s = s;
  pp.in = in;
  pp.g = g;
  if (!k->checked)
    rc = set_reason(g, k->reason ? k->reason : "unchecked");
  else if (in->other_reason && !in->direct_ok)
    rc = set_reason(g, in->other_reason);
  if (rc)
    return rc;
  clang_visitChildren(fn, params_cb, &pp);
  if (pp.rc)
    return pp.rc;
  if (k->is_template) {
    struct called w;
    w.fn = fn;
    w.g = g;
    clang_visitChildren(fn, called_cb, &w);
  }
  for (i = 0; i < g->nparams; i++) {
    g->params[i].ptr_index = g->params[i].is_pointer ? (int)nptr++ : -1;
    g->writes |= g->params[i].written;
  }
  g->writes |= in->ndevice_vars != 0 || in->unseen_writes || in->loaded_writes;
  g->warp_units = !in->may_sync_block;
  /* A candidate for now (its proof then takes warps as units); take_epochs
   * decides. */
  g->epochs = !g->warp_units && in->epochs_ok;
  rc = take_vars(s, fn, g, in);
  if (!rc && nptr > LD_GMAX_PTRS)
    rc = set_reason(g, "more than 16 pointer parameters");
  else if (!rc && nptr + g->nvars > LD_GMAX_PTRS)
    rc = set_reason(g, "more than 16 pointer parameters and written "
                       "__device__ variables");
  if (!rc && g->nparams > LD_GMAX_PARAMS)
    rc = set_reason(g, "more than 64 parameters");
  if (!rc && clang_getCursorKind(parent) != CXCursor_Namespace &&
      clang_getCursorKind(parent) != CXCursor_TranslationUnit &&
      clang_getCursorKind(parent) != CXCursor_LinkageSpec)
    rc = set_reason(g, "kernel declared inside a class");
  if (!rc && places(s, fn, g, pp.last_end))
    find_prototype(s, fn, g);
  else if (!rc)
    rc = set_reason(g, "defined inside a macro expansion");
  if (rc)
    return rc;
  /* Deterministic builds: a kernel that prints gets the clone even when
   * it writes nothing, to put its lines in unit order. */
  g->checked = (g->writes || in->nprints) && !g->reason;
  if (in->nprints) { /* deterministic builds: printf in the clone */
    g->prints = malloc(in->nprints * sizeof *g->prints);
    if (!g->prints)
      return LD_ENOMEM;
    memcpy(g->prints, in->prints, in->nprints * sizeof *g->prints);
    g->nprints = in->nprints;
  }
  /* Atomics, fences, printf or clocks: the direct one run (written
   * __device__ variables claimed like parameters), or unchecked with that
   * reason. */
  if (g->checked && (in->other_reason || in->vars_direct)) {
    char vwhy[240];
    snprintf(vwhy, sizeof vwhy,
             "writes __device__ variable %.80s (also used in %.80s)",
             in->device_var_elsewhere ? in->device_var_elsewhere : "?",
             in->device_var_fn ? in->device_var_fn : "?");
    rc =
        find_accesses(s, fn, g, in->other_reason ? in->other_reason : vwhy, in);
    return rc || !in->vars_direct ? rc : cloned_var_fns(s, g, in, vwhy);
  }
  /* A written __device__ variable keeps every launch from the one run
   * (its uses are not claimed): nothing to claim then. */
  if (g->checked && !in->natomics && !g->nvars)
    return find_accesses(s, fn, g, NULL, in);
  if (!g->checked) {
    g->atomic_only = in->replay_atomics_only && !in->plain_writes &&
                     !ld_gatomics_float(in->atomics, in->natomics);
    return LD_OK;
  }
  /* Deterministic builds: a kernel that writes only through accumulating
   * integer atomics runs unchanged (they commute, so its result is the
   * same in any order); others get the atomics rewritten in the clone (a
   * float sum's order is the runtime's to fix). */
  if (!in->plain_writes && !ld_gatomics_float(in->atomics, in->natomics)) {
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
