/* The last decisions on the plan (see ld_finalize.h).  Plain C on the plan;
 * host code only. */
#include "ld_finalize.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ld_error.h"
#include "ld_routes.h"

int ld_unrendered_add(struct ld_unrendered_list *l, size_t kernel,
                      enum ld_unrendered_part part, const char *why) {
  if (l->n == l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 8;
    struct ld_unrendered *p = realloc(l->items, cap * sizeof *p);
    if (!p)
      return LD_ENOMEM;
    l->items = p;
    l->cap = cap;
  }
  l->items[l->n].kernel = kernel;
  l->items[l->n].part = part;
  l->items[l->n].why = why;
  l->n++;
  return LD_OK;
}

void ld_unrendered_free(struct ld_unrendered_list *l) {
  if (!l)
    return;
  free(l->items);
  l->items = NULL;
  l->n = 0;
  l->cap = 0;
}

/* Kernel k is not checked across blocks after all, for reason why. */
static int global_uncheck(struct ld_kernel *k, const char *why) {
  char *copy = strdup(why);

  if (!copy)
    return LD_ENOMEM;
  free(k->global->reason);
  k->global->reason = copy;
  k->global->checked = 0;
  return LD_OK;
}

/* Kernel k gets no replay, and is unchecked for reason why. */
static int replay_uncheck(struct ld_kernel *k, const char *why) {
  char *reason = strdup(why);

  if (!reason)
    return LD_ENOMEM;
  ld_replay_free(k->replay);
  k->replay = NULL;
  free(k->reason);
  k->reason = reason;
  k->checked = 0;
  return LD_OK;
}

/* Whether the name at `at` is written qualified (`ns::k`): no attribute
 * can go right before it, so such a kernel gets no `__lb` clone. */
static int qualified(const char *src, size_t at) {
  while (at > 0 && (src[at - 1] == ' ' || src[at - 1] == '\t' ||
                    src[at - 1] == '\n' || src[at - 1] == '\r'))
    at--;
  return at >= 2 && src[at - 1] == ':' && src[at - 2] == ':';
}

/* The end of a parenthesised list starting at src[p] == '(' (after its
 * `)`), or 0 when it does not close before e. */
static size_t paren_end(const char *src, size_t p, size_t e) {
  int depth = 0;

  for (; p < e; p++)
    if (src[p] == '(')
      depth++;
    else if (src[p] == ')' && --depth == 0)
      return p + 1;
  return 0;
}

/* The user's `__launch_bounds__(T)` or `(T, B)` at src[at] (its name
 * ending at after) into g's bound_* (T at [bound_arg_begin,
 * bound_arg_end)); the offset after its `)`, or 0 when it is none of
 * those (a cluster argument, no closing `)` before e). */
static size_t head_bound(const char *src, size_t at, size_t after, size_t e,
                         struct ld_global *g) {
  size_t q = after, end, i;
  int depth = 0, commas = 0;

  while (q < e && (src[q] == ' ' || src[q] == '\t'))
    q++;
  if (q >= e || src[q] != '(' || !(end = paren_end(src, q, e)))
    return 0;
  g->bound_begin = at;
  g->bound_end = end;
  g->bound_arg_begin = q + 1;
  g->bound_arg_end = end - 1;
  for (i = q + 1; i + 1 < end; i++)
    if (src[i] == '(')
      depth++;
    else if (src[i] == ')')
      depth--;
    else if (src[i] == ',' && !depth && commas++ == 0)
      g->bound_arg_end = i;
  return commas > 1 ? 0 : end;
}

/* Whether a kernel's head, src[b, e) (from its start to its name), says
 * nothing but the words a head needs and at most one bound of the user's,
 * `__launch_bounds__(T)` or `(T, B)`, whose span and T it puts in g (the
 * twin replaces it: ld_global.bound_*).  Anything else (a bound hidden in
 * a macro, `__global__ void KERNEL_REGS k(...)`, which would meet the
 * twin's own: nvcc refuses `__maxnreg__` next to `__launch_bounds__`; a
 * bound with a cluster argument; a qualified name, `ns::k`, where no
 * attribute goes before the name) gives no twin. */
