/* Dumping and freeing the plan (see ld_plan.h).  The dump is the contract
 * the goldens pin, so its format changes only together with ld_plan.h and
 * docs/translator.md.  Host code only. */
#include "ld_plan.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ld_buf.h"
#include "ld_error.h"

static const char *yes_no(int v) {
  return v ? "yes" : "no";
}

static const char *kernel_name(const struct ld_plan *plan, size_t k) {
  return k < plan->nkernels ? plan->kernels[k].name : "?";
}

const char *ld_det_name(enum ld_det d) {
  static const char *const names[] = {"yes", "atomic-only", "partial", "no"};
  return names[d];
}

int ld_gatomics_float(const struct ld_gatomic *a, size_t n) {
  size_t i;

  for (i = 0; i < n; i++)
    if (a[i].fp)
      return 1;
  return 0;
}

const char *ld_gvar_name(const struct ld_global *g, size_t i) {
  const char *n = g->vars[i], *c;

  while ((c = strstr(n, "::")))
    n = c + 2;
  return n;
}

int ld_warp_carried(const struct ld_warp *w) {
  return w && !w->skip && !w->mp && !w->probe && (!w->nscoped || w->cluster);
}

int ld_gparam_one_run(const struct ld_kernel *k, size_t i) {
  const struct ld_global *g = k->global;

  /* (A composed one run claims through the replay's glog, which sees
   * stores only; a composed direct run claims reads too.) */
  return g && i < g->nparams && g->params[i].claimed &&
         !(k->replay && g->checked && g->params[i].loads && !g->direct);
}

/* ` global=yes units=<blocks|warps> writes=<p,q,v> vars=<v>
 * one_run=<p>` or ` global=no global_reason="<why>"`, for a kernel that
 * writes global memory. */
static void dump_global(const struct ld_kernel *k, FILE *out) {
  const struct ld_global *g = k->global;
  size_t i;
  int first = 1;

  if (!g || !g->writes)
    return;
  if (!g->checked) {
    fprintf(out, " global=no global_reason=\"%s\"",
            g->reason        ? g->reason
            : g->atomic_only ? "only accumulating atomics"
                             : "?");
    return;
  }
  fprintf(out,
          " global=yes units=%s writes=", g->warp_units ? "warps" : "blocks");
  for (i = 0; i < g->nparams; i++) {
    if (!g->params[i].written)
      continue;
    fprintf(out, "%s%s", first ? "" : ",", g->params[i].name);
    first = 0;
  }
  for (i = 0; i < g->nvars; i++)
    fprintf(out, "%s%s", first && !i ? "" : ",", ld_gvar_name(g, i));
  for (i = 0; i < g->nvars; i++)
    fprintf(out, "%s%s", i ? "," : " vars=", g->vars[i]);
  first = 1;
  for (i = 0; i < g->nparams; i++) {
    if (!ld_gparam_one_run(k, i))
      continue;
    fprintf(out, "%s%s", first ? " one_run=" : ",", g->params[i].name);
    first = 0;
  }
  for (i = 0; g->vars_claimed && i < g->nvars; i++) {
    fprintf(out, "%s%s", first ? " one_run=" : ",", ld_gvar_name(g, i));
    first = 0;
  }
  if (g->direct) {
    size_t natom = 0;
    for (i = 0; i < g->nstores; i++)
      natom += g->stores[i].atomic != 0;
    fprintf(out, " direct=yes atomics=%zu", natom);
    if (g->nfences)
      fprintf(out, " fences=%zu", g->nfences);
    if (g->loads)
      fprintf(out, " loads=yes");
    /* Device functions cloned for it: name:accesses:atomics. */
    for (i = 0; i < g->ndevfns; i++) {
      size_t j, na = 0;
      for (j = 0; j < g->devfns[i].nstores; j++)
        na += g->devfns[i].stores[j].atomic != 0;
      fprintf(out, "%s%s:%zu:%zu", i ? "," : " devfns=", g->devfns[i].name,
              g->devfns[i].nstores, na);
    }
  }
  if (g->ngsyncs)
    fprintf(out, " grid_syncs=%zu", g->ngsyncs);
  if (g->epochs)
    fprintf(out, " block_warps=%zu", g->ngbars);
}

/* `PROOF kernel=<k> proved=yes bounds=x<=extent(tile,1),...,z=1` (the
 * block shapes whose launches skip the replay) or `proved=no reason="…"`. */
static void dump_proof(const struct ld_kernel *k, FILE *out) {
  const struct ld_proof *p = &k->replay->proof;
  size_t i;
  int c, first = 1;

  fprintf(out, "PROOF kernel=%s proved=%s", k->name, yes_no(p->proved));
  if (!p->proved) {
    fprintf(out, " reason=\"%s\"\n", p->why ? p->why : "?");
    return;
  }
  fputs(" bounds=", out);
  for (c = 0; c < 3; c++) {
    for (i = 0; i < p->nbounds; i++) {
      if (p->bounds[i].comp != c)
        continue;
      if (p->bounds[i].member == SIZE_MAX)
        fprintf(out, "%s%c<=%lld", first ? "" : ",", "xyz"[c],
                p -> bounds[i].value);
      else
        fprintf(out, "%s%c<=extent(%s,%d)", first ? "" : ",", "xyz"[c],
                k -> replay -> members[p->bounds[i].member].name,
                p->bounds[i].dim);
      first = 0;
    }
    if (p->ones >> c & 1u) {
      fprintf(out, "%s%c=1", first ? "" : ",", "xyz"[c]);
      first = 0;
    }
  }
  fputs(first ? "any\n" : "\n", out);
}

/* `OWN kernel=<k> proved=yes conds="<c>;..."` (the global-memory proof
 * and its launch conditions: ld_global_proof.h) or `proved=no reason="..."`,
 * for a kernel checked across blocks. */
static void dump_gproof(const struct ld_kernel *k, FILE *out) {
  const struct ld_global *g = k->global;
  struct ld_buf b = LD_BUF_INIT;

  if (!g || !g->checked || g->natomics)
    return;
  if (g->direct) {
    fprintf(out, "OWN kernel=%s proved=no reason=\"direct one run\"\n",
            k->name);
    return;
  }
  fprintf(out, "OWN kernel=%s proved=%s", k->name, yes_no(g->gproof.proved));
  if (!g->gproof.proved)
    fprintf(out, " reason=\"%s\"\n",
            g->gproof.why   ? g->gproof.why
            : g->nvars      ? "it writes a __device__ variable"
            : !g->own_tried ? "a pointer it writes through is used other "
                              "than as the base of an access"
                            : "?");
  else if (!ld_gproof_text(&g->gproof, &b))
    fprintf(out, " conds=\"%s\"\n", b.data ? b.data : "");
  ld_buf_free(&b);
}

/* ITS, ACCESS and WSYNC lines of a kernel with warp-synchronous code. */
/* A position as the dump writes it: "line:col" in the main file, and
 * "<header's base name>:line:col" in a header pasted into it. */
struct at {
  char s[160];
};

static struct at at(const struct ld_plan *plan, unsigned line, unsigned col,
                    size_t offset) {
  struct at a;
  size_t file = ld_line_map_file_at(&plan->lines, offset);
  const char *name, *slash;

  if (file == 0) {
    snprintf(a.s, sizeof a.s, "%u:%u", line, col);
    return a;
  }
  name = plan->lines.files[file];
  slash = strrchr(name, '/');
  snprintf(a.s, sizeof a.s, "%s:%u:%u", slash ? slash + 1 : name, line, col);
  return a;
}

/* The same for a position. */
static struct at at_pos(const struct ld_plan *plan, const struct ld_pos *p) {
  return at(plan, p->line, p->col, p->offset);
}

/* The ITS lines of checks w of kernel k (k->warp, then the shadow beside
 * it). */
