// A pivot search as Packt's multi-GPU gaussian elimination writes it: the
// solver's state is a struct of pointers passed by value, each block marks
// its eligible rows in shared memory, reduces them to the largest row with
// a device function that synchronises the block, and thread 0 merges the
// block's answer with `atomicMax` through the struct's pointer.
// Until session 44 that atomic kept the shared memory unchecked ("atomic
// through a pointer it cannot follow"): a pointer member of a by-value
// kernel parameter the kernel only reads is the host's pointer, global
// memory (replay_state.c kernel_param_pointer).
// Racy twin (-DE2E_RACE): the reduction's barrier is left out of the
// loop, so a thread reads a slot another thread of another warp has not
// written yet in that step.
#include "e2e.h"

struct SolverState {
  int *pivotRow;
  int *multipliers;
  const unsigned *columns;
  const int *reduced;
  int rowCount;
  unsigned bit;
};

__device__ void findMax(int *sData, int tid, int n) {
  for (int stride = n / 2; stride >= 1; stride /= 2) {
    if (tid < stride && sData[tid] < sData[tid + stride])
      sData[tid] = sData[tid + stride];
#ifndef E2E_RACE
    __syncthreads();
#endif
  }
}

__global__ void findPivot(SolverState state) {
  __shared__ int eligibleRow[128];
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  bool eligible = false;
  if (row < state.rowCount) {
    eligible = ((state.columns[row] >> state.bit) & 1) && !state.reduced[row];
    state.multipliers[row] = eligible;
  }
  eligibleRow[threadIdx.x] = eligible ? row : -1;
  __syncthreads();
  findMax(eligibleRow, threadIdx.x, blockDim.x);
  if (threadIdx.x == 0)
    atomicMax(state.pivotRow, eligibleRow[0]);
}

int main() {
  const int rows = 1000, threads = 128, blocks = (rows + threads - 1) / threads;
  static unsigned cols[rows];
  static int reduced[rows], mult[rows];
  for (int i = 0; i < rows; i++) {
    cols[i] = (unsigned)(i * 2654435761u);
    reduced[i] = i % 7 == 0 || i > 900;
  }
  SolverState s;
  s.columns = e2e_to_device(cols, rows);
  s.reduced = e2e_to_device(reduced, rows);
  E2E_CHECK(cudaMalloc(&s.multipliers, sizeof mult));
  E2E_CHECK(cudaMalloc(&s.pivotRow, sizeof(int)));
  s.rowCount = rows;
  int pivots[8];
  for (unsigned bit = 0; bit < 8; bit++) {
    int none = -1;
    E2E_CHECK(cudaMemcpy(s.pivotRow, &none, sizeof none, cudaMemcpyHostToDevice));
    s.bit = bit;
    findPivot<<<blocks, threads>>>(s);
    E2E_CHECK(cudaGetLastError());
    e2e_to_host(&pivots[bit], s.pivotRow, 1);
  }
  e2e_to_host(mult, s.multipliers, rows);
  printf("pivots %d %d %d %d %d %d %d %d hash %llx\n", pivots[0], pivots[1],
         pivots[2], pivots[3], pivots[4], pivots[5], pivots[6], pivots[7],
         e2e_hash(mult, sizeof mult));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: in kernel findPivot
// RACE-CHECK: ldcc: summary:
