/* The launch protocol of the check across blocks (DESIGN.md §4.3,
 * docs/global-check.md): what `__ldcc::launch_global` calls.
 *
 * From the registry, the allocations the launch writes; M copies of each
 * (free memory, max_copies) in one stream-ordered scratch area; per round
 * of the reshuffling schedule: copies <- S, pass 1 (the clone, every unit
 * shifted to its copy), sweep 1, pass 2, sweep 2, and U committed to S once
 * at the end (or when a round found a race).  Everything is queued on the
 * program's stream; the host waits for it only between rounds.  A launch
 * that cannot be checked runs the original once, unchanged, and says why.
 * With verbosity=2 each checked launch also says where its time went
 * (struct gtimer below; ld_rt_gtime.h).
 * Host code; CUDA runtime API only.  Never clears an error the program
 * left pending (its own failures are cleared only when none was). */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <cuda_runtime.h>

#include "ldcc/global.h"
extern "C" {
#include "ld_error.h"
#include "ld_rt_global.h"
#include "ld_rt_gtime.h"
#include "ld_rt_intercept.h"
#include "ld_rt_internal.h"
#include "ld_rt_schedule.h"
}
#include "ld_rt_gcheck.h"

namespace {

typedef void (*run_fn)(void *ctx, const struct __ldcc_global_info *gi);

bool ok(cudaError_t e, cudaError_t pending) {
  return ld__rt_ok((int)e, (int)pending) != 0;
}

/* __device__ variables announced by the program's constructors get their
 * device address on the first launch that needs the registry. */
int resolve_var(const struct ld_rt_pending_var *v, uint64_t *base,
                void *pending) {
  void *p = NULL;
  if (!ok(cudaGetSymbolAddress(&p, (const void *)(uintptr_t)v->host),
          *(cudaError_t *)pending) ||
      !p)
    return -1;
  *base = (uint64_t)(uintptr_t)p;
  return 0;
}

/* The scratch areas' memory pool, one per device, created on the first
 * area the device needs.  CUDA's default pool gives its memory back at
 * every synchronisation (its release threshold is 0), so every launch
 * mapped its area again; this one keeps what it has (threshold UINT64_MAX)
 * and the next launch reuses it.  The memory it keeps must never make the
 * program fail: the allocation wrappers call trim_pools when a program's
 * allocation is refused for want of memory, and retry it
 * (ld_rt_intercept.h, struct ld_rt_oom_hooks).  A device without memory
 * pools, or a pool that cannot be created, falls back to cudaMallocAsync.
 *
 * pool_lock guards this table, and is never held across an allocation (a
 * wrapper may call trim_pools, which takes it); the pools are created by
 * the launch code under the runtime's lock, and trimmed from any thread.
 * freed[k] is recorded on stream[k] after the latest area freed there: a
 * cudaFreeAsync gives the memory back to the pool only once the stream
 * reaches it, and until then a trim cannot release it.  The table remembers
 * the last POOL_STREAMS streams. */
#define POOL_DEVICES 64
#define POOL_STREAMS 8

struct gpool {
  bool tried;         /* creation attempted */
  cudaMemPool_t pool; /* NULL: none, allocate with cudaMallocAsync */
  unsigned nstreams;  /* stream[0 .. nstreams-1] and their events exist */
  unsigned next;      /* the slot to reuse once all are taken */
  cudaStream_t stream[POOL_STREAMS];
  cudaEvent_t freed[POOL_STREAMS];
};

pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
struct gpool pools[POOL_DEVICES];

int peek_error(void) {
  return (int)cudaPeekAtLastError();
}

void clear_error(void) {
  (void)cudaGetLastError();
}

/* The wrappers' trim hook: for every pool that keeps memory, wait for the
 * frees the runtime queued (its own events, so a stream's later work is
 * not waited for, and never the whole device) and give back everything
 * not in use.  A trim releases only memory no allocation holds, so it is
 * safe at any time and from any thread.  Its calls' errors are left to the
 * wrapper's retry, which sets the error state the program sees; 0 (no
 * retry) only when no pool keeps anything and no call failed. */
int trim_pools(void) {
  int any = 0;

  pthread_mutex_lock(&pool_lock);
  for (int d = 0; d < POOL_DEVICES; d++) {
    struct gpool *g = &pools[d];
    uint64_t reserved = 0; /* cuuint64_t */
    if (!g->pool)
      continue;
    if (cudaMemPoolGetAttribute(g->pool, cudaMemPoolAttrReservedMemCurrent,
                                &reserved) != cudaSuccess) {
      any = 1;
      continue;
    }
    if (reserved == 0)
      continue;
    any = 1;
    for (unsigned k = 0; k < g->nstreams; k++)
      (void)cudaEventSynchronize(g->freed[k]);
    (void)cudaMemPoolTrimTo(g->pool, 0);
  }
  pthread_mutex_unlock(&pool_lock);
  return any;
}

const struct ld_rt_oom_hooks oom_hooks = {peek_error, trim_pools, clear_error};

/* A pool on `device` keeping everything freed into it; NULL when the
 * device has no memory pools or one cannot be made. */
cudaMemPool_t make_pool(int device, cudaError_t pending) {
  struct cudaMemPoolProps props;
  cudaMemPool_t pool = NULL;
  uint64_t keep = UINT64_MAX; /* cuuint64_t */
  int supported = 0;

  if (!ok(cudaDeviceGetAttribute(&supported, cudaDevAttrMemoryPoolsSupported,
                                 device),
          pending) ||
      !supported)
    return NULL;
  memset(&props, 0, sizeof props);
  props.allocType = cudaMemAllocationTypePinned;
  props.handleTypes = cudaMemHandleTypeNone;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = device;
  if (!ok(cudaMemPoolCreate(&pool, &props), pending))
    return NULL;
  if (!ok(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep),
          pending)) {
    (void)ok(cudaMemPoolDestroy(pool), pending);
    return NULL;
  }
  return pool;
}

/* The pool of `device`, created the first time (the hooks registered with
 * the first pool); NULL: use cudaMallocAsync. */
cudaMemPool_t pool_of(int device, cudaError_t pending) {
  cudaMemPool_t pool = NULL;

  if (device < 0 || device >= POOL_DEVICES)
    return NULL;
  pthread_mutex_lock(&pool_lock);
  struct gpool *g = &pools[device];
  if (!g->tried) {
    g->tried = true;
    g->pool = make_pool(device, pending);
    if (g->pool)
      ld_rt_intercept_set_oom(&oom_hooks);
  }
  pool = g->pool;
  pthread_mutex_unlock(&pool_lock);
  return pool;
}