static void dump_warp(const struct ld_plan *plan, const struct ld_kernel *k,
                      const struct ld_warp *w, FILE *out) {
  static const char *const modes[] = {"?", "read", "write", "rw"};
  size_t j;

  if (!w)
    return;
  fprintf(out, "ITS kernel=%s checked=%s rule=\"%s\"%s", k->name,
          yes_no(!w->skip), w->rule,
          w->skip                        ? ""
          : w->mp                        ? " checks=message-passing"
          : w->cluster == LD_WARP_SHADOW ? " checks=shadow"
          : w->cluster                   ? " checks=cluster"
                                         : "");
  if (w->skip)
    fprintf(out, " reason=\"%s\"", w->skip);
  fputc('\n', out);
  if (w->skip)
    return;
  for (j = 0; j < w->naccesses; j++) {
    const struct ld_warp_access *a = &w->accesses[j];
    fprintf(out, "ACCESS kernel=%s id=%zu at=%s var=%s mode=%s%s%s%s\n",
            k->name, j + 1, at_pos(plan, &a->at).s, a->var, modes[a->mode & 3],
            !w->mp                  ? ""
            : a->mode & LD_ITS_FLAG ? " role=flag"
                                    : " role=data",
            a->callee_name ? " in=" : "", a->callee_name ? a->callee_name : "");
  }
  for (j = 0; j < w->nsyncs; j++) {
    const struct ld_warp_sync *y = &w->syncs[j];
    fprintf(out, "%s kernel=%s at=%s form=%s\n",
            w->mp                          ? "FENCE"
            : w->cluster == LD_WARP_SHADOW ? "BSYNC"
            : w->cluster                   ? "CSYNC"
                                           : "WSYNC",
            k->name, at_pos(plan, &y->at).s, y->form);
  }
  for (j = 0; j < w->nscoped; j++) {
    const struct ld_warp_access *a = &w->scoped[j];
    const char *colon = strrchr(a->var, ':');
    fprintf(out, "%s kernel=%s id=%zu at=%s op=%.*s var=%s\n",
            a->mode & 1 ? "SCOPED" : "ATOMIC", k->name, w->naccesses + j + 1,
            at_pos(plan, &a->at).s, (int)(colon - a->var), a->var, colon + 1);
  }
  dump_warp(plan, k, w->beside, out);
}

/* The SITE lines of a call of device function c whose site 0 is base: its
 * entry, its own sites (a call's base counted in the kernel's table), its
 * exit, then the blocks of the calls it makes. */
static void dump_site_block(const struct ld_plan *plan,
                            const struct ld_kernel *k,
                            const struct ld_replay *c, size_t base, FILE *out) {
  const struct ld_replay *top = k->replay;
  size_t m;

  fprintf(out, "SITE kernel=%s id=%zu at=%s form=entry in=%s\n", k->name, base,
          at(plan, c->entry_line, 0, c->name_begin).s, c->fn_name);
  for (m = 0; m < c->nsites; m++) {
    const struct ld_site *s = &c->sites[m];
    if (s->callee == 0)
      fprintf(out, "SITE kernel=%s id=%zu at=%s form=%s in=%s\n", k->name,
              base + m + 1, at_pos(plan, &s->at).s, s->form, c->fn_name);
    else
      fprintf(out,
              "SITE kernel=%s id=%zu at=%s form=call callee=%s base=%zu "
              "in=%s\n",
              k->name, base + m + 1, at_pos(plan, &s->at).s,
              top->callees[s->callee - 1]->fn_name, base + s->site_base,
              c->fn_name);
  }
  fprintf(out, "SITE kernel=%s id=%zu at=%s form=exit in=%s\n", k->name,
          base + c->nsites + 1,
          at(plan, c->exit_line, c->exit_col, c->body_close).s, c->fn_name);
  for (m = 0; m < c->nsites; m++)
    if (c->sites[m].callee != 0)
      dump_site_block(plan, k, top->callees[c->sites[m].callee - 1],
                      base + c->sites[m].site_base, out);
}

