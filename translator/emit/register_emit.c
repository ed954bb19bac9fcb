/* Registration of the file's kernels with the runtime (see ld_register.h
 * and docs/runtime.md, "Every launch accounted for").
 *
 * Which kernels: every kernel the file defines that is not a template and
 * whose qualified name (its namespaces, ld_kernel.scope) is unique in the
 * file and can be written at file scope (not inside a class), so that
 * `(const void *)a::k` names it after the last line.  Its registration says
 * what a launch that bypassed __ldcc::launch does:
 *   - a kernel the rewriters check: a launcher, the rewritten form of
 *     `cudaLaunchKernel(k, g, b, args, sh, st)` (made by the rewriters
 *     themselves from a launch ld__register_prepare adds at the end of the
 *     file, so it is exactly what a written call would become);
 *   - a checked kernel with inline intra-warp checks: a "launcher" that
 *     only arms them (the runtime then runs the launch as the program gave
 *     it: cooperative, with attributes);
 *   - any other: no launcher, and the translator's reason for leaving it
 *     unchecked, which the runtime prints.
 * Launchers need C++14 (include/ldcc/host.h api_launch): older dialects
 * get the registrations without launchers.  Host code only; no libclang. */
#include "ld_register.h"

#include <stdlib.h>
#include <string.h>

#include "ld_buf.h"
#include "ld_emit.h"
#include "ld_error.h"

/* The head of a rewritten cudaLaunchKernel (ld__replace_launch). */
#define API_HEAD "[&](auto, dim3 __ldcc_a__g"
#define API_CALLEE "plain_fn("
#define LAUNCHER_PARAMS                                                        \
  "(dim3 __ldcc_r__g, dim3 __ldcc_r__b, void **__ldcc_r__a, size_t "           \
  "__ldcc_r__sh, cudaStream_t __ldcc_r__st)"
#define REASON_NOTHING "no check of ldcc applies to it"

/* The file-scope qualification of kernel k, or NULL when it has none the
 * plan knows, or when its name does not say which kernel it is (another
 * kernel has it, and neither a cast nor template arguments tell them
 * apart). */
static const char *scope_of(const struct ld_plan *plan,
                            const struct ld_kernel *k) {
  size_t i;

  if (k->is_template || !k->scope)
    return NULL;
  for (i = 0; i < plan->nkernels; i++)
    if (&plan->kernels[i] != k && !strcmp(plan->kernels[i].name, k->name) &&
        (!plan->kernels[i].scope ||
         !strcmp(plan->kernels[i].scope, k->scope)) &&
        !k->fn_cast && !k->spec_args)
      return NULL;
  return k->scope;
}

/* Whether the file's inline intra-warp checks cover k (warp_emit.c emits
 * them for up to LD_WARP_MAX_KERNELS kernels) and are its check.  A kernel
 * that has them because its replay is not proved (weak_stores) is checked
 * by its replay: it gets a launcher like any other (an API launch of it ran
 * the original, whose intra-warp checks cannot see its warps' races). */
static int armed(const struct ld_plan *plan, const struct ld_kernel *k) {
  size_t i, n = 0;

  for (i = 0; i < plan->nkernels; i++)
    n += plan->kernels[i].warp && !plan->kernels[i].warp->skip;
  return k->warp && !k->warp->skip && !k->warp->weak_stores &&
         n <= LD_WARP_MAX_KERNELS;
}

static char *concat(const char *a, const char *b, const char *c) {
  struct ld_buf t = LD_BUF_INIT;

  if (ld_buf_puts(&t, a) || ld_buf_puts(&t, b) || ld_buf_puts(&t, c)) {
    ld_buf_free(&t);
    return NULL;
  }
  return ld_buf_detach(&t);
}

/* `(const void *)<callee><tail>`, the callee cast to k->fn_cast where a
 * function of the file shares the kernel's name. */
static char *address_of(const struct ld_kernel *k, const char *callee,
                        const char *tail) {
  struct ld_buf t = LD_BUF_INIT;
  int rc;

  if (!callee)
    return NULL;
  rc = k->fn_cast ? ld_buf_printf(&t, "(const void *)static_cast<%s>(&%s)%s",
                                  k->fn_cast, callee, tail)
                  : ld_buf_printf(&t, "(const void *)%s%s", callee, tail);
  if (rc) {
    ld_buf_free(&t);
    return NULL;
  }
  return ld_buf_detach(&t);
}

/* The launch `cudaLaunchKernel((const void *)<scope>k, __ldcc_r__g, ...)`
 * at [len, len), as the parser describes such a call. */
