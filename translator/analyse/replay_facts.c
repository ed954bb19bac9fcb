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
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ld_buf.h"
#include "ld_clang_int.h"
#include "ld_error.h"

#define MAX_CALL_DEPTH 8

/* One node on the path from the kernel to the cursor being looked at. */
struct frame {
  CXCursor cur;
  enum CXCursorKind kind;
  const struct frame *parent;
  unsigned index;  /* position among the parent's children */
  unsigned nchild; /* children seen so far */
  struct facts *fx;
};

/* Where a local lives and is used, for liveness at the sites. */
struct local_uses {
  size_t scope_b, scope_e; /* the block (or for statement) declaring it */
  size_t decl;             /* its declaration (0 for a parameter) */
  size_t *refs;            /* offsets of its references */
  size_t nrefs;
  int escapes;        /* used other than read or assigned: always live */
  size_t last_change; /* one past the last reference that may change it
                         (anything but a read of its value); 0: none */
  size_t decl_end;    /* one past its declaration (initialiser included) */
  long long stride;   /* the proof: K > 0 when every change is `+= K` (K
                         constant), -1 when some other change, 0 none */
  int pchanged;       /* the proof: some reference may change it */
  int odd_change;     /* a change other than `op= constant`, `++`, `--` */
  unsigned powch;     /* the proof: changes by 1 `>>= 1` or `/= 2`, 2 `<<= 1`
                         or `*= 2`, 4 anything else */
  size_t change_lo, change_hi; /* offsets of its first and last change */
};

struct facts {
  const struct ld__source *s;
  struct ld_kernel *k;
  struct ld_replay *r;
  CXCursor *local_cur;     /* parallel to r->locals */
  char **orig_name;        /* parallel to r->locals: name as written */
  struct local_uses *uses; /* parallel to r->locals */
  size_t caplocals;
  size_t decl_scope_b, decl_scope_e; /* of the declaration being added */
  size_t (*loops)[2];                /* loop statements of the body */
  size_t nloops;
  int loops_unknown;
  size_t (*tops)[2]; /* the body's top-level statements */
  size_t ntops;
  int tops_unknown;
  size_t first_read;    /* one past the offset of the first expression that
                           may read memory: a subscript, `*`, `->` or `.` on
                           anything but threadIdx and its kin, a call, a
                           target (0: none) */
  CXCursor *member_cur; /* parallel to r->members */
  size_t capmembers, capsites;
  CXCursor fn;           /* the function being walked */
  CXCursor *callee_cur;  /* parallel to r->callees: their definitions */
  unsigned *store_lines; /* a device function's stores through pointers */
  size_t nstore_lines;
  char *reason; /* first reason the kernel cannot be cloned */
  int rc;
  /* For the shared-memory proof (ld_proof.h): every reference to a target,
   * per site whether it stands in blocks and loops only, the breaks and
   * continues of loops, and the first reason it cannot hold. */
  struct ld_proof_access *pacc;
  size_t npacc, cappacc;
  unsigned char *site_flat; /* parallel to r->sites */
  size_t capflat;
  struct ld_proof_jump *jumps;
  size_t njumps, capjumps;
  const char *proof_why;
  struct proof_cur *pcur; /* parallel to pacc */
  size_t cappcur;
  size_t *for_body; /* parallel to loops: a for statement's body, else
                       SIZE_MAX */
  size_t capfor;
  CXCursor *for_cond; /* parallel to loops: a for statement's condition
                         (null when it has none or lacks a part) */
  size_t capcond;
  size_t *body_at; /* parallel to loops: ld_proof_input.bodies */
  size_t capbody;
};

/* Cursors of a one-dimensional access, read when the walk is done: its
 * index and the conditions of the `if`s (and `?:`) it is the then-branch
 * of, innermost first. */
#define PROOF_GUARDS 4
struct proof_cur {
  CXCursor idx;
  int has_idx;
  CXCursor sub[2]; /* rank 2: the two subscripts, outermost first */
  int nsub;
  CXCursor guard[PROOF_GUARDS];
  int nguards;
};

/* ---- Small helpers ------------------------------------------------------- */

static void fail(struct facts *fx, const char *why) {
  if (!fx->reason && !fx->rc) {
    fx->reason = strdup(why);
    if (!fx->reason)
      fx->rc = LD_ENOMEM;
  }
}

static int stopped(const struct facts *fx) {
  return fx->reason || fx->rc;
}

/* Is offset strictly inside a macro expansion, so that no edit may start or
 * end there?  Its first byte and its end are fine. */
static int splits_macro(const struct facts *fx, size_t off) {
  size_t i;

  for (i = 0; i < fx->s->nmacros; i++)
    if (fx->s->macros[i].begin < off && off < fx->s->macros[i].end)
      return 1;
  return 0;
}

/* The extent of c as main-file offsets, not starting or ending inside a
 * macro expansion (a whole expansion may be covered); 0 otherwise. */
static int span(const struct facts *fx, CXCursor c, size_t *b, size_t *e) {
  CXSourceRange r = clang_getCursorExtent(c);

  if (!ld__main_offset(fx->s, clang_getRangeStart(r), b) ||
      !ld__main_offset(fx->s, clang_getRangeEnd(r), e) || *e <= *b ||
      *e > fx->s->len || splits_macro(fx, *b) || splits_macro(fx, *e))
    return 0;
  return 1;
}

static int is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
         c == '\f';
}

static int is_ident(char c) {
  return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9');
}

/* Does the text [b, e) contain word as a whole identifier? */
static int has_word(const struct facts *fx, size_t b, size_t e,
                    const char *word) {
  size_t n = strlen(word), i;
  const char *s = fx->s->src;

  for (i = b; i + n <= e; i++)
    if (!memcmp(s + i, word, n) && (i == b || !is_ident(s[i - 1])) &&
        (i + n == e || !is_ident(s[i + n])))
      return 1;
  return 0;
}

/* Append [b, e) to out without the identifiers listed in drop, spaces
 * collapsed at the removal points and trimmed at both ends. */
static int put_without(struct ld_buf *out, const char *s, size_t b, size_t e,
                       const char *const *drop) {
  size_t i = b;
  int rc = LD_OK, pending_space = 0, any = 0;

  while (i < e && !rc) {
    size_t j = i;
    const char *const *d;
    int dropped = 0;

    if (is_space(s[i])) {
      pending_space = 1;
      i++;
      continue;
    }
    if (is_ident(s[i]) && (i == b || !is_ident(s[i - 1]))) {
      while (j < e && is_ident(s[j]))
        j++;
      for (d = drop; *d; d++)
        if (strlen(*d) == j - i && !memcmp(s + i, *d, j - i))
          dropped = 1;
      if (dropped) {
        i = j;
        continue;
      }
    } else {
      j = i + 1;
    }
    if (pending_space && any)
      rc = ld_buf_putc(out, ' ');
    if (!rc)
      rc = ld_buf_append(out, s + i, j - i);
    pending_space = 0;
    any = 1;
    i = j;
  }
  return rc;
}

static void edit(struct facts *fx, size_t b, size_t e, const char *t) {
  if (!fx->rc)
    fx->rc = ld_edit_replace(&fx->r->edits, b, e, t);
}

static unsigned line_of(const struct facts *fx, size_t off) {
  unsigned line = 1;
  size_t i;

  for (i = 0; i < off; i++)
    line += fx->s->src[i] == '\n';
  return line;
}

/* One past the statement [b, e): a `;` after an expression is included. */
static size_t stmt_end(const struct facts *fx, size_t e) {
  size_t i = e;

  if (e && (fx->s->src[e - 1] == ';' || fx->s->src[e - 1] == '}'))
    return e;
  while (i < fx->s->len && is_space(fx->s->src[i]))
    i++;
  return i < fx->s->len && fx->s->src[i] == ';' ? i + 1 : e;
}

static int is_stmt_context(enum CXCursorKind k) {
  return k == CXCursor_CompoundStmt || k == CXCursor_IfStmt ||
         k == CXCursor_ForStmt || k == CXCursor_WhileStmt ||
         k == CXCursor_DoStmt || k == CXCursor_CaseStmt ||
         k == CXCursor_DefaultStmt || k == CXCursor_SwitchStmt;
}

/* Is f a statement of its parent (a body, not a condition)? */
static int is_statement(const struct frame *f) {
  const struct frame *p = f->parent;
  unsigned n;

  if (!p || !is_stmt_context(p->kind))
    return 0;
  if (p->kind == CXCursor_CompoundStmt)
    return 1;
  n = 0;
  {
    CXCursor c;
    while (ld__nth_child(p->cur, n, &c))
      n++;
  }
  switch (p->kind) {
  case CXCursor_IfStmt:
    return f->index >= 1 && f->index + 2 >= n;
  case CXCursor_DoStmt:
    return f->index == 0;
  default:
    return f->index + 1 == n;
  }
}

/* ---- Variables ----------------------------------------------------------- */

static size_t find_member(const struct facts *fx, CXCursor decl) {
  size_t i;

  for (i = 0; i < fx->r->nmembers; i++)
    if (clang_equalCursors(fx->member_cur[i], decl))
      return i;
  return SIZE_MAX;
}

static size_t find_local(const struct facts *fx, CXCursor decl) {
  size_t i;

  for (i = 0; i < fx->r->nlocals; i++)
    if (clang_equalCursors(fx->local_cur[i], decl))
      return i;
  return SIZE_MAX;
}

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
        span(fx, c, &db, &de) ? de : SIZE_MAX; /* unknown: never set once */
  }
  r->nlocals++;
  return l;
}

static void add_use(struct facts *fx, size_t i, size_t off) {
  struct local_uses *u = &fx->uses[i];
  size_t *p;

  if ((u->nrefs & (u->nrefs - 1)) == 0) { /* 0, 1, 2, 4, ...: grow */
    p = realloc(u->refs, (u->nrefs ? 2 * u->nrefs : 1) * sizeof *p);
    if (!p) {
      fx->rc = LD_ENOMEM;
      return;
    }
    u->refs = p;
  }
  u->refs[u->nrefs++] = off;
}

/* Appends c's extent to a list of ranges; 0 when c comes from a macro
 * (or on allocation failure, fx->rc set). */
static int push_span(struct facts *fx, size_t (**list)[2], size_t *n,
                     CXCursor c) {
  size_t(*p)[2] = realloc(*list, (*n + 1) * sizeof *p);
  size_t b, e;

  if (!p) {
    fx->rc = LD_ENOMEM;
    return 0;
  }
  *list = p;
  if (!span(fx, c, &b, &e))
    return 0;
  p[*n][0] = b;
  p[*n][1] = e;
  (*n)++;
  return 1;
}

static void note_read(struct facts *fx, size_t off) {
  if (!fx->first_read || off + 1 < fx->first_read)
    fx->first_read = off + 1;
}

/* `threadIdx.x` and its kin read no memory. */
static int is_index_member(CXCursor c) {
  CXCursor base;
  CXString n;
  int yes = 0;
  const char *t;

  if (!ld__nth_child(c, 0, &base) ||
      clang_getCursorKind(base) != CXCursor_DeclRefExpr)
    return 0;
  n = clang_getCursorSpelling(base);
  t = clang_getCString(n);
  yes = t && (!strcmp(t, "threadIdx") || !strcmp(t, "blockIdx") ||
              !strcmp(t, "blockDim") || !strcmp(t, "gridDim"));
  clang_disposeString(n);
  return yes;
}

/* Whether local i may be read after the site at offset s before it is
 * assigned: it is declared (in its block) before s, and a reference to it
 * follows s, or lies in a loop around s inside its block (reached again
 * through the back edge).  Textual, so conservative: a reference that is
 * an assignment counts as a read.  A local declared after s in its block
 * is a new object when control gets there. */
static int live_at(const struct facts *fx, size_t i, size_t s) {
  const struct local_uses *u = &fx->uses[i];
  size_t j, k;

  if (u->escapes || fx->loops_unknown)
    return 1;
  if (s < u->scope_b || s >= u->scope_e || s < u->decl)
    return 0;
  for (j = 0; j < u->nrefs; j++) {
    if (u->refs[j] >= s)
      return 1;
    for (k = 0; k < fx->nloops; k++)
      if (fx->loops[k][0] >= u->scope_b && fx->loops[k][0] <= s &&
          s < fx->loops[k][1] && fx->loops[k][0] <= u->refs[j] &&
          u->refs[j] < fx->loops[k][1])
        return 1;
  }
  return 0;
}

/* Where the prefix of the body ends: the start of the top-level statement
 * that holds the first site.  Code before it runs once, before any site,
 * and only in the first region. */
static size_t prefix_end(const struct facts *fx) {
  const struct ld_replay *r = fx->r;
  size_t k, first = SIZE_MAX;

  for (k = 0; k < r->nsites; k++)
    if (r->sites[k].stmt_begin < first)
      first = r->sites[k].stmt_begin;
  for (k = 0; k < fx->ntops; k++)
    if (fx->tops[k][0] <= first && first < fx->tops[k][1])
      return fx->tops[k][0];
  return 0; /* not found: no prefix */
}

/* A local set up in the prefix, before anything there may read memory,
 * and never changed after (`int tid = threadIdx.x;`) keeps its value in
 * every later region, so it needs no snapshot, restore or comparison
 * there; a replay of the first region runs the prefix again and computes
 * the same value (it cannot depend on another warp's write). */
static int set_once(const struct facts *fx, size_t i, size_t end) {
  const struct local_uses *u = &fx->uses[i];
  const struct ld_local *l = &fx->r->locals[i];

  if (fx->first_read && fx->first_read - 1 < end)
    end = fx->first_read - 1;
  return end && !fx->tops_unknown && !l->is_param && !l->is_array &&
         !l->keep_init && !u->escapes && !fx->loops_unknown &&
         u->decl_end <= end && u->last_change <= end;
}

/* Liveness of every local at the entry and at each site. */
static void compute_liveness(struct facts *fx) {
  struct ld_replay *r = fx->r;
  size_t i, k, end = prefix_end(fx);

  for (i = 0; i < r->nlocals && !fx->rc; i++) {
    struct ld_local *l = &r->locals[i];
    int once = set_once(fx, i, end);
    l->live = malloc(r->nsites + 1);
    if (!l->live) {
      fx->rc = LD_ENOMEM;
      return;
    }
    l->live[0] = (unsigned char)(!once && live_at(fx, i, 0));
    for (k = 0; k < r->nsites; k++)
      l->live[k + 1] =
          (unsigned char)(!once && live_at(fx, i, r->sites[k].stmt_begin));
    l->live_any = 0;
    for (k = 0; k <= r->nsites; k++)
      l->live_any |= l->live[k];
  }
}

static int is_hoistable_type(CXType t) {
  CXType c = clang_getCanonicalType(t);

  switch (c.kind) {
  case CXType_LValueReference:
  case CXType_RValueReference:
    return 0;
  case CXType_ConstantArray:
    return is_hoistable_type(clang_getArrayElementType(c));
  case CXType_Record: {
    /* Plain structs, and the CUDA value types (dim3, __half, ...), which
     * are default-constructible and copy-assignable; cooperative groups'
     * handles are not. */
    CXCursor d = clang_getTypeDeclaration(c);
    CXString sp = clang_getTypeSpelling(c);
    int cg = strstr(clang_getCString(sp), "cooperative_groups") != NULL;
    clang_disposeString(sp);
    return !cg && (clang_isPODType(c) ||
                   clang_Location_isInSystemHeader(clang_getCursorLocation(d)));
  }
  default:
    return 1;
  }
}

/* The part of a declaration before the first declarator: [stmt_begin, p)
 * where p is the start of the `*`/`&` run before the first name. */
