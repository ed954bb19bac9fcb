// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// RUN: %ldcc-translate --coverage %s | FileCheck %s --check-prefix=COV
// Distributed shared memory (docs/inline-checks.md): a kernel that maps
// another block's shared memory gets the cluster checks — each access and
// atomic noted, each cluster sync stepping the thread's epoch — and no
// replay (its shared memory is said checked between blocks only); its
// cluster syncs leave the check across blocks out.  A template kernel's
// dependent `map_shared_rank`, the intrinsic form, the split barrier and a
// call of a helper with a cluster sync inside (no checks: the epochs could
// not follow); a kernel with a cluster sync but no mapping is refused by
// the replay and the check across blocks, with the reason.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

template <typename T>
__global__ void __cluster_dims__(2, 1, 1) ring(const T *in, T *out) {
  __shared__ T tile[128];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned rank = cluster.block_rank();
  tile[threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x];
  cluster.sync();
  T *peer = cluster.map_shared_rank(tile, rank ^ 1);
  out[blockIdx.x * 128 + threadIdx.x] = peer[127 - threadIdx.x];
  cluster.sync();
}

__global__ void hist(int *bins, const int *in, int n) {
  extern __shared__ int smem[];
  cg::cluster_group cluster = cg::this_cluster();
  smem[threadIdx.x] = 0;
  cg::sync(cluster);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    int *dst = (int *)__cluster_map_shared_rank(smem, in[i] & 1);
    atomicAdd(dst + (in[i] >> 1) % 64, 1);
  }
  cluster.barrier_arrive();
  cluster.barrier_wait();
  atomicAdd(&bins[cluster.block_rank() * 64 + threadIdx.x % 64],
            smem[threadIdx.x % 64]);
  cluster.sync();
}

__device__ void settle() { cg::this_cluster().sync(); }

__global__ void hidden_sync(int *out) {
  __shared__ int v[32];
  cg::cluster_group cluster = cg::this_cluster();
  v[threadIdx.x] = threadIdx.x;
  settle();
  int *peer = cluster.map_shared_rank(v, 0);
  out[threadIdx.x] = peer[threadIdx.x];
}

__global__ void __cluster_dims__(2, 1, 1) no_mapping(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  cg::this_cluster().sync();
  out[blockIdx.x * 64 + threadIdx.x] = s[63 - threadIdx.x];
}

void run(const float *in, float *out, int *bins, const int *data, int *o) {
  ring<float><<<8, 128>>>(in, out);
  hist<<<8, 64, 64 * sizeof(int)>>>(bins, data, 1 << 16);
  hidden_sync<<<2, 32>>>(o);
  no_mapping<<<2, 64>>>(o);
}

// PLAN: KERNEL name=ring checked=yes shared_reason="a cluster kernel: its shared memory is checked between the blocks of a cluster (distributed shared memory), not between the warps of a block" {{.*}} global=no global_reason="cluster synchronisation (the blocks of a cluster may hand data to each other)"
// PLAN: KERNEL name=hist checked=yes shared_reason="a cluster kernel:
// PLAN: KERNEL name=hidden_sync checked=no reason="cluster synchronisation"
// PLAN: KERNEL name=no_mapping checked=yes at=58:43 global=no global_reason="cluster synchronisation (the blocks of a cluster may hand data to each other)"
// PLAN: ITS kernel=ring checked=yes rule="distributed shared memory" checks=cluster
// PLAN-NEXT: ACCESS kernel=ring id=1 at=23:3 var=tile mode=write
// PLAN-NEXT: ACCESS kernel=ring id=2 at=26:3 var=out mode=write
// PLAN-NEXT: ACCESS kernel=ring id=3 at=26:41 var=peer mode=read
// PLAN-NEXT: CSYNC kernel=ring at=24:3 form=cluster.sync
// PLAN-NEXT: CSYNC kernel=ring at=27:3 form=cluster.sync
// PLAN: ITS kernel=hist checked=yes rule="distributed shared memory" checks=cluster
// PLAN-NEXT: ACCESS kernel=hist id=1 at=33:3 var=smem mode=write
// PLAN-NEXT: ACCESS kernel=hist id=2 at=43:13 var=smem mode=read
// PLAN-NEXT: CSYNC kernel=hist at=34:3 form=cg::sync
// PLAN-NEXT: CSYNC kernel=hist at=41:3 form=barrier_wait
// PLAN-NEXT: CSYNC kernel=hist at=44:3 form=cluster.sync
// PLAN-NEXT: ATOMIC kernel=hist id=3 at=38:15 op=atomicAdd var=dst
// PLAN-NEXT: ATOMIC kernel=hist id=4 at=42:13 op=atomicAdd var=bins
// PLAN: ITS kernel=hidden_sync checked=no rule="distributed shared memory" reason="cluster synchronisation inside a called function"
// A kernel that maps nothing but has a cluster sync: its own shared memory
// gets the block's shadow (session 38), the cluster sync a block barrier.
// PLAN: ITS kernel=no_mapping checked=yes rule="shared memory without a replay" checks=shadow
// PLAN: BSYNC kernel=no_mapping at=61:3 form=cluster.sync

