/* Inline checks for intra-warp races under independent thread scheduling
 * (docs/inline-checks.md).  The translator includes this header in files
 * with warp-synchronous kernels and calls, in those kernels only:
 *   __ldcc::its_enter()          after the body's `{`: clears the warp's table
 *   (*__ldcc::its_r(&(E), B, k, site))  around a load (its_w: a store,
 *                                its_rw: both), B the variable E indexes
 *   __ldcc::its_after(E), (E, __ldcc::its_sync())  after a collective,
 *                                __syncwarp or barrier: the next sync epoch
 *   __ldcc::its_arm(), k<<<...>>>(...)  before each launch (host)
 *
 * Each warp of a block owns a direct-mapped table of __LDCC_ITS_SLOTS slots
 * in shared memory.  A slot is claimed by one exact address (the tag word:
 * address and a claim number); its state word (host.h __ldcc_its_state)
 * holds the lanes that touched the address in the warp's current sync
 * epoch, updated with 64-bit atomicCAS so lanes of one instruction are seen
 * in either order.  Another address taking the slot evicts it (a possible
 * miss, never a report): a report needs two lanes of one warp at one
 * address in one epoch, one of them writing.
 * Device code, plus the host-side arming; header-only, no -rdc. */
#ifndef __LDCC_ITS_CUH
#define __LDCC_ITS_CUH

#include <cuda_runtime.h>
#include <type_traits>

#include "ldcc/host.h"

#define __LDCC_ITS_SLOTS 32 /* per warp; a power of two */
#define __LDCC_ITS_WARPS 32 /* warps of the largest block */

struct __ldcc_its_slot {
  unsigned long long tag;   /* address (bits 0-48) | claim << 49; 0 free */
  unsigned long long state; /* __ldcc_its_state + lanes */
  unsigned long long sites; /* the sites of the writer and the two readers,
                               21 bits each (best effort: plain stores) */
};

/* One of each per translated file (internal linkage). */
static __device__ __ldcc_its_sink __ldcc_its_sink_dev;
static __shared__ __ldcc_its_slot
    __ldcc_its_tab[__LDCC_ITS_WARPS][__LDCC_ITS_SLOTS];
static __shared__ unsigned __ldcc_its_epoch[__LDCC_ITS_WARPS];
/* Defined by the translator after the file's last line. */
static const __ldcc_kernel_meta *const *__ldcc_its_table(unsigned *n);

namespace __ldcc {

static __device__ __forceinline__ unsigned its_tid() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}

/* Clear the warp's table: stale shadow from an earlier block of this SM
 * must not meet this block's accesses.  Warps start converged, so every
 * lane of the warp takes part. */
static __device__ __forceinline__ void its_enter() {
  unsigned mask = __activemask(), tid = its_tid(), warp = tid / 32;
  unsigned rank = __popc(mask & ((1u << (tid % 32)) - 1)), n = __popc(mask);

  for (unsigned i = rank; i < __LDCC_ITS_SLOTS; i += n) {
    __ldcc_its_tab[warp][i].tag = 0;
    __ldcc_its_tab[warp][i].state = 0;
    __ldcc_its_tab[warp][i].sites = 0;
  }
  __syncwarp(mask);
}

/* A new sync epoch for the lanes now together: after they all arrived, one
 * of them steps the warp's epoch, and none goes on before it has. */
static __device__ __forceinline__ void its_sync() {
  unsigned mask = __activemask(), tid = its_tid();

  __syncwarp(mask);
  if ((tid % 32) == (unsigned)(__ffs(mask) - 1))
    atomicAdd(&__ldcc_its_epoch[tid / 32], 1u);
  __syncwarp(mask);
}

/* The value of a collective (or of a call that synchronises), evaluated
 * before the epoch steps; a class or reference result passes through. */
template <class T> static __device__ __forceinline__ T &&its_after(T &&v) {
  its_sync();
  return static_cast<T &&>(v);
}

/* The ring record for the first detection of (kind, kernel, the two
 * sites), with the fields every inline record has filled in, or NULL when
 * it is another instance (counted), the file is not armed or the ring is
 * full.  The caller fills the rest and calls its_publish. */