static size_t declarator_start(const struct facts *fx, size_t stmt_begin,
                               size_t name_off) {
  size_t p = name_off;
  const char *s = fx->s->src;

  while (p > stmt_begin && (is_space(s[p - 1]) || s[p - 1] == '*' ||
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
  size_t dend = v->init_begin ? v->init_begin : v->end, n;
  int rc;

  /* Back over the `=` before the initialiser. */
  if (v->init_begin) {
    while (dend > v->name_off && is_space(s[dend - 1]))
      dend--;
    if (dend > v->name_off && s[dend - 1] == '=')
      dend--;
  }
  while (dend > v->name_off && is_space(s[dend - 1]))
    dend--;
  n = strlen(fx->orig_name[fx->r->nlocals - 1]); /* the local just added */
  rc = put_without(&b, s, stmt_begin, pfx_end, drop);
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

static void add_member(struct facts *fx, CXCursor c, size_t stmt_begin,
                       size_t pfx_end, struct decl_var *v) {
  static const char *const drop[] = {"__shared__", "static", "extern", NULL};
  struct ld_replay *r = fx->r;
  struct ld_member *m;
  char *name = ld__cursor_name(c);
  size_t i;

  if (!name || ld__grow(&r->members, &fx->capmembers, r->nmembers, sizeof *m) ||
      !(fx->member_cur =
            realloc(fx->member_cur, fx->capmembers * sizeof *fx->member_cur))) {
    free(name);
    fx->rc = LD_ENOMEM;
    return;
  }
  for (i = 0; i < r->nmembers; i++)
    if (!strcmp(r->members[i].name, name)) {
      free(name);
      fail(fx, "two shared variables with one name");
      return;
    }
  m = &r->members[r->nmembers];
  memset(m, 0, sizeof *m);
  m->name = name;
  fx->member_cur[r->nmembers] = c;
  r->nmembers++;
  if (clang_Cursor_getStorageClass(c) == CX_SC_Extern) {
    CXType t = clang_getCanonicalType(clang_getCursorType(c));
    CXString es;
    if (t.kind != CXType_IncompleteArray) {
      fail(fx, "extern shared variable that is not an array");
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
    int rc = put_without(&b, s, stmt_begin, pfx_end, drop);
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

/* A declaration statement: shared variables move to the layout, locals are
 * hoisted (their initialisers stay as assignments), constants move to the
 * top whole. */
/* Where each variable of the declaration [sb, ...) is: its name, the end
 * of its declarator, its initialiser and where its declarator starts.  0,
 * or -1 after fail(). */
static int place_decl_vars(struct facts *fx, struct var_list *vl, size_t sb) {
  const char *s = fx->s->src;
  size_t i;

  for (i = 0; i < vl->n; i++) {
    struct decl_var *v = &vl->v[i];
    CXCursor init = clang_Cursor_getVarDeclInitializer(v->cur);
    size_t ib, ie, vb;
    if (!ld__main_offset(fx->s, clang_getCursorLocation(v->cur),
                         &v->name_off) ||
        ld__in_macro(fx->s, v->name_off) || !span(fx, v->cur, &vb, &v->end)) {
      fail(fx, "local declared inside a macro expansion");
      return -1;
    }
    if (!clang_Cursor_isNull(init) && span(fx, init, &ib, &ie) &&
        ib > v->name_off) {
      v->init_begin = ib;
      v->init_end = ie;
    } else if (!clang_Cursor_isNull(init) &&
               clang_getCursorKind(init) != CXCursor_CallExpr) {
      /* A constructor call without source is default initialisation. */
      CXSourceRange ir = clang_getCursorExtent(init);
      if (!clang_Range_isNull(ir) && !span(fx, init, &ib, &ie)) {
        fail(fx, "local initialised inside a macro expansion");
        return -1;
      }
    }
    if (i == 0) {
      v->dstart = declarator_start(fx, sb, v->name_off);
      while (v->dstart < v->name_off && is_space(s[v->dstart]))
        v->dstart++;
    } else {
      size_t p = vl->v[i - 1].end;
      while (p < v->name_off && s[p] != ',')
        p++;
      v->dstart = p + 1;
      while (v->dstart < v->name_off && is_space(s[v->dstart]))
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
  se = stmt_end(fx, se);
  while (se > sb && (s[se - 1] == ';' || is_space(s[se - 1])))
    se--;
  l->decl = ld__span_text(fx->s, sb, se);
  if (!l->decl)
    fx->rc = LD_ENOMEM;
  edit(fx, sb, se, "");
}

/* A cooperative-groups block handle is re-created, not snapshot. */
static void hoist_block_handle(struct facts *fx, const struct var_list *vl,
                               size_t sb) {
  const char *s = fx->s->src;
  struct ld_local *l;
  size_t ie = vl->v[0].init_end;

  if (!vl->v[0].init_begin || ie < 19 ||
      memcmp(s + ie - 19, "this_thread_block()", 19)) {
    fail(fx, "local of a type that cannot be hoisted");
    return;
  }
  l = add_local(fx, vl->v[0].cur);
  if (!l)
    return;
  l->keep_init = 1;
  l->decl = ld__span_text(fx->s, sb, ie);
  if (!l->decl)
    fx->rc = LD_ENOMEM;
  edit(fx, sb, ie, "");
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
  for (i = 0; i < vl->n && !stopped(fx); i++) {
    struct decl_var *v = &vl->v[i];
    CXType t = clang_getCursorType(v->cur);
    struct ld_local *l;
    int is_const = clang_isConstQualifiedType(t);

    if (!is_hoistable_type(t) || has_word(fx, sb, pfx_end, "auto")) {
      fail(fx, "local of a type that cannot be hoisted");
      break;
    }
    if (is_const && (!has_word(fx, sb, pfx_end, "const") ||
                     has_word(fx, v->dstart, v->name_off, "const"))) {
      fail(fx, "local of a type that cannot be hoisted");
      break;
    }
    if (v->init_begin) {
      size_t p = v->init_begin;
      while (p > v->name_off && is_space(s[p - 1]))
        p--;
      if (p == v->name_off || s[p - 1] != '=') {
        fail(fx, "local initialised without =");
        break;
      }
      if (ld__is_array(t)) {
        fail(fx, "initialised local array");
        break;
      }
    }
    l = add_local(fx, v->cur);
    if (!l)
      break;
    l->is_array = ld__is_array(t);
    l->decl = hoisted_decl(fx, sb, pfx_end, v, l->name,
                           is_const ? drop_const : drop_none);
    if (!l->decl) {
      fx->rc = fx->rc ? fx->rc : LD_ENOMEM;
      break;
    }
    if (v->init_begin) {
      ld_buf_free(&assign);
      if (ld_buf_printf(&assign, "%s%s = ", first ? "" : ", ", l->name)) {
        fx->rc = LD_ENOMEM;
        break;
      }
      edit(fx, pos, v->init_begin, assign.data);
      pos = v->init_end;
      first = 0;
    }
  }
  ld_buf_free(&assign);
  if (stopped(fx))
    return;
  if (pos < vl->v[vl->n - 1].end)
    edit(fx, pos, vl->v[vl->n - 1].end, "");
}

static void visit_decl_stmt(struct facts *fx, const struct frame *f) {
  struct var_list vl;
  size_t sb, se, pfx_end, i;
  int shared, constant;

  vl.n = 0;
  vl.overflow = 0;
  clang_visitChildren(f->cur, collect_vars_cb, &vl);
  if (!vl.n)
    return; /* a typedef, a struct, a using */
  if (vl.overflow) {
    fail(fx, "declaration with too many variables");
    return;
  }
  if (!span(fx, f->cur, &sb, &se)) {
    fail(fx, "local declared inside a macro expansion");
    return;
  }
  /* The variables' scope: the block or `for` statement around them. */
  if (!f->parent ||
      !span(fx, f->parent->cur, &fx->decl_scope_b, &fx->decl_scope_e)) {
    fx->decl_scope_b = 0;
    fx->decl_scope_e = SIZE_MAX;
  }
  if (place_decl_vars(fx, &vl, sb))
    return;
  pfx_end = declarator_start(fx, sb, vl.v[0].name_off);
  shared = is_shared_decl(vl.v[0].cur);
  if (shared && fx->r->is_devfn) {
    fail(fx, "shared variable declared in a device function");
    return;
  }
  if (shared) {
    for (i = 0; i < vl.n; i++)
      add_member(fx, vl.v[i].cur, sb, pfx_end, &vl.v[i]);
    edit(fx, sb, vl.v[vl.n - 1].end, "");
    return;
  }
  constant = has_word(fx, sb, pfx_end, "constexpr") ||
             (has_word(fx, sb, pfx_end, "static") &&
              has_word(fx, sb, pfx_end, "const"));
  if (constant || has_word(fx, sb, pfx_end, "static")) {
    if (!constant) {
      fail(fx, "static local variable");
      return;
    }
    hoist_constant(fx, &vl, sb, se);
    return;
  }
  if (vl.n == 1 &&
      ld__is_class(clang_getCursorType(vl.v[0].cur), "thread_block")) {
    hoist_block_handle(fx, &vl, sb);
    return;
  }
  hoist_plain(fx, &vl, sb, pfx_end);
}

/* ---- Stores -------------------------------------------------------------- */

enum place { PLACE_LOCAL, PLACE_SHARED, PLACE_GLOBAL, PLACE_BAD };

/* Where the object an lvalue designates lives.  *member is set for
 * PLACE_SHARED; *why for PLACE_BAD. */
static enum place place_of(const struct facts *fx, CXCursor e, size_t *member,
                           const char **why) {
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(e);
    CXCursor child;

    switch (k) {
    case CXCursor_ParenExpr:
    case CXCursor_UnexposedExpr:
      if (!ld__nth_child(e, 0, &child)) {
        *why = "store it cannot follow";
        return PLACE_BAD;
      }
      e = child;
      break;
    case CXCursor_ArraySubscriptExpr: {
      CXCursor base;
      if (!ld__nth_child(e, 0, &base)) {
        *why = "store it cannot follow";
        return PLACE_BAD;
      }
      base = ld__unwrap(base);
      if (!ld__is_array(clang_getCursorType(base)))
        return PLACE_GLOBAL; /* through a pointer */
      e = base;
      break;
    }
    case CXCursor_MemberRefExpr: {
      CXCursor field = clang_getCursorReferenced(e);
      CXCursor base;
      if (!clang_Cursor_isNull(field) && clang_Cursor_isBitField(field)) {
        *why = "store to a bit-field";
        return PLACE_BAD;
      }
      if (!ld__nth_child(e, 0, &base)) {
        *why = "store through this";
        return PLACE_BAD;
      }
      if (ld__is_pointer(clang_getCursorType(ld__unwrap(base))))
        return PLACE_GLOBAL;
      e = base;
      break;
    }
    case CXCursor_UnaryOperator:
      if (clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref)
        return PLACE_GLOBAL;
      *why = "store it cannot follow";
      return PLACE_BAD;
    case CXCursor_DeclRefExpr: {
      CXCursor d = clang_getCursorReferenced(e);
      enum CXCursorKind dk = clang_getCursorKind(d);
      CXType t = clang_getCanonicalType(clang_getCursorType(d));
      if (fx && (*member = find_member(fx, d)) != SIZE_MAX)
        return PLACE_SHARED;
      if (t.kind == CXType_LValueReference ||
          t.kind == CXType_RValueReference) {
        *why = "store through a reference";
        return PLACE_BAD;
      }
      if (dk == CXCursor_ParmDecl ||
          (dk == CXCursor_VarDecl && !clang_Cursor_hasVarDeclGlobalStorage(d)))
        return PLACE_LOCAL;
      if (dk == CXCursor_VarDecl)
        return PLACE_GLOBAL;
      *why = "store it cannot follow";
      return PLACE_BAD;
    }
    default:
      *why = "store it cannot follow";
      return PLACE_BAD;
    }
  }
}

static void add_write_line(struct facts *fx, size_t member, size_t at) {
  struct ld_member *m = &fx->r->members[member];
  unsigned line = line_of(fx, at);
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

/* The left operand lv of an assignment, `++` or `--` in the kernel. */
static void visit_store(struct facts *fx, CXCursor lv, CXCursor op) {
  const char *why = NULL;
  size_t member = SIZE_MAX, b, e, ob, oe;

  switch (place_of(fx, lv, &member, &why)) {
  case PLACE_LOCAL:
    return;
  case PLACE_SHARED:
    if (span(fx, op, &ob, &oe))
      add_write_line(fx, member, ob);
    if (!span(fx, lv, &b, &e)) {
      fail(fx, "shared variable used inside a macro expansion");
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
    fail(fx, why);
    return;
  case PLACE_GLOBAL:
    if (!span(fx, lv, &b, &e)) {
      fail(fx, "global store inside a macro expansion");
      return;
    }
    /* In a device function's clone a pointer may point into the warp's
     * copy (a target handed to it): pwr decides at run time. */
    if (fx->r->is_devfn) {
      unsigned *p, line = line_of(fx, b);
      if (!fx->nstore_lines || fx->store_lines[fx->nstore_lines - 1] != line) {
        p = realloc(fx->store_lines, (fx->nstore_lines + 1) * sizeof *p);
        if (!p) {
          fx->rc = LD_ENOMEM;
          return;
        }
        fx->store_lines = p;
        p[fx->nstore_lines++] = line;
      }
      if (!fx->rc)
        fx->rc = ld_edit_insert(&fx->r->edits, b, "(*__ldcc::pwr(__ldcc_c, &(");
    } else if (!fx->rc)
      fx->rc = ld_edit_insert(&fx->r->edits, b, "(*__ldcc::glog(__ldcc_c, &(");
    if (!fx->rc)
      fx->rc = ld_edit_insert(&fx->r->edits, e, ")))");
    return;
  }
}

/* ---- Calls --------------------------------------------------------------- */

static int starts(const char *s, const char *prefix) {
  return !strncmp(s, prefix, strlen(prefix));
}

/* A CUDA built-in the replay cannot model, by name; NULL when fine. */
static const char *unsupported_builtin(const char *name) {
  static const struct {
    const char *prefix, *why;
  } table[] = {
      {"__shfl", "warp shuffle"},
      {"__ballot", "warp vote"},
      {"__any", "warp vote"},
      {"__all", "warp vote"},
      {"__activemask", "warp vote"},
      {"__match", "warp vote"},
      {"__reduce_", "warp reduction"},
      {"__syncwarp", "__syncwarp"},
      {"__threadfence", "memory fence"},
      {"clock", "clock"},
      {"__globaltimer", "clock"},
      {"__nanosleep", "sleep"},
      {"tiled_partition", "warp-level cooperative group"},
      {"coalesced_threads", "warp-level cooperative group"},
      {"this_grid", "grid-wide synchronisation"},
      {"__barrier_sync", "named barrier"},
      {"__trap", "trap"},
  };
  size_t i;

  for (i = 0; i < sizeof table / sizeof table[0]; i++)
    if (starts(name, table[i].prefix))
      return table[i].why;
  return NULL;
}

static int is_atomic_name(const char *name) {
  return starts(name, "atomic") || starts(name, "__atomic") ||
         starts(name, "__hip_atomic");
}

/* The object a pointer expression points into. */
static enum place pointee_place(const struct facts *fx, CXCursor e,
                                size_t *member, const char **why) {
  e = ld__unwrap(e);
  if (clang_getCursorKind(e) == CXCursor_UnaryOperator &&
      clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf) {
    CXCursor c;
    if (!ld__nth_child(e, 0, &c)) {
      *why = "atomic it cannot follow";
      return PLACE_BAD;
    }
    return place_of(fx, c, member, why);
  }
  if (clang_getCursorKind(e) == CXCursor_BinaryOperator) {
    CXCursor c;
    unsigned i;
    for (i = 0; ld__nth_child(e, i, &c); i++)
      if (ld__is_pointer(clang_getCursorType(c)) ||
          ld__is_array(clang_getCursorType(ld__unwrap(c))))
        return pointee_place(fx, c, member, why);
  }
  if (clang_getCursorKind(e) == CXCursor_DeclRefExpr) {
    if (ld__is_array(clang_getCursorType(e)))
      return place_of(fx, e, member, why);
    {
      CXCursor d = clang_getCursorReferenced(e);
      if (clang_getCursorKind(d) == CXCursor_ParmDecl ||
          clang_Cursor_hasVarDeclGlobalStorage(d) == 1)
        return PLACE_GLOBAL;
    }
  }
  *why = "atomic through a pointer it cannot follow";
  return PLACE_BAD;
}

static void visit_site(struct facts *fx, const struct frame *f,
                       const char *form);
static const char *callee_problem(struct facts *fx, CXCursor callee,
                                  unsigned depth);

/* Rename the callee of an atomic call to `fn` and pass __ldcc_c first. */
static void redirect_call(struct facts *fx, CXCursor call, const char *fn) {
  CXCursor callee;
  size_t cb, ce, nb, ne, paren;

  if (!span(fx, call, &cb, &ce) || !ld__nth_child(call, 0, &callee) ||
      !span(fx, callee, &nb, &ne)) {
    fail(fx, "atomic inside a macro expansion");
    return;
  }
  edit(fx, nb, ne, fn);
  for (paren = ne; paren < ce && fx->s->src[paren] != '('; paren++)
    ;
  if (!fx->rc)
    fx->rc = ld_edit_insert(&fx->r->edits, paren + 1, "__ldcc_c, ");
}

/* `atomicAdd(&g[i], v);` on global memory, result unused: the runtime
 * applies it once and compares its operand between the passes. */
static void visit_global_atomic(struct facts *fx, const struct frame *f,
                                const char *name) {
  static const char *const ops[] = {"Add", "Sub", "Or",   "And",
                                    "Max", "Min", "Exch", "Xor"};
  struct ld_buf fn = LD_BUF_INIT;
  size_t i, n;

  for (i = 0; i < sizeof ops / sizeof ops[0]; i++) {
    n = strlen("atomic") + strlen(ops[i]);
    if (starts(name, "atomic") && !strncmp(name + 6, ops[i], strlen(ops[i])) &&
        (!name[n] || !strcmp(name + n, "_block")))
      break;
  }
  if (i == sizeof ops / sizeof ops[0]) {
    fail(fx, "global atomic other than add, sub, or, and, xor, max, min, exch");
    return;
  }
  if (!is_statement(f)) {
    fail(fx, "result of a global atomic is used");
    return;
  }
  if (ld_buf_puts(&fn, "__ldcc::global_atomic_")) {
    fx->rc = LD_ENOMEM;
    return;
  }
  for (n = 0; ops[i][n] && !fx->rc; n++)
    fx->rc = ld_buf_putc(&fn, (char)(ops[i][n] | 0x20));
  if (!fx->rc)
    redirect_call(fx, f->cur, fn.data);
  ld_buf_free(&fn);
}

static void visit_atomic(struct facts *fx, const struct frame *f,
                         const char *name) {
  CXCursor call = f->cur;
  const char *why = NULL;
  size_t member = SIZE_MAX, cb, ce, ab, ae;
  int add = !strcmp(name, "atomicAdd") || !strcmp(name, "atomicAdd_block");
  int sub = !strcmp(name, "atomicSub") || !strcmp(name, "atomicSub_block");
  enum place p;

  if (fx->r->is_plain) {
    fail(fx, "atomic in a device function");
    return;
  }
  if (fx->r->is_devfn) {
    fail(fx, "atomic in a device function with a barrier");
    return;
  }
  if (clang_Cursor_getNumArguments(call) < 2) {
    fail(fx, "atomic it cannot follow");
    return;
  }
  p = pointee_place(fx, clang_Cursor_getArgument(call, 0), &member, &why);
  if (p == PLACE_BAD) {
    fail(fx, why);
    return;
  }
  if (p == PLACE_GLOBAL) {
    visit_global_atomic(fx, f, name);
    return;
  }
  if (p != PLACE_SHARED) {
    fail(fx, "atomic on a local variable");
    return;
  }
  if (!is_statement(f)) {
    fail(fx, "result of a shared atomic is used");
    return;
  }
  if (!add && !sub) {
    fail(fx, "shared atomic other than add or subtract");
    return;
  }
  {
    CXType pt = clang_getCanonicalType(
        clang_getCursorType(clang_Cursor_getArgument(call, 0)));
    CXType et = clang_getCanonicalType(clang_getPointeeType(pt));
    if (pt.kind == CXType_Pointer && et.kind != CXType_Int &&
        et.kind != CXType_UInt) {
      fail(fx, "shared atomic on a type other than a 32-bit integer");
      return;
    }
  }
  if (!span(fx, call, &cb, &ce) ||
      !span(fx, clang_Cursor_getArgument(call, 1), &ab, &ae)) {
    fail(fx, "shared variable used inside a macro expansion");
    return;
  }
  add_write_line(fx, member, cb);
  redirect_call(fx, call, "__ldcc::shared_atomic_add");
  if (sub) {
    if (!fx->rc)
      fx->rc = ld_edit_insert(&fx->r->edits, ab, "-(");
    if (!fx->rc)
      fx->rc = ld_edit_insert(&fx->r->edits, ae, ")");
  }
}

static int has_barrier(CXCursor callee);
static int analyse_def(struct facts *fx, CXCursor fn);
static void visit_devfn_call(struct facts *fx, const struct frame *f,
                             CXCursor callee);
static void visit_writer_call(struct facts *fx, const struct frame *f,
                              CXCursor callee, const char *why);
static const char *callee_problem_at(struct facts *fx, CXCursor callee,
                                     unsigned depth, int *own_write);

/* A call in the kernel body. */
static void visit_call(struct facts *fx, const struct frame *f) {
  CXCursor call = f->cur;
  CXCursor callee = clang_getCursorReferenced(call);
  CXCursor first, second;
  const char *form, *why;
  char *name;

  if (ld__is_triple_chevron(call)) {
    fail(fx, "kernel launch inside a kernel");
    return;
  }
  form = ld__block_barrier(call);
  if (form) {
    visit_site(fx, f, form);
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
  if (clang_Cursor_isNull(callee)) {
    CXCursor c = ld__unwrap(first);
    unsigned i, n;
    if (clang_getCursorKind(c) != CXCursor_OverloadedDeclRef)
      return; /* dependent: checked once instantiated by nvcc */
    n = clang_getNumOverloadedDecls(c);
    for (i = 0; i < n && !stopped(fx); i++) {
      why = callee_problem(fx, clang_getOverloadedDecl(c, i), 0);
      if (why)
        fail(fx, why);
    }
    return;
  }
  if (has_barrier(callee)) {
    visit_devfn_call(fx, f, callee);
    return;
  }
  name = ld__cursor_name(callee);
  if (!name) {
    fx->rc = LD_ENOMEM;
    return;
  }
  if (is_atomic_name(name)) {
    visit_atomic(fx, f, name);
  } else {
    int own_write = 0;
    why = callee_problem_at(fx, callee, 0, &own_write);
    /* A device function that stores through pointers (or to globals) is
     * cloned with its stores marked; only the kernel's calls, not a
     * device function's, are redirected. */
    if (why && own_write && !fx->r->is_devfn)
      visit_writer_call(fx, f, callee, why);
    else if (why)
      fail(fx, why);
  }
  free(name);
}

/* ---- Device functions ---------------------------------------------------- */

struct purity {
  struct facts *fx;
  const char *why; /* static reason, or NULL */
  CXCursor fn;
  unsigned depth;
  int own_write; /* why is a store or atomic in fn itself */
};

static char *reason_buf; /* last formatted reason of callee_problem */

static const char *named_reason(const char *fmt, CXCursor c) {
  struct ld_buf b = LD_BUF_INIT;
  char *name = ld__cursor_name(c);

  free(reason_buf);
  reason_buf = NULL;
  if (name && !ld_buf_printf(&b, fmt, name))
    reason_buf = ld_buf_detach(&b);
  ld_buf_free(&b);
  free(name);
  return reason_buf ? reason_buf : "out of memory";
}

static enum CXChildVisitResult purity_cb(CXCursor c, CXCursor parent,
                                         CXClientData data) {
  struct purity *p = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  const char *why = NULL;
  size_t member;
  int writes = 0;

  (void)parent;
  if (k == CXCursor_CallExpr) {
    CXCursor callee = clang_getCursorReferenced(c);
    CXCursor first;
    char *name;
    if (ld__block_barrier(c))
      why = named_reason("barrier in device function %s", p->fn);
    else if (!clang_Cursor_isNull(callee) && (name = ld__cursor_name(callee))) {
      if (is_atomic_name(name))
        writes = 1;
      else if (ld__nth_child(c, 0, &first) && ld__is_operator_ref(first) &&
               ld__is_assign_operator(first))
        writes = 1;
      else
        why = callee_problem(p->fx, callee, p->depth + 1);
      free(name);
    }
  } else if (k == CXCursor_BinaryOperator &&
             clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) {
    CXCursor lv;
    const char *w;
    if (ld__nth_child(c, 0, &lv) &&
        place_of(NULL, lv, &member, &w) != PLACE_LOCAL)
      writes = 1;
  } else if (k == CXCursor_CompoundAssignOperator ||
             (k == CXCursor_UnaryOperator &&
              clang_getCursorUnaryOperatorKind(c) >= CXUnaryOperator_PostInc &&
              clang_getCursorUnaryOperatorKind(c) <= CXUnaryOperator_PreDec)) {
    CXCursor lv;
    const char *w;
    if (ld__nth_child(c, 0, &lv) &&
        place_of(NULL, lv, &member, &w) != PLACE_LOCAL)
      writes = 1;
  } else if (k == CXCursor_GCCAsmStmt) {
    why = "inline assembly";
  }
  if (writes) {
    why = named_reason("device function %s writes memory", p->fn);
    p->own_write = 1;
  }
  if (why) {
    p->why = why;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}

/* Why a call to callee cannot stay in the clone, or NULL when it can.
 * *own_write (when not NULL) says whether the reason is a store or an
 * atomic in callee's own body. */
static const char *callee_problem_at(struct facts *fx, CXCursor callee,
                                     unsigned depth, int *own_write) {
  CXCursor def = ld__definition_of(callee);
  CXSourceLocation loc = clang_getCursorLocation(def);
  CXFile file;
  const char *why;
  char *name;
  struct purity p;

  name = ld__cursor_name(callee);
  why = name ? unsupported_builtin(name) : NULL;
  free(name);
  if (why)
    return why;
  clang_getExpansionLocation(loc, &file, NULL, NULL, NULL);
  if (clang_Location_isInSystemHeader(loc))
    return NULL;
  /* A body libclang has seen (this file or a user header) is checked like
   * the kernel's own code; without one nothing is known. */
  if (file) {
    if (!clang_isCursorDefinition(def))
      return named_reason("call to %s defined elsewhere", callee);
    if (depth >= MAX_CALL_DEPTH)
      return "calls nested too deeply";
    p.fx = fx;
    p.why = NULL;
    p.fn = def;
    p.depth = depth;
    p.own_write = 0;
    clang_visitChildren(def, purity_cb, &p);
    if (own_write)
      *own_write = p.own_write;
    return p.why;
  }
  return named_reason("call to %s defined elsewhere", callee);
}

static const char *callee_problem(struct facts *fx, CXCursor callee,
                                  unsigned depth) {
  return callee_problem_at(fx, callee, depth, NULL);
}

static enum CXChildVisitResult barrier_cb(CXCursor c, CXCursor parent,
                                          CXClientData data) {
  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_CallExpr && ld__block_barrier(c)) {
    *(int *)data = 1;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}

/* Whether callee is a function whose own body (main file or a user header)
 * contains a barrier call. */
static int has_barrier(CXCursor callee) {
  CXCursor def;
  int found = 0;

  if (clang_Cursor_isNull(callee))
    return 0;
  def = ld__definition_of(callee);
  if (clang_Cursor_isNull(def) || !clang_isCursorDefinition(def) ||
      clang_Location_isInSystemHeader(clang_getCursorLocation(def)))
    return 0;
  clang_visitChildren(def, barrier_cb, &found);
  return found;
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
        !is_statement(q))
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
  if (ld__grow(&fx->site_flat, &fx->capflat, r->nsites, 1)) {
    fx->rc = LD_ENOMEM;
    return NULL;
  }
  fx->site_flat[r->nsites] = 0; /* visit_site says */
  site = &r->sites[r->nsites++];
  memset(site, 0, sizeof *site);
  return site;
}

static void visit_site(struct facts *fx, const struct frame *f,
                       const char *form) {
  const struct frame *e = f, *stmt = NULL;
  struct ld_site *site;
  size_t cb, ce, sb, se;
  int with_result = strcmp(form, "__syncthreads_count") == 0 ||
                    strcmp(form, "__syncthreads_and") == 0 ||
                    strcmp(form, "__syncthreads_or") == 0;

  if (!span(fx, f->cur, &cb, &ce)) {
    fail(fx, "barrier inside a macro expansion");
    return;
  }
  while (e->parent && (e->parent->kind == CXCursor_UnexposedExpr ||
                       e->parent->kind == CXCursor_ParenExpr))
    e = e->parent;
  if (is_statement(e)) {
    stmt = e;
  } else if (with_result && e->parent) {
    const struct frame *p = e->parent;
    CXCursor lv;
    const char *why;
    size_t member;
    if (p->kind == CXCursor_BinaryOperator && e->index == 1 &&
        clang_getCursorBinaryOperatorKind(p->cur) == CXBinaryOperator_Assign &&
        is_statement(p) && ld__nth_child(p->cur, 0, &lv) &&
        place_of(fx, lv, &member, &why) != PLACE_GLOBAL)
      stmt = p;
    else if (p->kind == CXCursor_VarDecl && p->parent &&
             p->parent->kind == CXCursor_DeclStmt && is_statement(p->parent) &&
             !ld__nth_child(p->parent->cur, 1, &lv))
      stmt = p->parent; /* the only variable of its declaration */
    else if (p->kind == CXCursor_IfStmt && e->index == 0 && is_statement(p))
      stmt = p;
  }
  if (!stmt) {
    fail(fx, "barrier inside an expression");
    return;
  }
  if (!span(fx, stmt->cur, &sb, &se)) {
    fail(fx, "barrier inside a macro expansion");
    return;
  }
  site = new_site(fx);
  if (!site)
    return;
  {
    CXSourceLocation loc = clang_getRangeStart(clang_getCursorExtent(f->cur));
    unsigned line, col, off;
    clang_getExpansionLocation(loc, NULL, &line, &col, &off);
    site->at.line = line;
    site->at.col = col;
    site->at.offset = off;
  }
  site->form = !strcmp(form, "__syncthreads_count") ? "SYNC_COUNT"
               : !strcmp(form, "__syncthreads_and") ? "SYNC_AND"
               : !strcmp(form, "__syncthreads_or")  ? "SYNC_OR"
                                                    : "SYNC_PLAIN";
  site->stmt_begin = sb;
  site->stmt_end = stmt_end(fx, se);
  site->call_begin = cb;
  site->call_end = ce;
  site->needs_braces = stmt->parent->kind != CXCursor_CompoundStmt;
  fx->site_flat[fx->r->nsites - 1] = (unsigned char)in_blocks_and_loops(stmt);
  if (with_result) {
    if (clang_Cursor_getNumArguments(f->cur) != 1 ||
        !span(fx, clang_Cursor_getArgument(f->cur, 0), &site->pred_begin,
              &site->pred_end)) {
      fail(fx, "barrier inside a macro expansion");
      return;
    }
    site->with_result = stmt == e ? 2 : 1;
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
  if (name && is_atomic_name(name)) {
    free(name);
    return;
  }
  free(name);
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
  fx->r->always_dirty = 1;
  if (!fx->r->eager_why)
    fx->r->eager_why = "a call gets a target's address";
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

enum access { ACCESS_READ, ACCESS_STORE, ACCESS_OTHER };

static int is_array_type(CXType t) {
  t = clang_getCanonicalType(t);
  return t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
         t.kind == CXType_VariableArray || t.kind == CXType_DependentSizedArray;
}

/* When q (p's parent) is the implicit decay of array p into the base of a
 * subscript, that subscript; else NULL. */
static const struct frame *decayed_into_subscript(const struct frame *p,
                                                  const struct frame *q) {
  if (q->kind == CXCursor_UnexposedExpr &&
      is_array_type(clang_getCursorType(p->cur)) &&
      ld__is_pointer(clang_getCursorType(q->cur)) && q->parent &&
      q->parent->kind == CXCursor_ArraySubscriptExpr && q->index == 0)
    return q->parent;
  return NULL;
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
    else if (decayed_into_subscript(p, q))
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

/* ---- For the shared-memory proof (ld_proof.h) --------------------------- */

/* Whether [b, e) reads t, spaces and parentheses aside. */
static int text_is(const struct facts *fx, size_t b, size_t e, const char *t) {
  size_t n = 0;

  for (; b < e; b++) {
    char ch = fx->s->src[b];
    if (is_space(ch) || ch == '(' || ch == ')')
      continue;
    if (t[n] != ch)
      return 0;
    n++;
  }
  return t[n] == 0;
}

/* c without parentheses and implicit conversions around it (wrappers of
 * one child). */
static CXCursor stripped(CXCursor c) {
  CXCursor x, y;

  while ((clang_getCursorKind(c) == CXCursor_ParenExpr ||
          clang_getCursorKind(c) == CXCursor_UnexposedExpr) &&
         ld__nth_child(c, 0, &x) && !ld__nth_child(c, 1, &y))
    c = x;
  return c;
}

/* 0, 1, 2 when c is written `threadIdx.x`, `.y`, `.z`; else -1. */
static int thread_index_of(const struct facts *fx, CXCursor c) {
  static const char *const names[] = {"threadIdx.x", "threadIdx.y",
                                      "threadIdx.z"};
  size_t b, e;
  int k;

  if (!span(fx, c, &b, &e))
    return -1;
  for (k = 0; k < 3; k++)
    if (text_is(fx, b, e, names[k]))
      return k;
  return -1;
}

static int index_atom_of(const struct facts *fx, CXCursor i);

/* The subscript's index as a proof atom: a threadIdx component, a local
 * (LD_PROOF_LOCAL + i; whether it holds one is decided at the end), a
 * component plus a local (LD_PROOF_STRIDED...), or -1. */
static int index_atom(const struct facts *fx, CXCursor sub) {
  CXCursor i, c, d;
  int k;

  if (!ld__nth_child(sub, 1, &i))
    return -1;
  while (clang_getCursorKind(i) == CXCursor_ParenExpr &&
         ld__nth_child(i, 0, &c))
    i = c;
  if ((k = thread_index_of(fx, i)) >= 0)
    return k;
  if (clang_getCursorKind(i) == CXCursor_BinaryOperator &&
      clang_getCursorBinaryOperatorKind(i) == CXBinaryOperator_Add &&
      ld__nth_child(i, 0, &c) && ld__nth_child(i, 1, &d)) {
    /* threadIdx.<k> + j, either way round */
    int a = thread_index_of(fx, c), b = thread_index_of(fx, d);
    int other = a >= 0 ? index_atom_of(fx, d) : index_atom_of(fx, c);
    if ((a >= 0) != (b >= 0) && other >= LD_PROOF_LOCAL &&
        other < LD_PROOF_STRIDED)
      return LD_PROOF_STRIDED + 3 * (other - LD_PROOF_LOCAL) + (a >= 0 ? a : b);
    return -1;
  }
  return index_atom_of(fx, i);
}

/* A local, looked at through implicit conversions and parentheses:
 * LD_PROOF_LOCAL + i, else -1. */
static int index_atom_of(const struct facts *fx, CXCursor i) {
  size_t l;

  i = stripped(i);
  if (clang_getCursorKind(i) == CXCursor_DeclRefExpr &&
      (l = find_local(fx, clang_getCursorReferenced(i))) != SIZE_MAX)
    return LD_PROOF_LOCAL + (int)l;
  return -1;
}

/* The family of an atomic update that commutes with the others of its
 * family (ld_proof_access.atomic): 1 for atomicAdd and atomicSub, the
 * shared atomics the replay takes (others leave the kernel unchecked); 0
 * for any other name. */
static int atomic_family(const char *name) {
  return !strcmp(name, "atomicAdd") || !strcmp(name, "atomicSub");
}

static int is_index_type(CXType t);

/* Element sub (the outermost subscript of a reference) as the address
 * operand of a statement `atomicAdd(&s[i], v);`: an integer element, an
 * update of a commuting family (atomic_family) whose result is unused.
 * The family, else 0. */
static int atomic_update(const struct frame *sub) {
  const struct frame *q = sub->parent, *call;
  CXCursor arg;
  CXString name;
  int fam;

  while (q && q->kind == CXCursor_ParenExpr)
    q = q->parent;
  if (!q || q->kind != CXCursor_UnaryOperator ||
      clang_getCursorUnaryOperatorKind(q->cur) != CXUnaryOperator_AddrOf ||
      !is_index_type(clang_getCursorType(sub->cur)))
    return 0;
  for (call = q->parent; call && (call->kind == CXCursor_ParenExpr ||
                                  call->kind == CXCursor_UnexposedExpr);
       call = call->parent)
    ;
  if (!call || call->kind != CXCursor_CallExpr || !call->parent ||
      !ld__is_statement_at(call->cur, call->index, call->parent->cur) ||
      clang_Cursor_getNumArguments(call->cur) < 1)
    return 0;
  arg = stripped(clang_Cursor_getArgument(call->cur, 0));
  if (!clang_equalCursors(arg, q->cur))
    return 0;
  name = clang_getCursorSpelling(call->cur);
  fam = atomic_family(clang_getCString(name));
  clang_disposeString(name);
  return fam;
}

/* Records a reference to target `member` at off, used as `use`: the
 * target's rank and the indices of the subscripts that apply to it. */
static void proof_access(struct facts *fx, const struct frame *f, size_t member,
                         size_t off, int use) {
  struct ld_proof_access *a;
  const struct frame *p = f, *last = NULL;
  struct proof_cur *pc;
  CXCursor subs[2];
  CXType t;

  if (ld__grow(&fx->pacc, &fx->cappacc, fx->npacc, sizeof *a)) {
    fx->rc = LD_ENOMEM;
    return;
  }
  a = &fx->pacc[fx->npacc++];
  memset(a, 0, sizeof *a);
  a->off = off;
  a->line = line_of(fx, off);
  a->member = member;
  a->write = use == ACCESS_STORE;
  a->other = use == ACCESS_OTHER;
  t = clang_getCanonicalType(clang_getCursorType(f->cur));
  while (is_array_type(t) && a->rank <= LD_PROOF_MAX_RANK) {
    t = clang_getArrayElementType(t);
    a->rank++;
    if (t.kind == CXType_Invalid) {
      a->rank = -1;
      break;
    }
  }
  while (p->parent && a->rank > 0 && a->rank <= LD_PROOF_MAX_RANK &&
         a->ndims < a->rank) {
    const struct frame *q = p->parent, *sub;
    if (q->kind == CXCursor_ParenExpr) {
      p = q;
      continue;
    }
    if (q->kind == CXCursor_ArraySubscriptExpr && p->index == 0)
      sub = q;
    else if ((sub = decayed_into_subscript(p, q)) == NULL)
      break;
    if (a->ndims < 2)
      subs[a->ndims] = sub->cur;
    a->atom[a->ndims++] = index_atom(fx, sub->cur);
    p = sub;
    last = sub;
  }
  if (use == ACCESS_OTHER && last && a->rank >= 1 && a->ndims == a->rank &&
      (a->atomic = atomic_update(last)) != 0) {
    a->other = 0;
    a->write = 1;
  }
  if (ld__grow(&fx->pcur, &fx->cappcur, fx->npacc - 1, sizeof *fx->pcur)) {
    fx->rc = LD_ENOMEM;
    return;
  }
  pc = &fx->pcur[fx->npacc - 1];
  memset(pc, 0, sizeof *pc);
  if (a->rank == 1 && a->ndims == 1 && last)
    pc->has_idx = ld__nth_child(last->cur, 1, &pc->idx);
  if (a->rank == 2 && a->ndims == 2) {
    pc->sub[0] = subs[0];
    pc->sub[1] = subs[1];
    pc->nsub = 2;
  }
  a->ext1 = -1;
  t = clang_getCanonicalType(clang_getCursorType(f->cur));
  if (a->rank == 2 && t.kind == CXType_ConstantArray) {
    CXType e = clang_getCanonicalType(clang_getArrayElementType(t));
    if (e.kind == CXType_ConstantArray)
      a->ext1 = clang_getArraySize(e);
  }
  for (p = f; p->parent && pc->nguards < PROOF_GUARDS; p = p->parent) {
    CXCursor cond;
    if ((p->parent->kind == CXCursor_IfStmt ||
         p->parent->kind == CXCursor_ConditionalOperator) &&
        p->index == 1 && ld__nth_child(p->parent->cur, 0, &cond) &&
        clang_isExpression(clang_getCursorKind(cond)))
      pc->guard[pc->nguards++] = cond;
  }
}

/* The loop just added to fx->loops: where a for statement's body starts
 * (its header, before, holds its init, condition and increment). */
static void proof_loop(struct facts *fx, CXCursor c) {
  size_t n = 0, b = SIZE_MAX, e;
  CXCursor body;

  if (ld__grow(&fx->for_body, &fx->capfor, fx->nloops - 1,
               sizeof *fx->for_body) ||
      ld__grow(&fx->for_cond, &fx->capcond, fx->nloops - 1,
               sizeof *fx->for_cond) ||
      ld__grow(&fx->body_at, &fx->capbody, fx->nloops - 1,
               sizeof *fx->body_at)) {
    fx->rc = LD_ENOMEM;
    return;
  }
  while (ld__nth_child(c, (unsigned)n, &body))
    n++;
  if (clang_getCursorKind(c) == CXCursor_ForStmt && n &&
      ld__nth_child(c, (unsigned)(n - 1), &body) && !span(fx, body, &b, &e))
    b = SIZE_MAX;
  fx->for_body[fx->nloops - 1] = b;
  /* the body: last of a for or while loop, the start of a do loop */
  fx->body_at[fx->nloops - 1] = SIZE_MAX;
  if (clang_getCursorKind(c) == CXCursor_DoStmt)
    fx->body_at[fx->nloops - 1] = fx->loops[fx->nloops - 1][0];
  else if (n && ld__nth_child(c, (unsigned)(n - 1), &body) &&
           span(fx, body, &b, &e))
    fx->body_at[fx->nloops - 1] = b;
  /* init, condition, increment, body: the condition is the second */
  fx->for_cond[fx->nloops - 1] = clang_getNullCursor();
  if (clang_getCursorKind(c) == CXCursor_ForStmt && n == 4)
    ld__nth_child(c, 1, &fx->for_cond[fx->nloops - 1]);
}

/* A `break` or `continue`: the loop it leaves or continues (a switch's
 * `break` leaves no loop). */
static void proof_jump(struct facts *fx, const struct frame *f) {
  const struct frame *q;
  struct ld_proof_jump *j;

  for (q = f->parent; q; q = q->parent) {
    if (q->kind == CXCursor_SwitchStmt && f->kind == CXCursor_BreakStmt)
      return;
    if (q->kind == CXCursor_ForStmt || q->kind == CXCursor_WhileStmt ||
        q->kind == CXCursor_DoStmt)
      break;
  }
  if (!q)
    return;
  if (ld__grow(&fx->jumps, &fx->capjumps, fx->njumps, sizeof *j)) {
    fx->rc = LD_ENOMEM;
    return;
  }
  j = &fx->jumps[fx->njumps];
  if (!span(fx, f->cur, &j->at, &j->loop_e) ||
      !span(fx, q->cur, &j->loop_b, &j->loop_e)) {
    fx->proof_why = "break or continue inside a macro expansion";
    return;
  }
  j->line = line_of(fx, j->at);
  fx->njumps++;
}

/* An integer constant expression. */
static int is_constant(CXCursor c) {
  int ok;
  ld__constant_of(c, &ok);
  return ok;
}

/* A change f of a local as the proof's powers of two see it (local_uses
 * .powch): 1 halves it, 2 doubles it, 4 anything else. */
static unsigned power_change(const struct frame *f) {
  CXCursor rhs;
  long long v;
  int ok;
  enum CXBinaryOperatorKind op;

  if (!f->parent || f->parent->kind != CXCursor_CompoundAssignOperator ||
      f->index != 0 || !ld__nth_child(f->parent->cur, 1, &rhs))
    return 4;
  v = ld__constant_of(rhs, &ok);
  if (!ok)
    return 4;
  op = clang_getCursorBinaryOperatorKind(f->parent->cur);
  if ((op == CXBinaryOperator_ShrAssign && v == 1) ||
      (op == CXBinaryOperator_DivAssign && v == 2))
    return 1;
  if ((op == CXBinaryOperator_ShlAssign && v == 1) ||
      (op == CXBinaryOperator_MulAssign && v == 2))
    return 2;
  return 4;
}

/* A reference f that may change local i: for the proof, the constant K of
 * `i += K`, anything else spoils the stride. */
static void proof_change(struct facts *fx, size_t i, const struct frame *f) {
  struct local_uses *u = &fx->uses[i];
  long long k = -1;
  CXCursor rhs;

  if (f->parent && f->parent->kind == CXCursor_CompoundAssignOperator &&
      f->index == 0 &&
      clang_getCursorBinaryOperatorKind(f->parent->cur) ==
          CXBinaryOperator_AddAssign &&
      ld__nth_child(f->parent->cur, 1, &rhs)) {
    int ok;
    long long v = ld__constant_of(rhs, &ok);
    if (ok)
      k = v;
  }
  {
    size_t b, e;
    if (!span(fx, f->cur, &b, &e))
      u->odd_change = 1;
    else {
      if (!u->pchanged || b < u->change_lo)
        u->change_lo = b;
      if (!u->pchanged || b > u->change_hi)
        u->change_hi = b;
    }
  }
  if (!(f->parent &&
        ((f->parent->kind == CXCursor_UnaryOperator &&
          clang_getCursorUnaryOperatorKind(f->parent->cur) >=
              CXUnaryOperator_PostInc &&
          clang_getCursorUnaryOperatorKind(f->parent->cur) <=
              CXUnaryOperator_PreDec) ||
         (f->parent->kind == CXCursor_CompoundAssignOperator && f->index == 0 &&
          ld__nth_child(f->parent->cur, 1, &rhs) && is_constant(rhs)))))
    u->odd_change = 1;
  u->pchanged = 1;
  u->stride = k <= 0 || (u->stride && u->stride != k) ? -1 : k;
  u->powch |= power_change(f);
}

/* A reference to a shared variable or a renamed local. */
/* A reference to shared variable r->members[i]: the clone reads it through
 * the layout (srd when the value is loaded), and a pointer to it that
 * would be kept in a local is refused or makes every region read. */
static void visit_member_ref(struct facts *fx, const struct frame *f,
                             size_t i) {
  size_t b, e;

  const struct ld_member *m = &fx->r->members[i];
  struct ld_buf t = LD_BUF_INIT;
  const struct frame *p = f;
  if (!span(fx, f->cur, &b, &e)) {
    fail(fx, "shared variable used inside a macro expansion");
    return;
  }
  note_read(fx, b);
  /* A non-const pointer into the copy kept in a local would make its
   * stores look global. */
  while (p->parent &&
         (p->parent->kind == CXCursor_UnexposedExpr ||
          p->parent->kind == CXCursor_ParenExpr ||
          p->parent->kind == CXCursor_CStyleCastExpr ||
          (p->parent->kind == CXCursor_UnaryOperator &&
           clang_getCursorUnaryOperatorKind(p->parent->cur) ==
               CXUnaryOperator_AddrOf) ||
          (p->parent->kind == CXCursor_ArraySubscriptExpr && p->index == 0) ||
          (p->parent->kind == CXCursor_BinaryOperator &&
           ld__is_pointer(clang_getCursorType(p->parent->cur)))))
    p = p->parent;
  if (p->parent &&
      (p->parent->kind == CXCursor_VarDecl ||
       (p->parent->kind == CXCursor_BinaryOperator && p->index == 1 &&
        clang_getCursorBinaryOperatorKind(p->parent->cur) ==
            CXBinaryOperator_Assign))) {
    CXType t = clang_getCanonicalType(clang_getCursorType(p->parent->cur));
    if ((t.kind == CXType_Pointer &&
         !clang_isConstQualifiedType(clang_getPointeeType(t))) ||
        t.kind == CXType_LValueReference) {
      fail(fx, "non-const pointer to a shared variable");
      return;
    }
    /* A const pointer kept in a local reads the target later, in
     * regions whose references the read marks cannot see. */
    if (t.kind == CXType_Pointer) {
      fx->r->always_read = 1;
      if (!fx->r->eager_why)
        fx->r->eager_why = "a pointer to a target is kept in a local";
    }
  }
  mark_escape(fx, f);
  {
    const struct frame *top;
    const char *why;
    enum access use = access_of(f, &top, &why);
    proof_access(fx, f, i, b, use);
    /* Any use but the object of a plain `=` reads the target: the
     * reference marks the thread (a region no warp read a target in
     * needs no second pass); a load goes through srd, which marks it and
     * with lazy copies finds the line. */
    const char *rd =
        only_stored(f) || use == ACCESS_READ ? "" : "__ldcc_c.rd = 1, ";
    size_t tb, te;
    if (use == ACCESS_OTHER && !fx->r->eager_why)
      fx->r->eager_why = why;
    if (use == ACCESS_READ) {
      if (!span(fx, top->cur, &tb, &te)) {
        fail(fx, "shared variable used inside a macro expansion");
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
    else
      fx->rc = fx->rc ? fx->rc
                      : ld_buf_printf(&t,
                                      rd[0] ? "((%s *)(%s__ldcc_c.ext))"
                                            : "((%s *)%s__ldcc_c.ext)",
                                      m->elem, rd);
  }
  if (!fx->rc)
    edit(fx, b, e, t.data);
  ld_buf_free(&t);
}

/* A reference to local or parameter r->locals[i]: its uses for liveness and
 * the proof; d is the declaration it names. */
static void visit_local_ref(struct facts *fx, const struct frame *f,
                            CXCursor d) {
  size_t i, b;

  if ((i = find_local(fx, d)) != SIZE_MAX) {
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
      proof_change(fx, i, q);
    if (!ld__main_offset(fx->s, loc, &b) || use == ACCESS_OTHER) {
      fx->uses[i].escapes = 1;
    } else {
      const struct frame *p = f;
      add_use(fx, i, b);
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
  if ((i = find_local(fx, d)) != SIZE_MAX && fx->r->locals[i].is_param) {
    const struct frame *p = f;
    while (p->parent && p->parent->kind == CXCursor_ParenExpr)
      p = p->parent;
    if (!p->parent || p->parent->kind != CXCursor_UnexposedExpr)
      fx->r->locals[i].changed = 1;
  }
  if ((i = find_local(fx, d)) != SIZE_MAX && fx->r->locals[i].name &&
      strcmp(fx->r->locals[i].name, fx->orig_name[i])) {
    CXSourceLocation loc = clang_getCursorLocation(f->cur);
    if (!ld__main_offset(fx->s, loc, &b) || ld__in_macro(fx->s, b)) {
      fail(fx, "renamed local used inside a macro expansion");
      return;
    }
    edit(fx, b, b + strlen(fx->orig_name[i]), fx->r->locals[i].name);
  }
}

static void visit_ref(struct facts *fx, const struct frame *f) {
  CXCursor d = clang_getCursorReferenced(f->cur);
  size_t i;

  if ((i = find_member(fx, d)) != SIZE_MAX)
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
    case CXCursor_VarDecl:
      if (is_shared_decl(f->cur))
        fail(fx, "shared variable declared in a device function");
      /* fall through */
    case CXCursor_DeclStmt:
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

  if (!f->parent->parent && !push_span(fx, &fx->tops, &fx->ntops, c))
    fx->tops_unknown = 1; /* a statement from a macro: no prefix */
  if ((f->kind == CXCursor_ArraySubscriptExpr || f->kind == CXCursor_CallExpr ||
       (f->kind == CXCursor_UnaryOperator &&
        clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref) ||
       (f->kind == CXCursor_MemberRefExpr && !is_index_member(c))) &&
      span(fx, c, &b, &e))
    note_read(fx, b);
  if ((f->kind == CXCursor_ForStmt || f->kind == CXCursor_WhileStmt ||
       f->kind == CXCursor_DoStmt) &&
      !push_span(fx, &fx->loops, &fx->nloops, c))
    fx->loops_unknown = 1; /* a loop from a macro: every local live */
  else if (f->kind == CXCursor_ForStmt || f->kind == CXCursor_WhileStmt ||
           f->kind == CXCursor_DoStmt)
    proof_loop(fx, c);
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
  if (stopped(fx))
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
      fail(fx, "declaration in a condition");
    break;
  case CXCursor_DeclRefExpr:
    visit_ref(fx, &f);
    break;
  case CXCursor_CallExpr:
    visit_call(fx, &f);
    break;
  case CXCursor_ReturnStmt:
    if (!span(fx, c, &b, &e))
      fail(fx, "return inside a macro expansion");
    else
      edit(fx, b, e, "goto __ldcc_exit");
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
    fail(fx, "goto or label");
    break;
  case CXCursor_BreakStmt:
  case CXCursor_ContinueStmt:
    proof_jump(fx, &f);
    break;
  case CXCursor_LambdaExpr:
    fail(fx, "lambda inside the kernel");
    break;
  case CXCursor_CXXForRangeStmt:
    fail(fx, "range-based for");
    break;
  case CXCursor_GCCAsmStmt:
  case CXCursor_MSAsmStmt:
    fail(fx, "inline assembly");
    break;
  case CXCursor_CXXTryStmt:
  case CXCursor_CXXThrowExpr:
    fail(fx, "exceptions");
    break;
  default:
    break;
  }
  if (stopped(fx))
    return CXChildVisit_Break;
  clang_visitChildren(c, body_cb, &f);
  return stopped(fx) ? CXChildVisit_Break : CXChildVisit_Continue;
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

  if (!span(fx, c, &b, &e))
    return LD_EINVAL;
  for (i = b; i < e; i++) {
    if (s[i] == '<' || s[i] == '(')
      depth++;
    else if (s[i] == '>' || s[i] == ')')
      depth--;
    else if (s[i] == '=' && !depth)
      break;
  }
  while (i > b && is_space(s[i - 1]))
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
    if (!rc && span(fx, c, &b, &e))
      h->last_tparam_end = e;
    if (!rc)
      rc = ld_buf_puts(&h->args, name);
    if (!rc && span(fx, c, &b, &e)) {
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
      fail(fx, "template parameter inside a macro expansion");
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
    if (span(fx, c, &b, &e))
      h->last_param_end = e;
    else
      fail(fx, "parameter inside a macro expansion");
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
  return stopped(fx) ? CXChildVisit_Break : CXChildVisit_Continue;
}

static int scope_of(struct facts *fx, CXCursor fn) {
  CXCursor p = clang_getCursorSemanticParent(fn);
  struct ld_buf b = LD_BUF_INIT;
  int rc = LD_OK;

  while (!clang_Cursor_isNull(p) &&
         clang_getCursorKind(p) != CXCursor_TranslationUnit && !rc) {
    char *name;
    if (clang_getCursorKind(p) != CXCursor_Namespace) {
      fail(fx, "kernel declared inside a class");
      break;
    }
    name = ld__cursor_name(p);
    if (!name) {
      rc = LD_ENOMEM;
      break;
    }
    if (*name) {
      struct ld_buf n = LD_BUF_INIT;
      rc = ld_buf_printf(&n, "%s::%s", name, b.data ? b.data : "");
      if (!rc) {
        ld_buf_free(&b);
        b = n;
      } else {
        ld_buf_free(&n);
      }
    }
    free(name);
    p = clang_getCursorSemanticParent(p);
  }
  if (!rc)
    fx->r->scope = b.data ? ld_buf_detach(&b) : strdup("");
  ld_buf_free(&b);
  return rc ? rc : fx->r->scope ? LD_OK : LD_ENOMEM;
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
    if (span(pp->fx, c, &b, &e) && !memchr(pp->fx->s->src + b, '=', e - b))
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
      clang_equalCursors(canon, fn) || !span(fx, canon, &b, &e) ||
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
    for (p++; p < e && is_space(s[p]); p++)
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

static int analyse_def(struct facts *fx, CXCursor fn) {
  struct ld_replay *r = fx->r;
  struct header_parts h;
  const char *s = fx->s->src;
  size_t b, e, p;
  int rc = LD_OK;

  memset(&h, 0, sizeof h);
  h.fx = fx;
  if (!span(fx, fn, &r->def_begin, &r->def_end) ||
      !ld__main_offset(fx->s, clang_getCursorLocation(fn), &r->name_begin)) {
    fail(fx, "defined inside a macro expansion");
    return LD_OK;
  }
  r->name_end = r->name_begin + strlen(fx->k->name);
  /* Attributes written before the declaration (`__global__ void k`) may
   * lie outside the extent clang gives. */
  r->def_begin = ld__def_start(s, r->def_begin, r->is_devfn);
  rc = scope_of(fx, fn);
  if (rc || stopped(fx))
    return rc;
  if (!r->is_devfn)
    find_prototype(fx, fn);
  clang_visitChildren(fn, def_cb, &h);
  if (stopped(fx) || !h.has_body)
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
  if (!span(fx, h.body, &b, &e)) {
    fail(fx, "body inside a macro expansion");
    goto out;
  }
  r->body_open = b;
  r->body_close = e - 1;
  r->user_bounds =
      says_bounds(s, r->def_begin, r->body_open) ||
      (r->proto_end && says_bounds(s, r->proto_begin, r->proto_end));
  r->exit_line = line_of(fx, r->body_close);
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
    clang_visitChildren(h.body, body_cb, &root);
  }
  if (!fx->rc && !fx->reason)
    compute_liveness(fx);
out:
  ld_buf_free(&h.params);
  ld_buf_free(&h.args);
  return rc;
}

/* ---- Device functions with barriers ------------------------------------- */

static void facts_free(struct facts *fx, size_t nlocals) {
  size_t i;

  for (i = 0; fx->orig_name && i < nlocals; i++)
    free(fx->orig_name[i]);
  free(fx->orig_name);
  for (i = 0; fx->uses && i < nlocals; i++)
    free(fx->uses[i].refs);
  free(fx->uses);
  free(fx->loops);
  free(fx->tops);
  free(fx->local_cur);
  free(fx->member_cur);
  free(fx->callee_cur);
  free(fx->store_lines);
  free(fx->pacc);
  free(fx->pcur);
  free(fx->for_body);
  free(fx->for_cond);
  free(fx->body_at);
  free(fx->site_flat);
  free(fx->jumps);
  free(fx->reason);
}

/* The clone description of device function def (a callee of the kernel
 * fx walks, with barriers, or without them when plain), appended to
 * fx->r->callees; returns its index, or SIZE_MAX with fx failed. */
static size_t analyse_devfn(struct facts *fx, CXCursor def, int plain) {
  struct ld_replay *r = fx->r;
  struct facts cfx;
  struct ld_kernel ck;
  struct ld_buf why = LD_BUF_INIT;
  size_t i, idx = SIZE_MAX;
  void *a, *b;

  for (i = 0; i < r->ncallees; i++)
    if (clang_equalCursors(fx->callee_cur[i], def))
      return i;
  memset(&cfx, 0, sizeof cfx);
  memset(&ck, 0, sizeof ck);
  ck.name = ld__cursor_name(def);
  cfx.s = fx->s;
  cfx.k = &ck;
  cfx.fn = def;
  cfx.r = calloc(1, sizeof *cfx.r);
  if (!ck.name || !cfx.r) {
    fx->rc = LD_ENOMEM;
    goto out;
  }
  cfx.r->is_devfn = 1;
  cfx.r->is_plain = plain;
  fx->rc = analyse_def(&cfx, def);
  if (!fx->rc)
    fx->rc = cfx.rc;
  if (fx->rc)
    goto out;
  if (cfx.reason) {
    if (ld_buf_printf(&why, "device function %s: %s", ck.name, cfx.reason))
      fx->rc = LD_ENOMEM;
    else
      fail(fx, why.data);
    goto out;
  }
  a = realloc(r->callees, (r->ncallees + 1) * sizeof *r->callees);
  if (a)
    r->callees = a;
  b = a ? realloc(fx->callee_cur, (r->ncallees + 1) * sizeof *fx->callee_cur)
        : NULL;
  if (b)
    fx->callee_cur = b;
  if (!b) {
    fx->rc = LD_ENOMEM;
    goto out;
  }
  cfx.r->fn_name = ck.name;
  ck.name = NULL;
  cfx.r->entry_line = line_of(&cfx, cfx.r->name_begin);
  cfx.r->exit_site = cfx.r->nsites + 1;
  fx->callee_cur[r->ncallees] = def;
  r->callees[r->ncallees] = cfx.r;
  cfx.r->store_lines = cfx.store_lines;
  cfx.r->nstore_lines = cfx.nstore_lines;
  cfx.store_lines = NULL;
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
    if (pointee_place(fx, clang_Cursor_getArgument(call, j), &member, &why) !=
        PLACE_SHARED)
      continue;
    for (i = 0; i < c->nstore_lines && !fx->rc; i++) {
      struct ld_member *m = &fx->r->members[member];
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
  size_t idx = analyse_devfn(fx, def, plain);

  if (idx == SIZE_MAX || stopped(fx))
    return SIZE_MAX;
  add_callee_write_lines(fx, call, fx->r->callees[idx]);
  return fx->rc ? SIZE_MAX : idx;
}

/* Reason formats (with the callee's name) for a call whose callee cannot
 * be cloned. */
struct clone_whys {
  const char *tmpl, *header, *later, *scope, *macro;
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

  if (clang_getCursorKind(def) != CXCursor_FunctionDecl ||
      !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(def))) {
    fail(fx, named_reason(w->tmpl, callee));
    return 0;
  }
  if (!span(fx, def, &db, &de)) {
    fail(fx, named_reason(w->header, callee));
    return 0;
  }
  if (de > fx->r->def_begin) {
    fail(fx, named_reason(w->later, callee));
    return 0;
  }
  fp = clang_getCursorSemanticParent(def);
  kp = clang_getCursorSemanticParent(fx->fn);
  if (clang_getCursorKind(fp) != CXCursor_TranslationUnit &&
      !clang_equalCursors(fp, kp)) {
    fail(fx, named_reason(w->scope, callee));
    return 0;
  }
  if (!span(fx, f->cur, &cb, ce) || !ld__nth_child(f->cur, 0, &name_cur) ||
      !span(fx, name_cur, nb, ne) || fx->s->src[*ce - 1] != ')') {
    fail(fx, named_reason(w->macro, callee));
    return 0;
  }
  /* Every parameter passed: the clone's parameters come first. */
  n = clang_Cursor_getNumArguments(f->cur);
  for (j = 0; j < n; j++) {
    size_t ab, ae;
    if (!span(fx, clang_Cursor_getArgument(f->cur, j), &ab, &ae)) {
      fail(fx,
           named_reason("call of %s with a default or macro argument", callee));
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
      "call of %s inside a macro expansion"};
  struct ld_replay *r = fx->r;
  CXCursor def = ld__definition_of(callee);
  struct ld_buf t = LD_BUF_INIT;
  size_t ce, nb, ne, idx, p;
  int n = clang_Cursor_getNumArguments(f->cur);

  if (clang_getCursorKind(def) == CXCursor_CXXMethod) {
    fail(fx, why); /* stores through `this` */
    return;
  }
  if (!clonable(fx, f, callee, def, &whys, &nb, &ne, &ce))
    return;
  idx = clone_callee(fx, f->cur, def, 1);
  if (idx == SIZE_MAX)
    return;
  for (p = ne; p < ce && fx->s->src[p] != '('; p++)
    ;
  if (ld_buf_printf(&t, "__ldcc_%s__f_%s", fx->k->name,
                    r->callees[idx]->fn_name)) {
    ld_buf_free(&t);
    fx->rc = LD_ENOMEM;
    return;
  }
  edit(fx, nb, ne, t.data);
  ld_buf_free(&t);
  if (!fx->rc)
    fx->rc =
        ld_edit_insert(&r->edits, p + 1, n > 0 ? "__ldcc_c, " : "__ldcc_c");
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
      "barrier inside a macro expansion"};
  struct ld_replay *r = fx->r;
  CXCursor def = ld__definition_of(callee);
  const struct frame *e = f;
  struct ld_site *site;
  size_t cb, ce, nb, ne, idx, i;
  int n = clang_Cursor_getNumArguments(f->cur);

  if (r->is_devfn) {
    fail(fx, named_reason("barrier in device function %s", callee));
    return;
  }
  if (clang_getCursorResultType(def).kind != CXType_Void &&
      clang_getCursorKind(def) == CXCursor_FunctionDecl) {
    fail(fx, named_reason("barrier in device function %s returning a value",
                          callee));
    return;
  }
  while (e->parent && (e->parent->kind == CXCursor_UnexposedExpr ||
                       e->parent->kind == CXCursor_ParenExpr))
    e = e->parent;
  if (!is_statement(e)) {
    fail(fx, named_reason("call of device function %s with a barrier inside "
                          "an expression",
                          callee));
    return;
  }
  if (!clonable(fx, f, callee, def, &whys, &nb, &ne, &ce) ||
      !span(fx, f->cur, &cb, &ce))
    return;
  idx = clone_callee(fx, f->cur, def, 0);
  if (idx == SIZE_MAX)
    return;
  site = new_site(fx);
  if (!site)
    return;
  site->callee = idx + 1;
  site->form = "SYNC_PLAIN";
  site->at.line = line_of(fx, cb);
  {
    size_t p = cb;
    while (p > 0 && fx->s->src[p - 1] != '\n')
      p--;
    site->at.col = (unsigned)(cb - p + 1);
  }
  site->at.offset = cb;
  site->stmt_begin = cb;
  site->stmt_end = stmt_end(fx, ce);
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

/* ---- The shared-memory proof --------------------------------------------- */

/* An integer type wide enough for a thread index, not a pointer. */
static int is_index_type(CXType t) {
  switch (clang_getCanonicalType(t).kind) {
  case CXType_Short:
  case CXType_UShort:
  case CXType_Int:
  case CXType_UInt:
  case CXType_Long:
  case CXType_ULong:
  case CXType_LongLong:
  case CXType_ULongLong:
    return 1;
  default:
    return 0;
  }
}

/* 0, 1, 2 when local i always holds threadIdx.x, .y, .z: an integer of at
 * least 16 bits initialised so in its declaration and never changed. */
static int local_alias(const struct facts *fx, size_t i) {
  const struct ld_local *l = &fx->r->locals[i];
  const struct local_uses *u = &fx->uses[i];
  CXCursor init;

  if (l->is_param || l->is_array || u->pchanged)
    return -1;
  if (!is_index_type(clang_getCursorType(fx->local_cur[i])))
    return -1;
  init = clang_Cursor_getVarDeclInitializer(fx->local_cur[i]);
  return clang_Cursor_isNull(init) ? -1 : thread_index_of(fx, init);
}

/* K when local i starts at 0 in its declaration and only ever grows by
 * the constant K (`for (int j = 0; j < n; j += K)`), else 0. */
static long long local_stride(const struct facts *fx, size_t i) {
  const struct ld_local *l = &fx->r->locals[i];
  const struct local_uses *u = &fx->uses[i];
  CXCursor init;
  int ok;

  if (l->is_param || l->is_array || u->stride <= 0)
    return 0;
  init = clang_Cursor_getVarDeclInitializer(fx->local_cur[i]);
  if (clang_Cursor_isNull(init))
    return 0;
  return ld__constant_of(init, &ok) == 0 && ok ? u->stride : 0;
}

static int uniform_at_d(const struct facts *fx, size_t i, size_t at, int depth);

/* Whether expression c, evaluated at offset at, is the same in every
 * thread: constants and uniform locals (uniform_at) under arithmetic. */
static int uniform_value(const struct facts *fx, CXCursor c, size_t at,
                         int depth) {
  CXCursor x, y;
  size_t i;

  c = stripped(c);
  if (depth > 6)
    return 0;
  if (is_constant(c))
    return 1;
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr)
    return (i = find_local(fx, clang_getCursorReferenced(c))) != SIZE_MAX &&
           uniform_at_d(fx, i, at, depth + 1);
  if (clang_getCursorKind(c) == CXCursor_BinaryOperator &&
      ld__nth_child(c, 0, &x) && ld__nth_child(c, 1, &y))
    switch (clang_getCursorBinaryOperatorKind(c)) {
    case CXBinaryOperator_Add:
    case CXBinaryOperator_Sub:
    case CXBinaryOperator_Mul:
    case CXBinaryOperator_Div:
    case CXBinaryOperator_Shl:
    case CXBinaryOperator_Shr:
      return uniform_value(fx, x, at, depth + 1) &&
             uniform_value(fx, y, at, depth + 1);
    default:
      return 0;
    }
  return 0;
}

/* Whether local i is the same in every thread wherever offset `at` may
 * read it: a parameter never changed, or the variable of a for loop with
 * barriers, set in the loop's header to a constant or to a value the same
 * in every thread there, and changed only in the header by a constant (`s
 * >>= 1`, `off *= 2`, `j++`), read in the part of the body before the
 * loop's first barrier (every thread has passed the same increments there;
 * after a barrier the region runs on into the next increment). */
static int uniform_at(const struct facts *fx, size_t i, size_t at) {
  return uniform_at_d(fx, i, at, 0);
}

static int uniform_at_d(const struct facts *fx, size_t i, size_t at,
                        int depth) {
  const struct ld_local *l = &fx->r->locals[i];
  const struct local_uses *u = &fx->uses[i];
  size_t k, s;

  if (!is_index_type(clang_getCursorType(fx->local_cur[i])))
    return 0;
  if (l->is_param)
    return !l->changed;
  if (l->is_array || u->odd_change || !u->pchanged ||
      !uniform_value(fx, clang_Cursor_getVarDeclInitializer(fx->local_cur[i]),
                     u->decl, depth))
    return 0;
  for (k = fx->nloops; k-- > 0;) {
    size_t b = fx->loops[k][0], body = fx->for_body[k];
    if (body == SIZE_MAX || u->decl < b || u->decl >= body)
      continue;
    if (u->change_lo < b || u->change_hi >= body || at < body)
      return 0;
    for (s = 0; s < fx->r->nsites; s++)
      if (fx->r->sites[s].stmt_begin >= b &&
          fx->r->sites[s].stmt_begin < fx->loops[k][1])
        return at < fx->r->sites[s].stmt_begin;
    return 0; /* no barrier in the loop */
  }
  return 0;
}

/* The index c, read at offset at, as threadIdx.x + v (ld_proof.h); invalid
 * when it is not of that form.  Locals: threadIdx.x, an offset from it set
 * once (`int l = threadIdx.x + R`, whose own symbols may not change), or a
 * uniform value. */
static struct ld_proof_lin lin_of(const struct facts *fx, CXCursor c, size_t at,
                                  int depth) {
  struct ld_proof_lin r, a, b;
  CXCursor x, y;
  size_t bb, ee, i;
  int k;

  memset(&r, 0, sizeof r);
  r.v.sym = -1;
  if (depth > 6)
    return r;
  c = stripped(c);
  if ((k = thread_index_of(fx, c)) >= 0) {
    r.valid = k == 0;
    r.has_t = 1;
    return r;
  }
  if (span(fx, c, &bb, &ee) && text_is(fx, bb, ee, "blockDim.x")) {
    r.valid = 1;
    r.v.bdx = 1;
    return r;
  }
  r.v.c = ld__constant_of(c, &k);
  if (k) {
    r.valid = 1;
    return r;
  }
  if (clang_getCursorKind(c) == CXCursor_BinaryOperator &&
      (clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Add ||
       clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Sub) &&
      ld__nth_child(c, 0, &x) && ld__nth_child(c, 1, &y)) {
    int sign = clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Add
                   ? 1
                   : -1,
        ok = 1;
    a = lin_of(fx, x, at, depth + 1);
    b = lin_of(fx, y, at, depth + 1);
    if (!a.valid || !b.valid || (b.has_t && (sign < 0 || a.has_t)))
      return r;
    r.has_t = a.has_t || b.has_t;
    r.v.c = a.v.c + sign * b.v.c;
    r.v.bdx = a.v.bdx + sign * b.v.bdx;
    if (a.v.k && b.v.k && a.v.sym != b.v.sym)
      ok = 0;
    r.v.sym = a.v.k ? a.v.sym : b.v.sym;
    r.v.k = a.v.k + sign * b.v.k;
    if (!r.v.k)
      r.v.sym = -1;
    r.valid = ok;
    return r;
  }
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
      (i = find_local(fx, clang_getCursorReferenced(c))) != SIZE_MAX) {
    const struct ld_local *l = &fx->r->locals[i];
    if (local_alias(fx, i) == 0) {
      r.valid = r.has_t = 1;
      return r;
    }
    if (uniform_at(fx, i, at)) {
      r.valid = 1;
      r.v.sym = (int)i;
      r.v.k = 1;
      return r;
    }
    if (!l->is_param && !l->is_array && !fx->uses[i].pchanged &&
        !clang_Cursor_isNull(
            (x = clang_Cursor_getVarDeclInitializer(fx->local_cur[i])))) {
      /* set once from threadIdx.x and values that never change: read
       * where it is declared, so no loop variable */
      size_t d = fx->uses[i].decl;
      a = lin_of(fx, x, d, depth + 1);
      if (a.valid && a.v.k && !fx->r->locals[a.v.sym].is_param)
        return r;
      return a;
    }
  }
  return r;
}

/* ---- Pairs: bitonic steps ------------------------------------------------ */

static int power_local(const struct facts *fx, size_t i, int depth);

/* Whether c is always 0 or a power of two: such a constant, a local that
 * is (power_local), or one divided by a power of two or shifted right. */
static int power_value(const struct facts *fx, CXCursor c, int depth) {
  CXCursor x, y;
  long long v;
  int ok;
  size_t i;

  c = stripped(c);
  if (depth > 6)
    return 0;
  v = ld__constant_of(c, &ok);
  if (ok)
    return v >= 0 && !(v & (v - 1));
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr)
    return (i = find_local(fx, clang_getCursorReferenced(c))) != SIZE_MAX &&
           power_local(fx, i, depth + 1);
  if (clang_getCursorKind(c) == CXCursor_BinaryOperator &&
      ld__nth_child(c, 0, &x) && ld__nth_child(c, 1, &y)) {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    v = ld__constant_of(y, &ok);
    if (ok && ((op == CXBinaryOperator_Div && v > 0 && !(v & (v - 1))) ||
               (op == CXBinaryOperator_Shr && v >= 0 && v < 63)))
      return power_value(fx, x, depth + 1);
  }
  return 0;
}

/* Whether the doubling variable i of the loop whose condition is c stays
 * below 2^30 in the body: `i < C` or `i <= C`, C a constant. */
static int bounded_above(const struct facts *fx, size_t i, CXCursor c) {
  CXCursor x, y;
  enum CXBinaryOperatorKind op;
  long long v;
  int ok;

  c = stripped(c);
  if (clang_Cursor_isNull(c) ||
      clang_getCursorKind(c) != CXCursor_BinaryOperator ||
      !ld__nth_child(c, 0, &x) || !ld__nth_child(c, 1, &y))
    return 0;
  op = clang_getCursorBinaryOperatorKind(c);
  x = stripped(x);
  v = ld__constant_of(y, &ok);
  return (op == CXBinaryOperator_LT || op == CXBinaryOperator_LE) && ok &&
         v <= (1LL << 30) && clang_getCursorKind(x) == CXCursor_DeclRefExpr &&
         find_local(fx, clang_getCursorReferenced(x)) == i;
}

/* Whether local i always holds 0 or a power of two: set once to such a
 * value, or the variable of a for loop declared in its header, set there
 * to such a value and only halved (`>>= 1`, `/= 2`) or doubled (`<<= 1`,
 * `*= 2`, with the condition bounding it) in the header. */
static int power_local(const struct facts *fx, size_t i, int depth) {
  const struct ld_local *l = &fx->r->locals[i];
  const struct local_uses *u = &fx->uses[i];
  CXCursor init = clang_Cursor_getVarDeclInitializer(fx->local_cur[i]);
  size_t k;

  if (l->is_param || l->is_array || u->escapes || clang_Cursor_isNull(init) ||
      !is_index_type(clang_getCursorType(fx->local_cur[i])) ||
      !power_value(fx, init, depth))
    return 0;
  if (!u->pchanged)
    return 1;
  if (u->odd_change || (u->powch & 4))
    return 0;
  for (k = fx->nloops; k-- > 0;) {
    size_t b = fx->loops[k][0], body = fx->for_body[k];
    if (body == SIZE_MAX || u->decl < b || u->decl >= body)
      continue;
    return u->change_lo >= b && u->change_hi < body &&
           (!(u->powch & 2) || bounded_above(fx, i, fx->for_cond[k]));
  }
  return 0;
}

/* The thread index: threadIdx.x or a local always holding it. */
static int is_thread_x(const struct facts *fx, CXCursor c) {
  size_t i;

  c = stripped(c);
  if (thread_index_of(fx, c) == 0)
    return 1;
  return clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
         (i = find_local(fx, clang_getCursorReferenced(c))) != SIZE_MAX &&
         local_alias(fx, i) == 0;
}

/* c (stripped) as `a op b`: 1 with its operands. */
static int operands(CXCursor c, enum CXBinaryOperatorKind op, CXCursor *a,
                    CXCursor *b) {
  c = stripped(c);
  return clang_getCursorKind(c) == CXCursor_BinaryOperator &&
         clang_getCursorBinaryOperatorKind(c) == op && ld__nth_child(c, 0, a) &&
         ld__nth_child(c, 1, b);
}

/* The half step m of pair local i: i is set once, in its declaration, to
 * `2 * t - (t & (m - 1))` (t the thread index, m 0 or a power of two the
 * same in every thread there): thread t's pair is (i, i + m), its index
 * with a 0 put in at m's bit and with a 1, so no two threads' pairs meet.
 * *m_local is m's local, or SIZE_MAX with *m_const for a constant.  0 when
 * i is no pair local. */
static int pair_of(const struct facts *fx, size_t i, size_t *m_local,
                   long long *m_const) {
  const struct ld_local *l = &fx->r->locals[i];
  CXCursor init = clang_Cursor_getVarDeclInitializer(fx->local_cur[i]);
  CXCursor two, t, and, x, m, one;
  size_t j;
  int ok;

  if (l->is_param || l->is_array || fx->uses[i].pchanged ||
      clang_Cursor_isNull(init) ||
      !is_index_type(clang_getCursorType(fx->local_cur[i])) ||
      !operands(init, CXBinaryOperator_Sub, &two, &and) ||
      !operands(two, CXBinaryOperator_Mul, &x, &t))
    return 0;
  if (ld__constant_of(x, &ok) != 2 || !ok) {
    if (ld__constant_of(t, &ok) != 2 || !ok)
      return 0;
    t = x;
  }
  if (!is_thread_x(fx, t) || !operands(and, CXBinaryOperator_And, &x, &m))
    return 0;
  if (!is_thread_x(fx, x)) {
    CXCursor y = x;
    x = m;
    m = y;
  }
  if (!is_thread_x(fx, x) || !operands(m, CXBinaryOperator_Sub, &m, &one) ||
      ld__constant_of(one, &ok) != 1 || !ok)
    return 0;
  m = stripped(m);
  *m_const = ld__constant_of(m, &ok);
  if (ok) {
    *m_local = SIZE_MAX;
    return *m_const >= 0 && !(*m_const & (*m_const - 1));
  }
  if (clang_getCursorKind(m) != CXCursor_DeclRefExpr ||
      (j = find_local(fx, clang_getCursorReferenced(m))) == SIZE_MAX ||
      !power_local(fx, j, 0) || !uniform_at(fx, j, fx->uses[i].decl))
    return 0;
  *m_local = j;
  return 1;
}

/* The pair local that c names (pair_of), or SIZE_MAX. */
static size_t pair_named(const struct facts *fx, CXCursor c, size_t *ml,
                         long long *mc) {
  size_t i;

  c = stripped(c);
  if (clang_getCursorKind(c) != CXCursor_DeclRefExpr ||
      (i = find_local(fx, clang_getCursorReferenced(c))) == SIZE_MAX ||
      !pair_of(fx, i, ml, mc))
    return SIZE_MAX;
  return i;
}

/* Access a's index c as `i` or `i + m` (either way round) for a pair local
 * i (pair_of) whose m is here what it was where i was set: a->pair and
 * a->pair_hi. */
static void pair_access(const struct facts *fx, struct ld_proof_access *a,
                        CXCursor c) {
  CXCursor x, y;
  size_t i, ml;
  long long mc;
  int ok;

  if ((i = pair_named(fx, c, &ml, &mc)) != SIZE_MAX) {
    if (ml != SIZE_MAX && !uniform_at(fx, ml, a->off))
      return;
    a->pair = i + 1;
    a->pair_hi = 0;
    return;
  }
  if (!operands(c, CXBinaryOperator_Add, &x, &y))
    return;
  if ((i = pair_named(fx, x, &ml, &mc)) == SIZE_MAX) {
    CXCursor t = x;
    x = y;
    y = t;
    if ((i = pair_named(fx, x, &ml, &mc)) == SIZE_MAX)
      return;
  }
  y = stripped(y);
  if (ml == SIZE_MAX ? ld__constant_of(y, &ok) != mc || !ok
                     : clang_getCursorKind(y) != CXCursor_DeclRefExpr ||
                           find_local(fx, clang_getCursorReferenced(y)) != ml ||
                           !uniform_at(fx, ml, a->off))
    return;
  a->pair = i + 1;
  a->pair_hi = 1;
}

/* Narrows r by condition c (true where the access runs): `t < E`, `t <= E`,
 * `t > E`, `t >= E`, `t == E` (t = threadIdx.x + v), either way round, and
 * `&&` of such; anything else leaves r as it is. */
static void guard_range(const struct facts *fx, CXCursor c, size_t at,
                        struct ld_proof_range *r, int depth) {
  CXCursor x, y;
  enum CXBinaryOperatorKind op;
  struct ld_proof_lin a, b, t;
  struct ld_proof_val v;

  c = stripped(c);
  if (depth > 4 || clang_getCursorKind(c) != CXCursor_BinaryOperator ||
      !ld__nth_child(c, 0, &x) || !ld__nth_child(c, 1, &y))
    return;
  op = clang_getCursorBinaryOperatorKind(c);
  if (op == CXBinaryOperator_LAnd) {
    guard_range(fx, x, at, r, depth + 1);
    guard_range(fx, y, at, r, depth + 1);
    return;
  }
  a = lin_of(fx, x, at, 0);
  b = lin_of(fx, y, at, 0);
  if (!a.valid || !b.valid || a.has_t == b.has_t)
    return;
  if (b.has_t) { /* E op t: t op' E */
    t = a;
    a = b;
    b = t;
    op = op == CXBinaryOperator_LT   ? CXBinaryOperator_GT
         : op == CXBinaryOperator_GT ? CXBinaryOperator_LT
         : op == CXBinaryOperator_LE ? CXBinaryOperator_GE
         : op == CXBinaryOperator_GE ? CXBinaryOperator_LE
                                     : op;
  }
  /* threadIdx.x op b - a.v */
  v.c = b.v.c - a.v.c;
  v.bdx = b.v.bdx - a.v.bdx;
  if (a.v.k && b.v.k && a.v.sym != b.v.sym)
    return;
  v.sym = b.v.k ? b.v.sym : a.v.sym;
  v.k = b.v.k - a.v.k;
  if (!v.k)
    v.sym = -1;
  if ((op == CXBinaryOperator_LT || op == CXBinaryOperator_LE ||
       op == CXBinaryOperator_EQ) &&
      r->nhi < LD_PROOF_BOUNDS) {
    r->hi[r->nhi] = v;
    r->hi[r->nhi++].c += op != CXBinaryOperator_LT;
  }
  if ((op == CXBinaryOperator_GT || op == CXBinaryOperator_GE ||
       op == CXBinaryOperator_EQ) &&
      r->nlo < LD_PROOF_BOUNDS) {
    r->lo[r->nlo] = v;
    r->lo[r->nlo++].c += op == CXBinaryOperator_GT;
  }
}

/* c (through a local set once) as `k op W`: local k and constant W. */
static int divided(const struct facts *fx, CXCursor c,
                   enum CXBinaryOperatorKind op, size_t *k, long long *w) {
  CXCursor x, y;
  size_t i;
  int ok;

  for (;;) {
    c = stripped(c);
    if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
      break;
    i = find_local(fx, clang_getCursorReferenced(c));
    if (i == SIZE_MAX || fx->r->locals[i].is_param || fx->uses[i].pchanged ||
        clang_Cursor_isNull(
            (c = clang_Cursor_getVarDeclInitializer(fx->local_cur[i]))))
      return 0;
  }
  if (clang_getCursorKind(c) != CXCursor_BinaryOperator ||
      clang_getCursorBinaryOperatorKind(c) != op || !ld__nth_child(c, 0, &x) ||
      !ld__nth_child(c, 1, &y) || !is_constant(y))
    return 0;
  x = stripped(x);
  if (clang_getCursorKind(x) != CXCursor_DeclRefExpr ||
      (i = find_local(fx, clang_getCursorReferenced(x))) == SIZE_MAX ||
      fx->r->locals[i].is_param)
    return 0;
  *w = ld__constant_of(y, &ok);
  *k = i;
  return 1;
}

/* A for ld_proof_input.row: local i set in its declaration to
 * `threadIdx.y * A + threadIdx.x` (either way round), 0 for `threadIdx.x`,
 * else -1. */
static long long row_of(const struct facts *fx, size_t i) {
  CXCursor c = clang_Cursor_getVarDeclInitializer(fx->local_cur[i]), x, y, p, q;
  long long a;
  int ok;

  if (fx->r->locals[i].is_param || clang_Cursor_isNull(c))
    return -1;
  c = stripped(c);
  if (thread_index_of(fx, c) == 0)
    return 0;
  if (clang_getCursorKind(c) != CXCursor_BinaryOperator ||
      clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Add ||
      !ld__nth_child(c, 0, &x) || !ld__nth_child(c, 1, &y))
    return -1;
  if (thread_index_of(fx, x) == 0) {
    p = x;
    x = y;
    y = p; /* x: the product, y: threadIdx.x */
  }
  if (thread_index_of(fx, y) != 0)
    return -1;
  x = stripped(x);
  if (clang_getCursorKind(x) != CXCursor_BinaryOperator ||
      clang_getCursorBinaryOperatorKind(x) != CXBinaryOperator_Mul ||
      !ld__nth_child(x, 0, &p) || !ld__nth_child(x, 1, &q))
    return -1;
  if (thread_index_of(fx, q) == 1) {
    y = p;
    p = q;
    q = y; /* p: threadIdx.y, q: A */
  }
  if (thread_index_of(fx, p) != 1)
    return -1;
  a = ld__constant_of(q, &ok);
  return ok && a >= 1 ? a : -1;
}

/* Each one-dimensional access's index and threads (ld_proof_access.lin,
 * .range), and each two-dimensional one's `[k / W][k % W]` form. */
static void proof_offsets(struct facts *fx) {
  size_t i;
  int g;
  CXCursor c0, c1;

  for (i = 0; i < fx->npacc; i++) {
    struct ld_proof_access *a = &fx->pacc[i];
    const struct proof_cur *pc = &fx->pcur[i];
    size_t k0, k1;
    long long w0, w1;
    if (pc->nsub == 2 && ld__nth_child(pc->sub[0], 1, &c0) &&
        ld__nth_child(pc->sub[1], 1, &c1) &&
        divided(fx, c0, CXBinaryOperator_Div, &k0, &w0) &&
        divided(fx, c1, CXBinaryOperator_Rem, &k1, &w1) && k0 == k1 &&
        w0 == w1) {
      a->tiled = 1;
      a->tk = k0;
      a->tw = w0;
    }
    if (!pc->has_idx)
      continue;
    a->lin = lin_of(fx, pc->idx, a->off, 0);
    pair_access(fx, a, pc->idx);
    a->range.nlo = a->range.nhi = 1;
    a->range.lo[0].sym = a->range.hi[0].sym = -1;
    a->range.hi[0].bdx = 1; /* 0 <= threadIdx.x < blockDim.x */
    for (g = 0; g < pc->nguards; g++)
      guard_range(fx, pc->guard[g], a->off, &a->range, 0);
  }
}

/* Decides the kernel's proof from what the walk recorded. */
static int build_proof(struct facts *fx) {
  const struct ld_replay *r = fx->r;
  struct ld_proof_input in;
  struct ld_proof_site *sites = calloc(r->nsites + 1, sizeof *sites);
  int *alias = calloc(r->nlocals + 1, sizeof *alias);
  long long *stride = calloc(r->nlocals + 1, sizeof *stride);
  long long *step = calloc(r->nlocals + 1, sizeof *step);
  long long *row = calloc(r->nlocals + 1, sizeof *row);
  const char **names = calloc(r->nmembers + 1, sizeof *names);
  int *bounded = calloc(r->nmembers + 1, sizeof *bounded);
  size_t i;
  int rc = LD_ENOMEM;

  if (!sites || !alias || !stride || !step || !row || !names || !bounded)
    goto out;
  for (i = 0; i < r->nsites; i++) {
    sites[i].begin = r->sites[i].stmt_begin;
    sites[i].end = r->sites[i].stmt_end;
    sites[i].line = r->sites[i].at.line;
    sites[i].structured = fx->site_flat[i] && r->sites[i].callee == 0;
  }
  for (i = 0; i < r->nlocals; i++) {
    alias[i] = local_alias(fx, i);
    stride[i] = local_stride(fx, i);
    step[i] =
        fx->uses[i].stride > 0 && !fx->uses[i].escapes ? fx->uses[i].stride : 0;
    row[i] = row_of(fx, i);
  }
  for (i = 0; i < r->nmembers; i++) {
    names[i] = r->members[i].name;
    bounded[i] = r->members[i].decl != NULL;
  }
  memset(&in, 0, sizeof in);
  in.acc = fx->pacc;
  in.nacc = fx->npacc;
  in.sites = sites;
  in.nsites = r->nsites;
  in.loops = (const size_t(*)[2])fx->loops;
  in.nloops = fx->nloops;
  in.bodies = fx->body_at;
  in.jumps = fx->jumps;
  in.njumps = fx->njumps;
  in.alias = alias;
  in.stride = stride;
  in.step = step;
  in.row = row;
  in.nlocals = r->nlocals;
  in.names = names;
  in.bounded = bounded;
  in.nmembers = r->nmembers;
  in.why = fx->proof_why       ? fx->proof_why
           : fx->loops_unknown ? "a loop inside a macro expansion"
           : r->always_dirty   ? "a call gets a target's address"
           : r->always_read    ? "a pointer to a target is kept in a local"
                               : NULL;
  proof_offsets(fx);
  rc = ld_proof_decide(&in, &fx->r->proof);
out:
  free(sites);
  free(alias);
  free(stride);
  free(step);
  free(row);
  free(names);
  free(bounded);
  return rc;
}

int ld__replay_analyse(const struct ld__source *s, CXCursor fn,
                       struct ld_kernel *k) {
  struct facts fx;
  size_t i;
  int rc;

  memset(&fx, 0, sizeof fx);
  fx.s = s;
  fx.k = k;
  fx.fn = fn;
  fx.r = calloc(1, sizeof *fx.r);
  if (!fx.r)
    return LD_ENOMEM;
  rc = analyse_def(&fx, fn);
  if (!rc)
    rc = fx.rc;
  if (!rc && !fx.reason && !fx.r->nmembers)
    fail(&fx, "no shared variable declared in the kernel");
  if (!rc && fx.reason) {
    k->checked = 0;
    free(k->reason);
    k->reason = fx.reason;
    fx.reason = NULL;
  } else if (!rc && (rc = build_proof(&fx)) != 0) {
    /* out of memory */
  } else if (!rc) {
    /* Site numbers: the kernel's own, then per call the callee's (entry,
     * barriers, exit), then the kernel's exit. */
    size_t base = fx.r->nsites + 1;
    for (i = 0; i < fx.r->nsites; i++)
      if (fx.r->sites[i].callee != 0) {
        fx.r->sites[i].site_base = base;
        base += fx.r->callees[fx.r->sites[i].callee - 1]->nsites + 2;
      }
    fx.r->exit_site = base;
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
  free(reason_buf);
  reason_buf = NULL;
  return rc ? rc : fx.rc;
}