static int add_launch(struct ld_plan *plan, const struct ld_kernel *k,
                      const char *scope, size_t len) {
  static const char *const config[4] = {"__ldcc_a__g", "__ldcc_a__b",
                                        "__ldcc_a__sh", "__ldcc_a__st"};
  struct ld_launch *v =
      realloc(plan->launches, (plan->nlaunches + 1) * sizeof *v);
  struct ld_launch *l;
  int j;

  if (!v)
    return LD_ENOMEM;
  plan->launches = v;
  l = &v[plan->nlaunches++];
  memset(l, 0, sizeof *l);
  l->at = k->at;
  l->via_api = 1;
  l->begin = l->end = len;
  l->name_at = strlen(scope);
  l->api_nargs = 6;
  l->kernel = strdup(k->name);
  l->kernel_index = (size_t)(k - plan->kernels);
  l->stem = k->stem;
  l->drop_args = k->spec_args != NULL;
  l->callee = concat(scope, k->name, k->spec_args ? k->spec_args : "");
  l->args = strdup("__ldcc_a__p...");
  l->api_args = address_of(k, l->callee,
                           ", __ldcc_r__g, __ldcc_r__b, __ldcc_r__a, "
                           "__ldcc_r__sh, __ldcc_r__st");
  for (j = 0; j < 4; j++)
    l->config[j] = strdup(config[j]);
  for (j = 0; j < 4; j++)
    if (!l->config[j])
      return LD_ENOMEM;
  return l->kernel && l->callee && l->args && l->api_args ? LD_OK : LD_ENOMEM;
}

int ld__register_prepare(struct ld_plan *plan, size_t len) {
  size_t i;
  int rc = LD_OK;

  for (i = 0; i < plan->nkernels && !rc; i++) {
    const struct ld_kernel *k = &plan->kernels[i];
    const char *scope = scope_of(plan, k);
    /* A kernel with inline checks gets one too when its clones carry
     * them (the launcher arms them): else such a launch ran the original,
     * armed, and the replay or the check across blocks was lost. */
    if (scope && k->checked && (k->replay || k->global) &&
        (!armed(plan, k) || ld__warp_in_clone(k) || ld__warp_in_global(k)))
      rc = add_launch(plan, k, scope, len);
  }
  return rc;
}

/* The edit that rewrote the added launch of callee (kernel k), or NULL. */
static struct ld_edit *rewritten(struct ld_edit_list *edits, size_t len,
                                 const struct ld_kernel *k,
                                 const char *callee) {
  size_t i, n = strlen(callee), nc = k->fn_cast ? strlen(k->fn_cast) : 0;

  for (i = 0; i < edits->n; i++) {
    struct ld_edit *e = &edits->items[i];
    const char *at;
    if (e->begin != len || e->end != len ||
        strncmp(e->text, API_HEAD, sizeof API_HEAD - 1) ||
        !(at = strstr(e->text, API_CALLEE)))
      continue;
    at += sizeof API_CALLEE - 1;
    /* `static_cast<void (*)(...)>(&k)` where a function shares k's name:
     * that cast, which tells overloads apart. */
    if (k->fn_cast) {
      if (strncmp(at, "static_cast<", 12) || strncmp(at + 12, k->fn_cast, nc) ||
          strncmp(at + 12 + nc, ">(", 2))
        continue;
      at += 14 + nc;
    }
    if (*at++ == '&' && !strncmp(at, callee, n) && at[n] == ')')
      return e;
  }
  return NULL;
}

/* Turn edit e (the rewritten call, an expression) into launcher ki; with
 * arm, the kernel's inline checks are armed first (the launch that follows
 * counts itself: its_arm<1>), or their reports would have no ring. */
static int make_launcher(struct ld_edit *e, size_t ki, int arm) {
  struct ld_buf t = LD_BUF_INIT;
  int rc = ld_buf_printf(&t,
                         "\n#if __cplusplus >= 201402L\nstatic cudaError_t "
                         "__ldcc__rl_%zu" LAUNCHER_PARAMS " {\n  %sreturn %s;\n"
                         "}\n#endif\n",
                         ki, arm ? "__ldcc::its_arm<1>();\n  " : "", e->text);

  if (rc) {
    ld_buf_free(&t);
    return rc;
  }
  free(e->text);
  e->text = ld_buf_detach(&t);
  return e->text ? LD_OK : LD_ENOMEM;
}

/* A kernel a deterministic build runs as built (no launcher) that is
 * deterministic so (docs/deterministic.md, "Deterministic or stopped"). */
static int as_built(const struct ld_plan *plan, const struct ld_kernel *k) {
  return plan->deterministic &&
         (k->det == LD_DET_YES || k->det == LD_DET_ATOMIC_ONLY);
}

/* Why a kernel without a launcher runs as built: in a deterministic build
 * the det= reason, else the check's. */
