/* Helpers shared by the benchmark programs (host code only): checked CUDA
 * calls, repetition options, deterministic inputs, kernel timing with CUDA
 * events and the one machine-readable result line.  It holds no kernels, so
 * what ldcc instruments in a program is exactly the kernel in its own file.
 *
 * Every program prints one line
 *   BENCH name=<prog> kernel_ms_median=<x> kernel_ms_min=<y> reps=<R> check=ok
 * (check=fail and exit status 1 when the result is wrong, 0 for a racy twin;
 * exit status 2 when a CUDA call fails).  Options: argv[1] or BENCH_REPS =
 * timed launches (default 20), argv[2] or BENCH_WARMUP = untimed launches
 * first (default 2).
 * Build flags: -DBENCH_NAME=<prog> names the program in that line,
 * -DBENCH_RACE=1 selects the racy twin where a program has one. */
#ifndef BENCH_COMMON_H
#define BENCH_COMMON_H

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <vector>

#ifndef BENCH_RACE
#define BENCH_RACE 0
#endif
#define BENCH_STR2(x) #x
#define BENCH_STR(x) BENCH_STR2(x)
#ifdef BENCH_NAME
#define BENCH_PROGRAM BENCH_STR(BENCH_NAME)
#else
#define BENCH_PROGRAM __FILE__
#endif

#define BENCH_CHECK(call)                                                      \
  do {                                                                         \
    cudaError_t bench_err_ = (call);                                           \
    if (bench_err_ != cudaSuccess) {                                           \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,            \
              cudaGetErrorString(bench_err_));                                 \
      exit(2);                                                                 \
    }                                                                          \
  } while (0)

struct bench_opts {
  int reps;   /* timed launches, >= 1 */
  int warmup; /* untimed launches before them, >= 0 */
};

static inline int bench_int_option(int argc, char **argv, int index,
                                   const char *env, int fallback, int min) {
  const char *text = index < argc ? argv[index] : getenv(env);
  if (!text || !*text)
    return fallback;
  char *end;
  long v = strtol(text, &end, 10);
  if (*end || v < min || v > 100000) {
    fprintf(stderr, "%s: bad %s '%s'\n", BENCH_PROGRAM, env, text);
    exit(2);
  }
  return (int)v;
}

static inline bench_opts bench_parse(int argc, char **argv) {
  bench_opts o;
  o.reps = bench_int_option(argc, argv, 1, "BENCH_REPS", 20, 1);
  o.warmup = bench_int_option(argc, argv, 2, "BENCH_WARMUP", 2, 0);
  return o;
}

