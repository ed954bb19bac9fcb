// A block reduction written the way the CUDA samples and the code derived
// from them write it: a template on the element type, the block size and
// whether n is a power of two, dynamic shared memory reached through
// SharedMemory<T> (shared_memory_util.cuh), cooperative-groups barriers
// (cg::sync(cta)), a warp tail of thread_block_tile<32> shuffles, and a host
// launcher that instantiates the kernel per block size in a switch.  A
// second kernel (a max over rows) reaches the same buffer through
// dynamic_smem<T>(), a third (a reversal) through the older samples'
// SharedMemoryOld<T>::getPointer().  Before issue 24's accessor work neither kernel had a
// shared target: both were "checked" and nothing was replayed.
// Racy twin (-DE2E_RACE): the cg::sync between the 128 and the 64 step of
// the sum is missing, so threads 0..63 read sdata[tid + 64] while warps 2
// and 3 may still be writing it (racecheck reports the hazard).
// Fixed: with the barrier.
#include <cooperative_groups.h>

#include "e2e.h"
#include "shared_memory_util.cuh"

namespace cg = cooperative_groups;

template <class T, unsigned int blockSize, bool nIsPow2>
__global__ void reduce_sum(const T *g_idata, T *g_odata, unsigned int n) {
  cg::thread_block cta = cg::this_thread_block();
  T *sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockSize * 2 + threadIdx.x;
  unsigned int gridSize = blockSize * 2 * gridDim.x;
  T mySum = 0;
  while (i < n) {
    mySum += g_idata[i];
    if (nIsPow2 || i + blockSize < n)
      mySum += g_idata[i + blockSize];
    i += gridSize;
  }
  sdata[tid] = mySum;
  cg::sync(cta);
  if ((blockSize >= 256) && (tid < 128))
    sdata[tid] = mySum = mySum + sdata[tid + 128];
#ifndef E2E_RACE
  cg::sync(cta);
#endif
  if ((blockSize >= 128) && (tid < 64))
    sdata[tid] = mySum = mySum + sdata[tid + 64];
  cg::sync(cta);
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
  if (cta.thread_rank() < 32) {
    if (blockSize >= 64)
      mySum += sdata[tid + 32];
    for (int offset = tile32.size() / 2; offset > 0; offset /= 2)
      mySum += tile32.shfl_down(mySum, offset);
  }
  if (cta.thread_rank() == 0)
    g_odata[blockIdx.x] = mySum;
}

template <class T>
__global__ void row_max(const T *__restrict__ in, T *__restrict__ out,
                        int cols) {
  T *buf = dynamic_smem<T>();
  const T *row = in + (size_t)blockIdx.x * cols;
  T m = row[threadIdx.x];
  for (int c = threadIdx.x + blockDim.x; c < cols; c += blockDim.x)
    m = row[c] > m ? row[c] : m;
  buf[threadIdx.x] = m;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s && buf[threadIdx.x + s] > buf[threadIdx.x])
      buf[threadIdx.x] = buf[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = buf[0];
}

// Each block's values in reverse, through the older samples' accessor
// object (SharedMemoryOld<T>::getPointer()).
template <class T>
__global__ void reverse_block(const T *in, T *out) {
  SharedMemoryOld<T> smem;
  T *s = smem.getPointer();
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = in[i];
  __syncthreads();
  out[i] = s[blockDim.x - 1 - threadIdx.x];
}

template <class T>
void reduce(int size, int threads, int blocks, T *d_idata, T *d_odata) {
  dim3 dimBlock(threads, 1, 1);
  dim3 dimGrid(blocks, 1, 1);
  int smemSize = (threads <= 32) ? 2 * threads * sizeof(T) : threads * sizeof(T);
  if ((size & (size - 1)) == 0) {
    switch (threads) {
    case 256:
      reduce_sum<T, 256, true><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size);
      break;
    case 128:
      reduce_sum<T, 128, true><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size);
      break;
    }
  } else {
    switch (threads) {
    case 256:
      reduce_sum<T, 256, false><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size);
      break;
    case 128:
      reduce_sum<T, 128, false><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size);
      break;
    }
  }
}

int main() {
  const int n = 1 << 18, blocks = 64, threads = 256;
  static int h[1 << 18], out[64];
  static double hd[1 << 18], outd[64];
  for (int i = 0; i < n; i++) {
    h[i] = (int)((i * 2654435761u) >> 22) - 512;
    hd[i] = h[i] * 0.25;
  }
  int *d = e2e_to_device(h, n), *dout;
  double *dd = e2e_to_device(hd, n), *doutd;
  E2E_CHECK(cudaMalloc(&dout, sizeof out));
  E2E_CHECK(cudaMalloc(&doutd, sizeof outd));
  reduce<int>(n, threads, blocks, d, dout);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, dout, blocks);
  e2e_print_ints(out, blocks);
  reduce<double>(n - 3, 128, blocks, dd, doutd);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(outd, doutd, blocks);
  printf("double hash %llx\n", e2e_hash(outd, sizeof outd));
  row_max<int><<<blocks, 128, 128 * sizeof(int)>>>(d, dout, n / blocks);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, dout, blocks);
  e2e_print_ints(out, blocks);
  int *drev;
  static int rev[64 * 128];
  E2E_CHECK(cudaMalloc(&drev, sizeof rev));
  reverse_block<int><<<64, 128, 128 * sizeof(int)>>>(d, drev);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(rev, drev, 64 * 128);
  e2e_print_ints(rev, 64 * 128);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: race on shared variable __smem[
// RACE-CHECK: in kernel reduce_sum
// RACE-CHECK-NOT: in kernel row_max
// RACE-CHECK-NOT: in kernel reverse_block
// RACE-CHECK-NOT: not checked
// RACE-CHECK: ldcc: summary:
