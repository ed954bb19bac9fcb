/* The grid-level check kernels of the check across blocks (DESIGN.md §3,
 * docs/global-check.md): one thread per 16-byte chunk of a written
 * allocation, no atomics except to report.
 *
 *   sweep 1, sweep_write_write (after pass 1): a copy whose chunk differs from
 * S wrote those bytes; a second copy that wrote a different value to a byte is
 * a write-write race (same values only with report_same_value_writes). Builds U
 * (the later copy wins) and turns every copy into its pass-2 copy in place: U,
 * except the bytes the copy wrote, which go back to S. sweep 2,
 * sweep_read_write (after pass 2): every copy must equal U, else a read-write
 * race of that copy; with `commit`, U is written to S where they differ, so no
 * byte of the program's memory is written twice. deterministic mode
 * (docs/deterministic-global.md): merge_det folds a round's copies into U in
 * unit order, one thread per chunk; a round of more than LD_GMERGE_SEQ_MAX
 * copies is merged by merge_scan, merge_races and merge_apply instead, many
 * threads per chunk, with the same result (atomicMax and atomicAdd only, so
 * timing does not change it); at the end sweep 2 without check commits U, with
 * the accumulated words from the marks and sums; ld_rt_gmerge.h is the rule.
 *
 * Buffers S, U and the copies have the same address modulo 256
 * (ld_rt_global.c), so a chunk is 16-byte aligned in all of them; bytes of
 * a partial first or last chunk outside the allocation are never touched.
 * Device code plus the host function that launches the sweeps. */
#include <cuda_runtime.h>
#include <stdint.h>
#include <string.h>

#include "ld_rt_gcheck.h"
#include "ld_rt_gmerge.h"