static const char *reason_of(const struct ld_plan *plan,
                             const struct ld_kernel *k) {
  if (as_built(plan, k))
    return "deterministic as built";
  if (plan->deterministic && k->det_reason)
    return k->det_reason;
  if (k->reason)
    return k->reason;
  return k->shared_reason ? k->shared_reason : REASON_NOTHING;
}

/* Kernel ki's registration, with its arming launcher when it has one. */
static int put_registration(struct ld_buf *b, const struct ld_plan *plan,
                            size_t ki, const char *scope, int launcher) {
  const struct ld_kernel *k = &plan->kernels[ki];
  int arming = !launcher && k->checked && armed(plan, k), rc = LD_OK;
  const char *spec = k->spec_args ? k->spec_args : "";

  if (arming)
    rc = ld_buf_printf(b,
                       "static cudaError_t __ldcc__rl_%zu" LAUNCHER_PARAMS
                       " {\n  (void)__ldcc_r__g, (void)__ldcc_r__b, "
                       "(void)__ldcc_r__a, (void)__ldcc_r__sh, "
                       "(void)__ldcc_r__st;\n  __ldcc::its_arm();\n  return "
                       "cudaSuccess;\n}\n",
                       ki);
  if (!rc && launcher)
    rc = ld_buf_puts(b, "#if __cplusplus >= 201402L\n");
  if (!rc && k->fn_cast)
    rc = ld_buf_printf(b,
                       "static const __ldcc::registration __ldcc__reg_%zu("
                       "(const void *)static_cast<%s>(&%s%s%s), ",
                       ki, k->fn_cast, scope, k->name, spec);
  else if (!rc)
    rc = ld_buf_printf(b,
                       "static const __ldcc::registration __ldcc__reg_%zu("
                       "(const void *)%s%s%s, ",
                       ki, scope, k->name, spec);
  if (!rc && (launcher || arming))
    rc = ld_buf_printf(b, "__ldcc__rl_%zu, \"%s\", %s", ki, k->name,
                       arming ? "__LDCC_REG_ARMED" : "__LDCC_REG_CHECKED");
  /* A cluster kernel's checks cover distributed shared memory only: what
   * they leave out is said where a launch bypasses the translator's. */
  if (!rc && arming && k->warp && k->warp->cluster && k->shared_reason) {
    rc = ld_buf_puts(b, ", ");
    if (!rc)
      rc = ld__cluster_part(k, b);
  }
  if (!rc && (launcher || arming))
    rc = ld_buf_puts(b, ");\n");
  if (!rc && !launcher && !arming) {
    rc = ld_buf_printf(b, "nullptr, \"%s\", %s, \"", k->name,
                       as_built(plan, k) ? "__LDCC_REG_AS_BUILT"
                                         : "__LDCC_REG_CHECKED");
    if (!rc)
      rc = ld_buf_put_c_escaped(b, reason_of(plan, k));
    if (!rc)
      rc = ld_buf_puts(b, "\");\n");
  }
  if (!rc && launcher)
    rc = ld_buf_puts(b, "#endif\n");
  return rc;
}

void ld__register_forget(struct ld_plan *plan, size_t nreal) {
  size_t i;
  int j;

  for (i = nreal; i < plan->nlaunches; i++) {
    struct ld_launch *l = &plan->launches[i];
    free(l->kernel);
    free(l->callee);
    free(l->args);
    free(l->api_args);
    for (j = 0; j < 4; j++)
      free(l->config[j]);
  }
  plan->nlaunches = nreal;
}

int ld__register_emit(const struct ld_plan *plan, const char *src, size_t len,
                      struct ld_edit_list *edits) {
  struct ld_buf b = LD_BUF_INIT;
  size_t i, n = 0;
  int rc = LD_OK;

  for (i = 0; i < plan->nkernels && !rc; i++) {
    const struct ld_kernel *k = &plan->kernels[i];
    const char *scope = scope_of(plan, k);
    struct ld_edit *e = NULL;
    char *callee;
    if (!scope)
      continue;
    if (!(callee = concat(scope, k->name, k->spec_args ? k->spec_args : ""))) {
      rc = LD_ENOMEM;
      break;
    }
    e = rewritten(edits, len, k, callee);
    free(callee);
    if (e)
      rc = make_launcher(e, i, k->warp && !k->warp->skip);
    /* On a line of its own, where goldens can cut the registrations off
     * to compare the rest with the source. */
    if (!rc && !n++)
      rc = ld_buf_printf(&b,
                         "%s/* ldcc: the file's kernels, for launches that "
                         "bypass __ldcc::launch */\n",
                         len && src[len - 1] != '\n' ? "\n" : "");
    if (!rc)
      rc = put_registration(&b, plan, i, scope, e != NULL);
  }
  if (!rc && n)
    rc = ld_edit_insert(edits, len, b.data);
  ld_buf_free(&b);
  return rc;
}
