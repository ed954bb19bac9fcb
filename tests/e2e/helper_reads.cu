// A sum reduction as CoffeeBeforeArch's course and many copies of it write
// it: a device function reads the input as int4 through a plain `int *`
// (not const), another reduces a block in shared memory through a generic
// `thread_group`, and thread 0 adds the block's sum to the total with an
// atomic; here it also keeps the block's sum in a table of partial sums.
// Until session 44 the input counted as written (a plain pointer handed to
// a device function), the check across blocks refused the kernel ("atomic
// operations: input, which it writes through, is used other than as the
// base of an access") and only its shared memory was checked.  Now a
// pointer a device function of the file only reads through stays read
// (writes.c ld__reads_only) and the check across blocks runs beside the
// replay.
// Racy twin (-DE2E_RACE): blocks share the partial sums' slots (b / 2), so
// two blocks store different sums to one word.
#include <cooperative_groups.h>

#include "e2e.h"

using namespace cooperative_groups;

__device__ int reduce_sum(thread_group g, int *temp, int val) {
  int lane = g.thread_rank();
  for (int i = g.size() / 2; i > 0; i /= 2) {
    temp[lane] = val;
    g.sync();
    if (lane < i)
      val += temp[lane + i];
    g.sync();
  }
  return val;
}

__device__ int thread_sum(int *input, int n) {
  int sum = 0;
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = tid; i < n / 4; i += blockDim.x * gridDim.x) {
    int4 in = ((int4 *)input)[i];
    sum += in.x + in.y + in.z + in.w;
  }
  return sum;
}

#ifdef E2E_RACE
#define SLOT (blockIdx.x / 2)
#else
#define SLOT blockIdx.x
#endif

__global__ void sum_reduction(int *sum, int *partial, int *input, int n) {
  int my_sum = thread_sum(input, n);
  extern __shared__ int temp[];
  auto g = this_thread_block();
  int block_sum = reduce_sum(g, temp, my_sum);
  if (g.thread_rank() == 0) {
    partial[SLOT] = block_sum;
    atomicAdd(sum, block_sum);
  }
}

int main() {
  const int n = 1 << 14, threads = 256, blocks = n / 4 / threads / 2;
  static int in[n], partial[blocks];
  int total = 0;
  for (int i = 0; i < n; i++)
    in[i] = (i * 7919) % 13 - 6;
  int *din = e2e_to_device(in, n), *dsum, *dpart;
  E2E_CHECK(cudaMalloc(&dsum, sizeof(int)));
  E2E_CHECK(cudaMalloc(&dpart, sizeof partial));
  E2E_CHECK(cudaMemset(dsum, 0, sizeof(int)));
  E2E_CHECK(cudaMemset(dpart, 0, sizeof partial));
  sum_reduction<<<blocks, threads, threads * sizeof(int)>>>(dsum, dpart, din,
                                                            n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(&total, dsum, 1);
  e2e_to_host(partial, dpart, blocks);
  printf("total %d partial %d %d hash %llx\n", total, partial[0],
         partial[blocks - 1], e2e_hash(partial, sizeof partial));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: race on global memory partial[
// RACE-CHECK: in kernel sum_reduction
// RACE-CHECK: ldcc: summary:
