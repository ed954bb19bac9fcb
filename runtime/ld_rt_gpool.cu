/* The scratch areas of the check across blocks (ld_rt_glaunch.cu): one
 * stream-ordered area per checked launch, from a memory pool per device
 * that keeps its memory between launches and gives it back when a program's
 * allocation needs it (ld_rt_intercept.h's OOM hooks).  Says nothing: the
 * caller reports a failure.  Host code; CUDA runtime API only. */
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include <cuda_runtime.h>

#include "ldcc/global.h"
extern "C" {
#include "ld_rt_core.h"
#include "ld_rt_global.h"
#include "ld_rt_intercept.h"
}
#include "ld_rt_gpool.h"

namespace {
bool ok(cudaError_t e, cudaError_t pending) {
  return ld__rt_ok((int)e, (int)pending) != 0;
}
} // namespace

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

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static struct gpool pools[POOL_DEVICES];

static int peek_error(void) {
  return (int)cudaPeekAtLastError();
}

static void clear_error(void) {
  (void)cudaGetLastError();
}

/* The wrappers' trim hook: for every pool that keeps memory, wait for the
 * frees the runtime queued (its own events, so a stream's later work is
 * not waited for, and never the whole device) and give back everything
 * not in use.  A trim releases only memory no allocation holds, so it is
 * safe at any time and from any thread.  Its calls' errors are left to the
 * wrapper's retry, which sets the error state the program sees; 0 (no
 * retry) only when no pool keeps anything and no call failed. */
static int trim_pools(void) {
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

static const struct ld_rt_oom_hooks oom_hooks = {peek_error, trim_pools,
                                                 clear_error};

/* A pool on `device` keeping everything freed into it; NULL when the
 * device has no memory pools or one cannot be made. */
static cudaMemPool_t make_pool(int device, cudaError_t pending) {
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
static cudaMemPool_t pool_of(int device, cudaError_t pending) {
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
uint64_t ld__gpool_spare(int device, cudaError_t pending) {
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
static void make_room(cudaMemPool_t pool, int device, uint64_t need,
                      cudaError_t pending) {
  uint64_t spare = ld__gpool_spare(device, pending);

  if (spare > 0 && spare < need)
    (void)ok(cudaMemPoolTrimTo(pool, 0), pending);
}

/* An area of the pool of `device` was freed on `stream`: remember where, so
 * trim_pools can wait for it. */
static void note_free(int device, cudaStream_t stream, cudaError_t pending) {
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

void ld__gpool_free(unsigned char *area, int device, cudaStream_t stream,
                    cudaError_t pending) {
  ld_rt_intercept_internal(1);
  bool freed = ok(cudaFreeAsync(area, stream), pending);
  ld_rt_intercept_internal(0);
  if (freed)
    note_free(device, stream, pending);
}

/* One scratch area of `total` bytes on the stream, from the pool of
 * `device` (cudaMallocAsync without one), internal to the registry; *area
 * is what to free (ld__gpool_free), the result its LD_RT_GALIGN-aligned
 * start; NULL when it cannot be had.  One spare alignment unit: the
 * copies' placement modulo 256 assumes an area aligned to it, which the
 * allocator need not promise. */
unsigned char *ld__gpool_take(uint64_t total, int device, cudaStream_t stream,
                              cudaError_t pending, unsigned char **area) {
  cudaMemPool_t pool = pool_of(device, pending);
  uint64_t bytes = total + LD_RT_GALIGN;
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
  if (!got)
    return NULL;
  return (unsigned char *)(((uintptr_t)*area + LD_RT_GALIGN - 1) /
                           LD_RT_GALIGN * LD_RT_GALIGN);
}
