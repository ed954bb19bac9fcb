// Warps of one block against each other in global memory
// (docs/global-check.md, "Warps of one block").  Kernels with block
// barriers are checked across blocks with blocks as units, so before this
// two warps of one block storing to one global word, or one reading what
// another stores with no barrier between, went unseen.  Each barrier of
// such a kernel now counts the block's regions, and the one run (and the
// direct run, for kernels with atomics) checks the warps of a block
// against each other inside each region.
//   - stage: a per-block scratch buffer in global memory, each thread
//     stores its element, then reads its neighbour warp's after a barrier,
//     then stores again; the racy twin lacks the second barrier (a warp
//     reads an element the next warp stores in the same region).
//   - tree_sum: a tree reduction of each block's segment in place in global
//     memory with a barrier per level, the block's total added with
//     atomicAdd (the direct run); the racy twin lacks the barriers of the
//     levels above the warp (a warp reads a partial sum another warp is
//     still writing).
//   - warp_totals: each warp's lane 0 stores its warp's total; the fixed twin
//     to a slot per warp, the racy one to the block's one slot (the last
//     warp wins), after a __syncthreads_count whose value it uses.
//   - flip_rows, gather_rows: shared memory too.  flip_rows' shared
//     accesses are proved, so its launch runs the global clone; gather_rows
//     stores to its tile at indices from memory, so its launch runs the
//     shared-memory replay, whose global stores (glog) are checked between
//     warps of one block by the replay's own regions.  The racy twins store
//     one row of 32 from all four warps.
//   - mark_done: every thread stores 1 to its block's flag after a barrier;
//     warps storing one value are no race, in both twins.
// The global proof keeps blocks as units and asks, besides, that the warps
// of a block be apart in each region between barriers: warp_totals' racy
// store to slots[blockIdx.x] from every warp (one element per block) is
// proved across blocks but not across warps, so its launch takes the one
// run (docs/global-check.md, "Warps of one block").
#include "e2e.h"

#define T 128 /* threads per block: four warps */
#define NB 8

__global__ void stage(float *scratch, float *out, const float *in) {
  const int base = blockIdx.x * T, t = threadIdx.x;
  scratch[base + t] = in[base + t] * 0.5f;
  __syncthreads();
  float n = scratch[base + (t + 32) % T];
#ifndef E2E_RACE
  __syncthreads();
#endif
  scratch[base + t] = n + 1.0f;
  out[base + t] = n;
}

__global__ void tree_sum(int *buf, unsigned long long *total) {
  const int base = blockIdx.x * T, t = threadIdx.x;
  for (int s = T / 2; s > 0; s >>= 1) {
    if (t < s)
      buf[base + t] += buf[base + t + s];
#ifdef E2E_RACE
    if (s <= 32)
#endif
      __syncthreads();
  }
  if (t == 0)
    atomicAdd(total, (unsigned long long)buf[base]);
}

__global__ void warp_totals(int *slots, const int *in) {
  const int t = threadIdx.x, lane = t % 32, warp = t / 32;
  int v = in[blockIdx.x * T + t];
  for (int d = 16; d > 0; d >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, d);
  int positive = __syncthreads_count(v > 0);
#ifdef E2E_RACE
  if (lane == 0)
    slots[blockIdx.x] = v + positive;
#else
  if (lane == 0)
    slots[blockIdx.x * (T / 32) + warp] = v + positive;
#endif
}

__global__ void flip_rows(float *rows, const float *in) {
  __shared__ float tile[T];
  const int t = threadIdx.x;
  tile[t] = in[blockIdx.x * T + t];
  __syncthreads();
  float v = tile[T - 1 - t];
#ifdef E2E_RACE
  rows[blockIdx.x * 32 + t % 32] = v;
#else
  rows[blockIdx.x * T + t] = v;
#endif
}

__global__ void gather_rows(float *rows, const float *in, const int *idx) {
  __shared__ float tile[T];
  const int t = threadIdx.x;
  tile[idx[t] % T] = in[blockIdx.x * T + t];
  __syncthreads();
  float v = tile[t];
  __syncthreads();
#ifdef E2E_RACE
  rows[blockIdx.x * 32 + t % 32] = v + 1.0f;
#else
  rows[blockIdx.x * T + t] = v + 1.0f;
#endif
}