static __device__ volatile __ldcc_report *
its_record(unsigned kind, unsigned kernel, unsigned site_a, unsigned site_b) {
  const __ldcc_its_sink *s = &__ldcc_its_sink_dev;

  if (!s->reports || kernel >= s->nmetas)
    return 0;
  unsigned long long key = s->metas[kernel];
  unsigned h = (unsigned)(key ^ (key >> 32)) * 0x9E3779B1u;
  h ^= (kind * 0x85EBCA6Bu) ^ (((site_a << 16) | site_b) * 0xC2B2AE35u);
  h ^= h >> 15;
  h *= 0x2C1B3C6Du;
  h ^= h >> 12;
  h &= __LDCC_BUCKETS - 1;
  if (atomicAdd(&s->counts[h], 1u) != 0)
    return 0;
  unsigned i = atomicAdd(s->report_next, 1u);
  if (i >= s->report_capacity)
    return 0;
  volatile __ldcc_report *r = s->reports + i;
  r->kind = kind;
  r->kernel_meta = key;
  r->launch_id = 0xffffffffu;
  r->bucket = h;
  r->block[0] = blockIdx.x;
  r->block[1] = blockIdx.y;
  r->block[2] = blockIdx.z;
  r->start_site = site_a;
  r->end_site = site_b;
  r->lane = (int)(its_tid() % 32);
  r->mask = 0;
  r->size = 0;
  for (unsigned k = 0; k < 16; k++)
    r->value_a[k] = r->value_b[k] = 0;
  return r;
}

static __device__ void its_publish(volatile __ldcc_report *r) {
  __threadfence_system();
  r->valid = 1;
}

/* Record an intra-warp race (cold path). */
static __device__ __noinline__ void
its_report(unsigned kernel, unsigned site_a, unsigned site_b, unsigned lane_a,
           unsigned flags, unsigned long long offset, unsigned size,
           unsigned nidx, const unsigned *idx) {
  volatile __ldcc_report *r =
      its_record(__LDCC_RK_INTRA_WARP, kernel, site_a, site_b);

  if (!r)
    return;
  r->warp_a = r->warp_b = its_tid() / 32;
  r->offset = offset;
  r->mask = lane_a | flags;
  r->size = size;
  for (unsigned k = 0; k < 16; k++)
    r->value_a[k] = (unsigned char)(idx[k / 4] >> (8 * (k % 4)));
  r->value_b[0] = (unsigned char)nidx;
  its_publish(r);
}

/* The tag of slot `tag` claimed for address a (at most 49 bits): the
 * current tag when it is a's, else a with the next claim number; 0 when
 * another thread changed the slot first (try again). */
static __device__ __forceinline__ unsigned long long
its_claim(unsigned long long *tag, unsigned long long a) {
  unsigned long long t = *(volatile unsigned long long *)tag;

  if ((t & 0x1ffffffffffffull) == a)
    return t;
  unsigned cid = (unsigned)((t >> 49) + 1) & 0x7fffu;
  unsigned long long nt = a | ((unsigned long long)(cid ? cid : 1) << 49);
  return atomicCAS(tag, t, nt) == t ? nt : 0;
}

/* The shadow step of one access; returns 1 with the earlier access's lane,
 * site and kind on a race. */
