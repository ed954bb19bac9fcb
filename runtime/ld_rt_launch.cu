/* The host half of the shared-memory replay: what `__ldcc::launch` calls
 * (__ldcc_launch_prepare; its end, __ldcc_launch_done, is the core's).
 * Placement of a block's copies (the clone that runs the block:
 * `__ldcc_<k>`, or `__ldcc_<k>__lb`, bounded to 1024 threads, for blocks
 * the first cannot run; dynamic shared memory, raising that clone's limit,
 * or a global scratch pool per clone, cached and grown, never freed while
 * the program runs), the launch info, verbosity=1.  The lock, the ring and
 * the not-checked lines are the core's (ld_rt_core.h).
 * Host code; CUDA runtime API only.  The runtime never aborts the user's
 * program: on any failure of its own the launch runs the original kernel,
 * unchecked, and says so once per launch site.  It never clears an error
 * the user's code made (cudaPeekAtLastError; its own errors are cleared
 * only when no user error was pending). */
#include <stdio.h>
#include <string.h>

#include <cuda_runtime.h>

#include "ldcc/host.h"
extern "C" {
#include "ld_rt_core.h"
#include "ld_rt_intercept.h"
#include "ld_rt_kernels.h"
#include "ld_rt_place.h"
#include "ld_rt_report.h"
}

#define MAX_CLONES 256 /* kernels with cached placement state */

namespace {

struct pool {
  unsigned char *scratch; /* nslots * slot_bytes, device */
  unsigned *busy;         /* nslots words, device */
  uint64_t slot_bytes;
  unsigned nslots;
};

struct clone_state {
  const void *clone;
  int device;
  cudaFuncAttributes attr;
  int have_attr;
  size_t smem_limit_set; /* dynamic shared memory the clone may use now */
  struct pool pool;
};

/* ld__rt_site.said_placement of a launch the proof let through */
#define SAID_PROVED 100

/* Under the runtime's lock (ld__rt_enter). */
struct clone_state clones[MAX_CLONES];
unsigned nclones;

/* Our own failed call: forget its error unless the user's code left one. */
bool ok(cudaError_t e, cudaError_t pending) {
  return ld__rt_ok((int)e, (int)pending) != 0;
}

int unchecked(const struct __ldcc_kernel_meta *m, int launch_id,
              const char *why) {
  ld__rt_unchecked(m, launch_id, why);
  return -1;
}

struct clone_state *clone_of(const void *clone, int device) {
  for (unsigned i = 0; i < nclones; i++)
    if (clones[i].clone == clone && clones[i].device == device)
      return &clones[i];
  if (nclones == MAX_CLONES)
    return NULL;
  struct clone_state *c = &clones[nclones++];
  memset(c, 0, sizeof *c);
  c->clone = clone;
  c->device = device;
  return c;
}

/* A pool with at least nslots slots of slot_bytes.  The old pool stays
 * allocated: launches still queued may use it. */
bool pool_for(struct clone_state *c, uint64_t slot_bytes, unsigned nslots,
              cudaError_t pending) {
  struct pool p;

  if (c->pool.scratch && c->pool.slot_bytes >= slot_bytes &&
      c->pool.nslots >= nslots)
    return true;
  if (c->pool.slot_bytes > slot_bytes)
    slot_bytes = c->pool.slot_bytes;
  if (c->pool.nslots > nslots)
    nslots = c->pool.nslots;
  p.slot_bytes = slot_bytes;
  p.nslots = nslots;
  ld_rt_intercept_internal(1); /* the pools are the runtime's memory */
  bool made = ok(cudaMalloc((void **)&p.scratch, slot_bytes * nslots), pending);
  if (made &&
      (!ok(cudaMalloc((void **)&p.busy, nslots * sizeof(unsigned)), pending) ||
       !ok(cudaMemset(p.busy, 0, nslots * sizeof(unsigned)), pending) ||
       !ok(cudaStreamSynchronize(cudaStreamLegacy), pending))) {
    cudaFree(p.scratch);
    made = false;
  }
  ld_rt_intercept_internal(0);
  if (!made)
    return false;
  c->pool = p;
  return true;
}

void say_placement(const struct __ldcc_kernel_meta *m, int launch_id, dim3 grid,
                   const struct ld_rt_place_in *in,
                   const struct ld_rt_place_out *pl, unsigned nslots, int big,
                   FILE *out) {
  struct ld__rt_site *s = ld__rt_site_of(m, launch_id);
  char name[256], where[256];

  if (!s || !out ||
      (s->said_placement == pl->placement + 1 &&
       s->said_bytes == pl->geo.total_bytes && s->said_big == big))
    return;
  s->said_placement = pl->placement + 1;
  s->said_bytes = pl->geo.total_bytes;
  s->said_big = big;
  ld_rt_kernel_name(m, name, sizeof name);
  ld__rt_site_text(m, launch_id, where, sizeof where);
  fprintf(out,
          "ldcc: launch of %s at %s: %u blocks of %u threads (%u warps); "
          "arena %llu bytes (targets %llu); ",
          name, where, grid.x * grid.y * grid.z, in->nthreads, pl->nwarps,
          (unsigned long long)pl->geo.arena_bytes,
          (unsigned long long)(in->static_bytes + in->user_dyn));
  if (pl->placement == LD_RT_PLACE_SHARED && pl->group_shift)
    fprintf(out,
            "copies in shared memory: %llu bytes per block (native %llu), "
            "%u copies for %u warps: %u warps share each copy, so races "
            "between them are checked only in the blocks and launches where "
            "they do not (warp_groups=0: a copy per warp)",
            (unsigned long long)pl->geo.total_bytes,
            (unsigned long long)(in->static_bytes + in->user_dyn), pl->ncopies,
            pl->nwarps, 1u << pl->group_shift);
  else if (pl->placement == LD_RT_PLACE_SHARED)
    fprintf(out, "copies in shared memory: %llu bytes per block (native %llu)",
            (unsigned long long)pl->geo.total_bytes,
            (unsigned long long)(in->static_bytes + in->user_dyn));
  else
    fprintf(out,
            "copies in global memory: %llu bytes per block, %u slots "
            "(%llu bytes)",
            (unsigned long long)pl->slot_bytes, nslots,
            (unsigned long long)pl->slot_bytes * nslots);
  fprintf(out, "; clone __ldcc_%s%s\n", m->name ? m->name : "?",
          big ? "__lb" : "");
  fflush(out);
}

/* The clone's attributes, cached; NULL with *why set when unavailable. */
struct clone_state *state_of(const void *clone, int device, cudaError_t pending,
                             const char **why) {
  struct clone_state *c = clone_of(clone, device);

  if (!c) {
    *why = "too many kernels for the runtime's table";
    return NULL;
  }
  if (!c->have_attr) {
    if (!ok(cudaFuncGetAttributes(&c->attr, clone), pending)) {
      *why = "the instrumented kernel is unavailable";
      return NULL;
    }
    c->have_attr = 1;
    c->smem_limit_set = (size_t)c->attr.maxDynamicSharedSizeBytes;
  }
  return c;
}

#define PLACE_OK 0
#define PLACE_SHAPE 1 /* the clone cannot run this block shape */
#define PLACE_ALIGN 2 /* the layout's alignment is too big */

/* The placement of a block's copies for clone c: shared memory when it
 * fits (raising c's dynamic shared memory limit), else global scratch;
 * *per_sm is the clone's resident blocks for the chosen placement. */
int place_for(struct clone_state *c, struct ld_rt_place_in *in,
              struct ld_rt_place_out *pl, int *per_sm, cudaError_t pending) {
  in->clone_static_smem = c->attr.sharedSizeBytes;
  if (ld_rt_place(in, pl) != 0)
    return PLACE_ALIGN;
  if (pl->placement == LD_RT_PLACE_SHARED) {
    bool fits = true;
    if (pl->launch_smem > c->smem_limit_set) {
      fits = ok(cudaFuncSetAttribute(
                    c->clone, cudaFuncAttributeMaxDynamicSharedMemorySize,
                    (int)pl->launch_smem),
                pending);
      if (fits)
        c->smem_limit_set = pl->launch_smem;
    }
    if (fits)
      fits = ok(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                    per_sm, c->clone, (int)in->nthreads, pl->launch_smem),
                pending) &&
             *per_sm > 0;
    if (!fits)
      ld_rt_place_global(in, pl);
  }
  if (pl->placement == LD_RT_PLACE_GLOBAL &&
      (!ok(cudaOccupancyMaxActiveBlocksPerMultiprocessor(per_sm, c->clone,
                                                         (int)in->nthreads, 0),
           pending) ||
       *per_sm <= 0))
    return PLACE_SHAPE;
  return PLACE_OK;
}

/* Whether the translator's proof covers the launch's block shape. */
bool proved_for(const struct __ldcc_kernel_meta *m, dim3 block,
                const struct ld__rt_env *env) {
  return m->proved && env->proofs && block.x <= m->proof_max[0] &&
         block.y <= m->proof_max[1] && block.z <= m->proof_max[2];
}

/* verbosity=1, once per site: the launch runs without the replay. */
void say_proved(const struct __ldcc_kernel_meta *m, int launch_id, dim3 grid,
                dim3 block, FILE *out) {
  struct ld__rt_site *s = ld__rt_site_of(m, launch_id);
  char name[256], where[256];

  if (!s || !out || s->said_placement == SAID_PROVED)
    return;
  s->said_placement = SAID_PROVED;
  ld_rt_kernel_name(m, name, sizeof name);
  ld__rt_site_text(m, launch_id, where, sizeof where);
  fprintf(out,
          "ldcc: launch of %s at %s: %u blocks of %ux%ux%u threads; shared "
          "memory proved race-free for this block shape (in no region do two "
          "threads meet on an element one of them stores to): not replayed, "
          "no copies (proofs=0: replay it)\n",
          name, where, grid.x * grid.y * grid.z, block.x, block.y, block.z);
  fflush(out);
}

/* One launch being prepared. */
struct shared_launch {
  const struct __ldcc_launch_request *rq;
  const struct __ldcc_kernel_meta *m;
  const struct ld__rt_env *env;
  cudaError_t pending; /* the program's error at entry */
  int device, optin, sms;
  struct ld_rt_place_in in;
  struct ld_rt_place_out pl;
  struct clone_state *c; /* the clone that runs the block */
  int per_sm;            /* its resident blocks per SM */
  int pick;              /* LD_RT_CLONE_NORMAL or _LB */
};

/* The device's limits, the device and the stream; 0 to go on, -1 when the
 * launch runs unchecked (said). */
int check_device(struct shared_launch *S) {
  const struct __ldcc_kernel_meta *m = S->m;
  int launch_id = S->rq->launch_id;

  if (!ok(cudaGetDevice(&S->device), S->pending) ||
      !ok(cudaDeviceGetAttribute(
              &S->optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, S->device),
          S->pending) ||
      !ok(cudaDeviceGetAttribute(&S->sms, cudaDevAttrMultiProcessorCount,
                                 S->device),
          S->pending))
    return unchecked(m, launch_id, "the device's limits are unavailable");
  /* The report counters live on the device that was current at the first
   * checked launch; v1 checks launches on that device only. */
  if (S->device != S->env->device)
    return unchecked(m, launch_id,
                     "v1 checks kernels on the first device used only");
  cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
  if (!ok(cudaStreamIsCapturing(S->rq->stream, &capture), S->pending) ||
      capture != cudaStreamCaptureStatusNone)
    return unchecked(m, launch_id, "the stream is being captured");
  return 0;
}

/* No clone runs this many threads: say the limits. */
int too_many_threads(const struct shared_launch *S,
                     const struct clone_state *normal,
                     const struct clone_state *lb) {
  char why[200];

  if (lb)
    snprintf(why, sizeof why,
             "the instrumented kernels run at most %d threads per block "
             "(registers; %d with __launch_bounds__(1024)), the launch "
             "asks for %u",
             normal->attr.maxThreadsPerBlock, lb->attr.maxThreadsPerBlock,
             S->in.nthreads);
  else
    snprintf(why, sizeof why,
             "the instrumented kernel runs at most %d threads per block "
             "(registers), the launch asks for %u",
             normal->attr.maxThreadsPerBlock, S->in.nthreads);
  return unchecked(S->m, S->rq->launch_id, why);
}

/* The normal clone when it runs the block, else the one bounded to 1024
 * threads (registers capped), else the original, unchecked: S->c, S->pick
 * and the placement S->pl; 0, or -1 (said). */
