/* The host half of the shared-memory replay: what `__ldcc::launch` calls.
 * Initialisation (LDCC_OPTIONS, the report ring in mapped pinned memory,
 * the device's de-duplication counters), placement of a block's copies
 * (the clone that runs the block: `__ldcc_<k>`, or `__ldcc_<k>__lb`,
 * bounded to 1024 threads, for blocks the first cannot run; dynamic shared
 * memory, raising that clone's limit, or a global scratch pool per clone,
 * cached and grown, never freed while the program runs),
 * collection of the ring at each launch and at exit, the summary and the
 * exit status (on_exit), halt_on_error and verbosity=1.
 * Host code; CUDA runtime API only.  The runtime never aborts the user's
 * program: on any failure of its own the launch runs the original kernel,
 * unchecked, and says so once per launch site.  It never clears an error
 * the user's code made (cudaPeekAtLastError; its own errors are cleared
 * only when no user error was pending). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cuda_runtime.h>

#include "ldcc/host.h"
extern "C" {
#include "ld_rt_intercept.h"
#include "ld_rt_options.h"
#include "ld_rt_place.h"
#include "ld_rt_report.h"
#include "ld_rt_internal.h"
}

#define RING_CAPACITY 4096u /* report records; later ones are counted */
#define MAX_CLONES 256      /* kernels with cached placement state */
#define MAX_SITES 1024      /* launch sites remembered for messages */

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

/* site_state.said_placement of a launch the proof let through */
#define SAID_PROVED 100

struct site_state {
  const void *meta;
  int launch_id;
  int said_unchecked;
  int said_global; /* "not checked across blocks" */
  int said_placement;
  int said_big;
  uint64_t said_bytes;
  unsigned launches; /* checked launches with warp groups so far */
};

struct runtime {
  int initialised, usable;
  int nested; /* inside the check across blocks' protocol (ld__rt_nest) */
  int device; /* the device the counters live on */
  char why_unusable[160];
  struct ld_rt_options opt;
  FILE *out;
  struct __ldcc_report *ring_host; /* mapped; host view */
  struct __ldcc_report *ring_dev;  /* device view */
  unsigned *counts_dev;            /* __LDCC_BUCKETS counters + next index */
  unsigned read_pos;
  struct ld_rt_races *races;
  unsigned long checked, unchecked;
  struct clone_state clones[MAX_CLONES];
  unsigned nclones;
  struct site_state sites[MAX_SITES];
  unsigned nsites;
};

/* Recursive: in a deterministic build the check across blocks, which holds
 * it, launches a shared-memory clone through __ldcc_launch_prepare
 * (docs/deterministic.md). */
pthread_mutex_t lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
struct runtime rt; /* zero-initialised; guarded by lock */

/* Our own failed call: forget its error unless the user's code left one. */
bool ok(cudaError_t e, cudaError_t pending) {
  return ld__rt_ok((int)e, (int)pending) != 0;
}

void at_exit(int status, void *arg);

