// Thread block clusters: cooperative_groups declares cluster_group only for
// nvcc (__NVCC__), and __cluster_dims__ is nvcc's attribute.
// RUN: %ldcc-translate --dump-plan -arch=sm_90 %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate -arch=sm_90 %s -o %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void __cluster_dims__(2, 1, 1) exchange(int *out) {
  __shared__ int s[64];
  cg::cluster_group cluster = cg::this_cluster();
  s[threadIdx.x] = threadIdx.x;
  cluster.sync();
  int *peer = cluster.map_shared_rank(s, (cluster.block_rank() + 1) % 2);
  out[blockIdx.x * 64 + threadIdx.x] = peer[threadIdx.x];
  cluster.sync();
}

int main() {
  exchange<<<2, 64>>>(0);
  return 0;
}

// PLAN: KERNEL name=exchange checked={{yes|no}}{{.*}} at=9:43
// PLAN: LAUNCH kernel=exchange at=20:3
