/* The sweeps of the check across blocks over every written allocation
 * (see ld_rt_gsweep.h): the arguments of each check kernel of
 * ld_rt_gcheck.cu, the copies' fill, the reports' launch contexts.
 * Host code; CUDA runtime API only. */
#include <stdint.h>
#include <string.h>

#include <cuda_runtime.h>

extern "C" {
#include "ld_error.h"
}
#include "ld_rt_gcheck.h"
#include "ld_rt_gsweep.h"

/* The sweep arguments of allocation i. */
/* The sweep arguments of allocation i. */
static void sweep_args(const struct ld__gsweep *x, uint32_t i, uint32_t copies,
                       uint32_t check, uint32_t commit,
                       struct ld_gcheck_args *out) {
  const struct ld_rt_galloc *a = &x->plan->allocs[i];
  uint64_t lead = a->a.base % LD_RT_GALIGN;
  struct ld_gcheck_args g;

  memset(&g, 0, sizeof g);
  g.s = a->a.base;
  g.u = x->scratch + a->at + lead;
  g.c0 = x->scratch + a->at + a->slot + lead;
  g.cstride = a->slot;
  g.size = a->a.size;
  g.nchunks = ((a->a.base + a->a.size + 15) / 16) - a->a.base / 16;
  g.index_at = x->index_at[i];
  g.kernel_meta = (unsigned long long)(uintptr_t)&x->m->kernel;
  g.elem_size = x->elem_size[i];
  g.grain = x->grain[i];
  g.m = copies;
  g.same_value = x->env->report_same_value;
  g.check = check;
  g.commit = commit;
  g.ctx = x->ctx[i];
  g.launch_id = (uint32_t)x->launch_id;
  g.report_capacity = x->env->report_capacity;
  g.reports = x->env->reports;
  g.report_next = x->env->report_next;
  g.counts = x->env->counts;
  g.race_flag = x->flag;
  *out = g;
}

/* Queue sweep `which` over every written allocation, with `copies` copies
 * in use; check and commit as in struct ld_gcheck_args. */
static bool sweep_all(const struct ld__gsweep *x, enum ld_gsweep which,
                      uint32_t copies, uint32_t check, uint32_t commit) {
  for (uint32_t i = 0; i < x->plan->nallocs; i++) {
    struct ld_gcheck_args g;
    sweep_args(x, i, copies, check, commit, &g);
    if (ld__rt_gcheck(which, &g, x->stream) != 0)
      return false;
  }
  return true;
}

bool ld__gsweep_write_write(const struct ld__gsweep *x, uint32_t used) {
  return sweep_all(x, LD_GSWEEP_WRITE_WRITE, used, 0, 0);
}

bool ld__gsweep_read_write(const struct ld__gsweep *x, uint32_t used,
                           uint32_t commit) {
  return sweep_all(x, LD_GSWEEP_READ_WRITE, used, 1, commit);
}

bool ld__gsweep_commit(const struct ld__gsweep *x, uint32_t used) {
  return sweep_all(x, LD_GSWEEP_READ_WRITE, used, 0, 1);
}

/* Deterministic mode over every allocation: LD_GSWEEP_FILL,
 * LD_GSWEEP_MERGE (its check on) or the commit (LD_GSWEEP_READ_WRITE
 * without its check). */
static bool sweep_det(const struct ld__gsweep *x, enum ld_gsweep which,
                      uint32_t copies, uint64_t first_unit, unsigned parts) {
  for (uint32_t i = 0; i < x->plan->nallocs; i++) {
    const struct ld_rt_galloc *a = &x->plan->allocs[i];
    struct ld_gcheck_args g;
    sweep_args(x, i, copies, which == LD_GSWEEP_MERGE,
               which == LD_GSWEEP_READ_WRITE, &g);
    g.first_unit = first_unit;
    if (parts & LD_RT_GLAYOUT_ACC) {
      g.marks = (uint32_t *)(x->scratch + a->marks_at);
      g.sums = (struct ld_gsums *)(x->scratch + a->sums_at);
    }
    if (parts & LD_RT_GLAYOUT_MERGE)
      g.winners = (struct ld_gwinners *)(x->scratch + a->winners_at);
    if (ld__rt_gcheck(which, &g, x->stream) != 0)
      return false;
  }
  return true;
}

bool ld__gsweep_det_fill(const struct ld__gsweep *x, uint32_t copies,
                         uint64_t first_unit, unsigned parts) {
  return sweep_det(x, LD_GSWEEP_FILL, copies, first_unit, parts);
}

bool ld__gsweep_det_merge(const struct ld__gsweep *x, uint32_t copies,
                          uint64_t first_unit, unsigned parts) {
  return sweep_det(x, LD_GSWEEP_MERGE, copies, first_unit, parts);
}

bool ld__gsweep_det_commit(const struct ld__gsweep *x, unsigned parts) {
  return sweep_det(x, LD_GSWEEP_READ_WRITE, 0, 0, parts);
}

void ld__gsweep_names(struct ld__gsweep *x) {
  const struct ld_rt_gplan *plan = x->plan;

  for (uint32_t i = 0; i < plan->nallocs; i++) {
    const struct __ldcc_global_arg *a =
        ld_rt_global_slot_arg(x->m, x->args, plan, plan->allocs[i].param);
    x->elem_size[i] = a->elem_size ? a->elem_size : 1;
    /* Numbers of 4 or 8 bytes are stored whole: the merge takes them whole
     * (ld_gmerge_grain).  Any other element (bytes, shorts, structs) byte
     * by byte. */
    x->grain[i] = a->value_kind != __LDCC_VK_OTHER &&
                          (x->elem_size[i] == 4 || x->elem_size[i] == 8)
                      ? x->elem_size[i]
                      : 1;
    x->index_at[i] = plan->allocs[i].a.name ? plan->allocs[i].a.base
                                            : (uint64_t)(uintptr_t)a->ptr;
  }
}

void ld__gsweep_context(struct ld__gsweep *x, uint32_t i, uint32_t copies,
                        uint64_t stride, uint64_t nunits,
                        uint32_t deterministic) {
  struct ld_rt_gctx c;
  const struct ld_rt_galloc *a = &x->plan->allocs[i];
  const struct __ldcc_global_meta *m = x->m;

  memset(&c, 0, sizeof c);
  c.kernel = &m->kernel;
  /* A __device__ variable by its name in the source (the registry has its
   * symbol, mangled inside a namespace). */
  c.name = a->param >= m->nparams || !a->a.name
               ? ld_rt_global_slot_name(m, x->plan, a->param)
               : a->a.name;
  c.index_at = x->index_at[i];
  c.base = a->a.base;
  c.elem_size = x->elem_size[i];
  c.value_kind =
      ld_rt_global_slot_arg(m, x->args, x->plan, a->param)->value_kind;
  memcpy(c.grid, x->g3, sizeof c.grid);
  memcpy(c.block, x->b3, sizeof c.block);
  c.warp_units = m->warp_units;
  c.m = copies;
  c.stride = stride;
  c.nunits = nunits;
  c.deterministic = deterministic;
  if (ld_rt_gctx_intern(&c, &x->ctx[i]) != LD_OK)
    x->ctx[i] = 0;
}

bool ld__gsweep_fill(const struct ld__gsweep *x, uint32_t used) {
  /* One kernel per allocation (the deterministic mode's fill), not a
   * cudaMemcpyAsync per copy: CUB's blockScan sample, 10000 blocks on
   * 10000 copies of 4608 bytes, spent 54 ms per launch queueing the copies
   * (session 40). */
  return sweep_all(x, LD_GSWEEP_FILL, used, 0, 0);
}
