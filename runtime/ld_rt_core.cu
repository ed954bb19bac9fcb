/* The runtime's core: its lock and initialisation (LDCC_OPTIONS, the
 * report ring in mapped pinned memory, the device's de-duplication
 * counters), collection of the ring, the per-site "said once" table and
 * the not-checked lines, the count of checked launches, halt_on_error, and
 * at exit the summary and the exit status (on_exit: exitcode for races,
 * strict_exitcode under strict=1 for a launch not checked).  Launches that
 * bypassed __ldcc::launch and run unchecked (ld_rt_lwrap.c) are counted
 * here too (ld__rt_foreign), so the summary accounts for every launch.
 * Both launch paths (ld_rt_launch.cu for the shared-memory replay,
 * ld_rt_glaunch.cu for the check across blocks) and the inline intra-warp
 * checks go through it (ld_rt_core.h); it calls neither.  Host code; CUDA
 * runtime API only.  The runtime never aborts the user's program, and
 * never clears an error the user's code made (cudaPeekAtLastError; its
 * own errors are cleared only when no user error was pending). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cuda_runtime.h>

#include "ldcc/host.h"
#include "ldcc/ldcc.h"
extern "C" {
#include "ld_rt_core.h"
#include "ld_rt_det.h"
#include "ld_rt_intercept.h"
#include "ld_rt_kernels.h"
#include "ld_rt_options.h"
#include "ld_rt_report.h"
}

/* The ABI version this runtime implements; translated code compares it.
 * `extern "C"` without braces gives the const external linkage. */
extern "C" const int __ldcc_rt_abi_version = __LDCC_ABI_VERSION;

#define RING_CAPACITY 4096u /* report records; later ones are counted */
#define MAX_SITES 1024      /* launch sites remembered for messages */