int pick_clone(struct shared_launch *S, struct clone_state *normal) {
  const void *clone_lb = S->rq->clone_lb;
  const struct __ldcc_kernel_meta *m = S->m;
  int launch_id = S->rq->launch_id, from, placed;
  struct clone_state *lb = NULL;
  const char *err = NULL;

  for (from = LD_RT_CLONE_NORMAL;; from = LD_RT_CLONE_LB) {
    if (clone_lb && !lb &&
        (from == LD_RT_CLONE_LB ||
         S->in.nthreads > (unsigned)normal->attr.maxThreadsPerBlock))
      lb = state_of(clone_lb, S->device, S->pending, &err);
    S->pick =
        ld_rt_pick_clone(S->in.nthreads, from, normal->attr.maxThreadsPerBlock,
                         lb != NULL, lb ? lb->attr.maxThreadsPerBlock : 0);
    if (S->pick == LD_RT_CLONE_NONE && from == LD_RT_CLONE_LB)
      return unchecked(m, launch_id,
                       "the instrumented kernel cannot run with this block "
                       "shape");
    if (S->pick == LD_RT_CLONE_NONE)
      return too_many_threads(S, normal, lb);
    S->c = S->pick == LD_RT_CLONE_LB ? lb : normal;
    placed = place_for(S->c, &S->in, &S->pl, &S->per_sm, S->pending);
    if (placed == PLACE_ALIGN)
      return unchecked(m, launch_id,
                       "the shared layout's alignment is too big");
    /* With an __lb clone the normal clone is compiled for copies in
     * shared memory only (begin<PLACE_SHARED>): global scratch means the
     * __lb clone. */
    if (placed == PLACE_OK && S->pick == LD_RT_CLONE_NORMAL && clone_lb &&
        S->pl.placement != LD_RT_PLACE_SHARED)
      placed = PLACE_SHAPE;
    if (placed == PLACE_OK)
      return 0;
    if (S->pick == LD_RT_CLONE_LB || !clone_lb)
      return unchecked(m, launch_id,
                       "the instrumented kernel cannot run with this block "
                       "shape");
  }
}

/* The stores table of a device (host.h, li.stores; include/ldcc/
 * replay.cuh, stores_claim): 2^STORES_BITS entries, allocated and zeroed
 * at the device's first launch of more than one block, never freed and
 * never cleared again (each launch stamps its claims with its own serial).
 * NULL when it cannot be had: the launch is checked without it, as before
 * session 40. */
#define STORES_BITS 20
#define MAX_STORES 64 /* devices */
struct stores_table {
  int device;
  unsigned long long *at;
};
struct stores_table stores_tables[MAX_STORES];
unsigned nstores_tables;
uint32_t stores_serial;

unsigned long long *stores_for(int device, cudaError_t pending) {
  const size_t bytes = sizeof(unsigned long long) << STORES_BITS;
  unsigned long long *at = NULL;

  for (unsigned i = 0; i < nstores_tables; i++)
    if (stores_tables[i].device == device)
      return stores_tables[i].at;
  if (nstores_tables == MAX_STORES)
    return NULL;
  ld_rt_intercept_internal(1);
  if (ok(cudaMalloc((void **)&at, bytes), pending) &&
      (!ok(cudaMemset(at, 0, bytes), pending) ||
       !ok(cudaStreamSynchronize(cudaStreamLegacy), pending))) {
    cudaFree(at);
    at = NULL;
  }
  ld_rt_intercept_internal(0);
  if (at) /* a failure is tried again at the next launch */
    stores_tables[nstores_tables++] = {device, at};
  return at;
}

/* The clone's launch info from the placement; 0, or -1 when the global
 * scratch pool cannot be had (said). */