// TEXT: #define __LDCC_CLUSTER 1
// TEXT-NEXT: #define __LDCC_WSHADOW 1
// TEXT-NEXT: #include <ldcc/its.cuh>
// TEXT: ring(const T *in, T *out) { __ldcc::cl_thread __ldcc_cl = {};
// TEXT: (*__ldcc::cl_w(&(tile[threadIdx.x]), __ldcc_cl, tile, 0u, 1u)) = in[blockIdx.x * 128 + threadIdx.x];
// TEXT-NEXT: (cluster.sync(), __ldcc::cl_sync(__ldcc_cl));
// TEXT: (*__ldcc::cl_w(&(out[blockIdx.x * 128 + threadIdx.x]), __ldcc_cl, out, 0u, 2u)) = (*__ldcc::cl_r(&(peer[127 - threadIdx.x]), __ldcc_cl, peer, 0u, 3u));
// TEXT-NEXT: (cluster.sync(), __ldcc::cl_sync(__ldcc_cl));
// TEXT: (cg::sync(cluster), __ldcc::cl_sync(__ldcc_cl));
// TEXT: atomicAdd(__ldcc::cl_a(dst + (in[i] >> 1) % 64, __ldcc_cl, 1u, 3u), 1);
// TEXT: cluster.barrier_arrive();
// TEXT-NEXT: (cluster.barrier_wait(), __ldcc::cl_sync(__ldcc_cl));
// TEXT: __ldcc::its_arm(), __ldcc::checked_in_part("ring", "not checked in shared memory: a cluster kernel: its shared memory is checked between the blocks of a cluster (distributed shared memory), not between the warps of a block; not checked across blocks: cluster synchronisation (the blocks of a cluster may hand data to each other)"), ring<float><<<8, 128>>>(in, out);
// TEXT-NEXT: __ldcc::its_arm(), __ldcc::checked_in_part("hist", "not checked in shared memory: {{[^"]*}}"), hist<<<8, 64, 64 * sizeof(int)>>>(bins, data, 1 << 16);
// TEXT-NEXT: hidden_sync<<<2, 32>>>(o);
// TEXT: static const __ldcc::registration __ldcc__reg_{{[0-9]+}}((const void *)hist, __ldcc__rl_{{[0-9]+}}, "hist", __LDCC_REG_ARMED, "not checked in shared memory: {{[^"]*}}; not checked across blocks: cluster synchronisation (the blocks of a cluster may hand data to each other)");
// TEXT: static const __ldcc::registration __ldcc__reg_{{[0-9]+}}((const void *)hidden_sync, nullptr, "hidden_sync", __LDCC_REG_CHECKED, "cluster synchronisation");

// COV: KERNEL name=ring at=19 coverage=partly shared=no {{.*}} warp=yes warp_rule="distributed shared memory"
// COV: KERNEL name=hidden_sync at=49 coverage=none {{.*}} warp=no warp_reason="cluster synchronisation inside a called function"
// COV: KERNEL name=no_mapping at=58 coverage=partly shared=yes global=no
