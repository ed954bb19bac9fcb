/* Deterministic mode's floating-point sums (ld_rt_gflog.h;
 * docs/deterministic-global.md, "Floating-point sums").
 *
 * Every float or double `atomicAdd` of the clone appends (word, thread,
 * value) to the log in whatever order the atomics run.  After the last
 * round the log is sorted by thread (stable: a thread's own additions keep
 * their order, in which it appended them) and then by word (stable again),
 * and one thread per word adds its values, in that order, to the word's
 * value at the launch's start.  The sum is then the same on every run
 * whatever the schedule, the number of rounds or of copies. */
#include "ld_rt_gflog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cub/device/device_radix_sort.cuh>

#include "ld_rt_gprintf.h"
#include "ldcc/global.h"

namespace {

/* Bytes rounded up to 256, so every array starts aligned. */
uint64_t up(uint64_t b) {
  return (b + 255) & ~(uint64_t)255;
}

size_t sort_temp_bytes(unsigned long long cap) {
  size_t bytes = 0;
  if (cub::DeviceRadixSort::SortPairs(
          (void *)NULL, bytes, (const uint64_t *)NULL, (uint64_t *)NULL,
          (const uint32_t *)NULL, (uint32_t *)NULL, (int)cap) != cudaSuccess)
    return 0;
  return bytes;
}

/* The arrays of a log of cap entries, from base. */
void place(struct ld__gflog *f, unsigned char *base, unsigned long long cap,
           size_t temp) {
  uint64_t at = up(sizeof(struct __ldcc_gflog));
  f->mem = base;
  f->dev = (uint64_t)(uintptr_t)base;
  f->cap = cap;
  f->word = (uint64_t *)(base + at);
  at += up(cap * 8);
  f->order = (uint64_t *)(base + at);
  at += up(cap * 8);
  f->val = (uint64_t *)(base + at);
  at += up(cap * 8);
  f->keys = (uint64_t *)(base + at);
  at += up(cap * 8);
  f->ia = (uint32_t *)(base + at);
  at += up(cap * 4);
  f->ib = (uint32_t *)(base + at);
  at += up(cap * 4);
  f->temp = base + at;
  f->temp_bytes = temp;
}

/* Both logs start with their 64-bit count (struct __ldcc_gflog's n,
 * __ldcc_gplog's used): read or set at the device address dev, waiting
 * for the stream. */
bool read_count(uint64_t dev, cudaStream_t stream, unsigned long long *n) {
  return cudaMemcpyAsync(n, (const void *)(uintptr_t)dev, sizeof *n,
                         cudaMemcpyDeviceToHost, stream) == cudaSuccess &&
         cudaStreamSynchronize(stream) == cudaSuccess;
}

bool write_count(uint64_t dev, unsigned long long n, cudaStream_t stream) {
  return cudaMemcpyAsync((void *)(uintptr_t)dev, &n, sizeof n,
                         cudaMemcpyHostToDevice, stream) == cudaSuccess &&
         cudaStreamSynchronize(stream) == cudaSuccess;
}

__global__ void iota(uint32_t *ix, unsigned long long n) {
  unsigned long long i =
      blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
  if (i < n)
    ix[i] = (uint32_t)i;
}

__global__ void gather(uint64_t *to, const uint64_t *from, const uint32_t *ix,
                       unsigned long long n) {
  unsigned long long i =
      blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
  if (i < n)
    to[i] = from[ix[i]];
}

/* Where acc entry e's words are: U's first chunk and S's. */
struct fold_bases {
  uint64_t u[__LDCC_GMAX_PTRS];
  uint64_t s[__LDCC_GMAX_PTRS];
};

/* The run of equal keys from i: the word's value in S plus the run's values
 * in order, into U, in T's arithmetic (as the atomics added). */
template <class T>
__device__ void fold_run(const uint64_t *keys, const uint32_t *ix,
                         const uint64_t *val, unsigned long long i,
                         unsigned long long n, uint64_t s, uint64_t u) {
  const uint64_t k = keys[i];
  T acc, x;
  memcpy(&acc, (const void *)(uintptr_t)s, sizeof acc);
  for (unsigned long long j = i; j < n && keys[j] == k; j++) {
    memcpy(&x, &val[ix[j]], sizeof x);
    acc += x;
  }
  memcpy((void *)(uintptr_t)u, &acc, sizeof acc);
}

/* One thread per run of equal keys (sorted by word, then thread). */
__global__ void fold(const uint64_t *keys, const uint32_t *ix,
                     const uint64_t *val, unsigned long long n, fold_bases b) {
  unsigned long long i =
      blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
  if (i >= n || (i > 0 && keys[i - 1] == keys[i]))
    return;
  uint64_t k = keys[i];
  unsigned e = (unsigned)(k >> 48 & 0x7fff);
  uint64_t w = k & ((1ull << 48) - 1);
  if (e >= __LDCC_GMAX_PTRS)
    return;
  if (k & __LDCC_GFLOG_DOUBLE)
    fold_run<double>(keys, ix, val, i, n, b.s[e] + 4 * w, b.u[e] + 4 * w);
  else
    fold_run<float>(keys, ix, val, i, n, b.s[e] + 4 * w, b.u[e] + 4 * w);
}

unsigned blocks_of(unsigned long long n) {
  return (unsigned)((n + 255) / 256);
}

} // namespace

uint64_t ld__gflog_bytes(unsigned long long cap) {
  return up(sizeof(struct __ldcc_gflog)) + 4 * up(cap * 8) + 2 * up(cap * 4) +
         up(sort_temp_bytes(cap));
}

/* Two additions per thread, at least 64 Ki entries and at most 16 Mi
 * (more grows the log: the round runs again). */
unsigned long long ld__gflog_first_cap(uint64_t nthreads) {
  uint64_t cap = 2 * nthreads;
  if (cap < (1u << 16))
    cap = 1u << 16;
  if (cap > (1u << 24))
    cap = 1u << 24;
  return cap;
}

bool ld__gflog_open(struct ld__gflog *f, unsigned long long cap,
                    cudaStream_t stream) {
  struct __ldcc_gflog head;
  void *mem = NULL;
  size_t temp;

  memset(f, 0, sizeof *f);
  if (cap == 0 || cap > 0x7fffffffull)
    return false;
  temp = sort_temp_bytes(cap);
  if (!temp || cudaMalloc(&mem, ld__gflog_bytes(cap)) != cudaSuccess) {
    (void)cudaGetLastError();
    return false;
  }
  place(f, (unsigned char *)mem, cap, temp);
  memset(&head, 0, sizeof head);
  head.cap = cap;
  head.word = (uint64_t)(uintptr_t)f->word;
  head.order = (uint64_t)(uintptr_t)f->order;
  head.val = (uint64_t)(uintptr_t)f->val;
  if (cudaMemcpyAsync(mem, &head, sizeof head, cudaMemcpyHostToDevice,
                      stream) != cudaSuccess ||
      cudaStreamSynchronize(stream) != cudaSuccess) {
    cudaFree(mem);
    memset(f, 0, sizeof *f);
    return false;
  }
  return true;
}

bool ld__gflog_count(const struct ld__gflog *f, cudaStream_t stream,
                     unsigned long long *n) {
  return read_count(f->dev, stream, n);
}

bool ld__gflog_reset(const struct ld__gflog *f, unsigned long long n,
                     cudaStream_t stream) {
  return write_count(f->dev, n, stream);
}

bool ld__gflog_grow(struct ld__gflog *f, unsigned long long cap,
                    unsigned long long keep, cudaStream_t stream) {
  struct ld__gflog g;
  bool ok;

  if (keep > f->cap)
    keep = f->cap;
  if (!ld__gflog_open(&g, cap, stream))
    return false;
  ok = cudaMemcpyAsync(g.word, f->word, keep * 8, cudaMemcpyDeviceToDevice,
                       stream) == cudaSuccess &&
       cudaMemcpyAsync(g.order, f->order, keep * 8, cudaMemcpyDeviceToDevice,
                       stream) == cudaSuccess &&
       cudaMemcpyAsync(g.val, f->val, keep * 8, cudaMemcpyDeviceToDevice,
                       stream) == cudaSuccess &&
       ld__gflog_reset(&g, keep, stream);
  if (!ok) {
    ld__gflog_close(&g);
    return false;
  }
  ld__gflog_close(f);
  *f = g;
  return true;
}