// Every thread marks its block done, with one value: no race (a store of
// the value another warp stored changes nothing), in both twins.
__global__ void mark_done(int *done, float *out, const float *in) {
  const int t = threadIdx.x;
  out[blockIdx.x * T + t] = in[blockIdx.x * T + t] + 1.0f;
  __syncthreads();
  done[blockIdx.x] = 1;
}

int main() {
  const int n = NB * T;
  float hin[n], hout[n];
  int hb[n], hs[n];
  unsigned long long htotal = 0;
  for (int i = 0; i < n; i++) {
    hin[i] = (float)(i % 97);
    hb[i] = i % 13 + 1;
  }
  float *in = e2e_to_device(hin, n), *scratch, *out;
  int *buf = e2e_to_device(hb, n), *vals = e2e_to_device(hb, n), *slots;
  unsigned long long *total;
  E2E_CHECK(cudaMalloc(&scratch, n * sizeof(float)));
  E2E_CHECK(cudaMalloc(&out, n * sizeof(float)));
  E2E_CHECK(cudaMalloc(&slots, n * sizeof(int)));
  E2E_CHECK(cudaMalloc(&total, sizeof *total));
  E2E_CHECK(cudaMemset(slots, 0, n * sizeof(int)));
  E2E_CHECK(cudaMemset(total, 0, sizeof *total));
  stage<<<NB, T>>>(scratch, out, in);
  tree_sum<<<NB, T>>>(buf, total);
  warp_totals<<<NB, T>>>(slots, vals);
  float *rows, *rows2, hrows[n], hrows2[n];
  int hidx[T];
  for (int i = 0; i < T; i++)
    hidx[i] = (i * 37 + 5) % T;
  int *idx = e2e_to_device(hidx, T);
  E2E_CHECK(cudaMalloc(&rows, n * sizeof(float)));
  E2E_CHECK(cudaMalloc(&rows2, n * sizeof(float)));
  E2E_CHECK(cudaMemset(rows, 0, n * sizeof(float)));
  E2E_CHECK(cudaMemset(rows2, 0, n * sizeof(float)));
  flip_rows<<<NB, T>>>(rows, in);
  gather_rows<<<NB, T>>>(rows2, in, idx);
  int *done, hdone[NB];
  E2E_CHECK(cudaMalloc(&done, NB * sizeof(int)));
  E2E_CHECK(cudaMemset(done, 0, NB * sizeof(int)));
  mark_done<<<NB, T>>>(done, scratch, in);
  e2e_to_host(hdone, done, NB);
  e2e_to_host(hrows, rows, n);
  e2e_to_host(hrows2, rows2, n);
  e2e_to_host(hout, out, n);
  e2e_to_host(hs, slots, n);
  e2e_to_host(&htotal, total, 1);
#ifndef E2E_RACE
  printf("stage %g %g hash %llx total %llu slots %d %d hash %llx\n", hout[0],
         hout[n - 1], e2e_hash(hout, sizeof hout), htotal, hs[0],
         hs[NB * 4 - 1], e2e_hash(hs, sizeof hs));
  printf("done %d %d\n", hdone[0], hdone[NB - 1]);
  printf("rows %g %g hash %llx gathered %g hash %llx\n", hrows[0],
         hrows[n - 1], e2e_hash(hrows, sizeof hrows), hrows2[0],
         e2e_hash(hrows2, sizeof hrows2));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-ENV: LDCC_OPTIONS=verbosity=1
// RACE-CHECK: ldcc: launch of stage at block_warps.cu:134: warps of one block checked against each other between barriers:
// RACE-CHECK: ldcc: read-write race on global memory scratch[
// RACE-CHECK: in kernel stage
// RACE-CHECK: with no barrier between the two warps' accesses
// RACE-CHECK: in kernel tree_sum
// RACE-CHECK: ldcc: write-write race on global memory slots[
// RACE-CHECK: in kernel warp_totals
// RACE-CHECK: stored to it at block_warps.cu:73
// RACE-CHECK: in kernel flip_rows
// RACE-CHECK: in kernel gather_rows
// RACE-CHECK: ldcc: summary:
// RACE-CHECK-NOT: in kernel mark_done