void init(void) {
  cudaError_t pending = cudaPeekAtLastError();
  size_t ring_bytes = RING_CAPACITY * sizeof(struct __ldcc_report);
  void *host = NULL;

  rt.initialised = 1;
  ld_rt_options_defaults(&rt.opt);
  ld_rt_options_parse(&rt.opt, getenv("LDCC_OPTIONS"), stderr);
  rt.out = stderr;
  if (rt.opt.log_path) {
    FILE *f = fopen(rt.opt.log_path, "w");
    if (f)
      rt.out = f;
    else
      fprintf(stderr, "ldcc: cannot open log_path %s; reporting to stderr\n",
              rt.opt.log_path);
  }
  if (rt.opt.help)
    ld_rt_options_print_help(stderr);
  rt.races = ld_rt_races_open(&rt.opt, rt.out, stderr);
  if (!rt.races) {
    snprintf(rt.why_unusable, sizeof rt.why_unusable, "out of host memory");
    return;
  }
  /* Plain host memory registered as mapped: it stays readable after the
   * program's cudaDeviceReset, when the exit handler reads it. */
  if (posix_memalign(&host, 4096, ring_bytes) != 0) {
    snprintf(rt.why_unusable, sizeof rt.why_unusable, "out of host memory");
    return;
  }
  memset(host, 0, ring_bytes);
  if (!ok(cudaHostRegister(host, ring_bytes, cudaHostRegisterMapped),
          pending) ||
      !ok(cudaHostGetDevicePointer((void **)&rt.ring_dev, host, 0),
          pending)) {
    snprintf(rt.why_unusable, sizeof rt.why_unusable,
             "cannot map the report ring into device memory");
    free(host);
    return;
  }
  rt.ring_host = (struct __ldcc_report *)host;
  /* The runtime's own allocations go through the cudaMalloc wrappers too:
   * the registry records them as internal, never as the program's. */
  ld_rt_intercept_internal(1);
  bool counted = ok(cudaMalloc((void **)&rt.counts_dev,
                               (__LDCC_BUCKETS + 1) * sizeof(unsigned)),
                    pending);
  ld_rt_intercept_internal(0);
  if (!counted ||
      !ok(cudaMemset(rt.counts_dev, 0,
                     (__LDCC_BUCKETS + 1) * sizeof(unsigned)),
          pending) ||
      !ok(cudaStreamSynchronize(cudaStreamLegacy), pending)) {
    snprintf(rt.why_unusable, sizeof rt.why_unusable,
             "cannot allocate %u bytes of device memory for reports",
             (unsigned)((__LDCC_BUCKETS + 1) * sizeof(unsigned)));
    return;
  }
  if (!ok(cudaGetDevice(&rt.device), pending)) {
    snprintf(rt.why_unusable, sizeof rt.why_unusable, "no current device");
    return;
  }
  on_exit(at_exit, NULL);
  rt.usable = 1;
}

/* Print the records the device has finished, in order, up to the first
 * one still being written (all of them when `all`). */
void collect(bool all) {
  if (!rt.ring_host)
    return;
  while (rt.read_pos < RING_CAPACITY) {
    struct __ldcc_report *r = &rt.ring_host[rt.read_pos];
    if (!__atomic_load_n(&r->valid, __ATOMIC_ACQUIRE)) {
      if (!all)
        return;
      rt.read_pos++;
      continue;
    }
    ld_rt_races_add(rt.races, r, rt.opt.report ? rt.out : NULL);
    rt.read_pos++;
  }
}

struct site_state *site_of(const void *meta, int launch_id) {
  for (unsigned i = 0; i < rt.nsites; i++)
    if (rt.sites[i].meta == meta && rt.sites[i].launch_id == launch_id)
      return &rt.sites[i];
  if (rt.nsites == MAX_SITES)
    return NULL;
  struct site_state *s = &rt.sites[rt.nsites++];
  memset(s, 0, sizeof *s);
  s->meta = meta;
  s->launch_id = launch_id;
  return s;
}

void site_text(const struct __ldcc_kernel_meta *m, int launch_id, char *buf,
               size_t size) {
  if (m->launch_lines && launch_id >= 0 && (unsigned)launch_id < m->nlaunches)
    snprintf(buf, size, "%s:%d", m->file ? m->file : "?",
             m->launch_lines[launch_id]);
  else
    snprintf(buf, size, "%s", m->file ? m->file : "?");
}

int unchecked_as(const struct __ldcc_kernel_meta *m, int launch_id,
                 const char *state, const char *why) {
  struct site_state *s = site_of(m, launch_id);

  rt.unchecked++;
  if (s && s->said_unchecked)
    return -1;
  if (s)
    s->said_unchecked = 1;
  ld_rt_races_unchecked_as(rt.races, m, launch_id, state, why, rt.out);
  fflush(rt.out);
  return -1;
}

int unchecked(const struct __ldcc_kernel_meta *m, int launch_id,
              const char *why) {
  return unchecked_as(m, launch_id, "not checked", why);
}

struct clone_state *clone_of(const void *clone, int device) {
  for (unsigned i = 0; i < rt.nclones; i++)
    if (rt.clones[i].clone == clone && rt.clones[i].device == device)
      return &rt.clones[i];
  if (rt.nclones == MAX_CLONES)
    return NULL;
  struct clone_state *c = &rt.clones[rt.nclones++];
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

void say_placement(const struct __ldcc_kernel_meta *m, int launch_id,
                   dim3 grid, const struct ld_rt_place_in *in,
                   const struct ld_rt_place_out *pl, unsigned nslots,
                   int big) {
  struct site_state *s = site_of(m, launch_id);
  FILE *out = ld_rt_races_messages(rt.races, rt.out);
  char name[256], where[256];

  if (!s || !out || (s->said_placement == pl->placement + 1 &&
             s->said_bytes == pl->geo.total_bytes && s->said_big == big))
    return;
  s->said_placement = pl->placement + 1;
  s->said_bytes = pl->geo.total_bytes;
  s->said_big = big;
  ld_rt_kernel_name(m, name, sizeof name);
  site_text(m, launch_id, where, sizeof where);
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
            (unsigned long long)(in->static_bytes + in->user_dyn),
            pl->ncopies, pl->nwarps, 1u << pl->group_shift);
  else if (pl->placement == LD_RT_PLACE_SHARED)
    fprintf(out,
            "copies in shared memory: %llu bytes per block (native %llu)",
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
struct clone_state *state_of(const void *clone, int device,
                             cudaError_t pending, const char **why) {
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
      fits = ok(cudaFuncSetAttribute(c->clone,
                                     cudaFuncAttributeMaxDynamicSharedMemorySize,
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
      (!ok(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
               per_sm, c->clone, (int)in->nthreads, 0),
           pending) ||
       *per_sm <= 0))
    return PLACE_SHAPE;
  return PLACE_OK;
}

/* A kernel checked inside its blocks, not across them: said once per
 * site. */
void say_left_out(const struct __ldcc_kernel_meta *m, int launch_id) {
  struct site_state *st;

  if (!m->global_reason || !(st = site_of(m, launch_id)) || st->said_global)
    return;
  st->said_global = 1;
  ld_rt_races_unchecked_as(rt.races, m, launch_id, "not checked across blocks",
                           m->global_reason, rt.out);
  fflush(rt.out);
}

/* Whether the translator's proof covers the launch's block shape. */
bool proved_for(const struct __ldcc_kernel_meta *m, dim3 block) {
  return m->proved && rt.opt.proofs && block.x <= m->proof_max[0] &&
         block.y <= m->proof_max[1] && block.z <= m->proof_max[2];
}

/* verbosity=1, once per site: the launch runs without the replay. */
void say_proved(const struct __ldcc_kernel_meta *m, int launch_id, dim3 grid,
                dim3 block) {
  struct site_state *s = site_of(m, launch_id);
  FILE *out = ld_rt_races_messages(rt.races, rt.out);
  char name[256], where[256];

  if (!s || !out || s->said_placement == SAID_PROVED)
    return;
  s->said_placement = SAID_PROVED;
  ld_rt_kernel_name(m, name, sizeof name);
  site_text(m, launch_id, where, sizeof where);
  fprintf(out,
          "ldcc: launch of %s at %s: %u blocks of %ux%ux%u threads; shared "
          "memory proved race-free for this block shape (in no region do two "
          "threads meet on an element one of them stores to): not replayed, "
          "no copies (proofs=0: replay it)\n",
          name, where, grid.x * grid.y * grid.z, block.x, block.y, block.z);
  fflush(out);
}

int prepare(const struct __ldcc_kernel_meta *m, const void *clone,
            const void *clone_lb, int launch_id, dim3 grid, dim3 block,
            size_t sh, cudaStream_t stream, struct __ldcc_launch_info *li,
            size_t *launch_sh, int *big) {
  cudaError_t pending = cudaPeekAtLastError();
  struct ld_rt_place_in in;
  struct ld_rt_place_out pl;
  struct clone_state *c, *normal, *lb = NULL;
  int device = 0, optin = 0, sms = 0, per_sm = 0, from, pick, placed;
  const char *err = NULL;
  char why[200];

  *big = 0;
  if (!rt.initialised)
    init();
  if (!rt.usable)
    return unchecked(m, launch_id, rt.why_unusable);
  collect(false);
  if (!m || m->abi != __LDCC_HOST_ABI)
    return unchecked(m, launch_id, "metadata of another ldcc version");
  if (proved_for(m, block)) {
    say_left_out(m, launch_id);
    if (rt.opt.verbosity >= 1)
      say_proved(m, launch_id, grid, block);
    return __LDCC_LAUNCH_PROVED;
  }
  if (!ok(cudaGetDevice(&device), pending) ||
      !ok(cudaDeviceGetAttribute(&optin,
                                 cudaDevAttrMaxSharedMemoryPerBlockOptin,
                                 device),
          pending) ||
      !ok(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount,
                                 device),
          pending))
    return unchecked(m, launch_id, "the device's limits are unavailable");
  /* The report counters live on the device that was current at the first
   * checked launch; v1 checks launches on that device only. */
  if (device != rt.device)
    return unchecked(m, launch_id,
                     "v1 checks kernels on the first device used only");
  {
    cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
    if (!ok(cudaStreamIsCapturing(stream, &capture), pending) ||
        capture != cudaStreamCaptureStatusNone)
      return unchecked(m, launch_id, "the stream is being captured");
  }
  normal = state_of(clone, device, pending, &err);
  if (!normal)
    return unchecked(m, launch_id, err);
  in.static_bytes = m->static_bytes;
  in.align = m->align;
  in.user_dyn = sh;
  in.nthreads = block.x * block.y * block.z;
  in.smem_optin = (uint64_t)optin;
  in.groups_ok = li->group_shift == __LDCC_GROUPS_OK && rt.opt.warp_groups;

  /* The normal clone when it runs the block, else the one bounded to 1024
   * threads (registers capped), else the original, unchecked. */
  for (from = LD_RT_CLONE_NORMAL;; from = LD_RT_CLONE_LB) {
    if (clone_lb && !lb &&
        (from == LD_RT_CLONE_LB ||
         in.nthreads > (unsigned)normal->attr.maxThreadsPerBlock))
      lb = state_of(clone_lb, device, pending, &err);
    pick = ld_rt_pick_clone(in.nthreads, from, normal->attr.maxThreadsPerBlock,
                            lb != NULL, lb ? lb->attr.maxThreadsPerBlock : 0);
    if (pick == LD_RT_CLONE_NONE && from == LD_RT_CLONE_LB)
      return unchecked(m, launch_id,
                       "the instrumented kernel cannot run with this block "
                       "shape");
    if (pick == LD_RT_CLONE_NONE) {
      if (lb)
        snprintf(why, sizeof why,
                 "the instrumented kernels run at most %d threads per block "
                 "(registers; %d with __launch_bounds__(1024)), the launch "
                 "asks for %u",
                 normal->attr.maxThreadsPerBlock, lb->attr.maxThreadsPerBlock,
                 in.nthreads);
      else
        snprintf(why, sizeof why,
                 "the instrumented kernel runs at most %d threads per block "
                 "(registers), the launch asks for %u",
                 normal->attr.maxThreadsPerBlock, in.nthreads);
      return unchecked(m, launch_id, why);
    }
    c = pick == LD_RT_CLONE_LB ? lb : normal;
    placed = place_for(c, &in, &pl, &per_sm, pending);
    if (placed == PLACE_ALIGN)
      return unchecked(m, launch_id,
                       "the shared layout's alignment is too big");
    /* With an __lb clone the normal clone is compiled for copies in
     * shared memory only (begin<PLACE_SHARED>): global scratch means the
     * __lb clone. */
    if (placed == PLACE_OK && pick == LD_RT_CLONE_NORMAL && clone_lb &&
        pl.placement != LD_RT_PLACE_SHARED)
      placed = PLACE_SHAPE;
    if (placed == PLACE_OK)
      break;
    if (pick == LD_RT_CLONE_LB || !clone_lb)
      return unchecked(m, launch_id,
                       "the instrumented kernel cannot run with this block "
                       "shape");
  }
  memset(li, 0, sizeof *li);
  if (pl.placement == LD_RT_PLACE_GLOBAL) {
    if (!pool_for(c, pl.slot_bytes, (unsigned)(per_sm * sms), pending)) {
      snprintf(why, sizeof why,
               "not enough device memory for the copies (%llu bytes)",
               (unsigned long long)pl.slot_bytes * per_sm * sms);
      return unchecked(m, launch_id, why);
    }
    li->scratch = c->pool.scratch;
    li->slot_bytes = c->pool.slot_bytes;
    li->nslots = c->pool.nslots;
    li->slot_busy = c->pool.busy;
  }
  li->placement = (uint32_t)pl.placement;
  if (pl.group_shift) {
    /* Which warps share a copy moves from launch to launch. */
    struct site_state *st = site_of(m, launch_id);
    unsigned seq = st ? st->launches++ : 0;
    li->group_shift =
        __ldcc_group_pack(pl.nwarps, pl.group_shift, pl.ncopies, seq);
  }
  li->flags = rt.opt.report_same_value_writes ? __LDCC_LI_REPORT_SAME_VALUE : 0;
  li->launch_id = (uint32_t)launch_id;
  li->user_dyn_smem = sh;
  li->reports = rt.ring_dev;
  li->report_next = rt.counts_dev + __LDCC_BUCKETS;
  li->counts = rt.counts_dev;
  li->report_capacity = RING_CAPACITY;
  li->kernel_meta = m;
  li->launch_meta = NULL;
  *launch_sh = (size_t)pl.launch_smem;
  *big = pick == LD_RT_CLONE_LB;
  say_left_out(m, launch_id);
  if (rt.opt.verbosity >= 1)
    say_placement(m, launch_id, grid, &in, &pl, li->nslots, *big);
  return 0;
}

/* The end of the run: wait for the device, read every record and the
 * instance counts, print the summary, and turn a clean exit into
 * `exitcode` when races were reported. */
void finish_run(int status, bool halting) {
  unsigned *counts = NULL;
  unsigned next = 0;
  uint64_t dropped = 0;
  unsigned long races;

  if (cudaDeviceSynchronize() == cudaSuccess) {
    counts = (unsigned *)malloc((__LDCC_BUCKETS + 1) * sizeof(unsigned));
    if (counts &&
        cudaMemcpy(counts, rt.counts_dev,
                   (__LDCC_BUCKETS + 1) * sizeof(unsigned),
                   cudaMemcpyDeviceToHost) != cudaSuccess) {
      free(counts);
      counts = NULL;
    }
    if (counts) {
      next = counts[__LDCC_BUCKETS];
      if (next > RING_CAPACITY)
        dropped = next - RING_CAPACITY;
    }
  }
  collect(true);
  if (rt.opt.verbosity >= 1) {
    char line[256];
    if (ld_rt_intercept_retries_line(line, sizeof line))
      fputs(line, ld_rt_races_messages(rt.races, rt.out));
  }
  races = ld_rt_races_count(rt.races);
  if (rt.opt.report)
    ld_rt_races_summary(rt.races, counts, rt.checked, rt.unchecked, dropped,
                        rt.out);
  free(counts);
  fflush(NULL);
  if (races && rt.opt.report && (status == 0 || halting))
    _exit((int)rt.opt.exitcode);
}

void at_exit(int status, void *arg) {
  (void)arg;
  pthread_mutex_lock(&lock);
  if (rt.usable && (rt.checked || rt.unchecked))
    finish_run(status, false);
  pthread_mutex_unlock(&lock);
}

} // namespace