namespace {

typedef struct ld_gchunk chunk;

/* The valid bytes of the chunk at p (16-byte aligned); others read 0. */
__device__ __forceinline__ chunk load(const unsigned char *p, unsigned valid) {
  chunk c;
  if (valid == 0xffffu) {
    uint4 v = *(const uint4 *)p;
    c.w[0] = v.x;
    c.w[1] = v.y;
    c.w[2] = v.z;
    c.w[3] = v.w;
    return c;
  }
  c.w[0] = c.w[1] = c.w[2] = c.w[3] = 0;
  for (int j = 0; j < 16; j++)
    if (valid >> j & 1u)
      ld_gchunk_set(&c, j, p[j]);
  return c;
}

/* Store the bytes of `which` (a byte mask) of c at p. */
__device__ __forceinline__ void store(unsigned char *p, const chunk &c,
                                      unsigned which) {
  if (which == 0xffffu) {
    *(uint4 *)p = make_uint4(c.w[0], c.w[1], c.w[2], c.w[3]);
    return;
  }
  for (int j = 0; j < 16; j++)
    if (which >> j & 1u)
      p[j] = (unsigned char)ld_gchunk_byte(&c, j);
}

/* The same, a 32-bit store for each word whose bytes are all in `which`
 * (the program's memory: only what changed is written). */
__device__ __forceinline__ void store_words(unsigned char *p, const chunk &c,
                                            unsigned which) {
  if (which == 0xffffu) {
    store(p, c, which);
    return;
  }
  for (int k = 0; k < 4; k++) {
    unsigned w = which >> (4 * k) & 0xfu;
    if (w == 0xfu)
      *(uint32_t *)(p + 4 * k) = c.w[k];
    else
      for (int j = 4 * k; w && j < 4 * k + 4; j++)
        if (which >> j & 1u)
          p[j] = (unsigned char)ld_gchunk_byte(&c, j);
  }
}

/* Record one race (ld_rt_gcheck.h): the first detection of (kind, kernel,
 * allocation) goes to the ring; every detection counts an instance. */
__device__ __noinline__ void report(const struct ld_gcheck_args &g,
                                    unsigned kind, unsigned copy_a,
                                    unsigned copy_b, unsigned long long addr,
                                    const unsigned char *va,
                                    const unsigned char *vb) {
  unsigned long long key = g.kernel_meta, where = g.s;
  unsigned long long es = g.elem_size ? g.elem_size : 1;
  unsigned long long start, from, to;
  unsigned h = (unsigned)(key ^ (key >> 32)) * 0x9E3779B1u;

  atomicOr(g.race_flag, 1u);
  h ^= kind * 0x85EBCA6Bu;
  h ^= (unsigned)(where ^ (where >> 32)) * 0x27D4EB2Fu;
  h ^= h >> 15;
  h *= 0x2C1B3C6Du;
  h ^= h >> 12;
  h &= __LDCC_BUCKETS - 1;
  if (atomicAdd(&g.counts[h], 1u) != 0)
    return;
  unsigned idx = atomicAdd(g.report_next, 1u);
  if (idx >= g.report_capacity)
    return;
  /* The element holding addr (index 0 at g.index_at), clipped to the
   * allocation and to 16 bytes. */
  start = addr >= g.index_at ? g.index_at + (addr - g.index_at) / es * es
                             : addr - (g.index_at - addr) % es;
  from = start < g.s ? g.s : start;
  to = start + (es > 16 ? 16 : es);
  if (to > g.s + g.size)
    to = g.s + g.size;
  volatile __ldcc_report *r = g.reports + idx;
  r->kind = kind;
  r->kernel_meta = key;
  r->launch_id = g.launch_id;
  r->bucket = h;
  r->block[0] = r->block[1] = r->block[2] = 0;
  r->start_site = g.ctx;
  r->end_site = 0;
  r->warp_a = copy_a;
  r->warp_b = copy_b;
  r->lane = -1;
  r->offset = start;
  r->mask = 0;
  r->size = (unsigned)(to - from);
  for (unsigned long long i = 0; i < 16; i++) {
    r->value_a[i] = from + i < to ? va[from + i - g.s] : 0;
    r->value_b[i] = from + i < to ? vb[from + i - g.s] : 0;
  }
  __threadfence_system();
  r->valid = 1;
}

/* Chunk k: its offset relative to S (negative for the first when S is
 * not 16-aligned) and the bytes inside the allocation. */
__device__ __forceinline__ long long chunk_at(const struct ld_gcheck_args &g,
                                              unsigned long long k,
                                              unsigned *valid) {
  long long rel = (long long)((g.s & ~15ull) + 16 * k) - (long long)g.s;
  unsigned v = 0;
  for (int j = 0; j < 16; j++)
    if (rel + j >= 0 && (unsigned long long)(rel + j) < g.size)
      v |= 1u << j;
  *valid = v;
  return rel;
}

__device__ __forceinline__ unsigned char *
copy_of(const struct ld_gcheck_args &g, unsigned c) {
  return g.c0 + (unsigned long long)c * g.cstride;
}

__global__ void sweep_write_write(struct ld_gcheck_args g) {
  const unsigned char *s = (const unsigned char *)g.s;
  for (unsigned long long k =
           blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
       k < g.nchunks; k += (unsigned long long)gridDim.x * blockDim.x) {
    unsigned valid, written = 0;
    long long rel = chunk_at(g, k, &valid);
    chunk sv = load(s + rel, valid), u = sv;
    unsigned writer[16]; /* copy that wrote each byte first */
    bool raced = false;

    for (unsigned c = 0; c < g.m; c++) {
      chunk p = load(copy_of(g, c) + rel, valid);
      unsigned d = ld_gchunk_differ(&p, &sv, valid);
      for (int j = 0; d && j < 16; j++) {
        if (!(d >> j & 1u))
          continue;
        if (written >> j & 1u) {
          if (!raced && (g.same_value ||
                         ld_gchunk_byte(&u, j) != ld_gchunk_byte(&p, j))) {
            raced = true;
            report(g, __LDCC_RK_GLOBAL_WW, writer[j], c,
                   g.s + (unsigned long long)(rel + j), copy_of(g, writer[j]),
                   copy_of(g, c));
          }
        } else {
          written |= 1u << j;
        }
        writer[j] = c;
        ld_gchunk_set(&u, j, ld_gchunk_byte(&p, j));
      }
    }
    store(g.u + rel, u, valid);
    if (!written)
      continue; /* every copy still equals S = U */
    for (unsigned c = 0; c < g.m; c++) {
      unsigned char *pc = copy_of(g, c) + rel;
      chunk p = load(pc, valid), p2 = u;
      unsigned mine = ld_gchunk_differ(&p, &sv, valid);
      for (int j = 0; mine && j < 16; j++)
        if (mine >> j & 1u)
          ld_gchunk_set(&p2, j, ld_gchunk_byte(&sv, j));
      /* The copies are the runtime's own memory, which nothing else
       * writes during the sweep: a chunk with any change is stored whole
       * (one 16-byte store instead of up to 16 byte stores). */
      if (ld_gchunk_differ(&p2, &p, valid))
        store(pc, p2, valid);
    }
  }
}

__global__ void sweep_read_write(struct ld_gcheck_args g) {
  unsigned char *s = (unsigned char *)g.s;
  for (unsigned long long k =
           blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
       k < g.nchunks; k += (unsigned long long)gridDim.x * blockDim.x) {
    unsigned valid, d;
    long long rel = chunk_at(g, k, &valid);
    chunk u = load(g.u + rel, valid);

    for (unsigned c = 0; g.check && c < g.m; c++) {
      chunk p = load(copy_of(g, c) + rel, valid);
      d = ld_gchunk_differ(&p, &u, valid);
      if (d) {
        int j = __ffs(d) - 1;
        report(g, __LDCC_RK_GLOBAL_RW, c, c,
               g.s + (unsigned long long)(rel + j), g.u, copy_of(g, c));
        break;
      }
    }
    if (g.commit) {
      chunk sv = load(s + rel, valid);
      uint32_t marks = g.marks ? g.marks[k] : 0;
      if (marks) { /* deterministic mode's accumulated words */
        struct ld_gsums sums = g.sums[k];
        ld_gmerge_final(&sv, &u, &sums, marks);
      }
      /* Whole elements when they are 4- or 8-byte numbers (the kernel
       * stored them whole, ld_gmerge_grain): word stores, not bytes. */
      d = ld_gmerge_grain(ld_gchunk_differ(&u, &sv, valid), g.grain, valid);
      if (d)
        store_words(s + rel, u, d);
    }
  }
}

/* Deterministic mode: this round's copies, in unit order, into U. */
__global__ void merge_det(struct ld_gcheck_args g) {
  const unsigned char *s = (const unsigned char *)g.s;
  for (unsigned long long k =
           blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
       k < g.nchunks; k += (unsigned long long)gridDim.x * blockDim.x) {
    unsigned valid, changed = 0, wrote, raced;
    long long rel = chunk_at(g, k, &valid);
    chunk sv = load(s + rel, valid), u = load(g.u + rel, valid);
    uint32_t marks = g.marks ? g.marks[k] : 0;
    struct ld_gsums sums = {{0, 0, 0, 0}, {0, 0}};
    unsigned writer[16]; /* copy that wrote each byte this round */
    bool reported = false;

    if (g.sums)
      sums = g.sums[k];
    for (int j = 0; j < 16; j++)
      writer[j] = __LDCC_GNONE;
    for (unsigned c = 0; c < g.m; c++) {
      chunk p = load(copy_of(g, c) + rel, valid);
      raced = ld_gmerge_step(
          &sv, &u, &p,
          ld_gmerge_rule_of(valid, g.grain, marks, (int)g.same_value),
          g.sums ? &sums : NULL, &wrote);
      if (raced && g.check && !reported) {
        int j = __ffs(raced) - 1;
        unsigned w = writer[j];
        reported = true;
        /* The earlier writer's unit, or __LDCC_GNONE when it ran in an
         * earlier round (its value is U's). */
        report(g, __LDCC_RK_GLOBAL_WW,
               w == __LDCC_GNONE ? w : (unsigned)(g.first_unit + w),
               (unsigned)(g.first_unit + c),
               g.s + (unsigned long long)(rel + j),
               w == __LDCC_GNONE ? g.u : copy_of(g, w), copy_of(g, c));
      }
      for (int j = 0; wrote && j < 16; j++)
        if (wrote >> j & 1u)
          writer[j] = c;
      changed |= wrote;
    }
    if (!changed)
      continue;
    store(g.u + rel, u, valid);
    if (g.sums)
      g.sums[k] = sums;
  }
}

/* Threads of the parallel merge's sliced steps: one per chunk and slice. */
__host__ __device__ static inline unsigned long long
sliced_threads(const struct ld_gcheck_args &g, uint32_t slice) {
  return g.nchunks * (((unsigned long long)g.m + slice - 1) / slice);
}

/* The parallel merge (ld_rt_gmerge.h): thread i takes chunk i % nchunks
 * and the slice of copies [sl * slice, (sl + 1) * slice), sl = i /
 * nchunks, so the threads of a warp read neighbouring chunks of one copy. */
__device__ __forceinline__ void slice_of(const struct ld_gcheck_args &g,
                                         unsigned long long i, uint32_t slice,
                                         unsigned long long *k, uint32_t *c0,
                                         uint32_t *c1) {
  *k = i % g.nchunks;
  *c0 = (uint32_t)(i / g.nchunks) * slice;
  *c1 = g.m - *c0 < slice ? g.m : *c0 + slice;
}

/* The last writers' bytes of the chunk at rel where the round wrote. */
__device__ __forceinline__ chunk winners_of(const struct ld_gcheck_args &g,
                                            const struct ld_gwinners &w,
                                            long long rel, unsigned written) {
  chunk vn = {{0, 0, 0, 0}};
  for (int j = 0; written && j < 16; j++)
    if (written >> j & 1u)
      ld_gchunk_set(&vn, j, copy_of(g, w.last[j] - 1)[rel + j]);
  return vn;
}

/* Report the write-write race of copies a (__LDCC_GNONE: U, from an earlier
 * round) and b on the byte at rel. */
__device__ void report_det(const struct ld_gcheck_args &g, uint32_t a,
                           uint32_t b, long long rel) {
  report(g, __LDCC_RK_GLOBAL_WW,
         a == __LDCC_GNONE ? a : (unsigned)(g.first_unit + a),
         (unsigned)(g.first_unit + b), g.s + (unsigned long long)rel,
         a == __LDCC_GNONE ? g.u : copy_of(g, a), copy_of(g, b));
}

/* Parallel merge, step 1: each slice's last writers and first changers
 * into g.winners by atomicMax, its deltas into g.sums by atomicAdd. */
__global__ void merge_scan(struct ld_gcheck_args g, uint32_t slice) {
  const unsigned char *s = (const unsigned char *)g.s;
  unsigned long long n = sliced_threads(g, slice);
  for (unsigned long long i =
           blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
       i < n; i += (unsigned long long)gridDim.x * blockDim.x) {
    unsigned long long k;
    uint32_t c0, c1;
    unsigned valid, any = 0;
    slice_of(g, i, slice, &k, &c0, &c1);
    long long rel = chunk_at(g, k, &valid);
    chunk sv = load(s + rel, valid);
    struct ld_gwinners w;
    struct ld_gsums sums = {{0, 0, 0, 0}, {0, 0}};

    memset(&w, 0, sizeof w);
    for (uint32_t c = c0; c < c1; c++) {
      chunk p = load(copy_of(g, c) + rel, valid);
      unsigned wrote = ld_gmerge_scan(&sv, &p, c, valid, g.grain, &w);
      if (wrote && g.sums)
        ld_gmerge_sums_add(&sv, &p, wrote, &sums);
      any |= wrote;
    }
    if (!any)
      continue;
    struct ld_gwinners *gw = g.winners + k;
    for (int j = 0; j < 16; j++)
      if (any >> j & 1u) {
        atomicMax(&gw->last[j], w.last[j]);
        if (w.first[j])
          atomicMax(&gw->first[j], w.first[j]);
      }
    if (!g.sums)
      continue;
    for (int q = 0; q < 4; q++)
      if (sums.d32[q])
        atomicAdd(&g.sums[k].d32[q], sums.d32[q]);
    for (int h = 0; h < 2; h++)
      if (sums.d64[h])
        atomicAdd((unsigned long long *)&g.sums[k].d64[h],
                  (unsigned long long)sums.d64[h]);
  }
}

/* Parallel merge, step 2: the copies of each slice within the chunk's span
 * against the last writers; the first race a thread finds is reported. */
__global__ void merge_races(struct ld_gcheck_args g, uint32_t slice) {
  const unsigned char *s = (const unsigned char *)g.s;
  unsigned long long n = sliced_threads(g, slice);
  for (unsigned long long i =
           blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
       i < n; i += (unsigned long long)gridDim.x * blockDim.x) {
    unsigned long long k;
    uint32_t c0, c1, lo, hi;
    unsigned valid;
    slice_of(g, i, slice, &k, &c0, &c1);
    struct ld_gwinners w = g.winners[k];
    unsigned written = ld_gmerge_written(&w);
    if (!written)
      continue;
    long long rel = chunk_at(g, k, &valid);
    uint32_t marks = g.marks ? g.marks[k] : 0;
    chunk sv = load(s + rel, valid), u = load(g.u + rel, valid);
    if (!ld_gmerge_span(&sv, &u, &w, marks, &lo, &hi))
      continue;
    if (c0 < lo)
      c0 = lo;
    if (c1 > hi + 1)
      c1 = hi + 1;
    if (c0 >= c1)
      continue;
    chunk vn = winners_of(g, w, rel, written);
    for (uint32_t c = c0; c < c1; c++) {
      chunk p = load(copy_of(g, c) + rel, valid);
      unsigned raced = ld_gmerge_race_copy(
          &sv, &u, &vn, &w, &p, c,
          ld_gmerge_rule_of(valid, g.grain, marks, (int)g.same_value));
      if (raced) {
        int j = __ffs(raced) - 1;
        uint32_t a, b;
        ld_gmerge_race_pair(&sv, &u, &w, &p, c, j, &a, &b);
        report_det(g, a, b, rel + j);
        break;
      }
    }
  }
}

/* Parallel merge, step 3, one thread per chunk: the race against earlier
 * rounds, U <- the last writers' bytes, and the chunk's winners back to
 * zero for the next round. */
__global__ void merge_apply(struct ld_gcheck_args g) {
  const unsigned char *s = (const unsigned char *)g.s;
  for (unsigned long long k =
           blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
       k < g.nchunks; k += (unsigned long long)gridDim.x * blockDim.x) {
    struct ld_gwinners w = g.winners[k];
    unsigned valid, written = ld_gmerge_written(&w);
    if (!written)
      continue;
    long long rel = chunk_at(g, k, &valid);
    chunk vn = winners_of(g, w, rel, written);
    if (g.check) {
      chunk sv = load(s + rel, valid), u = load(g.u + rel, valid);
      uint32_t marks = g.marks ? g.marks[k] : 0;
      unsigned raced =
          ld_gmerge_race_before(&sv, &u, &vn, &w, marks, (int)g.same_value);
      if (raced) {
        int j = __ffs(raced) - 1;
        report_det(g, __LDCC_GNONE, w.last[j] - 1, rel + j);
      }
    }
    store(g.u + rel, vn, written);
    memset(&w, 0, sizeof w);
    g.winners[k] = w;
  }
}

/* Deterministic mode: copies 0 .. m-1 <- S, one thread per chunk of one
 * copy (a launch's worth of cudaMemcpyAsync calls would cost more in API
 * time than the copying when thousands of units have a copy each). */
__global__ void fill_copies(struct ld_gcheck_args g) {
  const unsigned char *s = (const unsigned char *)g.s;
  unsigned long long n = g.nchunks * g.m;
  for (unsigned long long i =
           blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
       i < n; i += (unsigned long long)gridDim.x * blockDim.x) {
    unsigned long long k = i % g.nchunks;
    unsigned valid;
    long long rel = chunk_at(g, k, &valid);
    store(copy_of(g, (unsigned)(i / g.nchunks)) + rel, load(s + rel, valid),
          valid);
  }
}

} // namespace

