// Correct synchronisation through memory that the scoped-fence checks must
// not report (no racy twin: the ldcc build must print what the nvcc build
// prints and exit 0):
//   - compact: warp-aggregated atomics (the leader of each warp takes the
//     warp's slots with one atomicAdd, broadcast by a shuffle), then a
//     __threadfence() and a ticket: the last block reads every slot;
//   - tile_sum: a cg::tiled_partition<32> reduction per warp, partial sums
//     handed to the last block through __threadfence() and an atomicInc
//     ticket;
//   - exchange: a grid sync of a cooperative launch between writes and the
//     reads of another block's data (an atomic counts arrivals before it:
//     the grid sync, not that atomic, orders the data).
#include "e2e.h"
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

#define BLOCKS 16
#define THREADS 128
#define N (BLOCKS * THREADS)

__global__ void compact(const int *in, int *slots, int *count,
                        unsigned *tickets, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  bool keep = v % 3 == 0;
  unsigned mask = __ballot_sync(0xffffffffu, keep);
  int lane = threadIdx.x % 32, leader = __ffs(mask) - 1, base = 0;
  if (lane == leader)
    base = atomicAdd(count, __popc(mask));
  base = __shfl_sync(0xffffffffu, base, leader < 0 ? 0 : leader);
  if (keep)
    slots[base + __popc(mask & ((1u << lane) - 1))] = v;
  __threadfence();
  __syncthreads();
  __shared__ bool last;
  if (threadIdx.x == 0)
    last = atomicInc(tickets, gridDim.x) == gridDim.x - 1;
  __syncthreads();
  if (last && threadIdx.x == 0) {
    int n = atomicAdd(count, 0), total = 0;
    for (int k = 0; k < n; k++)
      total += slots[k];
    out[0] = n;
    out[1] = total;
  }
}

__global__ void tile_sum(const int *in, int *partial, unsigned *tickets,
                         int *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  __shared__ int warp_sums[THREADS / 32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int s = cg::reduce(tile, in[i], cg::plus<int>());
  if (tile.thread_rank() == 0)
    warp_sums[tile.meta_group_rank()] = s;
  block.sync();
  if (threadIdx.x == 0) {
    int t = 0;
    for (int w = 0; w < THREADS / 32; w++)
      t += warp_sums[w];
    partial[blockIdx.x] = t;
    __threadfence();
    if (atomicInc(tickets, gridDim.x) == gridDim.x - 1) {
      int total = 0;
      for (int b = 0; b < (int)gridDim.x; b++)
        total += partial[b];
      out[2] = total;
    }
  }
}

__global__ void exchange(const int *in, int *buf, int *arrived, int *out) {
  cg::grid_group grid = cg::this_grid();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  buf[i] = in[i] * 7;
  atomicAdd(arrived, 1);
  grid.sync();
  int other = buf[(i + THREADS) % N];
  out[3 + i] = other + atomicAdd(arrived, 0);
}

int main() {
  static int h[N], res[3 + N];
  for (int i = 0; i < N; i++)
    h[i] = (int)((i * 40503u) >> 6) % 1000;
  int *in = e2e_to_device(h, N), *slots, *count, *partial, *buf, *arrived,
      *out;
  unsigned *tickets;
  E2E_CHECK(cudaMalloc(&slots, N * sizeof(int)));
  E2E_CHECK(cudaMalloc(&count, sizeof(int)));
  E2E_CHECK(cudaMalloc(&partial, BLOCKS * sizeof(int)));
  E2E_CHECK(cudaMalloc(&buf, N * sizeof(int)));
  E2E_CHECK(cudaMalloc(&arrived, sizeof(int)));
  E2E_CHECK(cudaMalloc(&tickets, 2 * sizeof(unsigned)));
  E2E_CHECK(cudaMalloc(&out, (3 + N) * sizeof(int)));
  E2E_CHECK(cudaMemset(count, 0, sizeof(int)));
  E2E_CHECK(cudaMemset(arrived, 0, sizeof(int)));
  E2E_CHECK(cudaMemset(tickets, 0, 2 * sizeof(unsigned)));
  E2E_CHECK(cudaMemset(out, 0, (3 + N) * sizeof(int)));
  compact<<<BLOCKS, THREADS>>>(in, slots, count, tickets, out);
  E2E_CHECK(cudaGetLastError());
  tile_sum<<<BLOCKS, THREADS>>>(in, partial, tickets + 1, out);
  E2E_CHECK(cudaGetLastError());
  int dev = 0, coop = 0;
  E2E_CHECK(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev));
  if (coop) {
    void *args[] = {&in, &buf, &arrived, &out};
    E2E_CHECK(cudaLaunchCooperativeKernel((void *)exchange, BLOCKS, THREADS,
                                          args, 0, 0));
    E2E_CHECK(cudaGetLastError());
  }
  e2e_to_host(res, out, 3 + N);
  e2e_print_ints(res, 3 + N);
  return 0;
}