bool ld__gflog_fold(const struct ld__gflog *f, unsigned long long n,
                    const struct ld_rt_gplan *plan, uint64_t scratch,
                    cudaStream_t stream) {
  fold_bases b;
  size_t temp = f->temp_bytes;

  if (n > f->cap)
    return false;
  if (n == 0)
    return true;
  memset(&b, 0, sizeof b);
  for (uint32_t i = 0; i < plan->nallocs && i < __LDCC_GMAX_PTRS; i++) {
    const struct ld_rt_galloc *a = &plan->allocs[i];
    b.u[i] = (scratch + a->at + a->a.base % LD_RT_GALIGN) & ~(uint64_t)15;
    b.s[i] = a->a.base & ~(uint64_t)15;
  }
  iota<<<blocks_of(n), 256, 0, stream>>>(f->ia, n);
  /* By thread (stable: a thread's additions stay in their order), then by
   * word (stable: threads stay in order). */
  if (cub::DeviceRadixSort::SortPairs(f->temp, temp, f->order, f->keys, f->ia,
                                      f->ib, (int)n, 0, 64,
                                      stream) != cudaSuccess)
    return false;
  gather<<<blocks_of(n), 256, 0, stream>>>(f->order, f->word, f->ib, n);
  temp = f->temp_bytes;
  if (cub::DeviceRadixSort::SortPairs(f->temp, temp, f->order, f->keys, f->ib,
                                      f->ia, (int)n, 0, 64,
                                      stream) != cudaSuccess)
    return false;
  fold<<<blocks_of(n), 256, 0, stream>>>(f->keys, f->ia, f->val, n, b);
  return true;
}

void ld__gflog_close(struct ld__gflog *f) {
  if (f->mem)
    cudaFree(f->mem);
  memset(f, 0, sizeof *f);
}

/* ---- printf lines ------------------------------------------------------ */

bool ld__gplog_open(struct ld__gplog *p, unsigned long long cap,
                    cudaStream_t stream) {
  struct __ldcc_gplog head;
  void *mem = NULL;

  memset(p, 0, sizeof *p);
  if (cudaMalloc(&mem, up(sizeof head) + cap) != cudaSuccess) {
    (void)cudaGetLastError();
    return false;
  }
  memset(&head, 0, sizeof head);
  head.cap = cap;
  head.buf = (uint64_t)(uintptr_t)mem + up(sizeof head);
  if (cudaMemcpyAsync(mem, &head, sizeof head, cudaMemcpyHostToDevice,
                      stream) != cudaSuccess ||
      cudaStreamSynchronize(stream) != cudaSuccess) {
    cudaFree(mem);
    return false;
  }
  p->mem = mem;
  p->dev = (uint64_t)(uintptr_t)mem;
  p->cap = cap;
  return true;
}

bool ld__gplog_count(const struct ld__gplog *p, cudaStream_t stream,
                     unsigned long long *used) {
  return read_count(p->dev, stream, used);
}

bool ld__gplog_grow(struct ld__gplog *p, unsigned long long cap,
                    unsigned long long keep, cudaStream_t stream) {
  struct ld__gplog g;
  uint64_t at = up(sizeof(struct __ldcc_gplog));

  if (keep > p->cap)
    keep = p->cap;
  if (!ld__gplog_open(&g, cap, stream))
    return false;
  if (cudaMemcpyAsync((unsigned char *)g.mem + at, (unsigned char *)p->mem + at,
                      keep, cudaMemcpyDeviceToDevice, stream) != cudaSuccess ||
      !write_count(g.dev, keep, stream)) {
    ld__gplog_close(&g);
    return false;
  }
  ld__gplog_close(p);
  *p = g;
  return true;
}

bool ld__gplog_print(const struct ld__gplog *p, unsigned long long used,
                     cudaStream_t stream) {
  unsigned char *host;
  bool ok;

  if (used > p->cap)
    return false;
  if (used == 0)
    return true;
  host = (unsigned char *)malloc(used);
  if (!host)
    return false;
  ok = cudaMemcpyAsync(
           host, (unsigned char *)p->mem + up(sizeof(struct __ldcc_gplog)),
           used, cudaMemcpyDeviceToHost, stream) == cudaSuccess &&
       cudaStreamSynchronize(stream) == cudaSuccess;
  if (ok) {
    fflush(stdout);
    ok = ld_rt_gprintf_log(host, used, stdout) >= 0;
    fflush(stdout);
  }
  free(host);
  return ok;
}

bool ld__gplog_reset(const struct ld__gplog *p, unsigned long long used,
                     cudaStream_t stream) {
  return write_count(p->dev, used, stream);
}

void ld__gplog_close(struct ld__gplog *p) {
  if (p->mem)
    cudaFree(p->mem);
  memset(p, 0, sizeof *p);
}
