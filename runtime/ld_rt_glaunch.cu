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
 * (ld_rt_gtimer.h).  The scratch areas come from ld_rt_gpool.cu, the
 * sweeps' arguments from ld_rt_gsweep.cu; this file is the protocol: one
 * skeleton (protocol) for both modes, the check and deterministic mode
 * (struct gmode), over one context (struct glaunch).
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
#include "ld_rt_core.h"
#include "ld_rt_global.h"
#include "ld_rt_gtime.h"
#include "ld_rt_intercept.h"
#include "ld_rt_kernels.h"
#include "ld_rt_schedule.h"
}
#include "ld_rt_gcheck.h"
#include "ld_rt_gdirect.h"
#include "ld_rt_gflog.h"
#include "ld_rt_gpool.h"
#include "ld_rt_gsweep.h"
#include "ld_rt_gtimer.h"

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

/* What a mode of the protocol does besides the steps both share
 * (protocol below): the check (docs/global-check.md) or deterministic
 * mode (docs/deterministic-global.md). */
struct glaunch;
struct gmode {
  int deterministic;
  /* Says why a launch runs the original: ld__rt_unchecked, or
   * ld__rt_not_deterministic in a deterministic build. */
  void (*no)(const struct __ldcc_kernel_meta *m, int launch_id,
             const char *why);
  const char *done;         /* the verbose line's "checked" */
  const char *queue_failed; /* why, when its own steps cannot be queued */
  /* M, the rounds and the area's size; false when the launch cannot be
   * had (`no` said why). */
  bool (*size)(struct glaunch *L);
  /* Once the area is taken, before the verbose line; may be NULL. */
  void (*setup)(struct glaunch *L);
  /* The rounds, after the race flag was cleared (`failed` when that could
   * not be queued): ROUNDS_OK, ROUNDS_FAILED, or ROUNDS_REFUSED when the
   * clone could not be launched (the area is freed and `no` said why). */
  int (*rounds)(struct glaunch *L, bool failed);
};

enum { ROUNDS_OK = 0, ROUNDS_FAILED = 1, ROUNDS_REFUSED = -1 };

/* Everything one launch through the protocol uses.  One object, under the
 * runtime's lock (protocols never nest: a clone a deterministic build
 * launches goes through __ldcc_launch_prepare). */
struct glaunch {
  const struct __ldcc_global_meta *m;
  int launch_id;
  uint32_t g3[3], b3[3]; /* grid and block */
  size_t sh;             /* the user's dynamic shared memory */
  cudaStream_t stream;
  const struct __ldcc_global_arg *args; /* with the written variables */
  unsigned nargs;
  run_fn run;
  void *ctx;
  const struct ld__rt_env *env;
  cudaError_t pending; /* the program's error at entry */
  const struct gmode *mode;
  struct ld_rt_gplan plan;
  struct ld_rt_copies_in in;
  struct ld__gtimer gt;
  uint32_t mcopies;    /* M */
  uint64_t rounds;     /* of the schedule */
  uint64_t total;      /* bytes of the scratch area */
  unsigned parts;      /* deterministic: LD_RT_GLAYOUT_* of the layout */
  unsigned char *area; /* to free */
  struct __ldcc_global_info gi;
  struct ld__gsweep x;
  struct ld__gflog flog; /* deterministic, __LDCC_GM_FLOAT_SUMS */
  struct ld__gplog plog; /* deterministic, __LDCC_GM_PRINTF */
};

/* Threads of the launch. */
uint64_t threads_of(const struct glaunch *L) {
  return (uint64_t)L->g3[0] * L->g3[1] * L->g3[2] * L->b3[0] * L->b3[1] *
         L->b3[2];
}

/* A deterministic launch whose clone logs floating-point sums: it takes
 * the copies whatever else holds (one unit too: its threads' additions
 * are ordered by the log, not by running them). */
bool float_sums(const struct glaunch *L) {
  return L->mode->deterministic && (L->m->flags & __LDCC_GM_FLOAT_SUMS);
}

/* A deterministic launch whose clone logs its printf lines: the same (one
 * unit too: its lanes' lines are put in order by the log). */
bool prints(const struct glaunch *L) {
  return L->mode->deterministic && (L->m->flags & __LDCC_GM_PRINTF);
}

/* Either log: the launch takes the copies whatever else holds. */
bool logs(const struct glaunch *L) {
  return float_sums(L) || prints(L);
}

void no(struct glaunch *L, const char *why) {
  L->mode->no(&L->m->kernel, L->launch_id, why);
}

/* The end of the time split (ld_rt_gtimer.h). */
void gt_end(struct glaunch *L, bool print) {
  ld__gt_end(&L->gt, L->m, launch_line(L->m, L->launch_id), L->env->messages,
             print);
}

/* The launch's printf lines, the used bytes of its log, to stdout in unit
 * order; a warning when they cannot be (the launch's work is done: it does
 * not run again). */
void print_lines(const struct glaunch *L, unsigned long long used) {
  if (!ld__gplog_print(&L->plog, used, L->stream))
    fprintf(stderr,
            "ldcc: warning: the printf lines of this launch of %s could not "
            "be printed\n",
            L->m->kernel.name ? L->m->kernel.name : "?");
}

/* A deterministic launch of a kernel that prints and writes no global
 * memory: the clone runs once on the program's memory with the log of
 * printf lines, which are then printed in unit order (the round runs
 * again with a larger log when they did not fit: it writes nothing).
 * Returns 2 (it ran), or 0 when the caller must run the original (`no`
 * said why). */
int print_only(struct glaunch *L) {
  struct __ldcc_global_info gi;
  unsigned long long used = 0;
  char why[200];

  memset(&gi, 0, sizeof gi);
  gi.stride = 1;
  gi.m = 1;
  gi.deterministic = 1;
  gi.round_units = ~0ull; /* every unit, on its own memory */
  if (!ld__gplog_open(&L->plog, LD_GPLOG_FIRST, L->stream)) {
    no(L, "not enough device memory for the log of its printf lines");
    return 0;
  }
  for (;;) {
    gi.plog = L->plog.dev;
    L->run(L->ctx, &gi);
    if (L->pending == cudaSuccess && cudaPeekAtLastError() != cudaSuccess) {
      snprintf(why, sizeof why,
               "the instrumented kernel could not be launched (%s)",
               cudaGetErrorString(cudaGetLastError()));
      ld__gplog_close(&L->plog);
      no(L, why);
      return 0;
    }
    if (!ld__gplog_count(&L->plog, L->stream, &used))
      break;
    if (used <= L->plog.cap)
      break;
    if (!ld__gplog_grow(&L->plog, used + used / 4 + 4096, 0, L->stream)) {
      ld__gplog_close(&L->plog);
      no(L, "not enough device memory for the log of its printf lines");
      return 0;
    }
  }
  print_lines(L, used);
  ld__gplog_close(&L->plog);
  return 2;
}

/* The steps both modes take before any copy: the plan, the units, the
 * device, the stream, free memory.  Returns 1 to go on (L->plan, L->in
 * filled), 0 when the caller must run the original (`no` said why), 2
 * when it already ran. */
int prepare(struct glaunch *L) {
  const struct __ldcc_global_meta *m = L->m;
  const struct ld__rt_env *env = L->env;
  char why[200];
  int rc;

  (void)ld_rt_intercept_resolve_vars(resolve_var, &L->pending);
  rc = ld_rt_global_plan(m, L->args, L->nargs, ld_rt_allocations(), &L->plan,
                         why, sizeof why);
  if (rc == LD_RT_GPLAN_UNCHECKED) {
    no(L, why);
    return 0;
  }
  memset(&L->in, 0, sizeof L->in);
  L->in.nunits = ld_rt_global_units(L->g3, L->b3, (int)m->warp_units);
  if (rc == LD_RT_GPLAN_NOTHING && prints(L))
    return print_only(L);
  /* Nothing written, or one unit and the lanes of one warp not checked:
   * nothing to compare.  (One unit with lanes on takes the one run or the
   * direct run for the lanes' check, or runs as built: protocol.) */
  if (rc == LD_RT_GPLAN_NOTHING ||
      (L->in.nunits <= 1 && !env->lanes && !logs(L))) {
    L->run(L->ctx, NULL);
    return 2;
  }
  /* Proved: no two units touch one element of what it writes. */
  if (env->proofs && ld_rt_global_own_ok(m, &L->plan, L->args, L->nargs, L->g3,
                                         L->b3, why, sizeof why)) {
    say_own(m, L->launch_id, env, L->g3, L->b3, L->in.nunits);
    L->run(L->ctx, NULL);
    return 2;
  }
  if (env->verbosity >= 2 && (m->flags & __LDCC_GM_OWN))
    say_not_own(m, L->launch_id, env, why);
  {
    /* The sweeps report into counters on the first device used. */
    int device = -1;
    if (!ok(cudaGetDevice(&device), L->pending) || device != env->device) {
      no(L, "v1 checks kernels on the first device used only");
      return 0;
    }
  }
  {
    cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
    if (!ok(cudaStreamIsCapturing(L->stream, &capture), L->pending) ||
        capture != cudaStreamCaptureStatusNone) {
      no(L, "the stream is being captured");
      return 0;
    }
  }
  {
    size_t free_b = 0, total_b = 0;
    if (!ok(cudaMemGetInfo(&free_b, &total_b), L->pending)) {
      no(L, "the device's free memory is unknown");
      return 0;
    }
    /* What the runtime's pool keeps unused is free for this launch's
     * area, though the device does not count it: without it M would
     * shrink launch after launch. */
    L->in.free_bytes = free_b + ld__gpool_spare(env->device, L->pending);
  }
  L->in.limit_bytes = (uint64_t)env->copy_memory_mb << 20;
  L->in.copy_bytes = L->plan.copy_bytes;
  L->in.fixed_bytes = L->plan.fixed_bytes;
  return 1;
}

/* Not even two copies fit. */
void no_room(struct glaunch *L) {
  char why[200];

  snprintf(why, sizeof why,
           "not enough device memory for two copies of what it writes "
           "(%llu bytes each)",
           (unsigned long long)L->plan.copy_bytes);
  no(L, why);
}

/* A scratch area of `total` bytes (ld__gpool_take); NULL when it cannot be
 * had, said unless `quietly`. */
unsigned char *take_area(struct glaunch *L, uint64_t total, bool quietly,
                         unsigned char **area) {
  unsigned char *at =
      ld__gpool_take(total, L->env->device, L->stream, L->pending, area);
  char why[200];

  if (!at && !quietly) {
    snprintf(why, sizeof why,
             "cannot allocate %llu bytes of device memory for the copies",
             (unsigned long long)total);
    no(L, why);
  }
  return at;
}

void free_area(struct glaunch *L, unsigned char *area) {
  ld__gpool_free(area, L->env->device, L->stream, L->pending);
}

/* What both modes set up once M is known: the scratch area of L->total
 * bytes (L->area, to free), the shift table and the sweeps' context;
 * false (and `no` said why) when the area cannot be had. */
bool begin(struct glaunch *L) {
  unsigned char *scratch = take_area(L, L->total, false, &L->area);
  struct ld__gsweep *x = &L->x;

  if (!scratch)
    return false;
  ld_rt_global_info(&L->plan, L->m, L->args, L->nargs,
                    (uint64_t)(uintptr_t)scratch, &L->gi);
  L->gi.m = L->mcopies;
  memset(x, 0, sizeof *x);
  x->plan = &L->plan;
  x->scratch = scratch;
  x->flag = (unsigned *)(scratch + L->total - LD_RT_GALIGN);
  x->env = L->env;
  x->m = L->m;
  x->launch_id = L->launch_id;
  x->stream = L->stream;
  x->args = L->args;
  memcpy(x->g3, L->g3, sizeof x->g3);
  memcpy(x->b3, L->b3, sizeof x->b3);
  ld__gsweep_names(x);
  return true;
}

/* After the clone's first launch into `area`: when it could not be
 * launched (a limit the program raised for the original only, resources),
 * clear the runtime's own error (only when the program had none pending),
 * free the area and say why; true then, and the caller runs the
 * original. */
bool clone_refused(struct glaunch *L, unsigned char *area) {
  char why[200];

  if (L->pending != cudaSuccess || cudaPeekAtLastError() == cudaSuccess)
    return false;
  snprintf(why, sizeof why,
           "the instrumented kernel could not be launched (%s)",
           cudaGetErrorString(cudaGetLastError()));
  free_area(L, area);
  no(L, why);
  return true;
}

/* verbosity >= 1: what the one run found. */
/* nblock: clashes between warps of one block (__LDCC_GM_EPOCHS), -1 when
 * they were not looked for. */