/* splitmix64: a fixed seed gives the same inputs on every machine. */
static inline uint64_t bench_next(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* A uniform integer in [lo, hi]. */
static inline int64_t bench_range(uint64_t *state, int64_t lo, int64_t hi) {
  return lo + (int64_t)(bench_next(state) % (uint64_t)(hi - lo + 1));
}

/* Fills with integers in [lo, hi]; for float arrays the values are small
 * integers so that sums of products are exact whatever the order of the
 * additions, and the checks can compare bit for bit. */
template <class T>
static std::vector<T> bench_random(size_t n, uint64_t seed, int64_t lo,
                                   int64_t hi) {
  std::vector<T> v(n);
  for (size_t i = 0; i < n; i++)
    v[i] = (T)bench_range(&seed, lo, hi);
  return v;
}

/* Device copy of a host vector; the caller frees it with cudaFree. */
template <class T> static T *bench_upload(const std::vector<T> &host) {
  T *dev = NULL;
  BENCH_CHECK(cudaMalloc(&dev, host.size() * sizeof(T)));
  BENCH_CHECK(cudaMemcpy(dev, host.data(), host.size() * sizeof(T),
                         cudaMemcpyHostToDevice));
  return dev;
}

template <class T> static T *bench_alloc(size_t n) {
  T *dev = NULL;
  BENCH_CHECK(cudaMalloc(&dev, n * sizeof(T)));
  BENCH_CHECK(cudaMemset(dev, 0, n * sizeof(T)));
  return dev;
}

template <class T>
static std::vector<T> bench_download(const T *dev, size_t n) {
  std::vector<T> host(n);
  BENCH_CHECK(
      cudaMemcpy(host.data(), dev, n * sizeof(T), cudaMemcpyDeviceToHost));
  return host;
}

static inline void bench_free(std::initializer_list<void *> dev) {
  for (void *p : dev)
    BENCH_CHECK(cudaFree(p));
}

/* Sums of consecutive chunks of `chunk` elements, modulo 2^32. */
static inline std::vector<unsigned>
bench_chunk_sums(const std::vector<unsigned> &in, size_t chunk) {
  std::vector<unsigned> sums(in.size() / chunk, 0u);
  for (size_t i = 0; i < sums.size() * chunk; i++)
    sums[i / chunk] += in[i];
  return sums;
}

static inline int bench_sm_count(void) {
  int dev = 0, sms = 0;
  BENCH_CHECK(cudaGetDevice(&dev));
  BENCH_CHECK(
      cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  return sms;
}

/* A random sparse matrix / graph in CSR form: each row has between
 * min_degree and max_degree entries, with columns within `band` of the
 * row (wrapping around; band >= rows means anywhere). */
struct bench_csr {
  int rows;
  std::vector<int> rowptr; /* rows + 1 offsets into col */
  std::vector<int> col;    /* column (neighbour) of each entry */
};

static inline bench_csr bench_random_csr(int rows, int min_degree,
                                         int max_degree, int band,
                                         uint64_t seed) {
  bench_csr m;
  m.rows = rows;
  m.rowptr.resize((size_t)rows + 1);
  m.rowptr[0] = 0;
  for (int r = 0; r < rows; r++)
    m.rowptr[r + 1] =
        m.rowptr[r] + (int)bench_range(&seed, min_degree, max_degree);
  m.col.resize((size_t)m.rowptr[rows]);
  for (int r = 0; r < rows; r++)
    for (int k = m.rowptr[r]; k < m.rowptr[r + 1]; k++) {
      int64_t c = r + bench_range(&seed, -band, band);
      m.col[k] = (int)(((c % rows) + rows) % rows);
    }
  return m;
}

static inline void bench_no_reset(void) {}

struct bench_times {
  float median_ms, min_ms;
  int reps;
};

/* Runs warmup + reps launches; only the launch itself sits between the two
 * events, reset() (restoring an input the kernel updates in place) runs
 * before each launch, outside the timed span.  The result the program checks
 * is the one of the last launch. */
template <class Launch, class Reset>
static inline bench_times bench_time(bench_opts o, Launch launch, Reset reset) {
  cudaEvent_t start, stop;
  BENCH_CHECK(cudaEventCreate(&start));
  BENCH_CHECK(cudaEventCreate(&stop));
  std::vector<float> ms;
  for (int i = 0; i < o.warmup + o.reps; i++) {
    reset();
    BENCH_CHECK(cudaEventRecord(start, 0));
    launch();
    BENCH_CHECK(cudaGetLastError());
    BENCH_CHECK(cudaEventRecord(stop, 0));
    BENCH_CHECK(cudaEventSynchronize(stop));
    float t = 0;
    BENCH_CHECK(cudaEventElapsedTime(&t, start, stop));
    if (i >= o.warmup)
      ms.push_back(t);
  }
  BENCH_CHECK(cudaDeviceSynchronize());
  BENCH_CHECK(cudaEventDestroy(start));
  BENCH_CHECK(cudaEventDestroy(stop));
  std::sort(ms.begin(), ms.end());
  size_t n = ms.size();
  bench_times t;
  t.median_ms = n % 2 ? ms[n / 2] : 0.5f * (ms[n / 2 - 1] + ms[n / 2]);
  t.min_ms = ms[0];
  t.reps = (int)n;
  return t;
}

/* Counts mismatches and prints the first few to stderr. */
struct bench_check {
  long bad;
};

static inline void bench_expect(bench_check *c, const char *what, size_t index,
                                double got, double want) {
  if (got == want)
    return;
  if (c->bad < 5)
    fprintf(stderr, "%s: %s[%zu] = %.17g, expected %.17g\n", BENCH_PROGRAM,
            what, index, got, want);
  c->bad++;
}

/* Prints the BENCH line; returns the program's exit status.  A racy twin
 * exits 0 even when its result is wrong: the wrong result is the race's
 * symptom, reported as check=fail, and ldcc turns a race into exit status 66
 * only for a program that would have exited 0. */
static inline int bench_finish(bench_times t, const bench_check *c) {
  if (c->bad)
    fprintf(stderr, "%s: %ld mismatches\n", BENCH_PROGRAM, c->bad);
  printf("BENCH name=%s kernel_ms_median=%.4f kernel_ms_min=%.4f reps=%d "
         "check=%s\n",
         BENCH_PROGRAM, t.median_ms, t.min_ms, t.reps, c->bad ? "fail" : "ok");
  fflush(stdout);
  return c->bad && !BENCH_RACE ? 1 : 0;
}

#endif