extern "C" int __ldcc_launch_prepare(const struct __ldcc_kernel_meta *meta,
                                     const void *clone, const void *clone_lb,
                                     int launch_id, dim3 grid, dim3 block,
                                     size_t sh, cudaStream_t stream,
                                     struct __ldcc_launch_info *li,
                                     size_t *launch_sh, int *big) {
  int rc;

  pthread_mutex_lock(&lock);
  rc = prepare(meta, clone, clone_lb, launch_id, grid, block, sh, stream, li,
               launch_sh, big);
  pthread_mutex_unlock(&lock);
  return rc;
}

extern "C" void __ldcc_launch_done(const struct __ldcc_kernel_meta *meta,
                                   int launch_id, cudaStream_t stream) {
  (void)meta;
  (void)launch_id;
  pthread_mutex_lock(&lock);
  if (!rt.nested) /* else one part of a launch ld__rt_leave counts */
    rt.checked++;
  if (rt.opt.halt_on_error) {
    if (cudaStreamSynchronize(stream) == cudaSuccess) {
      collect(false);
      if (ld_rt_races_count(rt.races))
        finish_run(0, true);
    }
  }
  pthread_mutex_unlock(&lock);
}

/* ---- for the check across blocks (ld_rt_glaunch.cu, ld_rt_internal.h) --- */