void say_one(const struct glaunch *L, bool conflict, int nblock) {
  const struct __ldcc_global_meta *m = L->m;
  const struct ld__rt_env *env = L->env;
  int line = launch_line(m, L->launch_id);
  const char *name = m->kernel.name ? m->kernel.name : "?";
  const char *file = m->kernel.file ? m->kernel.file : "?";
  int deterministic = L->mode->deterministic;

  if (env->verbosity < 1 || !env->messages)
    return;
  if (conflict)
    fprintf(env->messages,
            "ldcc: launch of %s at %s:%d: in one run two %s touched a word "
            "one of them stored to; memory put back, %s with copies\n",
            name, file, line, m->warp_units ? "warps" : "blocks",
            deterministic ? "running it" : "checking it");
  else
    fprintf(
        env->messages,
        "ldcc: launch of %s at %s:%d %s across %s in one run: %llu "
        "units, none touched a word another stored to (%u allocations, "
        "%llu bytes)\n",
        name, file, line, deterministic ? "run deterministically" : "checked",
        m->warp_units ? "warps" : "blocks", (unsigned long long)L->in.nunits,
        L->plan.nallocs, (unsigned long long)L->plan.copy_bytes);
  if (nblock >= 0)
    fprintf(env->messages,
            "ldcc: launch of %s at %s:%d: warps of one block checked against "
            "each other between barriers: %d clashes\n",
            name, file, line, nblock);
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
/* The launch as ld_rt_gdirect.cu takes it. */
void direct_call(struct glaunch *L, struct ld__gdirect_call *c) {
  struct ld__gdirect_call d = {
      L->m,       L->launch_id, {0},      {0},          L->sh,
      L->stream,  L->args,      L->nargs, L->run,       L->ctx,
      L->env,     L->pending,   &L->plan, L->in.nunits, L->in.free_bytes,
      L->mode->no};
  memcpy(d.g3, L->g3, sizeof d.g3);
  memcpy(d.b3, L->b3, sizeof d.b3);
  *c = d;
}

int one_run(struct glaunch *L) {
  const struct __ldcc_global_meta *m = L->m;
  const struct ld_rt_gplan *plan = &L->plan;
  struct ld_rt_gone_part parts[LD_RT_GMAX_ALLOCS];
  struct __ldcc_gowner o;
  struct __ldcc_global_info gi;
  uint64_t table_at = 0, flag_at = 0, total;
  unsigned char *area = NULL, *at;
  cudaStream_t stream = L->stream;
  cudaError_t pending = L->pending;
  int deterministic = L->mode->deterministic;
  unsigned found = 0, nblock = 0;
  struct ld__gdirect_call dc;
  struct ld__gblock blk;
  struct ld__glanes lanes;
  bool failed, btaken = false;
  uint32_t i;

  if (!L->env->one_run || !ld_rt_global_one_run_ok(m, plan, L->in.nunits))
    return 0;
  total = ld_rt_global_one_layout(plan, parts, &table_at, &flag_at);
  if (total > L->in.free_bytes / 4 * 3)
    return 0;
  ld__gt_mark(&L->gt, LD_RT_GT_COUNT); /* the start */
  at = take_area(L, total, true, &area);
  if (!at)
    return 0;
  ld__gt_mark(&L->gt, LD_RT_GT_ALLOC);
  ld_rt_global_one_table(plan, parts, (uint64_t)(uintptr_t)at, flag_at, &o);
  /* Warps of one block between barriers (__LDCC_GM_EPOCHS), not in a
   * deterministic build's run. */
  direct_call(L, &dc);
  memset(&blk, 0, sizeof blk);
  btaken = !deterministic && ld__gblock_take(&dc, &blk, &o);
  failed = !ok(cudaMemcpyAsync(at + table_at, &o, sizeof o,
                               cudaMemcpyHostToDevice, stream),
               pending) ||
           !ok(cudaMemsetAsync(at + flag_at, 0, sizeof found, stream), pending);
  for (i = 0; i < plan->nallocs && !failed; i++) {
    const struct ld_rt_alloc *a = &plan->allocs[i].a;
    failed = !ok(cudaMemsetAsync(at + parts[i].tags_at, 0, parts[i].tags_bytes,
                                 stream),
                 pending) ||
             !ok(cudaMemcpyAsync(at + parts[i].backup_at,
                                 (const void *)(uintptr_t)a->base, a->size,
                                 cudaMemcpyDefault, stream),
                 pending);
  }
  if (failed) {
    ld__gblock_free(&dc, &blk);
    free_area(L, area);
    return 0;
  }
  ld__gt_filled(&L->gt, plan, 1);
  ld__gt_mark(&L->gt, LD_RT_GT_FILL);
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
  ld__gblock_info(&blk, &o, &gi);
  /* Lanes of one warp in one instruction: not in a deterministic build. */
  memset(&lanes, 0, sizeof lanes);
  if (!deterministic)
    (void)ld__glanes_take(&dc, &lanes);
  ld__glanes_info(&lanes, &gi);
  L->run(L->ctx, &gi);
  if (clone_refused(L, area)) {
    ld__glanes_free(&dc, &lanes);
    ld__gblock_free(&dc, &blk);
    return -1;
  }
  /* Clashes between warps of one block are races whatever the copies
   * find (they cannot see them): reported now, before memory is put back
   * (their values after the launch are this run's). */
  nblock = ld__gblock_reports(&dc, &blk);
  ld__gblock_free(&dc, &blk);
  (void)ld__glanes_reports(&dc, &lanes);
  ld__glanes_free(&dc, &lanes);
  ld__gt_mark(&L->gt, deterministic ? LD_RT_GT_PASS : LD_RT_GT_PASS1);
  double waited = ld__gt_clock(&L->gt);
  /* A failed read leaves the launch as run once: whatever failed (the
   * kernel's own fault) the program meets at its next call. */
  if (!ok(cudaMemcpyAsync(&found, at + flag_at, sizeof found,
                          cudaMemcpyDeviceToHost, stream),
          pending) ||
      !ok(cudaStreamSynchronize(stream), pending))
    found = 0;
  ld__gt_blocked(&L->gt, waited);
  ld__gt_mark(&L->gt, LD_RT_GT_WAIT);
  failed = false;
  for (i = 0; i < plan->nallocs && found && !failed; i++) {
    const struct ld_rt_alloc *a = &plan->allocs[i].a;
    failed =
        !ok(cudaMemcpyAsync((void *)(uintptr_t)a->base, at + parts[i].backup_at,
                            a->size, cudaMemcpyDefault, stream),
            pending);
  }
  free_area(L, area);
  ld__gt_mark(&L->gt, LD_RT_GT_FREE);
  if (failed) {
    /* Going on with the copies would run the launch a second time over
     * its own results. */
    no(L, "units clashed in the one run and its memory could not be put "
          "back; the launch ran once");
    return 2;
  }
  say_one(L, found != 0, btaken ? (int)nblock : -1);
  return found ? 0 : 1;
}

/* ---- the check: two passes per round ----------------------------------- */

/* As many copies as fit (and max_copies allows), then the number of them
 * that costs least: every copy costs a fill and its part of both sweeps, a
 * round two runs of the kernel and the sweeps' fixed part
 * (ld_rt_schedule_best_copies). */
bool check_size(struct glaunch *L) {
  uint64_t nunits = L->in.nunits;

  if (ld_rt_schedule_pick_copies(&L->in, &L->mcopies) != LD_OK) {
    no_room(L);
    return false;
  }
  L->mcopies = ld_rt_schedule_best_copies(nunits, L->mcopies, L->in.copy_bytes);
  L->rounds = ld_rt_schedule_rounds(nunits, L->mcopies);
  L->total = ld_rt_global_layout(&L->plan, L->mcopies);
  return true;
}

/* Per round of the reshuffling schedule: copies <- S, pass 1, the
 * write-write sweep, pass 2, the read-write sweep (committing U in the
 * last round, or in a round that found a race). */
int check_rounds(struct glaunch *L, bool failed) {
  struct ld__gsweep *x = &L->x;
  uint64_t nunits = L->in.nunits, r;

  for (r = 0; r < L->rounds && !failed; r++) {
    uint32_t used = ld_rt_schedule_copies(nunits, L->mcopies, (uint32_t)r);
    bool last = r + 1 == L->rounds;
    L->gi.stride = ld_rt_schedule_stride(nunits, L->mcopies, (uint32_t)r);
    for (uint32_t i = 0; i < L->plan.nallocs; i++)
      ld__gsweep_context(x, i, L->mcopies, L->gi.stride, nunits, 0);
    failed = !ld__gsweep_fill(x, used);
    if (failed)
      break;
    ld__gt_filled(&L->gt, &L->plan, used);
    ld__gt_mark(&L->gt, LD_RT_GT_FILL);
    /* Pass 1.  A clone that cannot be launched (resources, a limit the
     * program raised for the original only) leaves the program's error
     * state as it found it and runs the original instead. */
    L->run(L->ctx, &L->gi);
    if (clone_refused(L, L->area))
      return ROUNDS_REFUSED;
    ld__gt_mark(&L->gt, LD_RT_GT_PASS1);
    failed = !ld__gsweep_write_write(x, used);
    ld__gt_mark(&L->gt, LD_RT_GT_SWEEP1);
    L->run(L->ctx, &L->gi); /* pass 2 */
    ld__gt_mark(&L->gt, LD_RT_GT_PASS2);
    failed = failed || !ld__gsweep_read_write(x, used, last);
    ld__gt_mark(&L->gt, LD_RT_GT_SWEEP2);
    if (failed || last)
      break;
    /* A race found in this round ends the search: commit its U. */
    unsigned found = 0;
    double waited = ld__gt_clock(&L->gt);
    if (!ok(cudaMemcpyAsync(&found, x->flag, sizeof found,
                            cudaMemcpyDeviceToHost, L->stream),
            L->pending) ||
        !ok(cudaStreamSynchronize(L->stream), L->pending)) {
      failed = true;
      break;
    }
    ld__gt_blocked(&L->gt, waited);
    ld__gt_mark(&L->gt, LD_RT_GT_WAIT);
    if (found) {
      failed = !ld__gsweep_commit(x, used);
      ld__gt_mark(&L->gt, LD_RT_GT_SWEEP2);
      break;
    }
  }
  return failed ? ROUNDS_FAILED : ROUNDS_OK;
}

const struct gmode check_mode = {
    0,
    ld__rt_unchecked,
    "checked",
    "the check's own copies or kernels could not be queued",
    check_size,
    NULL,
    check_rounds,
};

/* ---- deterministic mode: one pass per round, merged in unit order ------ */

/* Every unit needs a copy of its own whatever M is, so more copies only
 * save rounds: no default cap, max_copies only when the user set it.  The
 * parallel merge's scratch costs about eight copies' worth: taken only
 * when more than LD_GMERGE_SEQ_MAX copies still fit with it. */
bool det_size(struct glaunch *L) {
  int acc = (L->m->flags & __LDCC_GM_ACCUMULATES) != 0, parallel = 0;
  char why[200];
  int rc;

  L->parts = acc ? LD_RT_GLAYOUT_ACC : 0;
  if (acc)
    L->in.fixed_bytes += ld_rt_global_acc_bytes(&L->plan);
  if (float_sums(L))
    L->in.fixed_bytes += ld__gflog_bytes(ld__gflog_first_cap(threads_of(L)));
  if (prints(L))
    L->in.fixed_bytes += LD_GPLOG_FIRST;
  rc = ld_rt_schedule_det_pick_merge(&L->in, ld_rt_global_merge_bytes(&L->plan),
                                     LD_GMERGE_SEQ_MAX, &L->mcopies, &L->rounds,
                                     &parallel);
  if (rc != LD_OK) {
    /* Not even one copy (and U) fits: any number of rounds needs one. */
    snprintf(why, sizeof why,
             "not enough device memory for one copy of what it writes "
             "(%llu bytes) besides its merged result",
             (unsigned long long)L->plan.copy_bytes);
    no(L, why);
    return false;
  }
  if (parallel)
    L->parts |= LD_RT_GLAYOUT_MERGE;
  L->total = ld_rt_global_layout_det(&L->plan, L->mcopies, L->parts);
  return true;
}

/* Records name units: a copy per unit, stride 1. */
void det_setup(struct glaunch *L) {
  L->gi.stride = 1;
  L->gi.deterministic = 1;
  for (uint32_t i = 0; i < L->plan.nallocs; i++)
    ld__gsweep_context(&L->x, i, UINT32_MAX, 1, L->in.nunits, 1);
}

/* U starts as S; marks, sums and winners start at 0 (the merge zeroes the
 * winners again after each round): part of round 0's fill.  false when a
 * step could not be queued. */
bool det_start_u(struct glaunch *L) {
  const struct ld_rt_gplan *plan = &L->plan;
  unsigned char *scratch = L->x.scratch;
  bool failed = false;

  ld__gt_filled(&L->gt, plan, 1);
  for (uint32_t i = 0; i < plan->nallocs && !failed; i++) {
    const struct ld_rt_galloc *a = &plan->allocs[i];
    uint64_t chunks = ld_rt_global_chunks(plan, i);
    failed = !ok(cudaMemcpyAsync(scratch + a->at + a->a.base % LD_RT_GALIGN,
                                 (const void *)(uintptr_t)a->a.base, a->a.size,
                                 cudaMemcpyDefault, L->stream),
                 L->pending);
    if (!failed && (L->parts & LD_RT_GLAYOUT_ACC))
      failed = !ok(cudaMemsetAsync(scratch + a->marks_at, 0,
                                   a->sums_at - a->marks_at +
                                       chunks * sizeof(struct ld_gsums),
                                   L->stream),
                   L->pending);
    if (!failed && (L->parts & LD_RT_GLAYOUT_MERGE))
      failed =
          !ok(cudaMemsetAsync(scratch + a->winners_at, 0,
                              chunks * sizeof(struct ld_gwinners), L->stream),
              L->pending);
  }
  return !failed;
}

/* A log does not fit: nothing has reached the program's memory; the area
 * is freed and `no` says why. */
int log_refused(struct glaunch *L, const char *what, unsigned long long n) {
  char why[200];
  snprintf(why, sizeof why,
           "not enough device memory for the log of its %s (%llu)", what, n);
  ld__gflog_close(&L->flog);
  ld__gplog_close(&L->plog);
  free_area(L, L->area);
  no(L, why);
  return ROUNDS_REFUSED;
}

/* What the logs held before the round, and hold after it. */
struct logged {
  unsigned long long sums;  /* additions (float sums) */
  unsigned long long bytes; /* of printf records */
};

/* After round r's pass, with logs: what it logged fits, else the log that
 * overflowed grows (keeping what earlier rounds logged), the other drops
 * the round's entries, and the round runs again from S (its merge has not
 * happened, and marks are set again the same).  ROUNDS_OK, ROUNDS_FAILED
 * (a step could not be queued) or log_refused's. */
int det_logged(struct glaunch *L, uint64_t first, uint64_t count,
               struct logged *lg) {
  for (;;) {
    unsigned long long n = 0, used = 0;
    bool fover, pover;
    if (float_sums(L) && !ld__gflog_count(&L->flog, L->stream, &n))
      return ROUNDS_FAILED;
    if (prints(L) && !ld__gplog_count(&L->plog, L->stream, &used))
      return ROUNDS_FAILED;
    fover = float_sums(L) && n > L->flog.cap;
    pover = prints(L) && used > L->plog.cap;
    if (!fover && !pover) {
      lg->sums = n;
      lg->bytes = used;
      return ROUNDS_OK;
    }
    if (fover && !ld__gflog_grow(&L->flog, n + n / 4, lg->sums, L->stream))
      return log_refused(L, "floating-point sums", n);
    if (pover &&
        !ld__gplog_grow(&L->plog, used + used / 4 + 4096, lg->bytes, L->stream))
      return log_refused(L, "printf lines (bytes)", used);
    if ((float_sums(L) && !fover &&
         !ld__gflog_reset(&L->flog, lg->sums, L->stream)) ||
        (prints(L) && !pover &&
         !ld__gplog_reset(&L->plog, lg->bytes, L->stream)))
      return ROUNDS_FAILED;
    L->gi.flog = L->flog.dev;
    L->gi.plog = L->plog.dev;
    if (!ld__gsweep_det_fill(&L->x, (uint32_t)count, first, L->parts))
      return ROUNDS_FAILED;
    L->run(L->ctx, &L->gi);
  }
}

/* Opens the logs the launch needs; ROUNDS_OK or log_refused's. */
int open_logs(struct glaunch *L) {
  unsigned long long cap = ld__gflog_first_cap(threads_of(L));
  if (float_sums(L) && !ld__gflog_open(&L->flog, cap, L->stream))
    return log_refused(L, "floating-point sums", cap);
  if (prints(L) && !ld__gplog_open(&L->plog, LD_GPLOG_FIRST, L->stream))
    return log_refused(L, "printf lines (bytes)", LD_GPLOG_FIRST);
  L->gi.flog = L->flog.dev;
  L->gi.plog = L->plog.dev;
  return ROUNDS_OK;
}

/* ceil(N / M) rounds of M units: copies <- S, one pass, the merge into U;
 * then (floating-point sums) each logged word summed into U, U committed
 * to S, and (printf) the lines printed in unit order. */
int det_rounds(struct glaunch *L, bool failed) {
  const struct ld__gsweep *x = &L->x;
  struct logged lg = {0, 0};
  uint64_t r;

  if (!failed && logs(L) && open_logs(L) != ROUNDS_OK)
    return ROUNDS_REFUSED;
  if (!failed) /* before the first round, as the fill of round 0 */
    failed = !det_start_u(L);
  for (r = 0; r < L->rounds && !failed; r++) {
    uint64_t first, count;
    ld_rt_schedule_det_range(L->in.nunits, L->mcopies, r, &first, &count);
    L->gi.first_unit = first;
    L->gi.round_units = count;
    if (L->parts & LD_RT_GLAYOUT_ACC)
      ld_rt_global_acc(&L->plan, (uint64_t)(uintptr_t)x->scratch,
                       (uint32_t)count, &L->gi);
    failed = !ld__gsweep_det_fill(x, (uint32_t)count, first, L->parts);
    if (failed)
      break;
    ld__gt_filled(&L->gt, &L->plan, count);
    ld__gt_mark(&L->gt, LD_RT_GT_FILL);
    L->run(L->ctx, &L->gi);
    if (r == 0 && clone_refused(L, L->area)) {
      ld__gflog_close(&L->flog);
      ld__gplog_close(&L->plog);
      return ROUNDS_REFUSED;
    }
    int logged_rc = logs(L) ? det_logged(L, first, count, &lg) : ROUNDS_OK;
    if (logged_rc == ROUNDS_REFUSED)
      return logged_rc;
    if (logged_rc != ROUNDS_OK) {
      failed = true;
      break;
    }
    ld__gt_mark(&L->gt, LD_RT_GT_PASS);
    failed = !ld__gsweep_det_merge(x, (uint32_t)count, first, L->parts);
    ld__gt_mark(&L->gt, LD_RT_GT_MERGE);
  }
  if (float_sums(L) && !failed)
    failed = !ld__gflog_fold(&L->flog, lg.sums, &L->plan,
                             (uint64_t)(uintptr_t)x->scratch, L->stream);
  failed = failed || !ld__gsweep_det_commit(x, L->parts);
  ld__gt_mark(&L->gt, LD_RT_GT_COMMIT);
  /* The lines after the commit: the launch's output, once. */
  if (prints(L) && !failed)
    print_lines(L, lg.bytes);
  ld__gflog_close(&L->flog); /* cudaFree waits for the commit */
  ld__gplog_close(&L->plog);
  return failed ? ROUNDS_FAILED : ROUNDS_OK;
}

const struct gmode det_mode = {
    1,
    ld__rt_not_deterministic,
    "run deterministically",
    "the mode's own copies or kernels could not be queued",
    det_size,
    det_setup,
    det_rounds,
};

/* ---- the protocol both modes share ------------------------------------ */

/* A kernel with atomics, fences, printf or clocks: the direct one run only
 * (ld_rt_gdirect.cu); 1 checked, 0 the caller runs the original. */
int direct(struct glaunch *L) {
  struct ld__gdirect_call c;
  direct_call(L, &c);
  int rc = ld__gdirect_launch(&c);
  gt_end(L, false);
  return rc;
}

/* The clone's bounded twin (docs/global-check.md, "Resident grids") for
 * a block the clone cannot run at all (a 1024-thread block of a clone
 * above 64 registers): *from the clone's stub, *to the twin's; both NULL
 * when the clone runs it, there is no twin, or the launch wrappers that
 * probe and redirect are not linked.  Nothing runs. */
void twin_for_block(struct glaunch *L, const void **from, const void **to) {
  struct __ldcc_global_info gi;
  unsigned threads = L->b3[0] * L->b3[1] * L->b3[2];
  int n = 0;

  *from = *to = NULL;
  if (!ld_rt_kernels_wrapped() || threads == 0)
    return;
  memset(&gi, 0, sizeof gi);
  ld_rt_kernels_capture(1);
  L->run(L->ctx, &gi);
  const void *clone = ld_rt_kernels_capture(0);
  const void *lb = clone ? ld_rt_kernels_bounded_of(clone) : NULL;
  if (!lb ||
      !ok(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, clone, (int)threads,
                                                        L->sh),
          L->pending) ||
      n > 0 ||
      !ok(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, lb, (int)threads,
                                                        L->sh),
          L->pending) ||
      n == 0)
    return;
  *from = clone, *to = lb;
}