static int plain_head(const char *src, size_t b, size_t e,
                      struct ld_global *g) {
  static const char *const words[] = {
      "__global__", "static",          "void",        "extern", "inline",
      "__inline__", "__forceinline__", "__noinline__"};
  static const char bound[] = "__launch_bounds__";
  size_t p = b, i, n;

  g->bound_begin = g->bound_end = g->bound_arg_end = 0;
  while (p < e) {
    if (src[p] == ' ' || src[p] == '\t' || src[p] == '\n' || src[p] == '\r') {
      p++;
    } else if (src[p] == '/' && p + 1 < e && src[p + 1] == '/') {
      while (p < e && src[p] != '\n')
        p++;
    } else if (src[p] == '/' && p + 1 < e && src[p + 1] == '*') {
      for (p += 2; p + 1 < e && !(src[p] == '*' && src[p + 1] == '/'); p++)
        ;
      p += 2;
    } else if (p + 3 <= e && !memcmp(src + p, "\"C\"", 3)) {
      p += 3;
    } else if (isalpha((unsigned char)src[p]) || src[p] == '_') {
      for (n = 0; p + n < e &&
                  (isalnum((unsigned char)src[p + n]) || src[p + n] == '_');
           n++)
        ;
      if (n == sizeof bound - 1 && !memcmp(src + p, bound, n) &&
          !g->bound_end) {
        if (!(p = head_bound(src, p, p + n, e, g)))
          return 0;
        continue;
      }
      for (i = 0; i < sizeof words / sizeof *words; i++)
        if (strlen(words[i]) == n && !memcmp(src + p, words[i], n))
          break;
      if (i == sizeof words / sizeof *words)
        return 0;
      p += n;
    } else {
      return 0;
    }
  }
  return 1;
}

static void record_det(struct ld_plan *plan) {
  size_t i;

  for (i = 0; i < plan->nkernels; i++)
    plan->kernels[i].det = ld_det_kernel(plan, i, &plan->kernels[i].det_reason);
}

int ld_finalize_plan(struct ld_plan *plan, const char *src) {
  size_t i;

  /* A composed kernel is launched through the check across blocks: one
   * launched where only its shared-memory clone is declared (after a
   * prototype whose text the check across blocks does not copy, before
   * the definition: global_emit.c put_proto) keeps the clone alone. */
  for (i = 0; i < plan->nlaunches; i++) {
    const struct ld_launch *l = &plan->launches[i];
    const struct ld_kernel *k = ld__replay_launched(plan, l);
    size_t gk, gid;
    if (k && LD_COMPOSED(k) && !ld__global_launch_of(plan, l, &gk, &gid) &&
        global_uncheck(&plan->kernels[k - plan->kernels],
                       "launched before its definition"))
      return LD_ENOMEM;
  }
  for (i = 0; i < plan->nkernels; i++) {
    struct ld_kernel *k = &plan->kernels[i];
    struct ld_replay *r = k->replay;
    if (r && !k->checked &&
        replay_uncheck(k, k->reason ? k->reason : "unchecked"))
      return LD_ENOMEM;
    /* A second clone bounded to 1024 threads (registers capped), for
     * blocks the first cannot run; not when the user bounded the kernel. */
    if (k->replay)
      r->lb_clone = !r->user_bounds && !qualified(src, r->name_begin) &&
                    !(r->proto_end && qualified(src, r->proto_name));
  }
  for (i = 0; i < plan->nkernels; i++) {
    struct ld_kernel *k = &plan->kernels[i];
    struct ld_global *g = k->global;
    /* The clone bounded to any original's residency, for grids and
     * blocks the first cannot keep (docs/global-check.md, "Resident
     * grids"): a kernel named by itself (no template, cast or
     * specialisation) whose head says nothing but known words and at
     * most the user's bound (no qualified name), whose clone is what its
     * launches run. */
    if (g)
      g->bounded = g->checked && !plan->deterministic && !k->replay &&
                   !k->is_template && !k->fn_cast && !k->spec_args &&
                   plain_head(src, g->def_begin, g->name_begin, g);
  }
  record_det(plan);
  return LD_OK;
}

int ld_finalize_unrendered(struct ld_plan *plan,
                           const struct ld_unrendered_list *l) {
  size_t i;
  int rc = LD_OK;

  for (i = 0; i < l->n && !rc; i++) {
    struct ld_kernel *k = &plan->kernels[l->items[i].kernel];
    if (l->items[i].part == LD_UNRENDERED_GLOBAL && k->global)
      rc = global_uncheck(k, l->items[i].why);
    else if (l->items[i].part == LD_UNRENDERED_REPLAY && k->replay)
      rc = replay_uncheck(k, l->items[i].why);
  }
  record_det(plan);
  return rc;
}