/* A strong reference that pulls ld_rt_glaunch.o (and with it the sweeps)
 * into every link that pulls this member (see ld_rt_glaunch.cu). */
extern "C" const int ld__rt_glaunch_linked;
__attribute__((used)) static const int *const glaunch_member =
    &ld__rt_glaunch_linked;

extern "C" int ld__rt_ok(int e, int pending) {
  if (e == cudaSuccess)
    return 1;
  if (pending == cudaSuccess)
    (void)cudaGetLastError();
  return 0;
}

extern "C" int ld__rt_enter(const struct __ldcc_kernel_meta *m, int launch_id,
                            struct ld__rt_env *env) {
  pthread_mutex_lock(&lock);
  if (!rt.initialised)
    init();
  if (!rt.usable) {
    unchecked(m, launch_id, rt.why_unusable);
    return -1;
  }
  collect(false);
  memset(env, 0, sizeof *env);
  env->reports = rt.ring_dev;
  env->report_next = rt.counts_dev + __LDCC_BUCKETS;
  env->counts = rt.counts_dev;
  env->report_capacity = RING_CAPACITY;
  env->report_same_value = rt.opt.report_same_value_writes ? 1 : 0;
  env->max_copies = rt.opt.max_copies;
  env->one_run = rt.opt.one_run;
  env->proofs = rt.opt.proofs;
  env->verbosity = rt.opt.verbosity;
  env->messages = ld_rt_races_messages(rt.races, rt.out);
  env->device = rt.device;
  return 0;
}

