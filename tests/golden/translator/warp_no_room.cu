// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: %nvcc -arch=sm_90 -isystem %srcroot/include -cubin -Xcicc -O0 %t.cu -o %t.cubin
// The intra-warp checks' tables take 24 KB of static shared memory; beside
// a kernel that declares more than 24 KB itself they would pass the 48 KB
// a block may declare, and ptxas would reject the translation ("uses too
// much shared data"), leaving the whole file unchecked (ECL-APSP's
// 1024-thread Floyd-Warshall tiles: two 16 KB arrays).  Such a kernel
// keeps its other checks and says why it has no intra-warp ones
// (warp_facts.c SKIP_NO_ROOM); a kernel with room keeps its tables.
// ptxas (-cubin) proves the translation fits.
#define TILE 64
typedef int mtype;

__global__ __launch_bounds__(1024, 1) void big_tile(mtype *const __restrict__ adj,
                                                    const int upper) {
  __shared__ mtype temp[TILE * TILE];
  __shared__ mtype krow[TILE * TILE];
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  for (int i = warp; i < TILE; i += 32) {
    temp[i * TILE + lane] = adj[i * upper + lane];
    temp[i * TILE + lane + 32] = adj[i * upper + lane + 32];
  }
  __syncthreads();
  for (int k = 0; k < TILE; k++) {
    if (warp == 0)
      krow[k * TILE + lane] = temp[k * TILE + lane];
    __syncwarp();
    for (int i = warp; i < TILE; i += 32)
      temp[i * TILE + lane] =
          min(temp[i * TILE + lane], temp[i * TILE + k] + krow[k * TILE + lane]);
    __syncthreads();
  }
  for (int i = warp; i < TILE; i += 32)
    adj[i * upper + lane] = temp[i * TILE + lane];
}

__global__ void small_tile(mtype *const __restrict__ adj, const int upper) {
  __shared__ mtype temp[32 * 32];
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  temp[warp * 32 + lane] = adj[warp * upper + lane];
  __syncwarp();
  adj[warp * upper + lane] = temp[warp * 32 + (lane + 1) % 32];
}

int main() {
  mtype *a = 0;
  big_tile<<<1, 1024>>>(a, 64);
  small_tile<<<1, 1024>>>(a, 64);
  return 0;
}

// PLAN: KERNEL name=big_tile checked=yes
// PLAN: KERNEL name=small_tile checked=yes
// PLAN: ITS kernel=big_tile checked=no rule="lane index" reason="its static shared memory leaves no room for the tables (24 KB) in the 48 KB a block may declare"
// PLAN-NEXT: ITS kernel=small_tile checked=yes rule="lane index"
