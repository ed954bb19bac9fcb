/* The direct one run (docs/global-check.md, "Direct one run"): the area
 * (per written allocation a tag and a line per 4-byte word, the owner
 * table, the flag and the clash table), the one launch of the clone, and
 * the kernel that turns the clash table into report records (the ring of
 * ld_rt_core.cu, read like the sweeps' records).  Host code and one small
 * device kernel; CUDA runtime API only.  Never clears an error the program
 * left pending. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "ld_rt_gdirect.h"
#include "ld_rt_gpool.h"
extern "C" {
#include "ld_rt_kernels.h"
}

namespace {

bool ok(cudaError_t e, cudaError_t pending) {
  return ld__rt_ok((int)e, (int)pending) != 0;
}

/* What the report kernel needs of one written allocation. */
struct direct_alloc {
  unsigned long long base, size;
  uint32_t ctx;
  uint32_t bctx; /* the context naming warps (clashes between warps of
                    one block) */
};
struct direct_reports {
  const struct __ldcc_gclashes *t;
  struct direct_alloc a[LD_RT_GMAX_ALLOCS];
  uint32_t nallocs;
  uint32_t same_value;
  uint32_t launch_id;
  uint32_t report_capacity;
  uint32_t grid_sync; /* __LDCC_GM_GRID_SYNC: records name the region */
  uint32_t lanes;     /* the table of lanes of one warp (gi.lanes) */
  unsigned long long kernel_meta;
  struct __ldcc_report *reports;
  unsigned *report_next;
  unsigned *counts;
};

/* One thread per kept clash: skip two units storing the same value
 * (unless same_value), else the first record of (kernel, allocation,
 * kinds) goes to the ring; every one counts an instance. */
__global__ void direct_reports_kernel(struct direct_reports r) {
  unsigned i = threadIdx.x, n = r.t->n;
  if (i >= n || i >= __LDCC_GCLASH_MAX)
    return;
  const struct __ldcc_gclash *c = &r.t->c[i];
  unsigned size = c->size < 8 ? c->size : 8, k;
  unsigned long long after = 0;
  const struct direct_alloc *a = NULL;
  for (k = 0; k < r.nallocs && !a; k++)
    if (c->addr - r.a[k].base < r.a[k].size)
      a = &r.a[k];
  if (!a)
    return;
  for (k = 0; k < size && c->addr + k < a->base + a->size; k++)
    after |= (unsigned long long)((const unsigned char *)c->addr)[k] << 8 * k;
  /* (Lanes of one warp: the device compared their values.)  va == 1: the
   * word held vb too while the later unit looked (global.h gclash_take: an
   * earlier store a replay had undone for a while). */
  if (c->kind_a == __LDCC_GK_STORE && c->kind_b == __LDCC_GK_STORE &&
      !r.same_value && !r.lanes &&
      (after == c->before || (c->va == 1 && after == c->vb)))
    return;
  bool reads = c->kind_a == __LDCC_GK_READ || c->kind_a == __LDCC_GK_READERS ||
               c->kind_b == __LDCC_GK_READ;
  unsigned kind = reads ? __LDCC_RK_GLOBAL_RW : __LDCC_RK_GLOBAL_WW;
  /* Bit 30: two warps of one block (pad: 1 + the block's barrier count);
   * bit 29: lanes of one warp (order: the lanes, va and vb their values). */
  unsigned mask = 0x80000000u | (c->pad ? 0x40000000u : 0u) |
                  (r.lanes ? 0x20000000u : 0u) | c->kind_a | c->kind_b << 4;
  unsigned long long key = r.kernel_meta, where = a->base;
  unsigned h = (unsigned)(key ^ (key >> 32)) * 0x9E3779B1u;
  h ^= kind * 0x85EBCA6Bu;
  h ^= (unsigned)(where ^ (where >> 32)) * 0x27D4EB2Fu;
  h ^= mask * 0x165667B1u;
  h ^= h >> 15;
  h *= 0x2C1B3C6Du;
  h ^= h >> 12;
  h &= __LDCC_BUCKETS - 1;
  if (atomicAdd(&r.counts[h], 1u) != 0)
    return;
  unsigned idx = atomicAdd(r.report_next, 1u);
  if (idx >= r.report_capacity)
    return;
  volatile __ldcc_report *rec = r.reports + idx;
  rec->kind = kind;
  rec->kernel_meta = key;
  rec->launch_id = r.launch_id;
  rec->bucket = h;
  rec->block[0] = c->line_a;
  rec->block[1] = c->line_b;
  /* A kernel with grid syncs: 1 + the region both accesses were in; two
   * warps of one block: 1 + the block's barrier count. */
  rec->block[2] = c->pad ? c->pad : r.grid_sync ? c->region + 1 : 0;
  rec->start_site = c->pad || r.lanes ? a->bctx : a->ctx;
  rec->end_site = c->order; /* with fences: why no order covers them */
  rec->warp_a = c->unit_a;
  rec->warp_b = c->unit_b;
  rec->lane = r.lanes ? (int)c->order : -1;
  rec->offset = c->addr;
  rec->mask = mask;
  rec->size = size;
  /* Lanes: what the two lanes stored, the word the lanes of an update
   * read in value_a's upper half, the word after the launch in value_b's. */
  unsigned long long va = r.lanes ? c->va : c->before;
  unsigned long long vb = r.lanes ? c->vb : after;
  for (k = 0; k < 8; k++) {
    rec->value_a[k] = k < size ? (unsigned char)(va >> 8 * k) : 0;
    rec->value_b[k] = k < size ? (unsigned char)(vb >> 8 * k) : 0;
    rec->value_a[8 + k] =
        r.lanes && k < size ? (unsigned char)(c->before >> 8 * k) : 0;
    rec->value_b[8 + k] =
        r.lanes && k < size ? (unsigned char)(after >> 8 * k) : 0;
  }
  __threadfence_system();
  rec->valid = 1;
}

struct direct_area {
  uint64_t tags_at[LD_RT_GMAX_ALLOCS], lines_at[LD_RT_GMAX_ALLOCS];
  uint64_t words[LD_RT_GMAX_ALLOCS];
  uint64_t sync_at; /* with fences: 4 words per unit (else 0 bytes) */
  uint64_t table_at, flag_at, clashes_at, total;
};

uint64_t round_up(uint64_t v) {
  return (v + LD_RT_GALIGN - 1) / LD_RT_GALIGN * LD_RT_GALIGN;
}

/* Per written allocation its tags and lines (with fences also each word's
 * clock, after the lines), with fences the units' clocks, then the owner
 * table, the flag and the clash table: everything before the table is
 * zeroed by fill. */
void layout(const struct ld__gdirect_call *c, struct direct_area *d) {
  const struct ld_rt_gplan *p = c->plan;
  bool fences = (c->m->flags & __LDCC_GM_FENCES) != 0;
  uint64_t at = 0;
  for (uint32_t i = 0; i < p->nallocs; i++) {
    const struct ld_rt_alloc *a = &p->allocs[i].a;
    d->words[i] = (a->base % 4 + a->size + 3) / 4;
    d->tags_at[i] = at;
    at += round_up(d->words[i] * 4);
    d->lines_at[i] = at;
    at += round_up(d->words[i] * (fences ? 8 : 4));
  }
  d->sync_at = at;
  if (fences)
    at += round_up(c->nunits * 16);
  d->table_at = at;
  at += round_up(sizeof(struct __ldcc_gowner));
  d->flag_at = at;
  at += LD_RT_GALIGN;
  d->clashes_at = at;
  d->total = at + round_up(sizeof(struct __ldcc_gclashes));
}

/* The launch context of allocation i, for the records: units by number
 * (warps with `warps`, else the kernel's units). */
uint32_t context(const struct ld__gdirect_call *c, uint32_t i,
                 bool warps = false) {
  const struct ld_rt_galloc *a = &c->plan->allocs[i];
  const struct __ldcc_global_meta *m = c->m;
  /* (A pointer inside a class parameter is a slot after the parameters
   * and variables: its name and argument come from the plan.) */
  const struct __ldcc_global_arg *arg =
      ld_rt_global_slot_arg(c->m, c->args, c->plan, a->param);
  struct ld_rt_gctx x;
  uint32_t id = 0;

  memset(&x, 0, sizeof x);
  x.kernel = &m->kernel;
  x.name = a->param >= m->nparams || !a->a.name
               ? ld_rt_global_slot_name(m, c->plan, a->param)
               : a->a.name;
  x.index_at = a->a.name ? a->a.base : (uint64_t)(uintptr_t)arg->ptr;
  x.base = a->a.base;
  x.elem_size = arg->elem_size ? arg->elem_size : 1;
  x.value_kind = arg->value_kind;
  if (a->loaded) { /* reached through loaded pointers: its name */
    x.name = a->a.name;
    x.elem_size = a->a.site_name && a->a.elem_size ? a->a.elem_size : 1;
    x.value_kind = __LDCC_VK_OTHER;
  }
  memcpy(x.grid, c->g3, sizeof x.grid);
  memcpy(x.block, c->b3, sizeof x.block);
  x.warp_units = m->warp_units || warps;
  x.m = 1;
  x.stride = 1;
  x.nunits = warps ? ld_rt_global_units(c->g3, c->b3, 1) : c->nunits;
  x.deterministic = 1; /* records name units, not copies */
  return ld_rt_gctx_intern(&x, &id) == 0 ? id : 0;
}

/* verbosity >= 1: what the run saw. */
/* The source line of the launch, 0 when unknown. */
int launch_line(const struct ld__gdirect_call *c) {
  const struct __ldcc_kernel_meta *k = &c->m->kernel;

  return k->launch_lines && c->launch_id >= 0 &&
                 (unsigned)c->launch_id < k->nlaunches
             ? k->launch_lines[c->launch_id]
             : 0;
}

void say(const struct ld__gdirect_call *c, unsigned clashes) {
  const struct __ldcc_global_meta *m = c->m;
  int line = launch_line(c);

  if (c->env->verbosity < 1 || !c->env->messages)
    return;
  fprintf(c->env->messages,
          "ldcc: launch of %s at %s:%d checked across %s in one direct run "
          "(%s): %llu units, %u clashes (%u allocations, %llu bytes)\n",
          m->kernel.name ? m->kernel.name : "?",
          m->kernel.file ? m->kernel.file : "?", line,
          m->warp_units ? "warps" : "blocks",
          m->flags & __LDCC_GM_GRID_SYNC
              ? "grid syncs: regions between them, launched cooperatively"
          : m->flags & __LDCC_GM_LOADS
              ? "pointers loaded from memory: every allocation followed"
              : "atomics, fences, printf or clocks",
          (unsigned long long)c->nunits, clashes, c->plan->nallocs,
          (unsigned long long)c->plan->copy_bytes);
  fflush(c->env->messages);
}

/* verbosity >= 1: a launch whose written memory only atomics reach. */
void say_atomics_only(const struct ld__gdirect_call *c) {
  const struct __ldcc_global_meta *m = c->m;
  int line = launch_line(c);

  if (c->env->verbosity < 1 || !c->env->messages)
    return;
  fprintf(c->env->messages,
          "ldcc: launch of %s at %s:%d checked across %s: only device-scope "
          "atomics reach the memory it writes, which never race with each "
          "other (%llu units, %u allocations; proofs=0: run it)\n",
          m->kernel.name ? m->kernel.name : "?",
          m->kernel.file ? m->kernel.file : "?", line,
          m->warp_units ? "warps" : "blocks", (unsigned long long)c->nunits,
          c->plan->nallocs);
  fflush(c->env->messages);
}

/* The records of the clashes in table t, queued after the run. */
bool queue_table(const struct ld__gdirect_call *c,
                 const struct __ldcc_gclashes *t, bool warps,
                 bool lanes = false) {
  struct direct_reports r;

  memset(&r, 0, sizeof r);
  r.t = t;
  r.nallocs = c->plan->nallocs;
  for (uint32_t i = 0; i < c->plan->nallocs; i++) {
    r.a[i].base = c->plan->allocs[i].a.base;
    r.a[i].size = c->plan->allocs[i].a.size;
    r.a[i].ctx = warps ? 0 : context(c, i);
    r.a[i].bctx = warps ? context(c, i, true) : 0;
  }
  r.same_value = c->env->report_same_value;
  r.launch_id = (uint32_t)c->launch_id;
  r.report_capacity = c->env->report_capacity;
  r.grid_sync = (c->m->flags & __LDCC_GM_GRID_SYNC) != 0;
  r.lanes = lanes;
  r.kernel_meta = (unsigned long long)(uintptr_t)&c->m->kernel;
  r.reports = c->env->reports;
  r.report_next = c->env->report_next;
  r.counts = c->env->counts;
  direct_reports_kernel<<<1, __LDCC_GCLASH_MAX, 0, c->stream>>>(r);
  return ok(cudaPeekAtLastError(), c->pending);
}
/* A table of clashes between warps of one block (or lanes of one warp)
 * queued as reports; how many clashes it saw (0 when it cannot be read). */
unsigned queue_counted(const struct ld__gdirect_call *c,
                       const unsigned char *table, bool lanes) {
  unsigned n = 0;

  (void)queue_table(c, (const struct __ldcc_gclashes *)table, true, lanes);
  if (!ok(cudaMemcpyAsync(&n, table, sizeof n, cudaMemcpyDeviceToHost,
                          c->stream),
          c->pending) ||
      !ok(cudaStreamSynchronize(c->stream), c->pending))
    return 0;
  return n;
}
bool queue_reports(const struct ld__gdirect_call *c, unsigned char *at,
                   const struct direct_area *d) {
  return queue_table(c, (const struct __ldcc_gclashes *)(at + d->clashes_at),
                     false);
}

/* The area's parts zeroed, the owner table and the clash table's header
 * in place; false when a step could not be queued. */
bool fill(const struct ld__gdirect_call *c, unsigned char *at,
          const struct direct_area *d, struct __ldcc_gowner *o,
          struct ld__gblock *blk) {
  struct __ldcc_gclashes head;
  bool failed;

  memset(o, 0, sizeof *o);
  o->n = c->plan->nallocs;
  o->flag = (uint64_t)(uintptr_t)(at + d->flag_at);
  for (uint32_t i = 0; i < c->plan->nallocs; i++) {
    const struct ld_rt_alloc *a = &c->plan->allocs[i].a;
    o->e[i].lo = a->base / 4 * 4;
    o->e[i].size = a->base % 4 + a->size;
    o->e[i].tags = (uint64_t)(uintptr_t)(at + d->tags_at[i]);
    o->e[i].lines = (uint64_t)(uintptr_t)(at + d->lines_at[i]);
  }
  (void)ld__gblock_take(c, blk, o);
  memset(&head, 0, sizeof head);
  head.atomic_reads = c->env->atomic_reads ? 1 : 0;
  if (c->m->flags & __LDCC_GM_FENCES) {
    head.fences = 1;
    head.clock = 1;
    head.sync = (uint64_t)(uintptr_t)(at + d->sync_at);
  }
  head.wpb = 1;
  if (c->m->warp_units)
    head.wpb = (c->b3[0] * c->b3[1] * c->b3[2] + 31) / 32;
  failed = !ok(cudaMemsetAsync(at, 0, d->table_at, c->stream), c->pending) ||
           !ok(cudaMemcpyAsync(at + d->table_at, o, sizeof *o,
                               cudaMemcpyHostToDevice, c->stream),
               c->pending) ||
           !ok(cudaMemsetAsync(at + d->flag_at, 0, 4, c->stream), c->pending) ||
           !ok(cudaMemcpyAsync(at + d->clashes_at, &head, sizeof head,
                               cudaMemcpyHostToDevice, c->stream),
               c->pending);
  return !failed;
}

} // namespace

bool ld__gblock_take(const struct ld__gdirect_call *c, struct ld__gblock *b,
                     struct __ldcc_gowner *o) {
  const struct ld_rt_gplan *p = c->plan;
  uint64_t blocks = (uint64_t)c->g3[0] * c->g3[1] * c->g3[2];
  uint64_t threads = (uint64_t)c->b3[0] * c->b3[1] * c->b3[2], at = 0;
  struct __ldcc_gclashes head;

  memset(b, 0, sizeof *b);
  if (!(c->m->flags & __LDCC_GM_EPOCHS) || c->m->warp_units ||
      blocks > __LDCC_GB_MAX_BLOCKS || threads > 1024 || blocks < 1)
    return false;
  for (uint32_t i = 0; i < p->nallocs; i++) {
    const struct ld_rt_alloc *a = &p->allocs[i].a;
    b->btags_at[i] = at;
    at += round_up((a->base % 4 + a->size + 3) / 4 * 8);
  }
  b->eps_at = at;
  at += round_up(blocks * threads * 4);
  b->table_at = at;
  b->total = at + round_up(sizeof(struct __ldcc_gclashes));
  if (b->total > c->free_bytes / 4)
    return false;
  b->at =
      ld__gpool_take(b->total, c->env->device, c->stream, c->pending, &b->area);
  if (!b->at)
    return false;
  memset(&head, 0, sizeof head);
  head.atomic_reads = c->env->atomic_reads ? 1 : 0;
  head.wpb = (uint32_t)((threads + 31) / 32);
  if (!ok(cudaMemsetAsync(b->at, 0, b->table_at, c->stream), c->pending) ||
      !ok(cudaMemcpyAsync(b->at + b->table_at, &head, sizeof head,
                          cudaMemcpyHostToDevice, c->stream),
          c->pending)) {
    ld__gblock_free(c, b);
    return false;
  }
  for (uint32_t i = 0; i < p->nallocs && i < o->n; i++)
    o->e[i].btags = (uint64_t)(uintptr_t)(b->at + b->btags_at[i]);
  o->bclashes = (uint64_t)(uintptr_t)(b->at + b->table_at);
  return true;
}

void ld__gblock_info(const struct ld__gblock *b, const struct __ldcc_gowner *o,
                     struct __ldcc_global_info *gi) {
  if (!b->at)
    return;
  gi->eps = (uint64_t)(uintptr_t)(b->at + b->eps_at);
  gi->bclashes = (uint64_t)(uintptr_t)(b->at + b->table_at);
  (void)o; /* gi->own[j] are copies of o's entries, btags included */
}

unsigned ld__gblock_reports(const struct ld__gdirect_call *c,
                            const struct ld__gblock *b) {
  return b->at ? queue_counted(c, b->at + b->table_at, false) : 0;
}

void ld__gblock_free(const struct ld__gdirect_call *c, struct ld__gblock *b) {
  if (b->area)
    ld__gpool_free(b->area, c->env->device, c->stream, c->pending);
  b->area = b->at = NULL;
}

bool ld__glanes_take(const struct ld__gdirect_call *c, struct ld__glanes *l) {
  struct __ldcc_gclashes head;

  memset(l, 0, sizeof *l);
  if (!c->env->lanes)
    return false;
  l->at = ld__gpool_take(round_up(sizeof head), c->env->device, c->stream,
                         c->pending, &l->area);
  if (!l->at)
    return false;
  memset(&head, 0, sizeof head);
  head.wpb = (c->b3[0] * c->b3[1] * c->b3[2] + 31) / 32;
  if (!ok(cudaMemcpyAsync(l->at, &head, sizeof head, cudaMemcpyHostToDevice,
                          c->stream),
          c->pending)) {
    ld__glanes_free(c, l);
    return false;
  }
  return true;
}

void ld__glanes_info(const struct ld__glanes *l,
                     struct __ldcc_global_info *gi) {
  gi->lanes = (uint64_t)(uintptr_t)l->at;
}

unsigned ld__glanes_reports(const struct ld__gdirect_call *c,
                            const struct ld__glanes *l) {
  return l->at ? queue_counted(c, l->at, true) : 0;
}

void ld__glanes_free(const struct ld__gdirect_call *c, struct ld__glanes *l) {
  if (l->area)
    ld__gpool_free(l->area, c->env->device, c->stream, c->pending);
  l->area = l->at = NULL;
}