extern "C" void ld__rt_nest(int delta) { rt.nested += delta; }

extern "C" void ld__rt_unchecked(const struct __ldcc_kernel_meta *m,
                                 int launch_id, const char *why) {
  unchecked(m, launch_id, why);
}

extern "C" void ld__rt_not_deterministic(const struct __ldcc_kernel_meta *m,
                                         int launch_id, const char *why) {
  unchecked_as(m, launch_id, "not deterministic", why);
}

extern "C" void ld__rt_leave(int checked, void *stream) {
  if (checked) {
    rt.checked++;
    if (rt.opt.halt_on_error &&
        cudaStreamSynchronize((cudaStream_t)stream) == cudaSuccess) {
      collect(false);
      if (ld_rt_races_count(rt.races))
        finish_run(0, true);
    }
  }
  pthread_mutex_unlock(&lock);
}

/* A launch of a kernel with inline intra-warp checks (include/ldcc/its.cuh)
 * that the translator did not turn into __ldcc::launch: the kernel runs as
 * written and reports through the same ring. */
extern "C" int __ldcc_its_arm(struct __ldcc_its_sink *s) {
  int rc = -1;

  pthread_mutex_lock(&lock);
  if (!rt.initialised)
    init();
  if (rt.usable) {
    collect(false);
    rt.checked++;
    memset(s, 0, sizeof *s);
    s->reports = rt.ring_dev;
    s->report_next = rt.counts_dev + __LDCC_BUCKETS;
    s->counts = rt.counts_dev;
    s->report_capacity = RING_CAPACITY;
    rc = 0;
  }
  pthread_mutex_unlock(&lock);
  return rc;
}