int ld_plan_dump(const struct ld_plan *plan, FILE *out) {
  size_t i;

  if (plan->headers_left_out)
    fprintf(out, "HEADERS translated=no reason=\"%s\"\n",
            plan->headers_left_out);
  for (i = 0; i < plan->nkernels; i++) {
    const struct ld_kernel *k = &plan->kernels[i];
    fprintf(out, "KERNEL name=%s checked=%s", k->name, yes_no(k->checked));
    if (!k->checked && k->reason)
      fprintf(out, " reason=\"%s\"", k->reason);
    if (k->checked && k->shared_reason)
      fprintf(out, " shared_reason=\"%s\"", k->shared_reason);
    fprintf(out, " at=%s%s", at_pos(plan, &k->at).s,
            k->is_template ? " template" : "");
    dump_global(k, out);
    if (plan->deterministic) {
      fprintf(out, " det=%s", ld_det_name(k->det));
      if (k->det_reason)
        fprintf(out, " det_reason=\"%s\"", k->det_reason);
      if (k->det == LD_DET_YES && k->global && k->global->natomics)
        fprintf(out, " det_atomics=%zu", k->global->natomics);
      if (k->det == LD_DET_YES && k->global && k->global->checked &&
          k->global->nprints)
        fprintf(out, " det_prints=%zu", k->global->nprints);
    }
    fputc('\n', out);
  }
  for (i = 0; i < plan->ntargets; i++) {
    const struct ld_target *t = &plan->targets[i];
    fprintf(out, "TARGET kernel=%s space=%s name=%s at=%s%s written=%s\n",
            kernel_name(plan, t->kernel),
            t->space == LD_SPACE_SHARED ? "shared" : "global", t->name,
            at_pos(plan, &t->at).s, t->is_extern ? " extern" : "",
            yes_no(t->written));
  }
  for (i = 0; i < plan->nbarriers; i++) {
    const struct ld_barrier *b = &plan->barriers[i];
    fprintf(out, "BARRIER kernel=%s form=%s at=%s%s\n",
            b->func ? b->func : kernel_name(plan, b->kernel), b->form,
            at_pos(plan, &b->at).s, b->in_macro ? " macro" : "");
  }
  for (i = 0; i < plan->nlaunches; i++) {
    const struct ld_launch *l = &plan->launches[i];
    fprintf(out, "LAUNCH kernel=%s at=%s%s%s\n", l->kernel,
            at_pos(plan, &l->at).s, l->via_api ? " cudaLaunchKernel" : "",
            l->in_macro ? " macro" : "");
  }
  for (i = 0; i < plan->nkernels; i++) {
    const struct ld_kernel *k = &plan->kernels[i];
    const struct ld_replay *r = k->replay;
    size_t j;

    if (!r)
      continue;
    fprintf(out, "SITE kernel=%s id=0 at=%s form=entry\n", k->name,
            at_pos(plan, &k->at).s);
    for (j = 0; j < r->nsites; j++) {
      const struct ld_site *s = &r->sites[j];
      if (s->callee == 0)
        fprintf(out, "SITE kernel=%s id=%zu at=%s form=%s\n", k->name, j + 1,
                at_pos(plan, &s->at).s, s->form);
      else
        fprintf(out,
                "SITE kernel=%s id=%zu at=%s form=call callee=%s "
                "base=%zu\n",
                k->name, j + 1, at_pos(plan, &s->at).s,
                r->callees[s->callee - 1]->fn_name, s->site_base);
    }
    for (j = 0; j < r->nsites; j++)
      if (r->sites[j].callee != 0)
        dump_site_block(plan, k, r->callees[r->sites[j].callee - 1],
                        r->sites[j].site_base, out);
    fprintf(out, "SITE kernel=%s id=%zu at=%s form=exit\n", k->name,
            r->exit_site ? r->exit_site : r->nsites + 1,
            at(plan, r->exit_line, r->exit_col, r->body_close).s);
    if (r->eager_why)
      fprintf(out, "COPIES kernel=%s scratch=whole reason=\"%s\"\n", k->name,
              r->eager_why);
    else
      fprintf(out, "COPIES kernel=%s scratch=lazy\n", k->name);
    dump_proof(k, out);
  }
  for (i = 0; i < plan->nkernels; i++)
    dump_warp(plan, &plan->kernels[i], plan->kernels[i].warp, out);
  for (i = 0; i < plan->nkernels; i++)
    dump_gproof(&plan->kernels[i], out);
  return ferror(out) ? LD_EIO : LD_OK;
}