namespace {

/* The kernel the launch would run with gi (the clone) or NULL (the
 * original), from the launch probe: nothing runs. */
const void *probe(const struct ld__gdirect_call *c,
                  const struct __ldcc_global_info *gi) {
  ld_rt_kernels_capture(1);
  c->run(c->ctx, gi);
  return ld_rt_kernels_capture(0);
}

/* func's resident blocks per multiprocessor for the launch's block; 0 when
 * unknown. */
int per_sm(const struct ld__gdirect_call *c, const void *func,
           unsigned threads) {
  int n = 0;

  if (!func || !ok(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                       &n, func, (int)threads, c->sh),
                   c->pending))
    return 0;
  return n;
}

/* Which kernel the direct run launches (docs/global-check.md, "Resident
 * grids"): the clone (*to NULL), or its bounded twin in its place (*from
 * the clone's stub, *to the twin's) where the clone cannot run the block,
 * or cannot keep resident a grid that the original keeps resident and
 * that is sized in whole waves, as a persistent kernel's (its blocks may
 * wait for each other).  False, with why, when neither can keep such a
 * grid resident: the original runs.  Only with the launch wrappers
 * linked (the probe and the redirection need them); a query that fails
 * leaves the clone. */
bool pick(const struct ld__gdirect_call *c, const void **from, const void **to,
          char *why, size_t size) {
  unsigned long long blocks =
      (unsigned long long)c->g3[0] * c->g3[1] * c->g3[2];
  unsigned threads = c->b3[0] * c->b3[1] * c->b3[2];
  int sms = 0, most = 0;
  struct __ldcc_global_info gi;

  *from = *to = NULL;
  if (!ld_rt_kernels_wrapped() || threads == 0)
    return true;
  memset(&gi, 0, sizeof gi);
  const void *clone = probe(c, &gi);
  const void *lb = ld_rt_kernels_bounded_of(clone);
  int k = per_sm(c, clone, threads), kb = lb ? per_sm(c, lb, threads) : 0;
  if (k == 0 && kb > 0)
    *from = clone, *to = lb; /* a block the clone cannot run */
  if (k == 0 ||
      !ok(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount,
                                 c->env->device),
          c->pending) ||
      !ok(cudaDeviceGetAttribute(&most, cudaDevAttrMaxThreadsPerMultiProcessor,
                                 c->env->device),
          c->pending) ||
      sms <= 0 || blocks % (unsigned)sms != 0 ||
      blocks > (unsigned long long)(most / (int)threads) * (unsigned)sms)
    return true;
  int o = per_sm(c, probe(c, NULL), threads);
  if (!ld_rt_resident_lost(blocks, sms, o, k))
    return true;
  if (kb > 0 && !ld_rt_resident_lost(blocks, sms, o, kb)) {
    *from = clone, *to = lb;
    return true;
  }
  int best = kb > k ? kb : k;
  snprintf(why, size,
           "the instrumented kernel keeps %d block%s of %u threads resident "
           "per multiprocessor where the original keeps %d, and the grid "
           "(%llu blocks, %llu per multiprocessor) is one the original keeps "
           "resident all at once, as a persistent kernel sizes it: blocks "
           "waiting for each other could wait forever (the clone keeps the "
           "kernel's own bounds: __launch_bounds__(%u, %llu) would keep it "
           "resident)",
           best, best == 1 ? "" : "s", threads, o, blocks,
           blocks / (unsigned)sms, threads, blocks / (unsigned)sms);
  return false;
}

} // namespace