/* Bytes the pool of `device` keeps and no allocation uses: free memory for
 * the next area, though cudaMemGetInfo does not count it. */
uint64_t pool_spare(int device, cudaError_t pending) {
  uint64_t reserved = 0, used = 0; /* cuuint64_t */

  if (device < 0 || device >= POOL_DEVICES)
    return 0;
  pthread_mutex_lock(&pool_lock);
  cudaMemPool_t pool = pools[device].pool;
  if (pool &&
      (!ok(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent,
                                   &reserved),
           pending) ||
       !ok(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &used),
           pending)))
    reserved = used = 0;
  pthread_mutex_unlock(&pool_lock);
  return reserved > used ? reserved - used : 0;
}

/* An area of `need` bytes is about to come from `pool`: when what it keeps
 * unused is too small to hold it, give that back first, so the pool does
 * not keep an old smaller area besides the new one. */
void make_room(cudaMemPool_t pool, int device, uint64_t need,
               cudaError_t pending) {
  uint64_t spare = pool_spare(device, pending);

  if (spare > 0 && spare < need)
    (void)ok(cudaMemPoolTrimTo(pool, 0), pending);
}

/* An area of the pool of `device` was freed on `stream`: remember where, so
 * trim_pools can wait for it. */
void note_free(int device, cudaStream_t stream, cudaError_t pending) {
  unsigned k;

  if (device < 0 || device >= POOL_DEVICES)
    return;
  pthread_mutex_lock(&pool_lock);
  struct gpool *g = &pools[device];
  for (k = 0; k < g->nstreams && g->stream[k] != stream; k++)
    ;
  if (g->pool && k == g->nstreams) {
    if (g->nstreams < POOL_STREAMS) {
      if (!ok(cudaEventCreateWithFlags(&g->freed[k], cudaEventDisableTiming),
              pending)) {
        pthread_mutex_unlock(&pool_lock);
        return;
      }
      g->nstreams++;
    } else {
      k = g->next;
      g->next = (k + 1) % POOL_STREAMS;
    }
    g->stream[k] = stream;
  }
  if (g->pool)
    (void)ok(cudaEventRecord(g->freed[k], stream), pending);
  pthread_mutex_unlock(&pool_lock);
}

/* What every sweep of one launch shares. */
struct sweep_ctx {
  const struct ld_rt_gplan *plan;
  unsigned char *scratch; /* the aligned area */
  unsigned *flag;         /* the race flag in it */
  const struct ld__rt_env *env;
  const struct __ldcc_global_meta *m;
  int launch_id;
  cudaStream_t stream;
  uint32_t ctx[LD_RT_GMAX_ALLOCS]; /* launch context per allocation */
  uint32_t elem_size[LD_RT_GMAX_ALLOCS];
  uint32_t grain[LD_RT_GMAX_ALLOCS];
  uint64_t index_at[LD_RT_GMAX_ALLOCS];
};