int fill_info(struct shared_launch *S, struct __ldcc_launch_info *li) {
  const struct ld__rt_env *env = S->env;
  const struct ld_rt_place_out *pl = &S->pl;
  int launch_id = S->rq->launch_id;
  struct clone_state *c = S->c;
  char why[200];

  memset(li, 0, sizeof *li);
  if (pl->placement == LD_RT_PLACE_GLOBAL) {
    if (!pool_for(c, pl->slot_bytes, (unsigned)(S->per_sm * S->sms),
                  S->pending)) {
      snprintf(why, sizeof why,
               "not enough device memory for the copies (%llu bytes)",
               (unsigned long long)pl->slot_bytes * S->per_sm * S->sms);
      return unchecked(S->m, launch_id, why);
    }
    li->scratch = c->pool.scratch;
    li->slot_bytes = c->pool.slot_bytes;
    li->nslots = c->pool.nslots;
    li->slot_busy = c->pool.busy;
  }
  li->placement = (uint32_t)pl->placement;
  if (pl->group_shift) {
    /* Which warps share a copy moves from launch to launch. */
    struct ld__rt_site *st = ld__rt_site_of(S->m, launch_id);
    unsigned seq = st ? st->launches++ : 0;
    li->group_shift =
        __ldcc_group_pack(pl->nwarps, pl->group_shift, pl->ncopies, seq);
  }
  li->flags = env->report_same_value ? __LDCC_LI_REPORT_SAME_VALUE : 0;
  li->launch_id = (uint32_t)launch_id;
  li->user_dyn_smem = S->rq->sh;
  li->reports = env->reports;
  li->report_next = env->report_next;
  li->counts = env->counts;
  li->report_capacity = env->report_capacity;
  li->kernel_meta = S->m;
  li->launch_meta = NULL;
  if ((uint64_t)S->rq->grid.x * S->rq->grid.y * S->rq->grid.z > 1) {
    li->stores = stores_for(S->device, S->pending);
    li->stores_bits = STORES_BITS;
    /* 24 bits, never 0 (an empty entry) */
    stores_serial = stores_serial % 0xffffffu + 1;
    li->stores_serial = stores_serial;
  }
  return 0;
}

/* Between ld__rt_enter and ld__rt_leave: 0 when the clone runs (li,
 * *launch_sh, *big set), __LDCC_LAUNCH_PROVED, or -1 (said why). */
int prepare(const struct __ldcc_launch_request *rq,
            const struct ld__rt_env *env, struct __ldcc_launch_info *li,
            size_t *launch_sh, int *big) {
  const struct __ldcc_kernel_meta *m = rq->meta;
  struct shared_launch S;
  struct clone_state *normal;
  const char *err = NULL;

  memset(&S, 0, sizeof S);
  S.rq = rq;
  S.m = m;
  S.env = env;
  S.pending = cudaPeekAtLastError();
  if (!m || m->abi != __LDCC_HOST_ABI)
    return unchecked(m, rq->launch_id, "metadata of another ldcc version");
  if (proved_for(m, rq->block, env)) {
    ld__rt_not_across(m, rq->launch_id);
    if (env->verbosity >= 1)
      say_proved(m, rq->launch_id, rq->grid, rq->block, env->messages);
    return __LDCC_LAUNCH_PROVED;
  }
  if (check_device(&S) != 0)
    return -1;
  normal = state_of(rq->clone, S.device, S.pending, &err);
  if (!normal)
    return unchecked(m, rq->launch_id, err);
  S.in.static_bytes = m->static_bytes;
  S.in.align = m->align;
  S.in.user_dyn = rq->sh;
  S.in.nthreads = rq->block.x * rq->block.y * rq->block.z;
  S.in.smem_optin = (uint64_t)S.optin;
  S.in.groups_ok = li->group_shift == __LDCC_GROUPS_OK && env->warp_groups;
  if (pick_clone(&S, normal) != 0 || fill_info(&S, li) != 0)
    return -1;
  *launch_sh = (size_t)S.pl.launch_smem;
  *big = S.pick == LD_RT_CLONE_LB;
  ld__rt_not_across(m, rq->launch_id);
  if (env->verbosity >= 1)
    say_placement(m, rq->launch_id, rq->grid, &S.in, &S.pl, li->nslots, *big,
                  env->messages);
  return 0;
}

} // namespace

extern "C" int __ldcc_launch_prepare(const struct __ldcc_launch_request *rq,
                                     struct __ldcc_launch_info *li,
                                     size_t *launch_sh, int *big) {
  struct ld__rt_env env;
  int rc = -1;

  *big = 0;
  /* The launch probe of a composed kernel's direct run (ld_rt_gdirect.cu):
   * which clone would run is decided here, at run time; nothing is said
   * or counted, and the original's lambda only records a kernel. */
  if (ld_rt_kernels_capturing()) {
    ld_rt_kernels_spoil();
    return -1;
  }
  if (ld__rt_enter(rq->meta, rq->launch_id, &env) == 0)
    rc = prepare(rq, &env, li, launch_sh, big);
  ld__rt_leave(0, NULL);
  return rc;
}

/* A strong reference that pulls ld_rt_glaunch.o (and with it the sweeps)
 * into every link that pulls this member (see ld_rt_glaunch.cu). */
extern "C" const int ld__rt_glaunch_linked;
__attribute__((used)) static const int *const glaunch_member =
    &ld__rt_glaunch_linked;