int protocol_copies(struct glaunch *L);

/* Returns 1 when checked (or run deterministically), 0 when the caller
 * must run the original (the reason was reported), 2 when it already
 * ran. */
int protocol(struct glaunch *L) {
  const struct gmode *md = L->mode;
  int rc;

  ld__gt_start(&L->gt, L->env, L->stream, L->pending, md->deterministic);
  rc = prepare(L);
  if (rc != 1)
    return rc;
  if ((L->m->flags & __LDCC_GM_DIRECT) && !md->deterministic)
    return direct(L);
  const void *from, *to;
  twin_for_block(L, &from, &to);
  ld_rt_kernels_redirect(from, to);
  rc = protocol_copies(L);
  ld_rt_kernels_redirect(NULL, NULL);
  return rc;
}

/* protocol's one run, then its copies. */
int protocol_copies(struct glaunch *L) {
  const struct gmode *md = L->mode;
  int rc = one_run(L);
  if (rc != 0) {
    gt_end(L, rc == 1);
    return rc < 0 ? 0 : rc;
  }
  if (L->in.nunits <= 1 && !logs(L)) {
    /* no one run for the lanes: nothing to compare */
    gt_end(L, false);
    L->run(L->ctx, NULL);
    return 2;
  }
  L->in.max_copies = L->env->max_copies;
  if (!md->size(L))
    return 0;
  ld__gt_mark(&L->gt, LD_RT_GT_COUNT); /* the start */
  if (!begin(L)) {
    gt_end(L, false);
    return 0;
  }
  if (md->setup)
    md->setup(L);
  say(L->env, L->m, L->launch_id, md->done, L->in.nunits, L->mcopies, L->rounds,
      &L->plan);
  bool failed = !ok(cudaMemsetAsync(L->x.flag, 0, sizeof *L->x.flag, L->stream),
                    L->pending);
  ld__gt_mark(&L->gt, LD_RT_GT_ALLOC);
  rc = md->rounds(L, failed);
  if (rc == ROUNDS_REFUSED) {
    gt_end(L, false);
    return 0;
  }
  free_area(L, L->area);
  ld__gt_mark(&L->gt, LD_RT_GT_FREE);
  gt_end(L, rc == ROUNDS_OK);
  /* Nothing reaches the program's memory before the committing sweep, the
   * last call, so a step that could not be queued leaves it as it was:
   * the original runs once instead. */
  if (rc != ROUNDS_OK) {
    no(L, md->queue_failed);
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

/* The launch's arguments with the __device__ variables the kernel writes
 * after its parameters (ld_rt_global_plan), each at its device address
 * (NULL when it has none: the plan then leaves the launch unchecked), in
 * all; args itself when it writes none. */
const struct __ldcc_global_arg *
with_vars(const struct __ldcc_global_meta *m,
          const struct __ldcc_global_arg *args, unsigned nargs,
          struct __ldcc_global_arg all[LD_RT_GSLOTS]) {
  if (!m || m->abi != __LDCC_GLOBAL_ABI || m->reason || !m->nvars || !m->vars ||
      m->nparams > __LDCC_GMAX_PARAMS || m->nvars > __LDCC_GMAX_PTRS)
    return args;
  cudaError_t pending = cudaPeekAtLastError();
  for (unsigned i = 0; i < m->nparams; i++)
    all[i] =
        i < nargs ? args[i] : __ldcc_global_arg{NULL, 0, 1, __LDCC_VK_OTHER, 0};
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

/* Every launch's entry: the runtime's lock, the protocol of `mode` (or the
 * original when the launch cannot be checked), the end of the launch. */
void launch_with(const struct gmode *mode, const struct __ldcc_global_call *c) {
  struct ld__rt_env env;
  int rc = 0;

  if (ld__rt_enter(c->meta ? &c->meta->kernel : NULL, c->launch_id, &env) ==
      0) {
    static struct __ldcc_global_arg all[LD_RT_GSLOTS]; /* under the lock */
    static struct glaunch L;                           /* the same */
    L.m = c->meta;
    L.launch_id = c->launch_id;
    L.g3[0] = c->grid.x, L.g3[1] = c->grid.y, L.g3[2] = c->grid.z;
    L.b3[0] = c->block.x, L.b3[1] = c->block.y, L.b3[2] = c->block.z;
    L.sh = c->sh;
    L.stream = c->stream;
    L.args = with_vars(c->meta, c->args, c->nargs, all);
    L.nargs = c->nargs;
    L.run = c->run;
    L.ctx = c->ctx;
    L.env = &env;
    L.pending = cudaPeekAtLastError();
    L.mode = mode;
    L.area = NULL;
    ld__rt_nest(1);
    rc = protocol(&L);
    ld__rt_nest(-1);
  }
  if (rc == 0)
    c->run(c->ctx, NULL);
  ld__rt_leave(rc != 0, (void *)c->stream);
}
} // namespace

/* The launches inside pass straight through the launch wrappers
 * (ld_rt_lwrap.c): they are this launch's. */
extern "C" void __ldcc_global_launch(const struct __ldcc_global_call *call) {
  if (call->shared_why)
    ld__rt_not_shared_why(&call->meta->kernel, call->launch_id,
                          call->shared_why);
  else
    ld__rt_not_shared(&call->meta->kernel, call->launch_id);
  ld_rt_kernels_nest(1);
  launch_with(&check_mode, call);
  ld_rt_kernels_nest(-1);
}

extern "C" void
__ldcc_global_launch_det(const struct __ldcc_global_call *call) {
  if (call->shared_why)
    ld__rt_not_shared_why(&call->meta->kernel, call->launch_id,
                          call->shared_why);
  else
    ld__rt_not_shared(&call->meta->kernel, call->launch_id);
  ld_rt_kernels_nest(1);
  launch_with(&det_mode, call);
  ld_rt_kernels_nest(-1);
}