int ld__gdirect_launch(const struct ld__gdirect_call *c) {
  struct direct_area d;
  struct ld__gblock blk;
  struct ld__glanes lanes;
  struct __ldcc_gowner o;
  struct __ldcc_global_info gi;
  unsigned char *area = NULL, *at;
  unsigned n = 0;
  char why[256];

  if (!c->env->one_run) {
    c->no(&c->m->kernel, c->launch_id,
          "one_run=0, and atomics, fences, printf or clocks cannot run on "
          "copies");
    return 0;
  }
  if (!ld_rt_global_direct_ok(c->m, c->plan, c->nunits, why, sizeof why)) {
    c->no(&c->m->kernel, c->launch_id, why);
    return 0;
  }
  /* Atomics only, proofs on: nothing can race, the launch runs as built
   * (a composed kernel's replay still checks its blocks). */
  if (c->env->proofs && ld_rt_global_atomics_only(c->m, c->plan)) {
    c->run(c->ctx, NULL);
    if (c->pending == cudaSuccess && cudaPeekAtLastError() != cudaSuccess) {
      snprintf(why, sizeof why, "the kernel could not be launched (%s)",
               cudaGetErrorString(cudaGetLastError()));
      c->no(&c->m->kernel, c->launch_id, why);
      return 0;
    }
    say_atomics_only(c);
    return 1;
  }
  const void *from, *to;
  if (!pick(c, &from, &to, why, sizeof why)) {
    c->no(&c->m->kernel, c->launch_id, why);
    return 0;
  }
  layout(c, &d);
  memset(&blk, 0, sizeof blk);
  at = d.total <= c->free_bytes / 4 * 3
           ? ld__gpool_take(d.total, c->env->device, c->stream, c->pending,
                            &area)
           : NULL;
  if (!at || !fill(c, at, &d, &o, &blk)) {
    ld__gblock_free(c, &blk);
    if (at)
      ld__gpool_free(area, c->env->device, c->stream, c->pending);
    snprintf(why, sizeof why,
             "the direct one run needs %llu bytes of device memory for its "
             "tags, which it cannot have (atomics, fences, printf or clocks "
             "cannot run on copies)",
             (unsigned long long)d.total);
    c->no(&c->m->kernel, c->launch_id, why);
    return 0;
  }
  memset(&gi, 0, sizeof gi);
  gi.stride = 1;
  gi.m = 1;
  gi.warp_units = c->m->warp_units;
  gi.owner = (uint64_t)(uintptr_t)(at + d.table_at);
  gi.clashes = (uint64_t)(uintptr_t)(at + d.clashes_at);
  ld_rt_global_one_info(c->m, c->plan, &o, &gi);
  ld__gblock_info(&blk, &o, &gi);
  (void)ld__glanes_take(c, &lanes);
  ld__glanes_info(&lanes, &gi);
  ld_rt_kernels_redirect(from, to);
  c->run(c->ctx, &gi);
  ld_rt_kernels_redirect(NULL, NULL);
  if (c->pending == cudaSuccess && cudaPeekAtLastError() != cudaSuccess) {
    snprintf(why, sizeof why,
             "the instrumented kernel could not be launched (%s)",
             cudaGetErrorString(cudaGetLastError()));
    ld__glanes_free(c, &lanes);
    ld__gblock_free(c, &blk);
    ld__gpool_free(area, c->env->device, c->stream, c->pending);
    c->no(&c->m->kernel, c->launch_id, why);
    return 0;
  }
  /* A record the ring cannot take, or a table that cannot be read, leaves
   * the launch as run once: counted checked, its clashes unreported. */
  (void)queue_reports(c, at, &d);
  unsigned nb = ld__gblock_reports(c, &blk);
  nb += ld__glanes_reports(c, &lanes);
  ld__glanes_free(c, &lanes);
  unsigned unknown = 0;
  bool loads = (c->m->flags & __LDCC_GM_LOADS) != 0;
  if (!ok(cudaMemcpyAsync(&n, at + d.clashes_at, sizeof n,
                          cudaMemcpyDeviceToHost, c->stream),
          c->pending) ||
      (loads &&
       !ok(cudaMemcpyAsync(&unknown,
                           at + d.table_at + offsetof(__ldcc_gowner, unknown),
                           sizeof unknown, cudaMemcpyDeviceToHost, c->stream),
           c->pending)) ||
      !ok(cudaStreamSynchronize(c->stream), c->pending))
    n = nb = unknown = 0;
  ld__gblock_free(c, &blk);
  ld__gpool_free(area, c->env->device, c->stream, c->pending);
  /* Writes through loaded pointers into memory no entry holds went
   * unchecked: the launch is not checked (its clashes stay reported). */
  if (unknown) {
    snprintf(why, sizeof why,
             "%u stores or atomics through pointers loaded from memory went "
             "to memory ldcc does not know (not from the cudaMalloc family "
             "or a __device__ variable)",
             unknown);
    c->no(&c->m->kernel, c->launch_id, why);
    return 0;
  }
  say(c, n + nb);
  return 1;
}