static __device__ __forceinline__ int its_check(const void *p, unsigned site,
                                                int write, unsigned *lane_a,
                                                unsigned *site_a,
                                                int *a_wrote) {
  unsigned long long a = (unsigned long long)p & 0x1ffffffffffffull;
  unsigned tid = its_tid(), warp = tid / 32, lane = tid % 32;
  unsigned slot = (unsigned)(((a >> 2) + (a & 3) * 8) & (__LDCC_ITS_SLOTS - 1));
  __ldcc_its_slot *s = &__ldcc_its_tab[warp][slot];
  unsigned epoch = *(volatile unsigned *)&__ldcc_its_epoch[warp];

  /* Every thread's local memory has the same generic addresses: a
   * pointer into it is private to the lane, never shared. */
  if (warp >= __LDCC_ITS_WARPS || __isLocal(p))
    return 0;
  for (int tries = 0; tries < 16; tries++) {
    unsigned long long t = its_claim(&s->tag, a);
    if (!t)
      continue;
    unsigned long long st = *(volatile unsigned long long *)&s->state;
    uint64_t next;
    unsigned other = 0, role = 0;
    int ow = 0;
    int hit = __ldcc_its_step(st, (unsigned)(t >> 49), epoch, lane, write,
                              &next, &other, &ow, &role);
    if (atomicCAS(&s->state, st, (unsigned long long)next) != st)
      continue;
    unsigned long long sites = *(volatile unsigned long long *)&s->sites;
    if (hit) {
      *lane_a = other;
      *site_a = (unsigned)(sites >> (21 * role)) & 0x1fffffu;
      *a_wrote = ow;
    }
    unsigned my_role = write ? 0u
                       : ((next >> 6) & 63) == lane + 1 ? 1u
                       : ((next >> 12) & 63) == lane + 1 ? 2u
                                                          : 3u;
    if (my_role < 3) {
      sites &= ~(0x1fffffull << (21 * my_role));
      sites |= (unsigned long long)(site & 0x1fffffu) << (21 * my_role);
      *(volatile unsigned long long *)&s->sites = sites;
    }
    return hit;
  }
  return 0;
}

/* Element indices of p inside base: arrays by their extents, pointers by
 * the pointee's size, scalars none (overloads, not `if constexpr`: a
 * translated file may be compiled as C++14). */
template <class P, class B>
static __device__ __forceinline__ unsigned
its_element(P *p, B *const &base, unsigned long long *offset, unsigned *idx) {
  *offset = (unsigned long long)((const char *)p - (const char *)base);
  idx[0] = (unsigned)(*offset / sizeof(*base));
  return 1;
}

template <class P, class B>
static __device__ __forceinline__ unsigned
its_element(P *p, const B &base, unsigned long long *offset, unsigned *idx) {
  typedef typename std::remove_all_extents<B>::type E;
  const unsigned rank = std::rank<B>::value < 4 ? std::rank<B>::value : 4;
  const unsigned ext[4] = {
      (unsigned)std::extent<B, 0>::value, (unsigned)std::extent<B, 1>::value,
      (unsigned)std::extent<B, 2>::value, (unsigned)std::extent<B, 3>::value};
  unsigned long long flat;

  *offset = (unsigned long long)((const char *)p - (const char *)&base);
  flat = *offset / sizeof(E);
  for (int i = (int)rank - 1; i >= 0; i--) {
    idx[i] = ext[i] ? (unsigned)(flat % ext[i]) : (unsigned)flat;
    flat = ext[i] ? flat / ext[i] : 0;
  }
  return rank;
}

template <class P, class B>
static __device__ __forceinline__ P *its_access(P *p, const B &base,
                                                unsigned kernel, unsigned site,
                                                int write) {
  unsigned lane_a = 0, site_a = 0;
  int a_wrote = 0;

  if (its_check((const void *)p, site, write, &lane_a, &site_a, &a_wrote)) {
    unsigned idx[4] = {0, 0, 0, 0}, nidx;
    unsigned long long offset = 0;
    nidx = its_element(p, base, &offset, idx);
    its_report(kernel, site_a, site, lane_a,
               (__isShared((const void *)p) ? __LDCC_ITS_M_SHARED : 0u) |
                   (a_wrote ? __LDCC_ITS_M_A_WROTE : 0u) |
                   (write ? __LDCC_ITS_M_B_WROTE : 0u),
               offset, (unsigned)sizeof(P), nidx, idx);
  }
  return p;
}

template <class P, class B>
static __device__ __forceinline__ P *its_r(P *p, const B &base, unsigned k,
                                           unsigned site) {
  return its_access(p, base, k, site, 0);
}
template <class P, class B>
static __device__ __forceinline__ P *its_w(P *p, const B &base, unsigned k,
                                           unsigned site) {
  return its_access(p, base, k, site, 1);
}
/* A read-modify-write: as a store, it conflicts with any other lane. */
template <class P, class B>
static __device__ __forceinline__ P *its_rw(P *p, const B &base, unsigned k,
                                            unsigned site) {
  return its_access(p, base, k, site, 1);
}

/* ---- block-scope atomics (scoped synchronisation) ------------------- */

#define __LDCC_SCOPE_SLOTS 4096 /* per file; a power of two */

/* A global location some block reached with a block-scope atomic in a
 * launch: tag as in the warp tables; state = claim (15 bits) << 49 | the
 * launch's %gridid (25 bits) << 24 | linear block + 1 (24 bits); site of
 * that atomic (best effort). */
struct __ldcc_scope_slot {
  unsigned long long tag, state, site;
};
static __device__ __ldcc_scope_slot __ldcc_scope_tab[__LDCC_SCOPE_SLOTS];

/* Record a block-scope atomic race (cold path). */
static __device__ __noinline__ void scope_report(unsigned kernel,
                                                 unsigned site_a,
                                                 unsigned site_b,
                                                 unsigned block_a,
                                                 unsigned block_b,
                                                 const void *p) {
  volatile __ldcc_report *r =
      its_record(__LDCC_RK_SCOPED_ATOMIC, kernel, site_a, site_b);

  if (!r)
    return;
  r->warp_a = block_a;
  r->warp_b = block_b;
  r->offset = (unsigned long long)p;
  its_publish(r);
}

/* The address of a block-scope atomic (`atomicAdd_block(P, v)` becomes
 * `atomicAdd_block(__ldcc::scope_block(P, k, site), v)`).  Such an atomic
 * is atomic only among the threads of its block: another block's
 * block-scope atomic on the same global location in the same launch races
 * with it.  A report needs the exact address (claimed slot), the same
 * launch (%gridid) and two different blocks; shared memory is per block
 * and never checked.  An eviction is a possible miss. */
template <class P>
static __device__ __forceinline__ P *scope_block(P *p, unsigned kernel,
                                                 unsigned site) {
  unsigned long long a = (unsigned long long)p & 0x1ffffffffffffull, grid;
  unsigned block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  unsigned slot = (unsigned)(((a >> 2) ^ (a >> 14)) & (__LDCC_SCOPE_SLOTS - 1));
  __ldcc_scope_slot *s = &__ldcc_scope_tab[slot];

  if (__isShared((const void *)p) || __isLocal((const void *)p) ||
      block >= 0xffffffu)
    return p;
  asm volatile("mov.u64 %0, %%gridid;" : "=l"(grid));
  grid &= 0x1ffffffull;
  for (int tries = 0; tries < 16; tries++) {
    unsigned long long t = its_claim(&s->tag, a);
    if (!t)
      continue;
    unsigned long long mine = (t >> 49) << 49 | grid << 24 | (block + 1);
    unsigned long long st = *(volatile unsigned long long *)&s->state;
    unsigned long long site_a = *(volatile unsigned long long *)&s->site;
    if (atomicCAS(&s->state, st, mine) != st)
      continue;
    *(volatile unsigned long long *)&s->site = site;
    if ((st >> 24) == (mine >> 24) && (st & 0xffffffu) != 0 &&
        (st & 0xffffffu) != block + 1)
      scope_report(kernel, (unsigned)site_a, site,
                   (unsigned)(st & 0xffffffu) - 1, block, p);
    break;
  }
  return p;
}

/* Host: before each launch of a checked kernel.  The first call hands the
 * file's device code the runtime's ring and the kernels' metadata (one
 * synchronous copy); later calls only count the launch.  A launch from
 * device code (dynamic parallelism) arms nothing. */
template <int = 0> static __host__ __device__ void its_arm() {
#ifndef __CUDA_ARCH__
  static bool armed = false;
  __ldcc_its_sink s;
  const __ldcc_kernel_meta *const *metas;
  unsigned n = 0;

  if (!__ldcc_its_arm || __ldcc_its_arm(&s) != 0 || armed)
    return;
  armed = true;
  metas = __ldcc_its_table(&n);
  s.nmetas = n < __LDCC_ITS_MAX_KERNELS ? n : __LDCC_ITS_MAX_KERNELS;
  for (unsigned i = 0; i < s.nmetas; i++)
    s.metas[i] = (uint64_t)(uintptr_t)metas[i];
  cudaError_t pending = cudaPeekAtLastError();
  if (cudaMemcpyToSymbol(__ldcc_its_sink_dev, &s, sizeof s) != cudaSuccess &&
      pending == cudaSuccess)
    (void)cudaGetLastError();
#endif
}

} // namespace __ldcc

#endif