void ld_warp_free(struct ld_warp *w) {
  size_t i;

  if (!w)
    return;
  for (i = 0; i < w->naccesses; i++) {
    free(w->accesses[i].var);
    free(w->accesses[i].callee_name);
  }
  for (i = 0; i < w->nsyncs; i++)
    free(w->syncs[i].form);
  for (i = 0; i < w->nscoped; i++)
    free(w->scoped[i].var);
  free(w->scoped);
  free(w->accesses);
  free(w->syncs);
  ld_warp_free(w->beside);
  free(w);
}

void ld_replay_free(struct ld_replay *r) {
  size_t i;

  if (!r)
    return;
  for (i = 0; i < r->nlocals; i++) {
    free(r->locals[i].name);
    free(r->locals[i].decl);
    free(r->locals[i].live);
  }
  for (i = 0; i < r->nmembers; i++) {
    free(r->members[i].name);
    free(r->members[i].decl);
    free(r->members[i].elem);
    free(r->members[i].write_lines);
  }
  free(r->locals);
  free(r->members);
  for (i = 0; i < r->nsites; i++)
    free(r->sites[i].hoist_type);
  free(r->sites);
  free(r->template_header);
  free(r->sized_by);
  free(r->template_decl);
  free(r->template_args);
  free(r->scope);
  for (i = 0; i < r->ncallees; i++)
    ld_replay_free(r->callees[i]);
  free(r->callees);
  free(r->fn_name);
  free(r->store_lines);
  free(r->scope_decls);
  ld_proof_free(&r->proof);
  ld_edit_list_free(&r->edits);
  free(r);
}

void ld_global_free(struct ld_global *g) {
  size_t i;

  if (!g)
    return;
  for (i = 0; i < g->nparams; i++)
    free(g->params[i].name), free(g->params[i].field_at);
  free(g->params);
  free(g->reason);
  free(g->atomics);
  free(g->prints);
  free(g->stores);
  free(g->gsyncs);
  free(g->gbars);
  free(g->fences);
  free(g->gcalls);
  for (i = 0; i < g->ndevfns; i++) {
    free(g->devfns[i].name);
    free(g->devfns[i].stores);
    free(g->devfns[i].calls);
  }
  free(g->devfns);
  ld_gproof_free(&g->gproof);
  for (i = 0; i < g->nvars; i++)
    free(g->vars[i]);
  free(g->vars);
  free(g);
}

void ld_plan_free(struct ld_plan *plan) {
  size_t i;

  if (!plan)
    return;
  for (i = 0; i < plan->nkernels; i++) {
    free(plan->kernels[i].name);
    free(plan->kernels[i].stem);
    free(plan->kernels[i].spec_args);
    free(plan->kernels[i].scope);
    free(plan->kernels[i].fn_cast);
    free(plan->kernels[i].default_cuts);
    free(plan->kernels[i].reason);
    free(plan->kernels[i].shared_reason);
    ld_replay_free(plan->kernels[i].replay);
    ld_global_free(plan->kernels[i].global);
    ld_warp_free(plan->kernels[i].warp);
  }
  for (i = 0; i < plan->ntargets; i++)
    free(plan->targets[i].name);
  for (i = 0; i < plan->nbarriers; i++) {
    free(plan->barriers[i].func);
    free(plan->barriers[i].form);
  }
  for (i = 0; i < plan->nlaunches; i++) {
    struct ld_launch *l = &plan->launches[i];
    size_t j;
    free(l->kernel);
    free(l->callee);
    free(l->args);
    free(l->api_args);
    for (j = 0; j < 4; j++)
      free(l->config[j]);
  }
  free(plan->kernels);
  free(plan->targets);
  free(plan->barriers);
  free(plan->launches);
  for (i = 0; i < plan->nalloc_sites; i++)
    free(plan->alloc_sites[i].name);
  free(plan->alloc_sites);
  free(plan->file);
  ld_line_map_free(&plan->lines);
  free(plan);
}