namespace {

struct runtime {
  int initialised, usable;
  int nested; /* inside the check across blocks' protocol (ld__rt_nest) */
  int deterministic; /* built with --ldcc-deterministic: a launch that runs
                        as built is "not deterministic", and stops the
                        program unless deterministic_fallback=warn */
  int device;        /* the device the counters live on */
  char why_unusable[160];
  struct ld_rt_options opt;
  FILE *out;
  struct __ldcc_report *ring_host; /* mapped; host view */
  struct __ldcc_report *ring_dev;  /* device view */
  unsigned *counts_dev;            /* __LDCC_BUCKETS counters + next index */
  unsigned read_pos;
  struct ld_rt_races *races;
  unsigned long checked, unchecked;
  struct ld__rt_site sites[MAX_SITES];
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
      !ok(cudaHostGetDevicePointer((void **)&rt.ring_dev, host, 0), pending)) {
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
      !ok(cudaMemset(rt.counts_dev, 0, (__LDCC_BUCKETS + 1) * sizeof(unsigned)),
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

struct ld__rt_site *site_of(const void *meta, int launch_id) {
  for (unsigned i = 0; i < rt.nsites; i++)
    if (rt.sites[i].meta == meta && rt.sites[i].launch_id == launch_id)
      return &rt.sites[i];
  if (rt.nsites == MAX_SITES)
    return NULL;
  struct ld__rt_site *s = &rt.sites[rt.nsites++];
  memset(s, 0, sizeof *s);
  s->meta = meta;
  s->launch_id = launch_id;
  return s;
}

void finish_run(int status, bool halting, long code);

/* A deterministic build cannot run a launch deterministically: with
 * deterministic_fallback=stop (the default), the stop line on stderr (and
 * in the log), the end-of-run summary, and exit deterministic_exitcode;
 * the launch never runs.  Returns with warn. */
void stop_unless_warned(const char *kernel, const char *site, const char *why) {
  char line[1024];

  if (ld_rt_det_verdict(&rt.opt, rt.deterministic, 0) != LD_RT_DET_STOP)
    return;
  ld_rt_det_stop_line(line, sizeof line, kernel, site, why,
                      rt.opt.deterministic_exitcode);
  fputs(line, stderr);
  if (rt.out && rt.out != stderr)
    fputs(line, rt.out);
  finish_run(0, true, rt.opt.deterministic_exitcode);
}

/* The kernel's printed name and "file:line" of a launch site, for the
 * stop line. */
void stop_at(const struct __ldcc_kernel_meta *m, int launch_id,
             const char *why) {
  char name[256], where[256];

  if (!rt.deterministic)
    return;
  if (!m) {
    stop_unless_warned(NULL, NULL, why);
    return;
  }
  ld_rt_kernel_name(m, name, sizeof name);
  ld__rt_site_text(m, launch_id, where, sizeof where);
  stop_unless_warned(name, where, why);
}

/* The first "not checked" line of a launch site (state: "not checked",
 * "not deterministic"; always the latter in a deterministic build, which
 * then stops unless deterministic_fallback=warn); every such launch is
 * counted.  Returns -1. */
int unchecked_as(const struct __ldcc_kernel_meta *m, int launch_id,
                 const char *state, const char *why) {
  struct ld__rt_site *s = site_of(m, launch_id);

  rt.unchecked++;
  if (rt.deterministic)
    state = "not deterministic";
  if (!s || !s->said_unchecked) {
    if (s)
      s->said_unchecked = 1;
    ld_rt_races_unchecked_as(rt.races, m, launch_id, state, why, rt.out);
    fflush(rt.out);
  }
  stop_at(m, launch_id, why);
  return -1;
}

/* The end of the run: wait for the device, read every record and the
 * instance counts, print the summary, and turn a clean exit into
 * `exitcode` when races were reported; `code` >= 0 exits with that status
 * whatever was found (a deterministic build stopped). */
void finish_run(int status, bool halting, long code) {
  unsigned *counts = NULL;
  unsigned next = 0;
  uint64_t dropped = 0;
  unsigned long races;

  if (cudaDeviceSynchronize() == cudaSuccess) {
    counts = (unsigned *)malloc((__LDCC_BUCKETS + 1) * sizeof(unsigned));
    if (counts && cudaMemcpy(counts, rt.counts_dev,
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
  races = rt.races ? ld_rt_races_count(rt.races) : 0;
  if (rt.opt.report && rt.races)
    ld_rt_races_summary(rt.races, counts, rt.checked, rt.unchecked, dropped,
                        rt.out);
  free(counts);
  fflush(NULL);
  if (code < 0)
    code = ld_rt_options_exit_status(&rt.opt, status, halting, races,
                                     rt.unchecked);
  if (code >= 0)
    _exit((int)code);
}

void at_exit(int status, void *arg) {
  (void)arg;
  pthread_mutex_lock(&lock);
  if (rt.usable && (rt.checked || rt.unchecked))
    finish_run(status, false, -1);
  pthread_mutex_unlock(&lock);
}

} // namespace

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
        finish_run(0, true, -1);
    }
  }
  pthread_mutex_unlock(&lock);
}

extern "C" int ld__rt_ok(int e, int pending) {
  if (e == cudaSuccess)
    return 1;
  if (pending == cudaSuccess)
    (void)cudaGetLastError();
  return 0;
}

extern "C" struct ld__rt_site *ld__rt_site_of(const void *meta, int launch_id) {
  return site_of(meta, launch_id);
}

extern "C" void ld__rt_site_text(const struct __ldcc_kernel_meta *m,
                                 int launch_id, char *buf, size_t size) {
  if (m->launch_lines && launch_id >= 0 && (unsigned)launch_id < m->nlaunches)
    snprintf(buf, size, "%s:%d", __ldcc_launch_file(m, launch_id),
             m->launch_lines[launch_id]);
  else
    snprintf(buf, size, "%s", m->file ? m->file : "?");
}

/* The line of a launch checked in part ("not checked across blocks", "not
 * checked in shared memory"; "not deterministic" in a deterministic build),
 * once per site: *said marks it said. */
static void partly_once(const struct __ldcc_kernel_meta *m, int launch_id,
                        int *said, const char *state, const char *why) {
  if (*said)
    return;
  *said = 1;
  ld_rt_races_unchecked_as(rt.races, m, launch_id,
                           rt.deterministic ? "not deterministic" : state, why,
                           rt.out);
  fflush(rt.out);
}

extern "C" void ld__rt_not_across(const struct __ldcc_kernel_meta *m,
                                  int launch_id) {
  struct ld__rt_site *st;

  if (!m->global_reason || !(st = site_of(m, launch_id)))
    return;
  partly_once(m, launch_id, &st->said_global, "not checked across blocks",
              m->global_reason);
  /* In a deterministic build the reason is the translator's det=partial
   * one: its global stores are made as the program makes them. */
  stop_at(m, launch_id, m->global_reason);
}

extern "C" void ld__rt_not_shared_why(const struct __ldcc_kernel_meta *m,
                                      int launch_id, const char *why) {
  struct ld__rt_site *st;

  if (m->abi != __LDCC_HOST_ABI || !why)
    return;
  pthread_mutex_lock(&lock);
  if (!rt.initialised)
    init();
  st = site_of(m, launch_id);
  if (st)
    partly_once(m, launch_id, &st->said_shared, "not checked in shared memory",
                why);
  stop_at(m, launch_id, why);
  pthread_mutex_unlock(&lock);
}

extern "C" void ld__rt_not_shared(const struct __ldcc_kernel_meta *m,
                                  int launch_id) {
  ld__rt_not_shared_why(m, launch_id,
                        m->abi == __LDCC_HOST_ABI ? m->shared_reason : NULL);
}

extern "C" int ld__rt_enter(const struct __ldcc_kernel_meta *m, int launch_id,
                            struct ld__rt_env *env) {
  pthread_mutex_lock(&lock);
  if (!rt.initialised)
    init();
  if (!rt.usable) {
    unchecked_as(m, launch_id, "not checked", rt.why_unusable);
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
  env->copy_memory_mb = rt.opt.copy_memory_mb;
  env->one_run = rt.opt.one_run;
  env->atomic_reads = rt.opt.atomic_reads;
  env->lanes = rt.opt.lanes;
  env->proofs = rt.opt.proofs;
  env->warp_groups = rt.opt.warp_groups;
  env->verbosity = rt.opt.verbosity;
  env->messages = ld_rt_races_messages(rt.races, rt.out);
  env->device = rt.device;
  return 0;
}

extern "C" void ld__rt_nest(int delta) {
  rt.nested += delta;
}

extern "C" void ld__rt_unchecked(const struct __ldcc_kernel_meta *m,
                                 int launch_id, const char *why) {
  unchecked_as(m, launch_id, "not checked", why);
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
        finish_run(0, true, -1);
    }
  }
  pthread_mutex_unlock(&lock);
}

/* The report ring for a file's inline intra-warp checks
 * (include/ldcc/its.cuh) into s; counted: a launch the translator did not
 * turn into __ldcc::launch's replay, which runs as written and is counted
 * here (the replay's launch counts itself). */
static int its_sink(struct __ldcc_its_sink *s, int counted) {
  int rc = -1;

  pthread_mutex_lock(&lock);
  if (!rt.initialised)
    init();
  if (rt.usable) {
    collect(false);
    rt.checked += counted;
    ld_rt_kernels_set_armed(1);
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

extern "C" int __ldcc_its_arm(struct __ldcc_its_sink *s) {
  return its_sink(s, 1);
}

extern "C" int __ldcc_its_attach(struct __ldcc_its_sink *s) {
  return its_sink(s, 0);
}

/* A launch that reached CUDA outside __ldcc::launch and runs unchecked
 * (ld_rt_lwrap.c): counted, and said once per kernel and reason. */
extern "C" void ld__rt_foreign_partly(const char *kernel, const char *why) {
  pthread_mutex_lock(&lock);
  if (!rt.initialised)
    init();
  if (rt.usable &&
      ld_rt_races_foreign_as(rt.races, kernel, "checked in part", why, rt.out))
    fflush(rt.out);
  pthread_mutex_unlock(&lock);
}

extern "C" void __ldcc_checked_in_part(const char *kernel, const char *why) {
  ld__rt_foreign_partly(kernel, why);
}

extern "C" void ld__rt_foreign(const char *kernel, const char *why) {
  pthread_mutex_lock(&lock);
  if (!rt.initialised)
    init();
  if (rt.usable) {
    rt.unchecked++;
    if (ld_rt_races_foreign(rt.races, kernel, why, rt.out))
      fflush(rt.out);
    /* A deterministic build cannot order a kernel it did not translate. */
    if (rt.deterministic)
      stop_unless_warned(kernel, NULL, why);
  }
  pthread_mutex_unlock(&lock);
}

extern "C" void ld__rt_as_built(void) {
  pthread_mutex_lock(&lock);
  if (!rt.initialised)
    init();
  if (rt.usable)
    rt.checked++;
  pthread_mutex_unlock(&lock);
}

/* Every file a --ldcc-deterministic build translated says so from a static
 * constructor (include/ldcc/host.h), before any launch. */
extern "C" void __ldcc_deterministic_build(void) {
  pthread_mutex_lock(&lock);
  rt.deterministic = 1;
  pthread_mutex_unlock(&lock);
}