/* The sweep arguments of allocation i. */
void sweep_args(const struct sweep_ctx *x, uint32_t i, uint32_t copies,
                uint32_t check, uint32_t commit, struct ld_gcheck_args *out) {
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
 * in use; check and commit as in struct ld_gcheck_args.  false when a
 * launch failed. */
bool sweep_all(const struct sweep_ctx *x, int which, uint32_t copies,
               uint32_t check, uint32_t commit) {
  for (uint32_t i = 0; i < x->plan->nallocs; i++) {
    struct ld_gcheck_args g;
    sweep_args(x, i, copies, check, commit, &g);
    if (ld__rt_gcheck(which, &g, x->stream) != 0)
      return false;
  }
  return true;
}

/* Deterministic mode over every allocation, with the scratch parts the
 * layout placed (LD_RT_GLAYOUT_ACC: the marks and sums; _MERGE: the
 * parallel merge's winners): DET_FILL the round's `copies` copies from S
 * (sweep 4), DET_MERGE them into U, the first running unit first_unit
 * (sweep 3; write-write races are reported whether or not report=0 prints
 * them), or DET_COMMIT U to S (sweep 2 without its check). */
enum det_step { DET_FILL = 4, DET_MERGE = 3, DET_COMMIT = 2 };

bool sweep_det(const struct sweep_ctx *x, enum det_step step, uint32_t copies,
               uint64_t first_unit, unsigned parts) {
  for (uint32_t i = 0; i < x->plan->nallocs; i++) {
    const struct ld_rt_galloc *a = &x->plan->allocs[i];
    struct ld_gcheck_args g;
    sweep_args(x, i, copies, step == DET_MERGE, step == DET_COMMIT, &g);
    g.first_unit = first_unit;
    if (parts & LD_RT_GLAYOUT_ACC) {
      g.marks = (uint32_t *)(x->scratch + a->marks_at);
      g.sums = (struct ld_gsums *)(x->scratch + a->sums_at);
    }
    if (parts & LD_RT_GLAYOUT_MERGE)
      g.winners = (struct ld_gwinners *)(x->scratch + a->winners_at);
    if (ld__rt_gcheck((int)step, &g, x->stream) != 0)
      return false;
  }
  return true;
}

/* The source line of launch launch_id, or 0. */
int launch_line(const struct __ldcc_global_meta *m, int launch_id) {
  if (m->kernel.launch_lines && launch_id >= 0 &&
      (unsigned)launch_id < m->kernel.nlaunches)
    return m->kernel.launch_lines[launch_id];
  return 0;
}

/* verbosity=1: a proved launch runs as built (docs/global-check.md,
 * "Proved launches"). */
void say_own(const struct __ldcc_global_meta *m, int launch_id,
             const struct ld__rt_env *env, const uint32_t g3[3],
             const uint32_t b3[3], uint64_t nunits) {
  if (env->verbosity < 1 || !env->messages)
    return;
  fprintf(env->messages,
          "ldcc: launch of %s at %s:%d: %u blocks of %ux%ux%u threads; "
          "global memory proved race-free across %s for this launch (no two "
          "of its %llu units touch one element of what it writes): run as "
          "built, no copies (proofs=0: check it)\n",
          m->kernel.name ? m->kernel.name : "?",
          m->kernel.file ? m->kernel.file : "?", launch_line(m, launch_id),
          g3[0] * g3[1] * g3[2], b3[0], b3[1], b3[2],
          m->warp_units ? "warps" : "blocks", (unsigned long long)nunits);
  fflush(env->messages);
}

/* verbosity=2: why a kernel with the proof did not run as built. */
void say_not_own(const struct __ldcc_global_meta *m, int launch_id,
                 const struct ld__rt_env *env, const char *why) {
  if (!env->messages)
    return;
  fprintf(env->messages,
          "ldcc: launch of %s at %s:%d: the proof of its global memory does "
          "not cover this launch: %s\n",
          m->kernel.name ? m->kernel.name : "?",
          m->kernel.file ? m->kernel.file : "?", launch_line(m, launch_id),
          why);
  fflush(env->messages);
}

/* The verbose line: `done` is "checked" or, in a deterministic build,
 * "run deterministically". */
void say(const struct ld__rt_env *env, const struct __ldcc_global_meta *m,
         int launch_id, const char *done, uint64_t nunits, uint32_t copies,
         uint64_t rounds, const struct ld_rt_gplan *p) {
  int line = launch_line(m, launch_id);

  if (env->verbosity < 1 || !env->messages)
    return;
  fprintf(env->messages,
          "ldcc: launch of %s at %s:%d %s across %s: %llu units, %u "
          "copies of %u allocations (%llu bytes each copy), %llu rounds\n",
          m->kernel.name ? m->kernel.name : "?",
          m->kernel.file ? m->kernel.file : "?", line, done,
          m->warp_units ? "warps" : "blocks", (unsigned long long)nunits,
          copies, p->nallocs, (unsigned long long)p->copy_bytes,
          (unsigned long long)rounds);
  fflush(env->messages);
}

/* verbosity >= 2: the split of a launch's time into the protocol's phases
 * (ld_rt_gtime.h).  gt_mark records an event on the launch's stream at the
 * end of a phase (the first one, phase LD_RT_GT_COUNT, marks the start);
 * gt_end waits for the last and prints one line.  Events are created as
 * needed, at most GT_EVENTS; when they are all in use, gt_drain reads them
 * (waiting for the last, outside the time reported as the host's) and
 * starts again from the last, which only deterministic mode's many rounds
 * reach.  With verbosity below 2, `on` is false and every call returns at
 * once: no event, no wait.  A CUDA call of its own that fails turns it off
 * for the launch (no line). */
#define GT_EVENTS 1024

struct gtimer {
  bool on;
  cudaStream_t stream;
  cudaError_t pending;
  unsigned n;       /* events recorded since the last drain */
  unsigned created; /* ev[0 .. created-1] exist */
  double start_ms;  /* host clock at the protocol's entry */
  double drain_ms;  /* host time spent draining, not the protocol's */
  struct ld_rt_gtime t;
  cudaEvent_t ev[GT_EVENTS];
  unsigned char phase[GT_EVENTS]; /* the phase ev[k] ends (k >= 1) */
};

double now_ms(void) {
  struct timespec ts;

  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

void gt_start(struct gtimer *g, const struct ld__rt_env *env,
              cudaStream_t stream, cudaError_t pending, int deterministic) {
  g->on = env->verbosity >= 2 && env->messages;
  if (!g->on)
    return;
  g->stream = stream;
  g->pending = pending;
  g->n = g->created = 0;
  g->drain_ms = 0;
  memset(&g->t, 0, sizeof g->t);
  g->t.deterministic = deterministic;
  g->start_ms = now_ms();
}

void gt_off(struct gtimer *g) {
  for (unsigned k = 0; k < g->created; k++)
    (void)ok(cudaEventDestroy(g->ev[k]), g->pending);
  g->created = g->n = 0;
  g->on = false;
}

/* Sum the intervals recorded so far; ev[n-1] becomes ev[0]. */
void gt_drain(struct gtimer *g) {
  float ms[GT_EVENTS];

  if (g->n < 2)
    return;
  if (!ok(cudaEventSynchronize(g->ev[g->n - 1]), g->pending)) {
    gt_off(g);
    return;
  }
  for (unsigned k = 1; k < g->n; k++)
    if (!ok(cudaEventElapsedTime(&ms[k], g->ev[k - 1], g->ev[k]), g->pending)) {
      gt_off(g);
      return;
    }
  ld_rt_gtime_add(&g->t, g->phase + 1, ms + 1, g->n - 1);
  cudaEvent_t last = g->ev[g->n - 1];
  g->ev[g->n - 1] = g->ev[0];
  g->ev[0] = last;
  g->n = 1;
}

void gt_mark(struct gtimer *g, enum ld_rt_gphase phase) {
  if (!g->on)
    return;
  if (g->n == GT_EVENTS) {
    double t0 = now_ms();
    gt_drain(g);
    g->drain_ms += now_ms() - t0;
    if (!g->on)
      return;
  }
  if (g->n == g->created) {
    if (!ok(cudaEventCreate(&g->ev[g->n]), g->pending)) {
      gt_off(g);
      return;
    }
    g->created++;
  }
  if (!ok(cudaEventRecord(g->ev[g->n], g->stream), g->pending)) {
    gt_off(g);
    return;
  }
  g->phase[g->n++] = (unsigned char)phase;
}

/* `copies` copies of every allocation filled from S. */
void gt_filled(struct gtimer *g, const struct ld_rt_gplan *plan,
               uint64_t copies) {
  if (!g->on)
    return;
  for (uint32_t i = 0; i < plan->nallocs; i++)
    g->t.bytes_copied += copies * plan->allocs[i].a.size;
}

/* The host clock when timing, else 0; gt_blocked adds the time since. */
double gt_clock(const struct gtimer *g) {
  return g->on ? now_ms() : 0;
}

void gt_blocked(struct gtimer *g, double since) {
  if (g->on)
    g->t.host_blocked_ms += now_ms() - since;
}

/* The end of the protocol: the line when `print` (the launch was checked),
 * and the events destroyed either way. */
void gt_end(struct gtimer *g, const struct __ldcc_global_meta *m, int launch_id,
            FILE *out, bool print) {
  char text[512];

  if (!g->on)
    return;
  g->t.host_ms = now_ms() - g->start_ms - g->drain_ms;
  if (print)
    gt_drain(g);
  if (print && g->on) {
    ld_rt_gtime_text(&g->t, m->kernel.name, m->kernel.file,
                     launch_line(m, launch_id), text, sizeof text);
    fprintf(out, "%s\n", text);
    fflush(out);
  }
  gt_off(g);
}

/* Says why a launch runs the original: ld__rt_unchecked, or
 * ld__rt_not_deterministic in a deterministic build. */
typedef void (*say_fn)(const struct __ldcc_kernel_meta *m, int launch_id,
                       const char *why);

/* The steps both protocols take before any copy: the plan, the units, the
 * device, the stream, free memory.  Returns 1 to go on (*plan, *in
 * filled), 0 when the caller must run the original (`no` said why), 2
 * when it already ran. */
int prepare(const struct __ldcc_global_meta *m, int launch_id,
            const uint32_t g3[3], const uint32_t b3[3], cudaStream_t stream,
            const struct __ldcc_global_arg *args, unsigned nargs, run_fn run,
            void *ctx, const struct ld__rt_env *env, cudaError_t pending,
            say_fn no, struct ld_rt_gplan *plan, struct ld_rt_copies_in *in) {
  char why[200];
  int rc;

  (void)ld_rt_intercept_resolve_vars(resolve_var, &pending);
  rc = ld_rt_global_plan(m, args, nargs, ld_rt_allocations(), plan, why,
                         sizeof why);
  if (rc == LD_RT_GPLAN_UNCHECKED) {
    no(&m->kernel, launch_id, why);
    return 0;
  }
  memset(in, 0, sizeof *in);
  in->nunits = ld_rt_global_units(g3, b3, (int)m->warp_units);
  if (rc == LD_RT_GPLAN_NOTHING || in->nunits <= 1) {
    run(ctx, NULL); /* nothing written, or nothing to compare */
    return 2;
  }
  /* Proved: no two units touch one element of what it writes. */
  if (env->proofs && ld_rt_global_own_ok(m, plan, args, nargs, g3, b3, why,
                                         sizeof why)) {
    say_own(m, launch_id, env, g3, b3, in->nunits);
    run(ctx, NULL);
    return 2;
  }
  if (env->verbosity >= 2 && (m->flags & __LDCC_GM_OWN))
    say_not_own(m, launch_id, env, why);
  {
    /* The sweeps report into counters on the first device used. */
    int device = -1;
    if (!ok(cudaGetDevice(&device), pending) || device != env->device) {
      no(&m->kernel, launch_id,
         "v1 checks kernels on the first device used only");
      return 0;
    }
  }
  {
    cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
    if (!ok(cudaStreamIsCapturing(stream, &capture), pending) ||
        capture != cudaStreamCaptureStatusNone) {
      no(&m->kernel, launch_id, "the stream is being captured");
      return 0;
    }
  }
  {
    size_t free_b = 0, total_b = 0;
    if (!ok(cudaMemGetInfo(&free_b, &total_b), pending)) {
      no(&m->kernel, launch_id, "the device's free memory is unknown");
      return 0;
    }
    /* What the runtime's pool keeps unused is free for this launch's
     * area, though the device does not count it: without it M would
     * shrink launch after launch. */
    in->free_bytes = free_b + pool_spare(env->device, pending);
  }
  in->copy_bytes = plan->copy_bytes;
  in->fixed_bytes = plan->fixed_bytes;
  return 1;
}

/* Not even two copies fit. */
void no_room(const struct __ldcc_global_meta *m, int launch_id,
             const struct ld_rt_gplan *plan, say_fn no) {
  char why[200];

  snprintf(why, sizeof why,
           "not enough device memory for two copies of what it writes "
           "(%llu bytes each)",
           (unsigned long long)plan->copy_bytes);
  no(&m->kernel, launch_id, why);
}

void free_area(unsigned char *area, int device, cudaStream_t stream,
               cudaError_t pending) {
  ld_rt_intercept_internal(1);
  bool freed = ok(cudaFreeAsync(area, stream), pending);
  ld_rt_intercept_internal(0);
  if (freed)
    note_free(device, stream, pending);
}

/* One scratch area of `total` bytes on the stream, from the pool of
 * `device` (cudaMallocAsync without one), internal to the registry; *area
 * is what to free, the result its LD_RT_GALIGN-aligned start; NULL (and
 * `no` said why) when it cannot be had.  One spare alignment unit: the
 * copies' placement modulo 256 assumes an area aligned to it, which the
 * allocator need not promise. */
unsigned char *take_area(const struct __ldcc_global_meta *m, int launch_id,
                         uint64_t total, int device, cudaStream_t stream,
                         cudaError_t pending, say_fn no,
                         unsigned char **area) {
  cudaMemPool_t pool = pool_of(device, pending);
  uint64_t bytes = total + LD_RT_GALIGN;
  char why[200];
  bool got;

  *area = NULL;
  if (pool)
    make_room(pool, device, bytes, pending);
  ld_rt_intercept_internal(1);
  if (pool)
    got = ok(cudaMallocFromPoolAsync((void **)area, bytes, pool, stream),
             pending);
  else
    got = ok(cudaMallocAsync((void **)area, bytes, stream), pending);
  ld_rt_intercept_internal(0);
  if (!got) {
    snprintf(why, sizeof why,
             "cannot allocate %llu bytes of device memory for the copies",
             (unsigned long long)total);
    no(&m->kernel, launch_id, why);
    return NULL;
  }
  return (unsigned char *)(((uintptr_t)*area + LD_RT_GALIGN - 1) /
                           LD_RT_GALIGN * LD_RT_GALIGN);
}

/* The sweeps' shared part and what reports call each allocation: its
 * registry name with indices from its base, else the first written
 * parameter pointing into it. */
void sweep_init(struct sweep_ctx *x, const struct ld_rt_gplan *plan,
                unsigned char *scratch, unsigned *flag,
                const struct ld__rt_env *env,
                const struct __ldcc_global_meta *m, int launch_id,
                cudaStream_t stream, const struct __ldcc_global_arg *args) {
  memset(x, 0, sizeof *x);
  x->plan = plan;
  x->scratch = scratch;
  x->flag = flag;
  x->env = env;
  x->m = m;
  x->launch_id = launch_id;
  x->stream = stream;
  for (uint32_t i = 0; i < plan->nallocs; i++) {
    const struct __ldcc_global_arg *a = &args[plan->allocs[i].param];
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

/* What both protocols set up once M is known: the scratch area of `total`
 * bytes (*area, to free), the shift table and the sweeps' context; false
 * (and `no` said why) when the area cannot be had. */
bool begin(const struct __ldcc_global_meta *m, int launch_id,
           const struct ld_rt_gplan *plan, uint64_t total, uint32_t mcopies,
           cudaStream_t stream, const struct __ldcc_global_arg *args,
           unsigned nargs, const struct ld__rt_env *env, cudaError_t pending,
           say_fn no, unsigned char **area, struct __ldcc_global_info *gi,
           struct sweep_ctx *x) {
  unsigned char *scratch =
      take_area(m, launch_id, total, env->device, stream, pending, no, area);

  if (!scratch)
    return false;
  ld_rt_global_info(plan, m, args, nargs, (uint64_t)(uintptr_t)scratch, gi);
  gi->m = mcopies;
  sweep_init(x, plan, scratch, (unsigned *)(scratch + total - LD_RT_GALIGN),
             env, m, launch_id, stream, args);
  return true;
}

/* Allocation i's launch context for the reports: copies `copies`, stride
 * units per group (deterministic: records name units). */
void intern_ctx(struct sweep_ctx *x, uint32_t i,
                const struct __ldcc_global_arg *args, const uint32_t g3[3],
                const uint32_t b3[3], uint32_t copies, uint64_t stride,
                uint64_t nunits, uint32_t deterministic) {
  struct ld_rt_gctx c;
  const struct ld_rt_galloc *a = &x->plan->allocs[i];
  const struct __ldcc_global_meta *m = x->m;

  memset(&c, 0, sizeof c);
  c.kernel = &m->kernel;
  /* A __device__ variable by its name in the source (the registry has its
   * symbol, mangled inside a namespace). */
  c.name = a->param >= m->nparams || !a->a.name ? m->param_names[a->param]
                                                : a->a.name;
  c.index_at = x->index_at[i];
  c.base = a->a.base;
  c.elem_size = x->elem_size[i];
  c.value_kind = args[a->param].value_kind;
  memcpy(c.grid, g3, sizeof c.grid);
  memcpy(c.block, b3, sizeof c.block);
  c.warp_units = m->warp_units;
  c.m = copies;
  c.stride = stride;
  c.nunits = nunits;
  c.deterministic = deterministic;
  if (ld_rt_gctx_intern(&c, &x->ctx[i]) != LD_OK)
    x->ctx[i] = 0;
}

/* Copies 0 .. used-1 of every allocation <- S; false when one could not be
 * queued. */
bool refresh_copies(const struct ld_rt_gplan *plan, unsigned char *scratch,
                    uint32_t used, cudaStream_t stream, cudaError_t pending) {
  for (uint32_t i = 0; i < plan->nallocs; i++) {
    const struct ld_rt_galloc *a = &plan->allocs[i];
    uint64_t lead = a->a.base % LD_RT_GALIGN;
    for (uint32_t k = 0; k < used; k++)
      if (!ok(cudaMemcpyAsync(scratch + a->at + (k + 1) * a->slot + lead,
                              (const void *)(uintptr_t)a->a.base, a->a.size,
                              cudaMemcpyDeviceToDevice, stream),
              pending))
        return false;
  }
  return true;
}

/* After the clone's first launch: when it could not be launched (a limit
 * the program raised for the original only, resources), clear the
 * runtime's own error (only when the program had none pending), free the
 * area and say why; true then, and the caller runs the original. */
bool clone_refused(const struct __ldcc_global_meta *m, int launch_id,
                   unsigned char *area, int device, cudaStream_t stream,
                   cudaError_t pending, say_fn no) {
  char why[200];

  if (pending != cudaSuccess || cudaPeekAtLastError() == cudaSuccess)
    return false;
  snprintf(why, sizeof why,
           "the instrumented kernel could not be launched (%s)",
           cudaGetErrorString(cudaGetLastError()));
  free_area(area, device, stream, pending);
  no(&m->kernel, launch_id, why);
  return true;
}

/* Says nothing: the one run falls back to copies without a word. */
void quiet(const struct __ldcc_kernel_meta *m, int launch_id, const char *why) {
  (void)m;
  (void)launch_id;
  (void)why;
}

/* verbosity >= 1: what the one run found. */
void say_one(const struct ld__rt_env *env, const struct __ldcc_global_meta *m,
             int launch_id, int deterministic, uint64_t nunits,
             const struct ld_rt_gplan *p, bool conflict) {
  int line = launch_line(m, launch_id);
  const char *name = m->kernel.name ? m->kernel.name : "?";
  const char *file = m->kernel.file ? m->kernel.file : "?";

  if (env->verbosity < 1 || !env->messages)
    return;
  if (conflict)
    fprintf(env->messages,
            "ldcc: launch of %s at %s:%d: in one run two %s touched a word "
            "one of them stored to; memory put back, %s with copies\n",
            name, file, line, m->warp_units ? "warps" : "blocks",
            deterministic ? "running it" : "checking it");
  else
    fprintf(env->messages,
            "ldcc: launch of %s at %s:%d %s across %s in one run: %llu "
            "units, none touched a word another stored to (%u allocations, "
            "%llu bytes)\n",
            name, file, line,
            deterministic ? "run deterministically" : "checked",
            m->warp_units ? "warps" : "blocks", (unsigned long long)nunits,
            p->nallocs, (unsigned long long)p->copy_bytes);
  fflush(env->messages);
}

/* The one run (docs/global-check.md, "One run"): a launch whose pointers
 * into written memory are all claimed runs once, on the program's memory,
 * each access claiming its words for its unit (gput and gget, or glog in a
 * deterministic build's shared-memory clone, whose claimed parameters are
 * only stored through).  When no unit touched a word another unit stored
 * to, no unit read what another stored and no two stored to one word:
 * the launch is race-free and its result is the one every order gives:
 * checked (or, deterministic, run in unit order) with no copy.  Returns
 * 1 then; 0 when the caller goes on with copies (the run was not taken,
 * or two units claimed a word and the written allocations were put back
 * from the run's own copy of them); -1 when the clone could not be
 * launched (`no` said why; the caller runs the original); 2 when units
 * clashed but the memory could not be put back (`no` said so: the launch
 * ran once, unchecked). */
int one_run(const struct __ldcc_global_meta *m, int launch_id,
            const struct ld_rt_gplan *plan, const struct ld_rt_copies_in *in,
            cudaStream_t stream, run_fn run, void *ctx,
            const struct ld__rt_env *env, cudaError_t pending,
            int deterministic, struct gtimer *gt, say_fn no) {
  struct ld_rt_gone_part parts[LD_RT_GMAX_ALLOCS];
  struct __ldcc_gowner o;
  struct __ldcc_global_info gi;
  uint64_t table_at = 0, flag_at = 0, total;
  unsigned char *area = NULL, *at;
  unsigned found = 0;
  bool failed;
  uint32_t i;

  if (!env->one_run || !ld_rt_global_one_run_ok(m, plan, in->nunits))
    return 0;
  total = ld_rt_global_one_layout(plan, parts, &table_at, &flag_at);
  if (total > in->free_bytes / 4 * 3)
    return 0;
  gt_mark(gt, LD_RT_GT_COUNT); /* the start */
  at = take_area(m, launch_id, total, env->device, stream, pending, quiet,
                 &area);
  if (!at)
    return 0;
  gt_mark(gt, LD_RT_GT_ALLOC);
  ld_rt_global_one_table(plan, parts, (uint64_t)(uintptr_t)at, flag_at, &o);
  failed = !ok(cudaMemcpyAsync(at + table_at, &o, sizeof o,
                               cudaMemcpyHostToDevice, stream),
               pending) ||
           !ok(cudaMemsetAsync(at + flag_at, 0, sizeof found, stream), pending);
  for (i = 0; i < plan->nallocs && !failed; i++) {
    const struct ld_rt_alloc *a = &plan->allocs[i].a;
    failed = !ok(cudaMemsetAsync(at + parts[i].tags_at, 0,
                                 parts[i].tags_bytes, stream),
                 pending) ||
             !ok(cudaMemcpyAsync(at + parts[i].backup_at,
                                 (const void *)(uintptr_t)a->base, a->size,
                                 cudaMemcpyDeviceToDevice, stream),
                 pending);
  }
  if (failed) {
    free_area(area, env->device, stream, pending);
    return 0;
  }
  gt_filled(gt, plan, 1);
  gt_mark(gt, LD_RT_GT_FILL);
  memset(&gi, 0, sizeof gi);
  gi.stride = 1;
  gi.m = 1;
  gi.warp_units = m->warp_units;
  if (deterministic) {
    gi.deterministic = 1;
    gi.round_units = ~0ull; /* every unit runs, nothing shifted */
  }
  gi.owner = (uint64_t)(uintptr_t)(at + table_at);
  ld_rt_global_one_info(m, plan, &o, &gi);
  run(ctx, &gi);
  if (clone_refused(m, launch_id, area, env->device, stream, pending, no))
    return -1;
  gt_mark(gt, deterministic ? LD_RT_GT_PASS : LD_RT_GT_PASS1);
  double waited = gt_clock(gt);
  /* A failed read leaves the launch as run once: whatever failed (the
   * kernel's own fault) the program meets at its next call. */
  if (!ok(cudaMemcpyAsync(&found, at + flag_at, sizeof found,
                          cudaMemcpyDeviceToHost, stream),
          pending) ||
      !ok(cudaStreamSynchronize(stream), pending))
    found = 0;
  gt_blocked(gt, waited);
  gt_mark(gt, LD_RT_GT_WAIT);
  failed = false;
  for (i = 0; i < plan->nallocs && found && !failed; i++) {
    const struct ld_rt_alloc *a = &plan->allocs[i].a;
    failed = !ok(cudaMemcpyAsync((void *)(uintptr_t)a->base,
                                 at + parts[i].backup_at, a->size,
                                 cudaMemcpyDeviceToDevice, stream),
                 pending);
  }
  free_area(area, env->device, stream, pending);
  gt_mark(gt, LD_RT_GT_FREE);
  if (failed) {
    /* Going on with the copies would run the launch a second time over
     * its own results. */
    no(&m->kernel, launch_id,
       "units clashed in the one run and its memory could not be put back; "
       "the launch ran once");
    return 2;
  }
  say_one(env, m, launch_id, deterministic, in->nunits, plan, found != 0);
  return found ? 0 : 1;
}

/* The whole protocol; returns 1 when checked, 0 when the caller must run
 * the original (the reason was reported), 2 when it already ran. */
int protocol(const struct __ldcc_global_meta *m, int launch_id, dim3 grid,
             dim3 block, cudaStream_t stream,
             const struct __ldcc_global_arg *args, unsigned nargs, run_fn run,
             void *ctx, const struct ld__rt_env *env) {
  cudaError_t pending = cudaPeekAtLastError();
  static struct ld_rt_gplan plan; /* under the runtime's lock */
  static struct gtimer gt;        /* the same */
  struct ld_rt_copies_in in;
  struct __ldcc_global_info gi;
  uint32_t g3[3] = {grid.x, grid.y, grid.z}, b3[3] = {block.x, block.y,
                                                       block.z};
  uint32_t mcopies = 0, rounds, r, i;
  struct sweep_ctx x;
  uint64_t nunits, total;
  unsigned char *area = NULL;
  int rc;

  gt_start(&gt, env, stream, pending, 0);
  rc = prepare(m, launch_id, g3, b3, stream, args, nargs, run, ctx, env,
               pending, ld__rt_unchecked, &plan, &in);
  if (rc != 1)
    return rc;
  nunits = in.nunits;
  rc = one_run(m, launch_id, &plan, &in, stream, run, ctx, env, pending, 0,
               &gt, ld__rt_unchecked);
  if (rc != 0) {
    gt_end(&gt, m, launch_id, env->messages, rc == 1);
    return rc < 0 ? 0 : rc;
  }
  /* As many copies as fit (and max_copies allows), then the number of
   * them that costs least: every copy costs a fill and its part of both
   * sweeps, a round two runs of the kernel and the sweeps' fixed part
   * (ld_rt_schedule_best_copies). */
  in.max_copies = env->max_copies;
  if (ld_rt_schedule_pick_copies(&in, &mcopies) != LD_OK) {
    no_room(m, launch_id, &plan, ld__rt_unchecked);
    return 0;
  }
  mcopies = ld_rt_schedule_best_copies(nunits, mcopies, in.copy_bytes);
  rounds = ld_rt_schedule_rounds(nunits, mcopies);
  total = ld_rt_global_layout(&plan, mcopies);
  gt_mark(&gt, LD_RT_GT_COUNT); /* the start */
  if (!begin(m, launch_id, &plan, total, mcopies, stream, args, nargs, env,
             pending, ld__rt_unchecked, &area, &gi, &x)) {
    gt_end(&gt, m, launch_id, env->messages, false);
    return 0;
  }
  say(env, m, launch_id, "checked", nunits, mcopies, rounds, &plan);
  bool failed = !ok(cudaMemsetAsync(x.flag, 0, sizeof *x.flag, stream), pending);
  gt_mark(&gt, LD_RT_GT_ALLOC);
  for (r = 0; r < rounds && !failed; r++) {
    uint32_t used = ld_rt_schedule_copies(nunits, mcopies, r);
    gi.stride = ld_rt_schedule_stride(nunits, mcopies, r);
    for (i = 0; i < plan.nallocs; i++)
      intern_ctx(&x, i, args, g3, b3, mcopies, gi.stride, nunits, 0);
    failed = !refresh_copies(&plan, x.scratch, used, stream, pending);
    if (failed)
      break;
    gt_filled(&gt, &plan, used);
    gt_mark(&gt, LD_RT_GT_FILL);
    /* Pass 1.  A clone that cannot be launched (resources, a limit the
     * program raised for the original only) leaves the program's error
     * state as it found it and runs the original instead. */
    run(ctx, &gi);
    if (clone_refused(m, launch_id, area, env->device, stream, pending,
                      ld__rt_unchecked)) {
      gt_end(&gt, m, launch_id, env->messages, false);
      return 0;
    }
    gt_mark(&gt, LD_RT_GT_PASS1);
    failed = !sweep_all(&x, 1, used, 0, 0);
    gt_mark(&gt, LD_RT_GT_SWEEP1);
    run(ctx, &gi); /* pass 2 */
    gt_mark(&gt, LD_RT_GT_PASS2);
    failed = failed || !sweep_all(&x, 2, used, 1, r + 1 == rounds);
    gt_mark(&gt, LD_RT_GT_SWEEP2);
    if (failed || r + 1 == rounds)
      break;
    /* A race found in this round ends the search: commit its U. */
    unsigned found = 0;
    double waited = gt_clock(&gt);
    if (!ok(cudaMemcpyAsync(&found, x.flag, sizeof found, cudaMemcpyDeviceToHost,
                            stream),
            pending) ||
        !ok(cudaStreamSynchronize(stream), pending)) {
      failed = true;
      break;
    }
    gt_blocked(&gt, waited);
    gt_mark(&gt, LD_RT_GT_WAIT);
    if (found) {
      failed = !sweep_all(&x, 2, used, 0, 1);
      gt_mark(&gt, LD_RT_GT_SWEEP2);
      break;
    }
  }
  free_area(area, env->device, stream, pending);
  gt_mark(&gt, LD_RT_GT_FREE);
  gt_end(&gt, m, launch_id, env->messages, !failed);
  /* Nothing reaches the program's memory before the committing sweep, the
   * last call, so a step that could not be queued leaves it as it was: the
   * original runs once instead. */
  if (failed) {
    ld__rt_unchecked(&m->kernel, launch_id,
                     "the check's own copies or kernels could not be queued");
    return 0;
  }
  return 1;
}

/* Deterministic mode (docs/deterministic-global.md): one pass, every unit
 * on a copy of its own initialised from S, ceil(N / M) rounds of M units,
 * each round's copies merged into U in unit order (sweep 3), U committed
 * to S once at the end (sweep 4).  Returns as protocol does. */
int protocol_det(const struct __ldcc_global_meta *m, int launch_id, dim3 grid,
                 dim3 block, cudaStream_t stream,
                 const struct __ldcc_global_arg *args, unsigned nargs,
                 run_fn run, void *ctx, const struct ld__rt_env *env) {
  cudaError_t pending = cudaPeekAtLastError();
  static struct ld_rt_gplan plan; /* under the runtime's lock */
  static struct gtimer gt;        /* the same */
  struct ld_rt_copies_in in;
  struct __ldcc_global_info gi;
  uint32_t g3[3] = {grid.x, grid.y, grid.z}, b3[3] = {block.x, block.y,
                                                       block.z};
  uint32_t mcopies = 0, i;
  uint64_t rounds = 0, r, total;
  int acc = (m->flags & __LDCC_GM_ACCUMULATES) != 0, parallel = 0;
  unsigned parts = acc ? LD_RT_GLAYOUT_ACC : 0;
  struct sweep_ctx x;
  unsigned char *area = NULL;
  char why[200];
  int rc;

  gt_start(&gt, env, stream, pending, 1);
  rc = prepare(m, launch_id, g3, b3, stream, args, nargs, run, ctx, env,
               pending, ld__rt_not_deterministic, &plan, &in);
  if (rc != 1)
    return rc;
  rc = one_run(m, launch_id, &plan, &in, stream, run, ctx, env, pending, 1,
               &gt, ld__rt_not_deterministic);
  if (rc != 0) {
    gt_end(&gt, m, launch_id, env->messages, rc == 1);
    return rc < 0 ? 0 : rc;
  }
  /* Every unit needs a copy of its own whatever M is, so more copies only
   * save rounds: no default cap, max_copies only when the user set it. */
  in.max_copies = env->max_copies;
  if (acc)
    in.fixed_bytes += ld_rt_global_acc_bytes(&plan);
  /* The parallel merge's scratch costs about eight copies' worth: taken
   * only when more than LD_GMERGE_SEQ_MAX copies still fit with it. */
  rc = ld_rt_schedule_det_pick_merge(&in, ld_rt_global_merge_bytes(&plan),
                                     LD_GMERGE_SEQ_MAX, &mcopies, &rounds,
                                     &parallel);
  if (rc != LD_OK) {
    if (rc != LD_ERANGE) {
      no_room(m, launch_id, &plan, ld__rt_not_deterministic);
      return 0;
    }
    snprintf(why, sizeof why,
             "%llu units would copy %llu bytes each (more than %llu in all)",
             (unsigned long long)in.nunits,
             (unsigned long long)plan.copy_bytes, LD_RT_DET_MAX_BYTES);
    ld__rt_not_deterministic(&m->kernel, launch_id, why);
    return 0;
  }
  if (parallel)
    parts |= LD_RT_GLAYOUT_MERGE;
  total = ld_rt_global_layout_det(&plan, mcopies, parts);
  gt_mark(&gt, LD_RT_GT_COUNT); /* the start */
  if (!begin(m, launch_id, &plan, total, mcopies, stream, args, nargs, env,
             pending, ld__rt_not_deterministic, &area, &gi, &x)) {
    gt_end(&gt, m, launch_id, env->messages, false);
    return 0;
  }
  gi.stride = 1;
  gi.deterministic = 1;
  for (i = 0; i < plan.nallocs; i++)
    intern_ctx(&x, i, args, g3, b3, UINT32_MAX, 1, in.nunits, 1);
  say(env, m, launch_id, "run deterministically", in.nunits, mcopies, rounds,
      &plan);
  bool failed = !ok(cudaMemsetAsync(x.flag, 0, sizeof *x.flag, stream), pending);
  gt_mark(&gt, LD_RT_GT_ALLOC);
  /* U starts as S; marks, sums and winners start at 0 (the merge zeroes
   * the winners again after each round): part of round 0's fill. */
  gt_filled(&gt, &plan, 1);
  for (i = 0; i < plan.nallocs && !failed; i++) {
    const struct ld_rt_galloc *a = &plan.allocs[i];
    uint64_t chunks = ld_rt_global_chunks(&plan, i);
    failed = !ok(cudaMemcpyAsync(x.scratch + a->at + a->a.base % LD_RT_GALIGN,
                                 (const void *)(uintptr_t)a->a.base,
                                 a->a.size, cudaMemcpyDeviceToDevice, stream),
                 pending);
    if (!failed && acc)
      failed = !ok(cudaMemsetAsync(x.scratch + a->marks_at, 0,
                                   a->sums_at - a->marks_at +
                                       chunks * sizeof(struct ld_gsums),
                                   stream),
                   pending);
    if (!failed && parallel)
      failed = !ok(cudaMemsetAsync(x.scratch + a->winners_at, 0,
                                   chunks * sizeof(struct ld_gwinners), stream),
                   pending);
  }
  for (r = 0; r < rounds && !failed; r++) {
    uint64_t first, count;
    ld_rt_schedule_det_range(in.nunits, mcopies, r, &first, &count);
    gi.first_unit = first;
    gi.round_units = count;
    if (acc)
      ld_rt_global_acc(&plan, (uint64_t)(uintptr_t)x.scratch, (uint32_t)count,
                       &gi);
    failed = !sweep_det(&x, DET_FILL, (uint32_t)count, first, parts);
    if (failed)
      break;
    gt_filled(&gt, &plan, count);
    gt_mark(&gt, LD_RT_GT_FILL);
    run(ctx, &gi);
    if (r == 0 && clone_refused(m, launch_id, area, env->device, stream,
                                pending, ld__rt_not_deterministic)) {
      gt_end(&gt, m, launch_id, env->messages, false);
      return 0;
    }
    gt_mark(&gt, LD_RT_GT_PASS);
    failed = !sweep_det(&x, DET_MERGE, (uint32_t)count, first, parts);
    gt_mark(&gt, LD_RT_GT_MERGE);
  }
  failed = failed || !sweep_det(&x, DET_COMMIT, 0, 0, parts);
  gt_mark(&gt, LD_RT_GT_COMMIT);
  free_area(area, env->device, stream, pending);
  gt_mark(&gt, LD_RT_GT_FREE);
  gt_end(&gt, m, launch_id, env->messages, !failed);
  /* Nothing reaches the program's memory before the committing sweep, the
   * last call: a step that could not be queued leaves it as it was. */
  if (failed) {
    ld__rt_not_deterministic(
        &m->kernel, launch_id,
        "the mode's own copies or kernels could not be queued");
    return 0;
  }
  return 1;
}

} // namespace

/* ld_rt_launch.cu refers to this strongly: translated code refers to
 * __ldcc_global_launch only weakly (global.h), which never pulls an archive
 * member into a link, so without it the protocol would be left out and
 * every launch would run unchecked.  ld_rt_launch.o itself is pulled in by
 * the driver's --undefined=__ldcc_launch_prepare. */
extern "C" const int ld__rt_glaunch_linked = 1;

namespace {
typedef int (*protocol_fn)(const struct __ldcc_global_meta *m, int launch_id,
                           dim3 grid, dim3 block, cudaStream_t stream,
                           const struct __ldcc_global_arg *args,
                           unsigned nargs, run_fn run, void *ctx,
                           const struct ld__rt_env *env);

/* The launch's arguments with the __device__ variables the kernel writes
 * after its parameters (ld_rt_global_plan), each at its device address
 * (NULL when it has none: the plan then leaves the launch unchecked), in
 * all; args itself when it writes none. */
const struct __ldcc_global_arg *
with_vars(const struct __ldcc_global_meta *m,
          const struct __ldcc_global_arg *args, unsigned nargs,
          struct __ldcc_global_arg all[LD_RT_GSLOTS]) {
  if (!m || m->abi != __LDCC_GLOBAL_ABI || m->reason || !m->nvars ||
      !m->vars || m->nparams > __LDCC_GMAX_PARAMS ||
      m->nvars > __LDCC_GMAX_PTRS)
    return args;
  cudaError_t pending = cudaPeekAtLastError();
  for (unsigned i = 0; i < m->nparams; i++)
    all[i] = i < nargs ? args[i]
                       : __ldcc_global_arg{NULL, 0, 1, __LDCC_VK_OTHER, 0};
  for (unsigned i = 0; i < m->nvars; i++) {
    void *p = NULL;
    cudaPointerAttributes at;
    /* A __managed__ variable's host name is its managed memory already:
     * no symbol has that address, but it is the device's too. */
    if (!ok(cudaGetSymbolAddress(&p, m->vars[i].ptr), pending))
      p = ok(cudaPointerGetAttributes(&at, m->vars[i].ptr), pending) &&
                  at.type == cudaMemoryTypeManaged
              ? (void *)m->vars[i].ptr
              : NULL;
    all[m->nparams + i] = m->vars[i];
    all[m->nparams + i].ptr = p;
  }
  return all;
}

void launch_with(protocol_fn protocol_of,
                 const struct __ldcc_global_meta *meta, int launch_id,
                 dim3 grid, dim3 block, cudaStream_t stream,
                 const struct __ldcc_global_arg *args, unsigned nargs,
                 run_fn run, void *ctx) {
  struct ld__rt_env env;
  int rc = 0;

  if (ld__rt_enter(meta ? &meta->kernel : NULL, launch_id, &env) == 0) {
    static struct __ldcc_global_arg all[LD_RT_GSLOTS]; /* under the lock */
    ld__rt_nest(1);
    rc = protocol_of(meta, launch_id, grid, block, stream,
                     with_vars(meta, args, nargs, all), nargs, run, ctx, &env);
    ld__rt_nest(-1);
  }
  if (rc == 0)
    run(ctx, NULL);
  ld__rt_leave(rc != 0, (void *)stream);
}
} // namespace

extern "C" void
__ldcc_global_launch(const struct __ldcc_global_meta *meta, int launch_id,
                     dim3 grid, dim3 block, size_t sh, cudaStream_t stream,
                     const struct __ldcc_global_arg *args, unsigned nargs,
                     void (*run)(void *ctx, const struct __ldcc_global_info *),
                     void *ctx) {
  (void)sh;
  launch_with(protocol, meta, launch_id, grid, block, stream, args, nargs,
              run, ctx);
}

extern "C" void __ldcc_global_launch_det(
    const struct __ldcc_global_meta *meta, int launch_id, dim3 grid,
    dim3 block, size_t sh, cudaStream_t stream,
    const struct __ldcc_global_arg *args, unsigned nargs,
    void (*run)(void *ctx, const struct __ldcc_global_info *), void *ctx) {
  (void)sh;
  launch_with(protocol_det, meta, launch_id, grid, block, stream, args, nargs,
              run, ctx);
}
