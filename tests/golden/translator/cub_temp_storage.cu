// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// CUB block collectives' TempStorage (docs/shared-replay.md, "CUB temporary
// storage"): it stays real shared memory in the clone (its declaration
// where it was), each use goes through __ldcc::cub_use, which reports a
// second collective on it with no barrier since the first; such kernels
// are never proved.  In a template, `BlockReduceT(temp)` is an unresolved
// construction: temp used to count as never written, so the kernel had no
// replay at all ("checked", silent).  A union of several collectives'
// storage is refused with its reason; warp collectives' storage is an
// ordinary target.
#include <cub/cub.cuh>

template <int THREADS>
__global__ void twice(const int *in, int *out) {
  typedef cub::BlockReduce<int, THREADS> BlockReduceT;
  __shared__ typename BlockReduceT::TempStorage temp;
  int v = in[blockIdx.x * THREADS + threadIdx.x];
  int s = BlockReduceT(temp).Sum(v);
  __syncthreads();
  int m = BlockReduceT(temp).Reduce(v, ::cuda::maximum<>());
  if (threadIdx.x == 0) {
    out[2 * blockIdx.x] = s;
    out[2 * blockIdx.x + 1] = m;
  }
}

__global__ void scans(const int *in, int *out) {
  typedef cub::BlockScan<int, 128> BlockScanT;
  __shared__ BlockScanT::TempStorage scan_storage;
  int x = in[blockIdx.x * 128 + threadIdx.x], e;
  BlockScanT(scan_storage).ExclusiveSum(x, e);
  out[blockIdx.x * 128 + threadIdx.x] = e;
}

__global__ void load_scan(const int *in, int *out) {
  typedef cub::BlockLoad<int, 128, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE> LoadT;
  typedef cub::BlockScan<int, 128> ScanT;
  __shared__ union {
    typename LoadT::TempStorage load;
    typename ScanT::TempStorage scan;
  } storage;
  int items[4];
  LoadT(storage.load).Load(in + blockIdx.x * 512, items);
  __syncthreads();
  ScanT(storage.scan).ExclusiveSum(items, items);
  out[blockIdx.x * 128 + threadIdx.x] = items[0];
}

int main() {
  int *d = 0;
  twice<128><<<4, 128>>>(d, d);
  scans<<<4, 128>>>(d, d);
  load_scan<<<4, 128>>>(d, d);
  return 0;
}

// CLONE: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_twice(
// CLONE: {{^}}  __shared__ typename BlockReduceT::TempStorage temp;
// CLONE: {{^}}  s = BlockReduceT(__ldcc::cub_use(__ldcc_c, 0u, temp, "temp")).Sum(v);
// CLONE: {{^}}  m = BlockReduceT(__ldcc::cub_use(__ldcc_c, 0u, temp, "temp")).Reduce(v, ::cuda::maximum<>());
// CLONE: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_scans(
// CLONE: {{^}}  BlockScanT(__ldcc::cub_use(__ldcc_c, 0u, scan_storage, "scan_storage")).ExclusiveSum(x, e);

// PLAN: KERNEL name=twice checked=yes at=17:17 template global=yes units=blocks writes=out one_run=out
// PLAN-NEXT: KERNEL name=scans checked=yes at=30:17 global=yes units=blocks writes=out one_run=out
// PLAN-NEXT: KERNEL name=load_scan checked=yes shared_reason="shared struct or union holding CUB temporary storage" at=38:17 global=yes units=blocks writes=out one_run=out
// PLAN-NEXT: TARGET kernel=twice space=global name=out at=17:43 written=yes
// PLAN-NEXT: TARGET kernel=twice space=shared name=temp at=19:49 written=yes
// PLAN-NEXT: TARGET kernel=scans space=global name=out at=30:43 written=yes
// PLAN-NEXT: TARGET kernel=scans space=shared name=scan_storage at=32:38 written=yes
// PLAN-NEXT: TARGET kernel=load_scan space=global name=out at=38:47 written=yes
// PLAN-NEXT: TARGET kernel=load_scan space=shared name=storage at=44:5 written=yes
// PLAN-NEXT: BARRIER kernel=twice form=__syncthreads at=22:3
// PLAN-NEXT: BARRIER kernel=load_scan form=__syncthreads at=47:3
// PLAN-NEXT: LAUNCH kernel=twice at=54:3
// PLAN-NEXT: LAUNCH kernel=scans at=55:3
// PLAN-NEXT: LAUNCH kernel=load_scan at=56:3
// PLAN-NEXT: SITE kernel=twice id=0 at=17:17 form=entry
// PLAN-NEXT: SITE kernel=twice id=1 at=22:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=twice id=2 at=28:1 form=exit
// PLAN-NEXT: COPIES kernel=twice scratch=lazy
// PLAN-NEXT: PROOF kernel=twice proved=no reason="CUB collectives on shared temporary storage"
// PLAN-NEXT: SITE kernel=scans id=0 at=30:17 form=entry
// PLAN-NEXT: SITE kernel=scans id=1 at=36:1 form=exit
// PLAN-NEXT: COPIES kernel=scans scratch=lazy
// PLAN-NEXT: PROOF kernel=scans proved=no reason="CUB collectives on shared temporary storage"
// PLAN-NEXT: ITS kernel=scans checked=yes rule="shared memory across threads in a region"
// PLAN-NEXT: ACCESS kernel=scans id=1 at=35:3 var=out mode=write
// PLAN-NEXT: OWN kernel=twice proved=yes conds="1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1+2*(gridDim.x-1)+1<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1+2*(gridDim.x-1)+1<2147483648"
// PLAN-NEXT: OWN kernel=scans proved=yes conds="1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<128;1*(blockDim.x-1)+128*(gridDim.x-1)+0<2147483648"
// PLAN-NEXT: OWN kernel=load_scan proved=yes conds="1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<128;1*(blockDim.x-1)+128*(gridDim.x-1)+0<2147483648"
