/* Inline checks for intra-warp races under independent thread scheduling
 * (docs/inline-checks.md).  The translator includes this header in files
 * with warp-synchronous kernels and calls, in those kernels only:
 *   __ldcc::its_enter()          after the body's `{`: clears the warp's table
 *   (*__ldcc::its_r(&(E), B, k, site))  around a load (its_w: a store,
 *                                its_rw: both), B the variable E indexes
 *   __ldcc::its_after(E), (E, __ldcc::its_sync())  after a collective,
 *                                __syncwarp or barrier: the next sync epoch
 *   its_r/w/rw(&(E), B, k, site, __ldcc_c.pass)  the same in the replay
 *                                clone, recorded in pass 1 only; the clone
 *                                steps the epoch after each of its sites
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
its_record(unsigned kind, unsigned kernel, unsigned site_a, unsigned site_b,
           unsigned n = 1, unsigned lane = 32) {
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
  if (atomicAdd(&s->counts[h], n) != 0)
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
  r->lane = (int)(lane < 32 ? lane : its_tid() % 32);
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

/* A record's element: its byte offset, size and up to four indices. */
static __device__ void its_element_to(volatile __ldcc_report *r,
                                      unsigned long long offset, unsigned size,
                                      unsigned nidx, const unsigned *idx) {
  r->offset = offset;
  r->size = size;
  for (unsigned k = 0; k < 16; k++)
    r->value_a[k] = (unsigned char)(idx[k / 4] >> (8 * (k % 4)));
  r->value_b[0] = (unsigned char)nidx;
}

/* Record an intra-warp race of n lanes, the first lane_b against lane_a
 * (cold path). */
static __device__ __noinline__ void
its_report(unsigned kernel, unsigned site_a, unsigned site_b, unsigned lane_a,
           unsigned lane_b, unsigned n, unsigned flags,
           unsigned long long offset, unsigned size, unsigned nidx,
           const unsigned *idx) {
  volatile __ldcc_report *r =
      its_record(__LDCC_RK_INTRA_WARP, kernel, site_a, site_b, n, lane_b);

  if (!r)
    return;
  r->warp_a = r->warp_b = its_tid() / 32;
  r->mask = lane_a | flags;
  its_element_to(r, offset, size, nidx, idx);
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

/* One try at slot s for address a: the claimed tag in *t, the state then
 * in *st; 0 when another thread changed the tag first (try again). */
static __device__ __forceinline__ int its_try(__ldcc_its_slot *s,
                                              unsigned long long a,
                                              unsigned long long *t,
                                              unsigned long long *st) {
  *t = its_claim(&s->tag, a);
  if (!*t)
    return 0;
  *st = *(volatile unsigned long long *)&s->state;
  return 1;
}

/* The shadow step of one access; returns 1 with the earlier access's lane,
 * site and kind on a race. */
static __device__ __forceinline__ int
its_check_lane(const void *p, unsigned site, int write, unsigned *lane_a,
               unsigned *site_a, int *a_wrote) {
  unsigned long long a = (unsigned long long)p & 0x1ffffffffffffull;
  unsigned tid = its_tid(), warp = tid / 32, lane = tid % 32;
  unsigned slot = (unsigned)(((a >> 2) + (a & 3) * 8) & (__LDCC_ITS_SLOTS - 1));
  __ldcc_its_slot *s = &__ldcc_its_tab[warp][slot];
  unsigned epoch = *(volatile unsigned *)&__ldcc_its_epoch[warp];

  /* Every thread's local memory has the same generic addresses: a
   * pointer into it is private to the lane, never shared. */
  if (warp >= __LDCC_ITS_WARPS || __ldcc_is_local(p))
    return 0;
  for (int tries = 0; tries < 16; tries++) {
    unsigned long long t, st;
    if (!its_try(s, a, &t, &st))
      continue;
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
    unsigned my_role = write                             ? 0u
                       : ((next >> 6) & 63) == lane + 1  ? 1u
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

/* The shadow step of one access by each lane here.  The lanes of one
 * instruction at one address (`__match_any_sync` on it) take their steps
 * together, by the lowest of them, in lane order (an order their hardware
 * could have taken; __ldcc_its_group_step, no loop over the lanes), with
 * one compare-and-swap: lane by lane, a load all lanes of a warp make from
 * one word (a broadcast) ran up to 32 rounds of a contended compare-and-
 * swap loop, each round the whole warp's instructions.  Returns, in that
 * lane only, the fields (bits 0-2) that conflicts filled in *h. */
static __device__ __forceinline__ unsigned
its_check_group(const void *p, unsigned site, int write, __ldcc_its_hits *h) {
  unsigned long long a = (unsigned long long)p & 0x1ffffffffffffull;
  unsigned tid = its_tid(), warp = tid / 32, lane = tid % 32;
  unsigned slot = (unsigned)(((a >> 2) + (a & 3) * 8) & (__LDCC_ITS_SLOTS - 1));
  /* Every thread's local memory has the same generic addresses: a
   * pointer into it is private to the lane, never shared. */
  int skip = warp >= __LDCC_ITS_WARPS || __ldcc_is_local(p);
  unsigned here = __ballot_sync(__activemask(), !skip);

  if (skip)
    return 0;
  unsigned peers = __match_any_sync(here, a);
  if (lane != (unsigned)__ffs(peers) - 1)
    return 0;
  __ldcc_its_slot *s = &__ldcc_its_tab[warp][slot];
  unsigned epoch = *(volatile unsigned *)&__ldcc_its_epoch[warp];
  for (int tries = 0; tries < 16; tries++) {
    unsigned long long t, st;
    if (!its_try(s, a, &t, &st))
      continue;
    uint64_t next;
    unsigned roles = __ldcc_its_group_step(st, (unsigned)(t >> 49), epoch,
                                           peers, write, &next, h);
    if (atomicCAS(&s->state, st, (unsigned long long)next) != st)
      continue;
    unsigned long long sites = *(volatile unsigned long long *)&s->sites;
    /* The earlier accesses' sites, then the fields our lanes now hold
     * name this site (best effort). */
    unsigned long long mine = sites;
    for (int r = 0; r < 3; r++) {
      unsigned f = (unsigned)(next >> (6 * r)) & 63;
      if ((peers & __ldcc_its_bit(f)) && (r == 0) == (write != 0)) {
        mine &= ~(0x1fffffull << (21 * r));
        mine |= (unsigned long long)(site & 0x1fffffu) << (21 * r);
      }
    }
    if (mine != sites)
      *(volatile unsigned long long *)&s->sites = mine;
    h->sites = sites;
    return roles;
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
static __device__ __forceinline__ P *
its_access(P *p, const B &base, unsigned kernel, unsigned site, int write) {
  __ldcc_its_hits h;
#ifndef LDCC_ITS_LANES
  /* The lanes of one instruction at one address step together
   * (docs/inline-checks.md, "Cost": matmul16_race 43.6 -> 31.1 ms);
   * -DLDCC_ITS_LANES keeps the lane-by-lane loop. */
  unsigned roles = its_check_group((const void *)p, site, write, &h);
#else
  unsigned site_a = 0;
  unsigned roles = (unsigned)its_check_lane(
      (const void *)p, site, write, &h.lane_a[0], &site_a, &h.a_wrote[0]);
  h.n[0] = 1;
  h.lane_b[0] = 32; /* this lane */
  h.sites = site_a;
#endif

  if (roles) {
    unsigned idx[4] = {0, 0, 0, 0}, nidx;
    unsigned long long offset = 0;
    nidx = its_element(p, base, &offset, idx);
    for (unsigned r = 0; r < 3; r++)
      if (roles >> r & 1)
        its_report(
            kernel, (unsigned)(h.sites >> (21 * r)) & 0x1fffffu, site,
            h.lane_a[r], h.lane_b[r], h.n[r],
            (__ldcc_is_shared((const void *)p) ? __LDCC_ITS_M_SHARED : 0u) |
                (h.a_wrote[r] ? __LDCC_ITS_M_A_WROTE : 0u) |
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
/* A plain store that another lane's store does not conflict with
 * (__ldcc_its_step's write == 2; docs/inline-checks.md). */
template <class P, class B>
static __device__ __forceinline__ P *its_wo(P *p, const B &base, unsigned k,
                                            unsigned site) {
  return its_access(p, base, k, site, 2);
}

/* In a replay clone (docs/inline-checks.md, "With the replay"): the same
 * checks on the warp's copy, recorded in pass 1 only, so a region run
 * twice leaves the shadow of one run (pass 2 reruns the same accesses of
 * the same lanes, which a single run makes once). */
template <class P, class B>
static __device__ __forceinline__ P *its_r(P *p, const B &base, unsigned k,
                                           unsigned site, int pass) {
  return pass == 1 ? its_access(p, base, k, site, 0) : p;
}
template <class P, class B>
static __device__ __forceinline__ P *its_w(P *p, const B &base, unsigned k,
                                           unsigned site, int pass) {
  return pass == 1 ? its_access(p, base, k, site, 1) : p;
}
template <class P, class B>
static __device__ __forceinline__ P *its_rw(P *p, const B &base, unsigned k,
                                            unsigned site, int pass) {
  return pass == 1 ? its_access(p, base, k, site, 1) : p;
}
template <class P, class B>
static __device__ __forceinline__ P *its_wo(P *p, const B &base, unsigned k,
                                            unsigned site, int pass) {
  return pass == 1 ? its_access(p, base, k, site, 2) : p;
}

/* ---- block-scope atomics (scoped synchronisation) ------------------- */

#define __LDCC_SCOPE_SLOTS 4096 /* per file; a power of two */

/* A global location some block reached with a block-scope atomic, or with
 * another access in a kernel that has block-scope atomics, in a launch:
 * tag as in the warp tables; state = claim (15 bits) << 49 | the launch's
 * %gridid (25 bits) << 24 | scoped (1 bit: a block-scope atomic) << 23 |
 * linear block + 1 (23 bits); site of that access (best effort). */
struct __ldcc_scope_slot {
  unsigned long long tag, state, site;
};
static __device__ __ldcc_scope_slot __ldcc_scope_tab[__LDCC_SCOPE_SLOTS];

/* Record a block-scope atomic race (cold path): block_b used the location
 * at site_b with a block-scope atomic (its site names the atomic), block_a
 * at site_a; the record's block is block_b's. */
static __device__ __noinline__ void
scope_report(unsigned kernel, unsigned site_a, unsigned site_b,
             unsigned block_a, unsigned block_b, const void *p) {
  volatile __ldcc_report *r =
      its_record(__LDCC_RK_SCOPED_ATOMIC, kernel, site_a, site_b);

  if (!r)
    return;
  r->warp_a = block_a;
  r->warp_b = block_b;
  r->block[0] = block_b % gridDim.x;
  r->block[1] = block_b / gridDim.x % gridDim.y;
  r->block[2] = block_b / gridDim.x / gridDim.y;
  r->offset = (unsigned long long)p;
  its_publish(r);
}

/* One access of a global location in a kernel with block-scope atomics:
 * `scoped` for a block-scope atomic (`atomicAdd_block(P, v)` becomes
 * `atomicAdd_block(__ldcc::scope_block(P, k, site), v)`), else any other
 * access of global memory there (a device-scope atomic, a load, a store:
 * __ldcc::scope_probe).  A block-scope atomic is atomic only among the
 * threads of its block: any access of the same location by another block
 * in the same launch races with it.  A report needs the exact address
 * (claimed slot), the same launch (%gridid), two different blocks, and one
 * of the two accesses a block-scope atomic; such kernels have no grid
 * synchronisation (those get the message-passing checks, where only
 * block-scope atomics are noted).  Shared and local memory are never
 * checked; an eviction is a possible miss. */
static __device__ __forceinline__ void
scope_note(const void *p, unsigned kernel, unsigned site, int scoped) {
  unsigned long long a = (unsigned long long)p & 0x1ffffffffffffull, grid;
  unsigned block =
      blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  unsigned slot = (unsigned)(((a >> 2) ^ (a >> 14)) & (__LDCC_SCOPE_SLOTS - 1));
  __ldcc_scope_slot *s = &__ldcc_scope_tab[slot];

  if (__ldcc_is_shared(p) || __ldcc_is_local(p) || block >= 0x7fffffu)
    return;
  asm volatile("mov.u64 %0, %%gridid;" : "=l"(grid));
  grid &= 0x1ffffffull;
  bool reported = false;
  for (int tries = 0; tries < 16; tries++) {
    unsigned long long t = its_claim(&s->tag, a);
    if (!t)
      continue;
    unsigned long long mine = (t >> 49) << 49 | grid << 24 |
                              (unsigned long long)(scoped != 0) << 23 |
                              (block + 1);
    unsigned long long st = *(volatile unsigned long long *)&s->state;
    unsigned long long site_a = *(volatile unsigned long long *)&s->site;
    unsigned other = (unsigned)(st & 0x7fffffu);
    /* Checked on every state read, whether or not this access then gets
     * its own record in: under contention (thousands of threads on one
     * word) a CAS may lose all its tries, the conflict it saw is real. */
    if (!reported && (st >> 24) == (mine >> 24) && other != 0 &&
        other != block + 1 && (scoped || (st >> 23 & 1))) {
      reported = true;
      if (scoped)
        scope_report(kernel, (unsigned)site_a, site, other - 1, block, p);
      else
        scope_report(kernel, site, (unsigned)site_a, block, other - 1, p);
    }
    if (atomicCAS(&s->state, st, mine) != st)
      continue;
    *(volatile unsigned long long *)&s->site = site;
    break;
  }
}

template <class P>
static __device__ __forceinline__ P *scope_block(P *p, unsigned kernel,
                                                 unsigned site) {
  scope_note((const void *)p, kernel, site, 1);
  return p;
}

template <class P>
static __device__ __forceinline__ P *scope_probe(P *p, unsigned kernel,
                                                 unsigned site) {
  scope_note((const void *)p, kernel, site, 0);
  return p;
}

/* The warp checks' accesses of a kernel that also has block-scope atomics
 * (its_r/w/rw plus scope_probe). */
template <class P, class B>
static __device__ __forceinline__ P *its_rs(P *p, const B &base, unsigned k,
                                            unsigned site) {
  scope_note((const void *)p, k, site, 0);
  return its_r(p, base, k, site);
}
template <class P, class B>
static __device__ __forceinline__ P *its_ws(P *p, const B &base, unsigned k,
                                            unsigned site) {
  scope_note((const void *)p, k, site, 0);
  return its_w(p, base, k, site);
}
template <class P, class B>
static __device__ __forceinline__ P *its_rws(P *p, const B &base, unsigned k,
                                             unsigned site) {
  scope_note((const void *)p, k, site, 0);
  return its_rw(p, base, k, site);
}

/* ---- message passing through flags and locks (scoped fences) -------- */

/* In a kernel that calls a fence, atomicCAS or atomicExch, every global
 * data access, every access of a flag (a variable some atomic of the
 * kernel targets, or one reached through a pointer to volatile), every
 * atomic and every fence is wrapped (docs/inline-checks.md):
 *   __ldcc::mp_thread __ldcc_mp = {};     after the body's `{`
 *   (*__ldcc::mp_r/w/rw(&(E), __ldcc_mp, B, k, site))   a data access
 *   (*__ldcc::mp_fr/fw/frw(&(E), __ldcc_mp, B, k, site)) a flag access
 *   atomicX(__ldcc::mp_atomic(P, __ldcc_mp, k, site, block, acquire), ...)
 *   __ldcc::mp_fence(__ldcc_mp, level), __threadfence...()
 *
 * A data store claims the location's shadow slot (exact address, as the
 * warp tables) and records its writer (launch, block, warp, lane, site),
 * and the thread keeps it as pending.  A fence raises the level (1 block,
 * 2 device) of the thread's pending writes; a flag store or an atomic
 * publishes them: each pending write's shadow gets the level, the flag's
 * address and site, then the thread forgets them.  A flag load or an
 * atomic is an acquire: the thread remembers the flag's address and the
 * fences it makes after it.  A data load after an acquire, of a location
 * whose writer published it through the very flag this thread acquired,
 * is checked: another block needs level 2, another thread of the block
 * level 1, on the writer's side (between the data write and the flag
 * write) and, when the flag was read by a load rather than an atomic, on
 * the reader's side (between the flag read and the data read).  The
 * decision uses the order of each thread's own program, never the values
 * seen: a racy hand-over is reported however the timing falls, as long as
 * the reader reads the data after it saw the flag.  The instrumentation
 * makes a device fence after every publication and before the first
 * checked read after an acquire, so the shadow itself is never stale
 * (the program's own memory order becomes stronger; its data are not
 * changed). */
#define __LDCC_MP_SLOTS 8192 /* per file; a power of two */
#define __LDCC_MP_PENDING 8  /* unpublished writes a thread remembers */
#define __LDCC_MP_FLAGS 4096 /* flags' counters per file; a power of two */

/* tag as in the warp tables; owner = claim (15 bits) << 49 | %gridid (25)
 * << 24 | linear block + 1 (24); info: writer lane (bits 0-4), warp (5-9),
 * level (10-11), published (12), data write site (13-33), flag write site
 * (34-54), claim's low 9 bits (55-63); flag: the flag's address; fseq: the
 * flag's publication count when this write was published through it. */
struct __ldcc_mp_slot {
  unsigned long long tag, owner, info, flag, fseq;
};
static __device__ __ldcc_mp_slot __ldcc_mp_tab[__LDCC_MP_SLOTS];

/* Per flag (claimed by exact address): how many publications through it
 * came after a device fence of their thread (since that thread's previous
 * publication).  Such a publication releases, cumulatively, what its
 * thread had seen: another thread's writes ordered before it by a barrier.
 * A data write published earlier through the same flag with a weaker fence
 * is then no longer reported on the writer's side (docs/inline-checks.md).
 * seq: the claim (15 bits) << 32 | the count. */
struct __ldcc_mp_fslot {
  unsigned long long tag, count;
};
static __device__ __ldcc_mp_fslot __ldcc_mp_ftab[__LDCC_MP_FLAGS];

struct mp_pending {
  unsigned slot, claim, site, level;
};

/* One per thread, a local of the checked kernel. */
struct mp_thread {
  mp_pending pend[__LDCC_MP_PENDING];
  unsigned npend;             /* pending writes (the oldest are overwritten) */
  unsigned long long acq;     /* the flag of the last acquire, 0 none */
  unsigned acq_site;          /* its site */
  unsigned acq_level;         /* strongest fence since (3: grid sync) */
  int acq_atomic;             /* the flag was read by an atomic */
  int acq_fresh;              /* no checked read since the acquire */
  unsigned long long acq_seq; /* the flag's seq at the first checked read */
  unsigned fence_pub;         /* strongest fence since the last publication */
};

static __device__ __forceinline__ unsigned mp_block() {
  return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
}

static __device__ __forceinline__ unsigned long long mp_grid() {
  unsigned long long grid;
  asm volatile("mov.u64 %0, %%gridid;" : "=l"(grid));
  return grid & 0x1ffffffull;
}

static __device__ __forceinline__ unsigned mp_slot_of(unsigned long long a) {
  return (unsigned)(((a >> 2) ^ (a >> 15)) & (__LDCC_MP_SLOTS - 1));
}

/* This thread's info word for a write at `site` in claim `claim`. */
static __device__ __forceinline__ unsigned long long mp_info(unsigned site,
                                                             unsigned claim) {
  unsigned tid = its_tid();
  return (unsigned long long)(tid % 32) |
         (unsigned long long)((tid / 32) & 31) << 5 |
         (unsigned long long)(site & 0x1fffffu) << 13 |
         (unsigned long long)(claim & 0x1ffu) << 55;
}

static __device__ __forceinline__ bool mp_global(const void *p) {
  return !__ldcc_is_shared(p) && !__ldcc_is_local(p) && mp_block() < 0xffffffu;
}

/* Record a scoped-fence race (cold path). */
static __device__ __noinline__ void
mp_report(unsigned kernel, unsigned site_a, unsigned site_b, unsigned flags,
          unsigned long long info, unsigned wblock, unsigned long long offset,
          unsigned size, unsigned nidx, const unsigned *idx) {
  volatile __ldcc_report *r =
      its_record(__LDCC_RK_SCOPED_FENCE, kernel, site_a, site_b);
  unsigned fsite = (unsigned)(info >> 34) & 0x1fffffu;

  if (!r)
    return;
  r->warp_a = wblock;
  r->warp_b = mp_block();
  r->offset = offset;
  r->mask = flags;
  r->size = size;
  for (unsigned k = 0; k < 16; k++) {
    r->value_a[k] = (unsigned char)(idx[k / 4] >> (8 * (k % 4)));
    r->value_b[k] = 0;
  }
  r->value_b[0] = (unsigned char)nidx;
  for (unsigned k = 0; k < 4; k++)
    r->value_b[4 + k] = (unsigned char)(fsite >> (8 * k));
  r->value_b[8] = (unsigned char)((info >> 5) & 31);
  r->value_b[9] = (unsigned char)(info & 31);
  r->value_b[10] = (unsigned char)(its_tid() / 32);
  its_publish(r);
}

/* A data store: claim the shadow, record the writer, keep it pending. */
static __device__ __forceinline__ void mp_store(const void *p, mp_thread &st,
                                                unsigned site) {
  unsigned long long a = (unsigned long long)p & 0x1ffffffffffffull, t = 0;
  unsigned slot = mp_slot_of(a), claim, i;
  __ldcc_mp_slot *s = &__ldcc_mp_tab[slot];

  if (!mp_global(p))
    return;
  for (int tries = 0; tries < 16 && !t; tries++)
    t = its_claim(&s->tag, a);
  if (!t)
    return;
  claim = (unsigned)(t >> 49);
  *(volatile unsigned long long *)&s->info = mp_info(site, claim);
  atomicExch(&s->owner, (unsigned long long)claim << 49 | mp_grid() << 24 |
                            (mp_block() + 1));
  for (i = 0; i < st.npend && i < __LDCC_MP_PENDING; i++)
    if (st.pend[i].slot == slot && st.pend[i].claim == claim)
      break;
  if (i == st.npend || i == __LDCC_MP_PENDING)
    i = st.npend++ % __LDCC_MP_PENDING;
  st.pend[i].slot = slot;
  st.pend[i].claim = claim;
  st.pend[i].site = site;
  st.pend[i].level = 0;
}

/* The seq of the flag at p, 0 when its counter is not there.  A
 * publication (publish) claims the counter, and steps it when it is a
 * fenced one (bump); a reader only looks (the counter evicted or never
 * claimed: 0). */
static __device__ __forceinline__ unsigned long long
mp_flag_seq(const void *p, int publish, int bump) {
  unsigned long long a = (unsigned long long)p & 0x1ffffffffffffull, t = 0, c;
  __ldcc_mp_fslot *f =
      &__ldcc_mp_ftab[((a >> 2) ^ (a >> 14)) & (__LDCC_MP_FLAGS - 1)];

  if (!publish) {
    t = __ldcg(&f->tag);
    c = __ldcg(&f->count);
    return (t & 0x1ffffffffffffull) == a && __ldcg(&f->tag) == t
               ? (t >> 49) << 32 | (c & 0xffffffffull)
               : 0;
  }
  for (int tries = 0; tries < 16 && !t; tries++)
    t = its_claim(&f->tag, a);
  if (!t)
    return 0;
  c = bump ? atomicAdd(&f->count, 1ull) + 1 : __ldcg(&f->count);
  return (t >> 49) << 32 | (c & 0xffffffffull);
}

/* A flag store or an atomic: the pending writes are published through
 * the flag at p, each with the fences made since it and the flag's seq. */
static __device__ __forceinline__ void mp_publish(const void *p, mp_thread &st,
                                                  unsigned site) {
  unsigned n = st.npend < __LDCC_MP_PENDING ? st.npend : __LDCC_MP_PENDING;
  int strong = st.fence_pub >= 2;
  unsigned long long seq;

  st.fence_pub = 0;
  if (!n && !(strong && mp_global(p)))
    return;
  seq = mp_flag_seq(p, 1, strong);
  if (!n) {
    __threadfence(); /* the count stepped before the flag is written */
    return;
  }
  /* A pending entry whose slot another location or writer took since is
   * left alone (its publication below fails too). */
  for (unsigned i = 0; i < n; i++) {
    __ldcc_mp_slot *s = &__ldcc_mp_tab[st.pend[i].slot];
    if ((unsigned)(*(volatile unsigned long long *)&s->tag >> 49) ==
            st.pend[i].claim &&
        *(volatile unsigned long long *)&s->info ==
            mp_info(st.pend[i].site, st.pend[i].claim)) {
      *(volatile unsigned long long *)&s->flag = (unsigned long long)p;
      *(volatile unsigned long long *)&s->fseq = seq;
    }
  }
  __threadfence();
  for (unsigned i = 0; i < n; i++) {
    const mp_pending &e = st.pend[i];
    unsigned long long mine = mp_info(e.site, e.claim);
    atomicCAS(&__ldcc_mp_tab[e.slot].info, mine,
              mine | (unsigned long long)(e.level & 3) << 10 | 1ull << 12 |
                  (unsigned long long)(site & 0x1fffffu) << 34);
  }
  __threadfence();
  st.npend = 0;
}

static __device__ __forceinline__ void mp_acquire(const void *p, mp_thread &st,
                                                  unsigned site, int atomic) {
  st.acq = (unsigned long long)p;
  st.acq_site = site;
  st.acq_level = 0;
  st.acq_atomic = atomic;
  st.acq_fresh = 1;
}

/* A data load after an acquire: was it handed over with the fences its
 * scope needs? */
template <class P, class B>
static __device__ __forceinline__ void
mp_load(P *p, mp_thread &st, const B &base, unsigned kernel, unsigned site) {
  unsigned long long a = (unsigned long long)p & 0x1ffffffffffffull;
  __ldcc_mp_slot *s = &__ldcc_mp_tab[mp_slot_of(a)];

  if (!st.acq || !mp_global((const void *)p))
    return;
  if (st.acq_fresh) {
    __threadfence();
    st.acq_fresh = 0;
    st.acq_seq = mp_flag_seq((const void *)st.acq, 0, 0);
  }
  unsigned long long t = __ldcg(&s->tag);
  if ((t & 0x1ffffffffffffull) != a)
    return;
  unsigned long long o1 = __ldcg(&s->owner), info = __ldcg(&s->info);
  unsigned long long flag = __ldcg(&s->flag), fseq = __ldcg(&s->fseq);
  unsigned long long o2 = __ldcg(&s->owner);
  unsigned claim = (unsigned)(t >> 49), block = mp_block(), tid = its_tid();
  if (o1 != o2 || (o1 >> 49) != claim ||
      ((o1 >> 24) & 0x1ffffffull) != mp_grid() || !(info >> 12 & 1) ||
      (info >> 55) != (claim & 0x1ffu) || flag != st.acq)
    return;
  unsigned wblock = (unsigned)(o1 & 0xffffffu) - 1;
  if (wblock == block && ((info >> 5) & 31) == ((tid / 32) & 31) &&
      (info & 31) == tid % 32)
    return; /* its own write */
  if (wblock != block && __ldcc_is_shared((const void *)flag))
    return; /* two blocks' shared flags are two variables */
  unsigned need = wblock != block ? 2u : 1u, level = (info >> 10) & 3;
  /* The writer's side only while no fenced publication through the flag
   * came after this write's: that one may release it cumulatively. */
  bool writer = level < need && fseq && fseq == st.acq_seq;
  bool reader = !st.acq_atomic && st.acq_level < need;
  if (!writer && !reader)
    return;
  unsigned idx[4] = {0, 0, 0, 0}, nidx;
  unsigned long long offset = 0;
  nidx = its_element(p, base, &offset, idx);
  if (writer)
    mp_report(kernel, (unsigned)(info >> 13) & 0x1fffffu, site, level, info,
              wblock, offset, (unsigned)sizeof(P), nidx, idx);
  if (reader)
    mp_report(kernel, st.acq_site, site,
              (st.acq_level & 3) | __LDCC_MP_M_READER, info, wblock, offset,
              (unsigned)sizeof(P), nidx, idx);
}

template <class P, class B>
static __device__ __forceinline__ P *mp_r(P *p, mp_thread &st, const B &base,
                                          unsigned k, unsigned site) {
  mp_load(p, st, base, k, site);
  return p;
}
template <class P, class B>
static __device__ __forceinline__ P *mp_w(P *p, mp_thread &st, const B &,
                                          unsigned, unsigned site) {
  mp_store((const void *)p, st, site);
  return p;
}
template <class P, class B>
static __device__ __forceinline__ P *mp_rw(P *p, mp_thread &st, const B &base,
                                           unsigned k, unsigned site) {
  mp_load(p, st, base, k, site);
  mp_store((const void *)p, st, site);
  return p;
}
/* A flag: a load acquires, a store publishes. */
template <class P, class B>
static __device__ __forceinline__ P *mp_fr(P *p, mp_thread &st, const B &,
                                           unsigned, unsigned site) {
  mp_acquire((const void *)p, st, site, 0);
  return p;
}
template <class P, class B>
static __device__ __forceinline__ P *mp_fw(P *p, mp_thread &st, const B &,
                                           unsigned, unsigned site) {
  mp_publish((const void *)p, st, site);
  return p;
}
template <class P, class B>
static __device__ __forceinline__ P *mp_frw(P *p, mp_thread &st, const B &,
                                            unsigned, unsigned site) {
  mp_publish((const void *)p, st, site);
  mp_acquire((const void *)p, st, site, 0);
  return p;
}

/* The address of an atomic: it publishes, and acquires when its value is
 * used or it is a CAS or an exchange (an accumulation whose value nobody
 * reads observes nothing); a block-scope one is also checked as
 * scope_block does. */
template <class P>
static __device__ __forceinline__ P *mp_atomic(P *p, mp_thread &st,
                                               unsigned kernel, unsigned site,
                                               int block_scope, int acquire) {
  mp_publish((const void *)p, st, site);
  if (acquire)
    mp_acquire((const void *)p, st, site, 1);
  return block_scope ? scope_block(p, kernel, site) : p;
}

/* Before a fence (level 1 block, 2 device) or a grid sync (3: everything
 * before it is ordered for every thread: nothing stays pending, no flag
 * stays acquired). */
static __device__ __forceinline__ void mp_fence(mp_thread &st, unsigned level) {
  unsigned n = st.npend < __LDCC_MP_PENDING ? st.npend : __LDCC_MP_PENDING;

  if (level >= 3) {
    st.npend = 0;
    st.acq = 0;
    return;
  }
  for (unsigned i = 0; i < n; i++)
    if (st.pend[i].level < level)
      st.pend[i].level = level;
  if (st.acq_level < level)
    st.acq_level = level;
  if (st.fence_pub < level)
    st.fence_pub = level;
}

/* Host: whether the file's device code has the ring (shared by every
 * launch of the file). */
template <int = 0> static __host__ bool &its_armed() {
  static bool armed = false;
  return armed;
}

/* Host: before each launch of a checked kernel.  The first call hands the
 * file's device code the runtime's ring and the kernels' metadata (one
 * synchronous copy); later calls only count the launch.  A launch of the
 * shared-memory replay, which __ldcc::launch counts itself, arms with
 * Counted = 1: nothing is counted here (before, such launches counted
 * twice).  A launch from device code (dynamic parallelism) arms nothing. */
template <int Counted = 0> static __host__ __device__ void its_arm() {
#ifndef __CUDA_ARCH__
  __ldcc_its_sink s;
  const __ldcc_kernel_meta *const *metas;
  unsigned n = 0;

  if (Counted && its_armed())
    return;
  if (Counted ? !__ldcc_its_attach || __ldcc_its_attach(&s) != 0
              : !__ldcc_its_arm || __ldcc_its_arm(&s) != 0)
    return;
  if (its_armed())
    return;
  its_armed() = true;
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

/* ---- device-wide shadows (clusters, shared memory without a replay) -- */
#if defined(__LDCC_CLUSTER) || defined(__LDCC_WSHADOW)
/* A shadow slot: the exact key of a word and its state, changed together
 * by one 128-bit atomicCAS (sm_90), so a state is never read for another
 * key; another key taking the slot evicts it (a possible miss). */
struct __align__(16) __ldcc_shadow_slot {
  unsigned long long key, state;
};

/* Note one access (kind 0 load, 1 store, 2 atomic) of the word `key` in
 * slot s by a thread in epoch `epoch`, its state stepped by step(state,
 * &next, &other, &other_kind) (host.h __ldcc_cl_step, __ldcc_ws_step).
 * *sites holds the last site of each kind in the epoch (18 bits each, bits
 * 54-63 the epoch's low bits; best effort: stored after the state).
 * Returns 1 on a conflict, with the other access's unit, kind and site (0
 * when its site was not recorded in time). */
#define __LDCC_SITE_BITS 18
#define __LDCC_SITE_MASK 0x3ffffull
template <class Step>
static __device__ int
shadow_note(__ldcc_shadow_slot *s, unsigned long long *sites_p,
            unsigned long long key, unsigned epoch, int kind, unsigned site,
            Step step, unsigned *other_a, int *kind_a, unsigned *site_a) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  const __ldcc_shadow_slot zero = {0, 0};
  volatile unsigned long long *sites = sites_p;
  const unsigned long long tag = (unsigned long long)(epoch & 0x3ffu) << 54;
  int hit = 0;

  if (site > __LDCC_SITE_MASK)
    site = 0;
  for (int tries = 0; tries < 32; tries++) {
    __ldcc_shadow_slot cur = atomicCAS(s, zero, zero), nxt;
    uint64_t ns = 0;
    unsigned other = 0;
    int okind = 0;
    int h2 = step(cur.key == key ? cur.state : 0, &ns, &other, &okind);
    if (h2 && !hit) { /* a conflict seen is real, whether or not the CAS
                         below wins */
      unsigned long long v = *sites;
      unsigned shift = __LDCC_SITE_BITS * (unsigned)okind;
      /* The other access's site follows its state by a few instructions:
       * wait for it a little (cold path), or the report names no line;
       * one of an earlier epoch is not it. */
      for (int w = 0; w < 64 && ((v & ~0ull << 54) != tag ||
                                 !((v >> shift) & __LDCC_SITE_MASK));
           w++) {
        __nanosleep(64);
        v = *sites;
      }
      hit = 1;
      *other_a = other;
      *kind_a = okind;
      *site_a = (v & ~0ull << 54) == tag
                    ? (unsigned)((v >> shift) & __LDCC_SITE_MASK)
                    : 0u;
    }
    nxt.key = key;
    nxt.state = ns;
    if (cur.key == key && cur.state == ns)
      break; /* nothing new to note */
    __ldcc_shadow_slot old = atomicCAS(s, cur, nxt);
    if (old.key != cur.key || old.state != cur.state)
      continue;
    unsigned long long v = cur.key == key ? *sites : 0;
    if ((v & ~0ull << 54) != tag)
      v = tag; /* another epoch's sites, or another key's */
    v &= ~(__LDCC_SITE_MASK << (__LDCC_SITE_BITS * kind));
    v |= (unsigned long long)site << (__LDCC_SITE_BITS * kind);
    *sites = v;
    break;
  }
  return hit;
#else
  (void)s, (void)sites_p, (void)key, (void)epoch, (void)kind, (void)site;
  (void)step, (void)other_a, (void)kind_a, (void)site_a;
  return 0;
#endif
}
#endif

/* ---- distributed shared memory (clusters) ---------------------------- */

/* A kernel that maps another block's shared memory (`cluster.
 * map_shared_rank(buf, r)`, `__cluster_map_shared_rank`) gets, instead of
 * the warp tables (docs/inline-checks.md, "Distributed shared memory"):
 *   __ldcc::cl_thread __ldcc_cl = {};     after the body's `{`
 *   (*__ldcc::cl_r/w/rw(&(E), __ldcc_cl, B, k, site))   each access
 *   atomicX(__ldcc::cl_a(P, __ldcc_cl, k, site), ...)  each atomic
 *   (cluster.sync(), __ldcc::cl_sync(__ldcc_cl))       each cluster sync
 * Each access of an address in the cluster's shared memory is noted in a
 * device-wide table keyed by the exact word: the launch (%gridid), the
 * cluster, the rank of the block whose shared memory it is and the offset
 * there.  Its state (host.h __ldcc_cl_step) holds the ranks that touched
 * it in the thread's cluster-sync epoch; slot and state change together
 * (128-bit atomicCAS), another key taking the slot evicts it (a possible
 * miss, never a report).  Only cluster.sync() (or barrier_wait) orders
 * two blocks here; the translator gives this check only to kernels that
 * order them no other way (no fence, flag, lock or inline assembly). */
#ifdef __LDCC_CLUSTER
#define __LDCC_CL_SLOTS 65536u /* per file; a power of two */

static __device__ __ldcc_shadow_slot __ldcc_cl_tab[__LDCC_CL_SLOTS];
/* The sites of the last writer, reader and atomic of the epoch
 * (shadow_note; best effort: plain stores). */
static __device__ unsigned long long __ldcc_cl_sites[__LDCC_CL_SLOTS];

struct cl_thread {
  unsigned epoch; /* the cluster syncs this thread has passed */
};

static __device__ __forceinline__ void cl_sync(cl_thread &t) {
  t.epoch++;
}
template <class T>
static __device__ __forceinline__ T &&cl_after(cl_thread &t, T &&v) {
  t.epoch++;
  return static_cast<T &&>(v);
}

/* Record a distributed-shared-memory race (cold path). */
static __device__ __noinline__ void
cl_report(unsigned kernel, unsigned site_a, unsigned site_b, unsigned rank_a,
          unsigned rank_b, unsigned owner, unsigned kinds, unsigned cluster,
          unsigned long long offset, unsigned size, unsigned nidx,
          const unsigned *idx) {
  volatile __ldcc_report *r =
      its_record(__LDCC_RK_CLUSTER_SHARED, kernel, site_a, site_b);

  if (!r)
    return;
  r->warp_a = rank_a;
  r->warp_b = rank_b;
  r->lane = (int)owner;
  r->mask = kinds;
  its_element_to(r, offset, size, nidx, idx);
  for (unsigned k = 0; k < 4; k++)
    r->value_b[4 + k] = (unsigned char)(cluster >> (8 * k));
  its_publish(r);
}

/* The shadow step of one access of p (kind 0 load, 1 store, 2 atomic);
 * returns 1 with the other access's rank, kind and site on a race. */
static __device__ int cl_check(const void *p, const cl_thread &t, unsigned site,
                               int kind, unsigned *rank_a, int *kind_a,
                               unsigned *site_a, unsigned *me_out,
                               unsigned *owner_out, unsigned *cluster_out) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  if (!__isClusterShared(p))
    return 0;
  unsigned n = __clusterSizeInBlocks();
  if (n < 2 || n > 16 || t.epoch >= __LDCC_CL_EPOCH_MASK)
    return 0;
  unsigned me = __clusterRelativeBlockRank();
  unsigned owner = __cluster_query_shared_rank(p);
  /* The shared window of a cluster: the rank in bits 24 up, the offset in
   * the block's shared memory below. */
  unsigned long long off =
      (unsigned long long)__cvta_generic_to_shared(p) & 0xffffffull;
  dim3 ci = __clusterIdx(), cd = __clusterGridDimInClusters();
  unsigned long long cid = ci.x + (unsigned long long)cd.x *
                                      (ci.y + (unsigned long long)cd.y * ci.z);
  unsigned long long grid;
  asm volatile("mov.u64 %0, %%gridid;" : "=l"(grid));
  if (off >= (1ull << 18) || cid >= (1ull << 20) || owner >= 16)
    return 0;
  unsigned long long key = 1ull << 63 | (grid & 0x1fffffull) << 42 | cid << 22 |
                           (unsigned long long)owner << 18 | off;
  unsigned long long h = key * 0x9E3779B97F4A7C15ull;
  unsigned slot = (unsigned)(h >> 40) & (__LDCC_CL_SLOTS - 1);
  unsigned e = t.epoch;

  *me_out = me;
  *owner_out = owner;
  *cluster_out = (unsigned)cid;
  return shadow_note(
      &__ldcc_cl_tab[slot], &__ldcc_cl_sites[slot], key, e, kind, site,
      [=](uint64_t st, uint64_t *ns, unsigned *o, int *ok) {
        return __ldcc_cl_step(st, e, me, kind, ns, o, ok);
      },
      rank_a, kind_a, site_a);
#else
  (void)p, (void)t, (void)site, (void)kind, (void)rank_a, (void)kind_a;
  (void)site_a, (void)me_out, (void)owner_out, (void)cluster_out;
  return 0;
#endif
}

template <class P, class B>
static __device__ __forceinline__ P *cl_access(P *p, const cl_thread &t,
                                               const B &base, unsigned kernel,
                                               unsigned site, int kind) {
  unsigned rank_a = 0, site_a = 0, me = 0, owner = 0, cluster = 0;
  int kind_a = 0;

  if (cl_check((const void *)p, t, site, kind, &rank_a, &kind_a, &site_a, &me,
               &owner, &cluster)) {
    unsigned idx[4] = {0, 0, 0, 0}, nidx;
    unsigned long long offset = 0;
    nidx = its_element(p, base, &offset, idx);
    cl_report(kernel, site_a, site, rank_a, me, owner,
              (unsigned)kind_a | (unsigned)kind << 2, cluster, offset,
              (unsigned)sizeof(P), nidx, idx);
  }
  return p;
}

template <class P, class B>
static __device__ __forceinline__ P *
cl_r(P *p, const cl_thread &t, const B &base, unsigned k, unsigned site) {
  return cl_access(p, t, base, k, site, 0);
}
template <class P, class B>
static __device__ __forceinline__ P *
cl_w(P *p, const cl_thread &t, const B &base, unsigned k, unsigned site) {
  return cl_access(p, t, base, k, site, 1);
}
/* A read-modify-write: as a store, it conflicts with any other block. */
template <class P, class B>
static __device__ __forceinline__ P *
cl_rw(P *p, const cl_thread &t, const B &base, unsigned k, unsigned site) {
  return cl_access(p, t, base, k, site, 1);
}
/* An atomic's address (any memory: only the cluster's shared memory is
 * noted). */
template <class P>
static __device__ __forceinline__ P *cl_a(P *p, const cl_thread &t, unsigned k,
                                          unsigned site) {
  unsigned rank_a = 0, site_a = 0, me = 0, owner = 0, cluster = 0;
  int kind_a = 0;

  if (cl_check((const void *)p, t, site, 2, &rank_a, &kind_a, &site_a, &me,
               &owner, &cluster)) {
    unsigned idx[4] = {0, 0, 0, 0};
    cl_report(k, site_a, site, rank_a, me, owner, (unsigned)kind_a | 2u << 2,
              cluster, (unsigned long long)p, (unsigned)sizeof(P), 0xffu, idx);
  }
  return p;
}
#endif

/* ---- shared memory without a replay ---------------------------------- */

/* A kernel whose shared memory the replay cannot run (a shared atomic it
 * cannot merge, a grid sync, ...) and whose every shared access the
 * translator wraps gets, instead of the warp tables (docs/inline-checks.md,
 * "Shared memory without a replay"):
 *   __ldcc::ws_thread __ldcc_ws = {};     after the body's `{`
 *   (*__ldcc::ws_r/w/rw(&(E), __ldcc_ws, B, k, site))   each access
 *   atomicX(__ldcc::ws_a(P, __ldcc_ws, k, site), ...)  each atomic
 *   (__syncthreads(), __ldcc::ws_sync(__ldcc_ws))      each block barrier
 * Each access of an address in the block's shared memory is noted in a
 * device-wide table keyed by the exact word: the launch (%gridid), the
 * block and the offset.  Its state (host.h __ldcc_ws_step) holds the warps
 * that touched it in the thread's barrier epoch; slot and state change
 * together (128-bit atomicCAS, sm_90), another key taking the slot evicts
 * it (a possible miss, never a report). */
#ifdef __LDCC_WSHADOW
#define __LDCC_WS_SLOTS 262144u /* per file; a power of two */

static __device__ __ldcc_shadow_slot __ldcc_ws_tab[__LDCC_WS_SLOTS];
/* The sites of the last writer, reader and atomic of the epoch
 * (shadow_note; best effort: plain stores). */
static __device__ unsigned long long __ldcc_ws_sites[__LDCC_WS_SLOTS];

struct ws_thread {
  unsigned epoch; /* the block barriers this thread has passed */
};

static __device__ __forceinline__ void ws_sync(ws_thread &t) {
  t.epoch++;
}
/* A barrier with a value (`__syncthreads_count(x)`, a helper's result):
 * the epoch steps once it is made. */
template <class T>
static __device__ __forceinline__ T &&ws_after(ws_thread &t, T &&v) {
  t.epoch++;
  return static_cast<T &&>(v);
}

/* Record a race between two warps of a block (cold path). */
static __device__ __noinline__ void
ws_report(unsigned kernel, unsigned site_a, unsigned site_b, unsigned warp_a,
          unsigned warp_b, unsigned kinds, unsigned long long offset,
          unsigned size, unsigned nidx, const unsigned *idx) {
  /* One report per pair of lines, whichever warp came first. */
  volatile __ldcc_report *r =
      its_record(__LDCC_RK_WARP_SHARED, kernel,
                 site_a && site_a < site_b ? site_a : site_b,
                 site_a && site_a < site_b ? site_b : site_a);

  if (!r)
    return;
  r->start_site = site_a;
  r->end_site = site_b;
  r->warp_a = warp_a;
  r->warp_b = warp_b;
  r->lane = -1;
  r->mask = kinds;
  its_element_to(r, offset, size, nidx, idx);
  its_publish(r);
}

/* The shadow step of one access of p (kind 0 load, 1 store, 2 atomic);
 * returns 1 with the other access's warp, kind and site on a race. */
static __device__ int ws_check(const void *p, const ws_thread &t, unsigned site,
                               int kind, unsigned value, unsigned *warp_a,
                               int *kind_a, unsigned *site_a,
                               unsigned *me_out) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  if (!__ldcc_is_shared(p) || t.epoch >= __LDCC_WS_EPOCH_MASK)
    return 0;
  unsigned tid =
      threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  unsigned me = tid / 32;
  unsigned long long off =
      (unsigned long long)__cvta_generic_to_shared(p) & 0xffffffull;
  unsigned long long bid =
      blockIdx.x +
      (unsigned long long)gridDim.x *
          (blockIdx.y + (unsigned long long)gridDim.y * blockIdx.z);
  unsigned long long grid;
  asm volatile("mov.u64 %0, %%gridid;" : "=l"(grid));
  if (off >= (1ull << 18) || bid >= (1ull << 24) || me >= 32)
    return 0;
  unsigned long long key =
      1ull << 63 | (grid & 0x1fffffull) << 42 | bid << 18 | off;
  unsigned long long h = key * 0x9E3779B97F4A7C15ull;
  unsigned slot = (unsigned)(h >> 40) & (__LDCC_WS_SLOTS - 1);
  unsigned e = t.epoch;

  *me_out = me;
  return shadow_note(
      &__ldcc_ws_tab[slot], &__ldcc_ws_sites[slot], key, e, kind, site,
      [=](uint64_t st, uint64_t *ns, unsigned *o, int *ok) {
        return __ldcc_ws_step(st, e, me, kind, value, ns, o, ok);
      },
      warp_a, kind_a, site_a);
#else
  (void)p, (void)t, (void)site, (void)kind, (void)value, (void)warp_a;
  (void)kind_a, (void)site_a, (void)me_out;
  return 0;
#endif
}

/* One access of p (kind 0 load, 1 store; value: a store's value hash, 0
 * when not seen), reported with its element on a race. */
template <class P, class B>
static __device__ __forceinline__ P *
ws_access(P *p, const ws_thread &t, const B &base, unsigned kernel,
          unsigned site, int kind, unsigned value = 0u) {
  unsigned warp_a = 0, site_a = 0, me = 0;
  int kind_a = 0;

  if (ws_check((const void *)p, t, site, kind, value, &warp_a, &kind_a, &site_a,
               &me)) {
    unsigned idx[4] = {0, 0, 0, 0}, nidx;
    unsigned long long offset = 0;
    nidx = its_element(p, base, &offset, idx);
    ws_report(kernel, site_a, site, warp_a, me,
              (unsigned)kind_a | (unsigned)kind << 2, offset,
              (unsigned)sizeof(P), nidx, idx);
  }
  return p;
}

template <class P, class B>
static __device__ __forceinline__ P *
ws_r(P *p, const ws_thread &t, const B &base, unsigned k, unsigned site) {
  return ws_access(p, t, base, k, site, 0);
}
template <class P, class B>
static __device__ __forceinline__ P *
ws_w(P *p, const ws_thread &t, const B &base, unsigned k, unsigned site) {
  return ws_access(p, t, base, k, site, 1);
}
/* A read-modify-write: a load, then a store. */
template <class P, class B>
static __device__ __forceinline__ P *
ws_rw(P *p, const ws_thread &t, const B &base, unsigned k, unsigned site) {
  return ws_access(ws_access(p, t, base, k, site, 0), t, base, k, site, 1);
}
/* `E = V;` on a `__shared__` scalar or element of arithmetic type: the
 * proxy's assignment converts V as the assignment would, notes the store
 * with a 10-bit hash of the value (two warps storing different values
 * conflict, one value is no race), then stores it. */
template <class P, class B> struct ws_store {
  P *p;
  const ws_thread &t;
  const B &base;
  unsigned k, site;
  template <class V> __device__ __forceinline__ P &operator=(V &&v) {
    P val = static_cast<V &&>(v);
    unsigned long long bits = 0;
    memcpy(&bits, (const void *)&val, sizeof(P) < 8 ? sizeof(P) : 8);
    bits *= 0x9E3779B97F4A7C15ull;
    unsigned h = (unsigned)(bits >> 54);
    ws_access(p, t, base, k, site, 1, h ? h : 1u);
    *p = val;
    return *p;
  }
};
template <class P, class B>
static __device__ __forceinline__ ws_store<P, B>
ws_set(P *p, const ws_thread &t, const B &base, unsigned k, unsigned site) {
  return ws_store<P, B>{p, t, base, k, site};
}

/* An atomic's address (any memory: only the block's shared memory is
 * noted). */
template <class P>
static __device__ __forceinline__ P *ws_a(P *p, const ws_thread &t, unsigned k,
                                          unsigned site) {
  unsigned warp_a = 0, site_a = 0, me = 0;
  int kind_a = 0;

  if (ws_check((const void *)p, t, site, 2, 0u, &warp_a, &kind_a, &site_a,
               &me)) {
    /* The element is named by the atomic's variable, without an index. */
    unsigned idx[4] = {0, 0, 0, 0};
    ws_report(k, site_a, site, warp_a, me, (unsigned)kind_a | 2u << 2,
              (unsigned long long)__cvta_generic_to_shared((const void *)p),
              (unsigned)sizeof(P), 0u, idx);
  }
  return p;
}
#endif

/* A launch of a cluster kernel, which its checks cover in part (the
 * translator's words why): said once per kernel and reason. */
static inline __host__ __device__ int checked_in_part(const char *kernel,
                                                      const char *why) {
#ifndef __CUDA_ARCH__
  if (__ldcc_checked_in_part)
    __ldcc_checked_in_part(kernel, why);
#else
  (void)kernel, (void)why;
#endif
  return 0;
}

} // namespace __ldcc

#endif