/* Blocks of 256 threads for n threads' work (grid-stride beyond). */
static unsigned blocks_for(unsigned long long n) {
  unsigned long long blocks = (n + 255) / 256;
  return blocks > 65535 ? 65535u : (unsigned)blocks;
}

extern "C" int ld__rt_gcheck(enum ld_gsweep which,
                             const struct ld_gcheck_args *g,
                             cudaStream_t stream) {
  unsigned blocks =
      blocks_for(which == LD_GSWEEP_FILL ? g->nchunks * g->m : g->nchunks);
  if (!g->nchunks)
    return 0;
  if (which == LD_GSWEEP_MERGE && g->winners && g->m > LD_GMERGE_SEQ_MAX) {
    uint32_t slice = ld_gmerge_slice(g->m, g->nchunks);
    unsigned sliced = blocks_for(sliced_threads(*g, slice));
    merge_scan<<<sliced, 256, 0, stream>>>(*g, slice);
    if (g->check)
      merge_races<<<sliced, 256, 0, stream>>>(*g, slice);
    merge_apply<<<blocks, 256, 0, stream>>>(*g);
  } else if (which == LD_GSWEEP_WRITE_WRITE) {
    sweep_write_write<<<blocks, 256, 0, stream>>>(*g);
  } else if (which == LD_GSWEEP_READ_WRITE) {
    sweep_read_write<<<blocks, 256, 0, stream>>>(*g);
  } else if (which == LD_GSWEEP_MERGE) {
    merge_det<<<blocks, 256, 0, stream>>>(*g);
  } else {
    fill_copies<<<blocks, 256, 0, stream>>>(*g);
  }
  return cudaPeekAtLastError() == cudaSuccess ? 0 : -1;
}
