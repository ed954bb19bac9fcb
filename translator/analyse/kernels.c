/* The kernels of one translation unit and what the plan says of them:
 * pass 1 collects the main file's macro expansion ranges, its function
 * definitions (kernels, device functions, host code, methods, templates
 * once as written, never per instantiation) and its file-scope __shared__ /
 * __device__ variables; pass 3 follows calls from each kernel transitively
 * within the main file and writes the plan's kernels, targets and barriers
 * in source order.  Pass 2, the walk of the bodies, is bodies.c; this file
 * only keeps the tables it fills.  Host code only. */
#include <clang-c/Index.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ld_buf.h"
#include "ld_error.h"
#include "ld_kernels.h"

/* Declarations are identified by the position of their name plus the name:
 * everything from one macro expansion shares the expansion's position. */
static int same_decl(CXCursor decl, const struct ld_pos *at, const char *name,
                     const struct ld_pos *pos) {
  return at->offset == pos->offset && ld__name_is(decl, name);
}

size_t ld__find_fn(const struct analysis *an, CXCursor decl) {
  struct ld_pos pos;
  size_t i;

  if (clang_Cursor_isNull(decl) ||
      !ld__main_pos(&an->s, clang_getCursorLocation(decl), &pos))
    return NONE;
  for (i = 0; i < an->nfns; i++)
    if (same_decl(decl, &an->fns[i].at, an->fns[i].name, &pos))
      return i;
  return NONE;
}

size_t ld__find_var(const struct analysis *an, CXCursor decl) {
  struct ld_pos pos;
  size_t i;

  if (!ld__main_pos(&an->s, clang_getCursorLocation(decl), &pos)) {
    CXCursor canon = clang_getCanonicalCursor(decl);
    for (i = 0; i < an->nvars; i++)
      if (an->vars[i].in_header && clang_equalCursors(canon, an->vars[i].cur))
        return i;
    return NONE;
  }
  for (i = 0; i < an->nvars; i++)
    if (same_decl(decl, &an->vars[i].at, an->vars[i].name, &pos))
      return i;
  return NONE;
}

size_t ld__add_var(struct analysis *an, CXCursor c, enum var_kind kind,
                   size_t owner) {
  struct var *v;
  struct ld_pos pos;
  int header = 0;

  if (!ld__main_pos(&an->s, clang_getCursorLocation(c), &pos)) {
    if (kind != VAR_DEVICE)
      return NONE;
    memset(&pos, 0, sizeof pos);
    header = 1;
  }
  if (PUSH(an, an->vars, an->nvars, an->capvars))
    return NONE;
  v = &an->vars[an->nvars];
  memset(v, 0, sizeof *v);
  v->name = ld__cursor_name(c);
  if (!v->name) {
    an->rc = LD_ENOMEM;
    return NONE;
  }
  v->at = pos;
  v->kind = kind;
  v->is_extern = clang_Cursor_getStorageClass(c) == CX_SC_Extern;
  v->in_macro = !header && ld__in_macro(&an->s, pos.offset);
  v->owner = owner;
  v->in_header = header;
  v->cur = clang_getCanonicalCursor(c);
  return an->nvars++;
}

/* __shared__ -> VAR_SHARED, __device__ (not __constant__) -> VAR_DEVICE. */
int ld__memory_space(CXCursor var, enum var_kind *kind) {
  if (ld__has_child_kind(var, CXCursor_CUDASharedAttr)) {
    *kind = VAR_SHARED;
    return 1;
  }
  if (ld__has_child_kind(var, CXCursor_CUDADeviceAttr) &&
      !ld__has_child_kind(var, CXCursor_CUDAConstantAttr)) {
    *kind = VAR_DEVICE;
    return 1;
  }
  return 0;
}

/* An explicit instantiation has a body, but the body is the template's:
 * only count a function whose body lies inside its own extent. */
static int body_is_own(CXCursor c) {
  CXSourceRange ext = clang_getCursorExtent(c);
  CXCursor body;
  unsigned b, e, at;

  if (!ld__child_of_kind(c, CXCursor_CompoundStmt, &body))
    return 0;
  clang_getExpansionLocation(clang_getRangeStart(ext), NULL, NULL, NULL, &b);
  clang_getExpansionLocation(clang_getRangeEnd(ext), NULL, NULL, NULL, &e);
  clang_getExpansionLocation(clang_getCursorLocation(body), NULL, NULL, NULL,
                             &at);
  return b <= at && at <= e;
}

static void add_fn(struct analysis *an, CXCursor c) {
  struct fn *f;
  struct ld_pos pos;

  if (!clang_isCursorDefinition(c) || !body_is_own(c) ||
      !ld__main_pos(&an->s, clang_getCursorLocation(c), &pos))
    return;
  if (PUSH(an, an->fns, an->nfns, an->capfns))
    return;
  f = &an->fns[an->nfns];
  memset(f, 0, sizeof *f);
  f->cur = c;
  f->name = ld__cursor_name(c);
  if (!f->name) {
    an->rc = LD_ENOMEM;
    return;
  }
  f->at = pos;
  f->is_kernel = ld__has_child_kind(c, CXCursor_CUDAGlobalAttr);
  f->is_device = ld__has_child_kind(c, CXCursor_CUDADeviceAttr);
  f->is_template = clang_getCursorKind(c) == CXCursor_FunctionTemplate;
  f->in_macro = ld__in_macro(&an->s, pos.offset);
  f->kernel = NONE;
  an->nfns++;
}

static enum CXChildVisitResult decls_cb(CXCursor c, CXCursor parent,
                                        CXClientData data) {
  struct analysis *an = data;
  enum CXCursorKind kind = clang_getCursorKind(c);
  struct ld_pos pos;
  enum var_kind vk;

  (void)parent;
  if (an->rc)
    return CXChildVisit_Break;
  if (kind == CXCursor_MacroExpansion) {
    CXSourceRange r = clang_getCursorExtent(c);
    struct ld_pos b, e;
    if (ld__main_pos(&an->s, clang_getRangeStart(r), &b) &&
        ld__main_pos(&an->s, clang_getRangeEnd(r), &e) &&
        !PUSH(an, an->macros, an->s.nmacros, an->capmacros) &&
        !PUSH(an, an->expansions, an->s.nmacros, an->capexpansions)) {
      an->expansions[an->s.nmacros] = c;
      an->macros[an->s.nmacros].begin = b.offset;
      an->macros[an->s.nmacros].end =
          e.offset > b.offset ? e.offset : b.offset + 1;
      an->s.nmacros++;
    }
    an->s.macros = an->macros; /* what ld__in_macro reads */
    return CXChildVisit_Continue;
  }
  /* Facts from headers are ignored. */
  if (!ld__main_pos(&an->s, clang_getCursorLocation(c), &pos))
    return CXChildVisit_Continue;
  switch (kind) {
  case CXCursor_Namespace:
  case CXCursor_LinkageSpec:
  case CXCursor_StructDecl:
  case CXCursor_ClassDecl:
  case CXCursor_UnionDecl:
  case CXCursor_ClassTemplate:
  case CXCursor_ClassTemplatePartialSpecialization:
    return CXChildVisit_Recurse;
  case CXCursor_FunctionDecl:
  case CXCursor_FunctionTemplate:
  case CXCursor_CXXMethod:
  case CXCursor_Constructor:
  case CXCursor_Destructor:
  case CXCursor_ConversionFunction:
    add_fn(an, c);
    break;
  case CXCursor_VarDecl:
    if (ld__memory_space(c, &vk))
      ld__add_var(an, c, vk, NONE);
    break;
  default:
    break;
  }
  return CXChildVisit_Continue;
}

static int cmp_size(size_t a, size_t b) {
  return a < b ? -1 : a > b;
}

static int cmp_target(const void *pa, const void *pb) {
  const struct ld_target *a = pa, *b = pb;
  int c = cmp_size(a->kernel, b->kernel);
  if (!c)
    c = cmp_size(a->at.offset, b->at.offset);
  return c ? c : strcmp(a->name, b->name);
}

static int cmp_barrier(const void *pa, const void *pb) {
  const struct ld_barrier *a = pa, *b = pb;
  int c = cmp_size(a->at.offset, b->at.offset);
  return c ? c : strcmp(a->form, b->form);
}

static int cmp_launch(const void *pa, const void *pb) {
  const struct ld_launch *a = pa, *b = pb;
  int c = cmp_size(a->at.offset, b->at.offset);
  return c ? c : strcmp(a->kernel, b->kernel);
}

/* Mark every main-file function reachable from fi by calls. */
static void mark_reachable(const struct analysis *an, size_t fi,
                           unsigned char *seen) {
  size_t i;

  if (seen[fi])
    return;
  seen[fi] = 1;
  for (i = 0; i < an->fns[fi].ncallees; i++)
    mark_reachable(an, an->fns[fi].callees[i], seen);
}

struct nth_param {
  int want, i;
  CXCursor found;
};

static enum CXChildVisitResult nth_param_cb(CXCursor c, CXCursor parent,
                                            CXClientData data) {
  struct nth_param *p = data;

  (void)parent;
  if (clang_getCursorKind(c) != CXCursor_ParmDecl)
    return CXChildVisit_Continue;
  if (p->i++ == p->want) {
    p->found = c;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Continue;
}

/* The name of parameter i of fn (malloc'd), or NULL. */
static char *param_name(CXCursor fn, int i) {
  struct nth_param p;

  p.want = i;
  p.i = 0;
  p.found = clang_getNullCursor();
  clang_visitChildren(fn, nth_param_cb, &p);
  return clang_Cursor_isNull(p.found) ? NULL : ld__cursor_name(p.found);
}

/* A template kernel that calls its parameter (`f(i)`, a functor or a
 * lambda): what the call writes is not followed, so a parameter that may
 * hold a pointer at one of the kernel's launches in the file (or with no
 * launch here to tell) leaves the kernel unchecked: the replay would run
 * its stores twice, the check across blocks not see them. */
static int functor_calls(struct analysis *an, size_t fi, int replayed) {
  struct fn *fn = &an->fns[fi];
  uint64_t holds = 0;
  size_t i;
  int any = 0, p;

  /* A functor or lambda whose writes are all through its own fields or
   * captures (writes.c, ld__follow_functors) is checked across blocks (the
   * clone patches them), unless the shared-memory replay would run its
   * stores twice. */
  for (i = 0; i < an->nlaunches; i++)
    if (an->launches[i].fn == fi) {
      holds |= an->launches[i].arg_ptr &
               (replayed ? ~(uint64_t)0 : ~an->launches[i].arg_followed);
      any = 1;
    }
  if (!any)
    holds = ~(uint64_t)0;
  holds &= fn->dep_params;
  for (p = 0; p < 64 && !(holds >> p & 1); p++)
    ;
  if (p == 64)
    return LD_OK;
  {
    struct ld_buf b = LD_BUF_INIT;
    char *name = param_name(fn->cur, p);
    int bad =
        !name || ld_buf_printf(&b,
                               any ? "calls parameter %s, a functor or lambda "
                                     "holding a pointer (its writes are not "
                                     "followed)"
                                   : "calls parameter %s, a functor or lambda "
                                     "no launch in this file shows",
                               name);
    free(name);
    free(fn->unseen_call_buf);
    fn->unseen_call_buf = bad ? NULL : ld_buf_detach(&b);
    ld_buf_free(&b);
    if (!fn->unseen_call_buf)
      return LD_ENOMEM;
    fn->unseen_call = fn->unseen_call_buf;
  }
  return LD_OK;
}

/* A device function of the file that calls its parameter (`op(a, b)`):
 * a call of it from caller (reached from kernel fi) whose argument for
 * that parameter may hold a pointer leaves the kernel unchecked, as in
 * functor_calls. */
static int functor_args(struct analysis *an, size_t fi, size_t caller) {
  const struct fn *c = &an->fns[caller];
  struct fn *k = &an->fns[fi];
  struct ld_buf b = LD_BUF_INIT;
  size_t j;

  for (j = 0; j < c->nocalls; j++) {
    const struct fn *callee = &an->fns[c->ocalls[j].callee];
    if (!(callee->dep_params & c->ocalls[j].mask) || callee->is_kernel)
      continue;
    if (ld_buf_printf(&b,
                      "calls %s, which calls a functor or lambda argument "
                      "that may hold a pointer (its writes are not followed)",
                      callee->name)) {
      ld_buf_free(&b);
      return LD_ENOMEM;
    }
    free(k->unseen_call_buf);
    k->unseen_call_buf = ld_buf_detach(&b);
    ld_buf_free(&b);
    if (!k->unseen_call_buf)
      return LD_ENOMEM;
    k->unseen_call = k->unseen_call_buf;
    return LD_OK;
  }
  return LD_OK;
}

/* The template arguments of kernel fi when it is an explicit
 * specialization (`template <> __global__ void k<float>(...)`): as written
 * after its name, else (deduced, `template <> __global__ void k(float *)`)
 * spelled from its types and integral values; *out NULL for any other
 * kernel.  LD_EINVAL when they cannot be spelled (a template or a
 * declaration as argument). */
static int spec_args(const struct analysis *an, size_t fi, char **out) {
  CXCursor c = an->fns[fi].cur;
  const char *src = an->s.src;
  size_t p = an->fns[fi].at.offset + strlen(an->fns[fi].name), e;
  struct ld_buf b = LD_BUF_INIT;
  int i, n, rc = LD_OK;

  *out = NULL;
  if (clang_Cursor_isNull(clang_getSpecializedCursorTemplate(c)))
    return LD_OK;
  if (an->fns[fi].in_macro)
    return LD_EINVAL;
  e = ld__after_angles(src, an->s.len, p);
  if (e > p) {
    while (src[p] != '<')
      p++;
    rc = ld_buf_append(&b, src + p, e - p);
  } else {
    n = clang_Cursor_getNumTemplateArguments(c);
    rc = n <= 0 ? LD_EINVAL : ld_buf_putc(&b, '<');
    for (i = 0; i < n && !rc; i++) {
      enum CXTemplateArgumentKind kind =
          clang_Cursor_getTemplateArgumentKind(c, (unsigned)i);
      if (i)
        rc = ld_buf_puts(&b, ", ");
      if (rc)
        break;
      if (kind == CXTemplateArgumentKind_Type) {
        CXString t = clang_getTypeSpelling(clang_getCanonicalType(
            clang_Cursor_getTemplateArgumentType(c, (unsigned)i)));
        const char *ts = clang_getCString(t);
        rc = !ts || !*ts || strchr(ts, '(') ? LD_EINVAL : ld_buf_puts(&b, ts);
        clang_disposeString(t);
      } else if (kind == CXTemplateArgumentKind_Integral) {
        rc = ld_buf_printf(
            &b, "%lld", clang_Cursor_getTemplateArgumentValue(c, (unsigned)i));
      } else {
        rc = LD_EINVAL;
      }
    }
    if (!rc)
      rc = ld_buf_putc(&b, '>');
  }
  if (!rc && !(*out = ld_buf_detach(&b)))
    rc = LD_ENOMEM;
  ld_buf_free(&b);
  return rc;
}

struct other_decl {
  CXCursor self; /* the kernel's canonical declaration */
  const char *name;
  int found;
};

static enum CXChildVisitResult other_decl_cb(CXCursor c, CXCursor parent,
                                             CXClientData data) {
  struct other_decl *o = data;
  CXString n;

  (void)parent;
  if (clang_getCursorKind(c) != CXCursor_FunctionDecl)
    return CXChildVisit_Continue;
  n = clang_getCursorSpelling(c);
  if (!strcmp(clang_getCString(n), o->name) &&
      !clang_equalCursors(clang_getCanonicalCursor(c), o->self))
    o->found = 1;
  clang_disposeString(n);
  return o->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* Whether a function of the file that is not a kernel has kernel fi's
 * name, or another function of its scope is declared with it (an
 * overload declared and never defined, cuda-samples' cdpAdvancedQuicksort
 * `qsort_warp`): `(const void *)k` would name an overload set. */
static int namesake(const struct analysis *an, size_t fi) {
  struct other_decl o;
  size_t i;

  for (i = 0; i < an->nfns; i++)
    if (i != fi && !an->fns[i].is_kernel &&
        !strcmp(an->fns[i].name, an->fns[fi].name))
      return 1;
  o.self = clang_getCanonicalCursor(an->fns[fi].cur);
  o.name = an->fns[fi].name;
  o.found = 0;
  clang_visitChildren(clang_getCursorSemanticParent(an->fns[fi].cur),
                      other_decl_cb, &o);
  return o.found;
}

/* `void (*)(T1, T2, ...)` of kernel c, its parameters' canonical types;
 * *out NULL when one has no spelling (an unnamed or a lambda's type). */
static int fn_pointer_type(CXCursor c, char **out) {
  CXType t = clang_getCursorType(c);
  struct ld_buf b = LD_BUF_INIT;
  int i, n = clang_getNumArgTypes(t), rc;

  *out = NULL;
  if (n < 0)
    return LD_OK;
  rc = ld_buf_puts(&b, "void (*)(");
  for (i = 0; i < n && !rc; i++) {
    CXString s =
        clang_getTypeSpelling(clang_getCanonicalType(clang_getArgType(t, i)));
    const char *p = clang_getCString(s);
    if (!p || !*p || strstr(p, "(lambda") || strstr(p, "(unnamed") ||
        strstr(p, "(anonymous")) {
      clang_disposeString(s);
      ld_buf_free(&b);
      return LD_OK;
    }
    rc = ld_buf_printf(&b, "%s%s", i ? ", " : "", p);
    clang_disposeString(s);
  }
  if (!rc)
    rc = ld_buf_putc(&b, ')');
  *out = rc ? NULL : ld_buf_detach(&b);
  ld_buf_free(&b);
  return rc ? rc : *out ? LD_OK : LD_ENOMEM;
}

/* Kernel fi's place among the kernels of the file that have its name
 * (overloads, kernels of other namespaces, a template and its explicit
 * specializations), and how many there are (*n). */
static size_t namesakes(const struct analysis *an, size_t fi, size_t *n) {
  size_t i, place = 0;

  *n = 0;
  for (i = 0; i < an->nfns; i++)
    if (an->fns[i].is_kernel && !strcmp(an->fns[i].name, an->fns[fi].name)) {
      place += i < fi;
      ++*n;
    }
  return place;
}

/* The plan's kernel k for fns[fi]: its name, the stem of its generated
 * names, its place, its template arguments when it is an explicit
 * specialization (LD_EINVAL when they cannot be spelled), and fn_cast
 * where a function of the file shares its name. */
static int new_kernel(struct analysis *an, size_t fi, struct ld_kernel *k) {
  struct fn *fn = &an->fns[fi];
  size_t n, place = namesakes(an, fi, &n);
  struct ld_buf b = LD_BUF_INIT;
  int rc, spec;

  memset(k, 0, sizeof *k);
  k->name = strdup(fn->name);
  rc = n > 1 ? ld_buf_printf(&b, "%s__%zu", fn->name, place)
             : ld_buf_puts(&b, fn->name);
  k->stem = rc ? NULL : ld_buf_detach(&b);
  ld_buf_free(&b);
  if (!k->name || !k->stem)
    return LD_ENOMEM;
  k->at = fn->at;
  k->is_template = fn->is_template;
  fn->kernel = an->plan->nkernels++;
  spec = spec_args(an, fi, &k->spec_args);
  if (spec == LD_ENOMEM)
    return spec; /* else unspelled: kernel_problem */
  if (ld__namespace_scope(fn->cur, &k->scope))
    return LD_ENOMEM;
  if (!fn->is_template && (n > 1 || namesake(an, fi)) && !k->spec_args)
    return fn_pointer_type(fn->cur, &k->fn_cast);
  return LD_OK;
}

static enum CXChildVisitResult pack_cb(CXCursor c, CXCursor parent,
                                       CXClientData data) {
  CXString s;
  const char *t;
  size_t n;

  (void)parent;
  if (clang_getCursorKind(c) != CXCursor_ParmDecl)
    return CXChildVisit_Continue;
  s = clang_getTypeSpelling(clang_getCursorType(c));
  t = clang_getCString(s);
  n = t ? strlen(t) : 0;
  if (n >= 3 && !strcmp(t + n - 3, "..."))
    *(int *)data = 1;
  clang_disposeString(s);
  return CXChildVisit_Continue;
}

/* Whether kernel fi takes a function parameter pack (`A... a`): the
 * clones' parameters after it (the launch and global information) could
 * never be deduced. */
static int has_pack(const struct analysis *an, size_t fi) {
  int found = 0;

  clang_visitChildren(an->fns[fi].cur, pack_cb, &found);
  return found;
}

/* The reason of an error clang reported where nvcc compiles the code, in
 * a function seen (parse.c), or NULL. */
static const char *reaches_tolerated(const struct analysis *an,
                                     const unsigned char *seen) {
  size_t i, j, b, e;

  for (i = 0; i < an->nfns && an->ntolerated; i++)
    if (seen[i] && ld__main_span(&an->s, an->fns[i].cur, &b, &e))
      for (j = 0; j < an->ntolerated; j++)
        if (b <= an->tolerated[j].offset && an->tolerated[j].offset < e)
          return an->tolerated[j].reason;
  return NULL;
}

static enum CXChildVisitResult param_bytes_cb(CXCursor c, CXCursor parent,
                                              CXClientData data) {
  long long n;

  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_ParmDecl &&
      (n = clang_Type_getSizeOf(clang_getCursorType(c))) > 0)
    *(long long *)data += n;
  return CXChildVisit_Continue;
}

/* Whether kernel fi's parameters leave no room for the clones' own (a
 * __ldcc_global_info of about 1.7 KB, a launch_info): CUDA takes at most
 * 32764 bytes of parameters, and nvcc rejected the translation of
 * cuda-samples' LargeKernelParameter (a 32 KB struct by value). */
static int params_too_large(const struct analysis *an, size_t fi) {
  long long bytes = 0;

  clang_visitChildren(an->fns[fi].cur, param_bytes_cb, &bytes);
  return bytes + 2560 > 32764;
}

/* Whether kernel fi's launches cannot name it alone: a template kernel
 * another template kernel of the file shares its name with (`&k<4>` would
 * name both), or a kernel sharing its name whose parameter types have no
 * spelling for the cast that tells overloads apart (ld_kernel.fn_cast). */
static int overloaded(const struct analysis *an, size_t fi) {
  const struct ld_kernel *k = &an->plan->kernels[an->fns[fi].kernel];
  size_t i, n;

  if (!an->fns[fi].is_template) {
    namesakes(an, fi, &n);
    return n > 1 && !k->fn_cast && !k->spec_args;
  }
  for (i = 0; i < an->nfns; i++)
    if (i != fi && an->fns[i].is_kernel && an->fns[i].is_template &&
        !strcmp(an->fns[i].name, an->fns[fi].name))
      return 1;
  return 0;
}

/* Why kernel fi cannot be translated whatever its code: it reaches code
 * clang refused and nvcc takes, or its name is shared; NULL when none of
 * these. */
static const char *kernel_problem(const struct analysis *an, size_t fi,
                                  const unsigned char *seen) {
  const char *why = reaches_tolerated(an, seen);

  if (why)
    return why;
  if (!clang_Cursor_isNull(
          clang_getSpecializedCursorTemplate(an->fns[fi].cur)) &&
      !an->plan->kernels[an->fns[fi].kernel].spec_args)
    return REASON_SPECIALIZED;
  if (overloaded(an, fi))
    return REASON_OVERLOADED;
  if (has_pack(an, fi))
    return REASON_PACK;
  if (params_too_large(an, fi))
    return REASON_PARAMS;
  return NULL;
}

/* A kernel whose construct the direct one run could take (an atomic,
 * printf, a fence; not fn->g_hard, a surface store, which keeps the run
 * away itself) but which also writes memory no target names: its
 * reason names both, the write being what keeps the run away
 * (`atomic operations: writes through a pointer returned by pick`). */
static int with_unseen(struct fn *fn, const char *unseen) {
  struct ld_buf b = LD_BUF_INIT;

  if (ld_buf_printf(&b, "%s: %s", fn->g_reason, unseen))
    return LD_ENOMEM;
  free(fn->g_reason_buf);
  fn->g_reason = fn->g_reason_buf = ld_buf_detach(&b);
  return fn->g_reason ? LD_OK : LD_ENOMEM;
}

/* What kernel fi and the functions it reaches (seen) write that no target
 * names (writes.c): the reason it is not checked across blocks, and, for
 * calls through functors or lambdas holding pointers, the reason it is not
 * checked at all (*unsupported, unless already set). */
static int unseen_writes(struct analysis *an, size_t fi,
                         const unsigned char *seen, int replayed,
                         const char **unsupported) {
  struct fn *fn = &an->fns[fi];
  size_t i;
  int rc = LD_OK;

  for (i = 0; i < an->nfns; i++)
    if (seen[i] && an->fns[i].loaded && !fn->g_loaded)
      fn->g_loaded = an->fns[i].loaded;
  /* Writes through loaded pointers are claimed by the direct one run
   * alone, which a replay clone does not take for them: unseen there. */
  if (fn->g_loaded && replayed) {
    fn->g_unseen = 1;
    fn->g_reason = fn->g_reason ? fn->g_reason : fn->g_loaded;
    fn->g_loaded = NULL;
  }
  for (i = 0; i < an->nfns; i++)
    if (seen[i] && an->fns[i].unseen && !fn->g_unseen) {
      fn->g_unseen = 1;
      if (!fn->g_reason)
        fn->g_reason = an->fns[i].unseen;
      else if (!fn->g_hard && (rc = with_unseen(fn, an->fns[i].unseen)))
        return rc;
    }
  if (*unsupported)
    return LD_OK;
  if (fn->dep_params)
    rc = functor_calls(an, fi, replayed);
  for (i = 0; i < an->nfns && !rc && !fn->unseen_call; i++)
    if (seen[i])
      rc = functor_args(an, fi, i);
  if (!rc && fn->unseen_call)
    *unsupported = fn->unseen_call;
  return rc;
}

/* Whether fns[i] is an atomic helper with a fence (atomic_helpers.c): the
 * __device__ variables it uses are synchronisation, its call a fence. */
static int sync_helper(const struct analysis *an, size_t i) {
  struct ld__atomic_helper h;

  return !an->fns[i].is_kernel && ld__atomic_helper(an->fns[i].cur, &h) &&
         h.fence;
}

/* Whether a reference in fns[i] to a __device__ variable of kernel fns[fi]
 * is one to data: the kernel's own, or any function's but a synchronising
 * helper's (a variable only such a helper touches, a grid barrier's
 * counter, is its flag: never claimed nor shifted). */
static int data_ref(const struct analysis *an, size_t fi, size_t i) {
  return i == fi || !sync_helper(an, i);
}

/* The shared-memory replay cannot run a grid sync: such a kernel's shared
 * memory is not checked (said at build and run time), its global memory
 * is, by the direct one run (docs/global-check.md, "Grid sync").  Nor a
 * cluster sync (docs/inline-checks.md, "Distributed shared memory"). */
static int no_replay_syncs(struct fn *fn, struct ld_kernel *k) {
  const char *why = fn->grid_syncs      ? REASON_GRID_SYNC_SHARED
                    : fn->cluster_syncs ? REASON_CLUSTER_SYNC_SHARED
                                        : NULL;

  if (!fn->wants_clone || !why)
    return LD_OK;
  fn->wants_clone = 0;
  return (k->shared_reason = strdup(why)) ? LD_OK : LD_ENOMEM;
}

/* Add the kernel fns[fi] with its targets to the plan. */
/* Whether every block barrier kernel fi can reach (seen: the functions it
 * reaches) is one its global clone can count: in its own body, outside
 * macros, not a named barrier; and it calls nothing unseen and has no grid
 * sync (docs/global-check.md, "Warps of one block"). */
static int epochs_ok(const struct analysis *an, size_t fi,
                     const unsigned char *seen) {
  size_t i;

  if (an->fns[fi].grid_syncs || an->fns[fi].cluster_syncs)
    return 0;
  for (i = 0; i < an->nfns; i++)
    if (seen[i] && an->fns[i].calls_unseen)
      return 0;
  for (i = 0; i < an->nbarriers; i++) {
    const struct barrier *b = &an->barriers[i];
    if (seen[b->fn] && (b->fn != fi || b->in_macro || !b->end ||
                        !strcmp(b->form, "__barrier_sync")))
      return 0;
  }
  return 1;
}

/* Whether fns[fi] is a template kernel with an explicit specialization in
 * the file. */
static int has_specialization(const struct analysis *an, size_t fi) {
  CXCursor self = clang_getCanonicalCursor(an->fns[fi].cur), t;
  size_t i;

  for (i = 0; i < an->nfns; i++) {
    t = clang_getSpecializedCursorTemplate(an->fns[i].cur);
    if (i != fi && an->fns[i].is_kernel && !clang_Cursor_isNull(t) &&
        clang_equalCursors(clang_getCanonicalCursor(t), self))
      return 1;
  }
  return 0;
}

/* Note function i among kernel fn's g_var_fns (once); an->rc. */
static int note_var_fn(struct analysis *an, struct fn *fn, size_t i) {
  size_t q;

  for (q = 0; q < fn->ng_var_fns; q++)
    if (fn->g_var_fns[q] == i)
      return LD_OK;
  if (PUSH(an, fn->g_var_fns, fn->ng_var_fns, fn->capg_var_fns))
    return an->rc;
  fn->g_var_fns[fn->ng_var_fns++] = i;
  return LD_OK;
}

/* Launch pl's kernel in the plan (ld_launch.kernel_index): by the
 * declaration the call names.  A call in a template that does not name one
 * instance of a template kernel with explicit specializations may run any
 * of them: none. */
static int launch_kernel(const struct analysis *an, const struct launch *l,
                         struct ld_launch *pl) {
  const struct fn *f = l->fn == NONE ? NULL : &an->fns[l->fn];
  const struct ld_kernel *k;

  pl->kernel_index = LD_PLAN_NONE;
  if (!f || !f->is_kernel || f->kernel == NONE ||
      (l->unresolved && f->is_template && has_specialization(an, l->fn)))
    return LD_OK;
  k = &an->plan->kernels[f->kernel];
  pl->kernel_index = f->kernel;
  pl->stem = k->stem;
  pl->drop_args = k->spec_args != NULL;
  return LD_OK;
}

static int plan_kernel(struct analysis *an, size_t fi, unsigned char *seen,
                       size_t *captargets) {
  struct ld_plan *plan = an->plan;
  struct fn *fn = &an->fns[fi];
  struct ld_kernel *k = &plan->kernels[plan->nkernels];
  const char *unsupported = NULL;
  int has_asm = 0, shared_in_macro = 0, shared_written = 0;
  size_t v, i, j;
  int rc;

  memset(seen, 0, an->nfns);
  mark_reachable(an, fi, seen);
  if ((rc = new_kernel(an, fi, k)) != LD_OK)
    return rc;

  for (v = 0; v < an->nvars; v++) {
    const struct var *var = &an->vars[v];
    int used, written = 0, macro = var->in_macro, data = 0;
    size_t elsewhere = NONE, k0 = fn->ng_var_fns;
    struct ld_target *t;

    if (var->kind == VAR_PARAM)
      used = var->owner == fi;
    else
      used = var->owner != NONE && seen[var->owner];
    for (i = 0; i < an->nfns; i++) {
      if (!seen[i])
        continue;
      for (j = 0; j < an->fns[i].nrefs; j++) {
        const struct ref *r = &an->fns[i].refs[j];
        if (r->var != v)
          continue;
        used = 1;
        written |= r->written;
        macro |= r->in_macro;
        /* (data_ref: not a grid barrier's counter, never claimed.) */
        data = data || (var->kind == VAR_DEVICE && data_ref(an, fi, i));
        if (i != fi)
          elsewhere = i;
        if (i != fi && var->kind == VAR_DEVICE && note_var_fn(an, fn, i))
          return an->rc;
      }
    }
    /* Only the functions of the variables it writes for data. */
    if (!(var->kind == VAR_DEVICE && written && data))
      fn->ng_var_fns = k0;
    if (!used || (var->in_header && !written))
      continue; /* a header's variables only when written */
    /* Shared variables of the kernel, of the device functions it calls
     * and of the file all join the replay's layout (replay_facts.c). */
    if (var->kind == VAR_SHARED) {
      shared_in_macro |= macro;
      shared_written |= written;
    }
    if (var->kind == VAR_DEVICE && written && data) {
      if (PUSH(an, fn->g_vars, fn->ng_vars, fn->capg_vars))
        return an->rc;
      fn->g_vars[fn->ng_vars++] = v;
      if (elsewhere != NONE && !fn->g_var_elsewhere) {
        fn->g_var_elsewhere = var->name;
        fn->g_var_fn = an->fns[elsewhere].name;
      }
    }
    if (ld__grow(&plan->targets, captargets, plan->ntargets, sizeof *t))
      return LD_ENOMEM;
    t = &plan->targets[plan->ntargets];
    memset(t, 0, sizeof *t);
    t->name = strdup(var->name);
    if (!t->name)
      return LD_ENOMEM;
    t->kernel = fn->kernel;
    t->space = var->kind == VAR_SHARED ? LD_SPACE_SHARED : LD_SPACE_GLOBAL;
    t->at = var->at;
    t->is_extern = var->is_extern;
    t->written = written;
    plan->ntargets++;
  }
  for (i = 0; i < an->nfns; i++) {
    if (!seen[i])
      continue;
    has_asm |= an->fns[i].has_asm;
    if (!unsupported)
      unsupported = an->fns[i].unsupported;
    if (!fn->g_reason)
      fn->g_reason = an->fns[i].global_use;
    if (!fn->g_hard)
      fn->g_hard = an->fns[i].global_hard;
    fn->g_may_sync |= an->fns[i].calls_unseen;
  }
  if ((rc = unseen_writes(an, fi, seen, shared_written, &unsupported)))
    return rc;
  if (!unsupported)
    unsupported = kernel_problem(an, fi, seen);
  for (i = 0; i < an->nbarriers; i++)
    fn->g_may_sync |= seen[an->barriers[i].fn];
  fn->g_epochs = epochs_ok(an, fi, seen);
  /* A grid sync orders the blocks' threads too: units are blocks. */
  fn->g_may_sync |= fn->grid_syncs != 0;

  k->checked = 1;
  if (fn->in_macro)
    k->reason = strdup(REASON_MACRO_KERNEL);
  else if (has_asm)
    k->reason = strdup(REASON_ASM);
  else if (shared_in_macro)
    k->reason = strdup(REASON_MACRO_SHARED);
  else if (unsupported)
    k->reason = strdup(unsupported);
  if (fn->in_macro || has_asm || shared_in_macro || unsupported) {
    k->checked = 0;
    if (!k->reason)
      return LD_ENOMEM;
  }
  fn->wants_clone = k->checked && shared_written;
  return no_replay_syncs(fn, k);
}

int ld__build_plan(struct analysis *an) {
  struct ld_plan *plan = an->plan;
  unsigned char *seen = NULL;
  size_t captargets = 0;
  size_t i, nk = 0;
  int rc = LD_OK;

  for (i = 0; i < an->nfns; i++)
    nk += an->fns[i].is_kernel;
  seen = calloc(an->nfns + 1, 1);
  plan->kernels = calloc(nk + 1, sizeof *plan->kernels);
  plan->barriers = calloc(an->nbarriers + 1, sizeof *plan->barriers);
  plan->launches = calloc(an->nlaunches + 1, sizeof *plan->launches);
  if (!seen || !plan->kernels || !plan->barriers || !plan->launches) {
    rc = LD_ENOMEM;
    goto out;
  }
  for (i = 0; i < an->nfns && !rc; i++)
    if (an->fns[i].is_kernel)
      rc = plan_kernel(an, i, seen, &captargets);
  if (rc)
    goto out;
  for (i = 0; i < an->nbarriers; i++) {
    const struct barrier *b = &an->barriers[i];
    const struct fn *fn = &an->fns[b->fn];
    struct ld_barrier *pb = &plan->barriers[plan->nbarriers];
    if (!fn->is_kernel && !fn->is_device)
      continue; /* host code: not a barrier */
    pb->kernel = fn->kernel;
    pb->func = strdup(fn->name);
    pb->form = strdup(b->form);
    pb->at = b->at;
    pb->in_macro = b->in_macro;
    plan->nbarriers++;
    if (!pb->func || !pb->form) {
      rc = LD_ENOMEM;
      goto out;
    }
  }
  for (i = 0; i < an->nlaunches; i++) {
    struct ld_launch *pl = &plan->launches[plan->nlaunches++];
    *pl = an->launches[i].text;
    memset(&an->launches[i].text, 0, sizeof an->launches[i].text);
    pl->kernel = an->launches[i].name;
    an->launches[i].name = NULL;
    rc = launch_kernel(an, &an->launches[i], pl);
    if (rc)
      goto out;
    pl->at = an->launches[i].at;
    pl->via_api = an->launches[i].via_api;
    pl->in_macro = an->launches[i].in_macro;
  }
  if (plan->ntargets)
    qsort(plan->targets, plan->ntargets, sizeof *plan->targets, cmp_target);
  if (plan->nbarriers)
    qsort(plan->barriers, plan->nbarriers, sizeof *plan->barriers, cmp_barrier);
  if (plan->nlaunches)
    qsort(plan->launches, plan->nlaunches, sizeof *plan->launches, cmp_launch);
out:
  free(seen);
  return rc;
}

void ld__analysis_free(struct analysis *an) {
  size_t i;

  for (i = 0; i < an->nfns; i++) {
    free(an->fns[i].name);
    free(an->fns[i].refs);
    free(an->fns[i].callees);
    free(an->fns[i].acc);
    free(an->fns[i].prints);
    free(an->fns[i].g_vars);
    free(an->fns[i].g_var_fns);
    free(an->fns[i].unseen);
    free(an->fns[i].loaded);
    free(an->fns[i].unseen_call_buf);
    free(an->fns[i].g_reason_buf);
    free(an->fns[i].ocalls);
  }
  for (i = 0; i < an->nvars; i++)
    free(an->vars[i].name);
  for (i = 0; i < an->nlaunches; i++) {
    struct ld_launch *t = &an->launches[i].text;
    size_t j;
    free(an->launches[i].name);
    free(t->callee);
    free(t->args);
    free(t->api_args);
    for (j = 0; j < 4; j++)
      free(t->config[j]);
  }
  free(an->fns);
  free(an->tolerated);
  free(an->vars);
  free(an->macros);
  free(an->expansions);
  free(an->barriers);
  free(an->launches);
}

void ld__collect_decls(struct analysis *an) {
  clang_visitChildren(clang_getTranslationUnitCursor(an->s.tu), decls_cb, an);
}
