// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=OWN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: sed -n '/^__global__ void __ldcc_g_in_helper(/,/^__global__ void __ldcc_g_fenced(/p' %t.cu > %t.left
// RUN: grep -c '^__global__ void __ldcc_g_in_' %t.left | grep -x 3
// RUN: not grep gbarrier %t.left
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Warps of one block (docs/global-check.md, "Warps of one block"): a kernel
// with block barriers has blocks as units across blocks; when every barrier
// it can reach is a __syncthreads() (`_count`/`_and`/`_or`) in its own
// body (block.sync(), cg::sync(block) too) and it calls nothing the walk
// cannot see, its global clone counts them
// (`(B, __ldcc::gbarrier(__ldcc_gi))`, `__ldcc::gbarrier(__ldcc_gi, B)` for
// a value), its accesses pass their lines (a composed replay's glog claims
// its stores in the replay's own regions), and the metadata says
// __LDCC_GM_EPOCHS: the one run and the direct run then check the warps of
// a block against each other between barriers.  `--dump-plan` adds
// `block_warps=<barriers>`.  Not for: a barrier in a device function, in a
// lambda or in a macro; a kernel with fences; a kernel whose shared-memory
// replay carries the direct run's claims.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#define SYNC() __syncthreads()

__device__ void helper_sync() { __syncthreads(); }

// PLAN: KERNEL name=stage {{.*}} global=yes units=blocks writes=scratch,out one_run=scratch,out,in block_warps=3{{$}}
// OWN: OWN kernel=stage proved=no reason="an index of scratch is not a sum of thread, block and loop indices times constants and unchanged parameters"
// TEXT: __global__ void __ldcc_g_stage(
// TEXT: __ldcc::gset(__ldcc_gi, 0, &(scratch[base + t]), [[@LINE+6]]) =
// TEXT: (__syncthreads(), __ldcc::gbarrier(__ldcc_gi));
// TEXT: int positive = __ldcc::gbarrier(__ldcc_gi, __syncthreads_count(n > 0));
// TEXT: if (__ldcc::gbarrier(__ldcc_gi, __syncthreads_or(positive == 0)))
__global__ void stage(float *scratch, float *out, const float *in) {
  const int base = blockIdx.x * blockDim.x, t = threadIdx.x;
  scratch[base + t] = in[base + t] * 0.5f;
  __syncthreads();
  float n = scratch[base + (t + 32) % blockDim.x];
  int positive = __syncthreads_count(n > 0);
  if (__syncthreads_or(positive == 0))
    return;
  scratch[base + t] = n + positive;
  out[base + t] = n;
}

// The direct run (an atomic) counts its barriers too.
// PLAN: KERNEL name=tree_sum {{.*}} direct=yes atomics=1 block_warps=1{{$}}
// TEXT: __global__ void __ldcc_g_tree_sum(
// TEXT: (__syncthreads(), __ldcc::gbarrier(__ldcc_gi));
__global__ void tree_sum(int *buf, unsigned long long *total) {
  const int base = blockIdx.x * blockDim.x, t = threadIdx.x;
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s)
      buf[base + t] += buf[base + t + s];
    __syncthreads();
  }
  if (t == 0)
    atomicAdd(total, (unsigned long long)buf[base]);
}

// The proof keeps blocks as units: a launch it takes runs as built.
// PLAN: KERNEL name=own_elems {{.*}} units=blocks writes=out one_run=out,in block_warps=1{{$}}
// OWN: OWN kernel=own_elems proved=yes conds="1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<1*blockDim.x;1*(blockDim.x-1)+1*blockDim.x*(gridDim.x-1)+0<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<1*blockDim.x;1*(blockDim.x-1)+1*blockDim.x*(gridDim.x-1)+0<2147483648"
__global__ void own_elems(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  __syncthreads();
  out[i] = v * 2.0f;
}

// Besides, warps must be apart in each region between the body's
// straight-line barriers: every warp storing its block's slot is proved
// only for blocks of one thread (its launch takes the one run), and a
// neighbour read inside a barrier's argument is made before that barrier,
// in the region of the stores it meets.
// PLAN: KERNEL name=block_slot {{.*}} units=blocks writes=slots one_run=slots,in block_warps=1{{$}}
// OWN: OWN kernel=block_slot proved=yes conds="{{.*}};1*(blockDim.x-1)<1;{{.*}}"
__global__ void block_slot(int *slots, const int *in) {
  int v = in[blockIdx.x];
  __syncthreads();
  slots[blockIdx.x] = v;
}

// PLAN: KERNEL name=vote_next {{.*}} units=blocks writes=a one_run=a block_warps=1{{$}}
// OWN: OWN kernel=vote_next proved=no reason="two warps of one block may touch one element through a between barriers"
__global__ void vote_next(int *a) {
  const int t = threadIdx.x, i = blockIdx.x * 256 + t;
  a[i] = t;
  __syncthreads_or(t + 1 < 256 ? a[i + 1] : 0);
}

// Cooperative groups' block.sync() is a barrier too; their handles and
// queries hide none.
// PLAN: KERNEL name=with_cg {{.*}} units=blocks writes=out one_run=out block_warps=1{{$}}
// TEXT: __global__ void __ldcc_g_with_cg(
// TEXT: (block.sync(), __ldcc::gbarrier(__ldcc_gi));
__global__ void with_cg(int *out) {
  cg::thread_block block = cg::this_thread_block();
  out[blockIdx.x * blockDim.x + block.thread_rank()] = 1;
  block.sync();
  out[blockIdx.x * blockDim.x + block.thread_rank()] += 1;
}

// Left out: a barrier in a device function, in a macro, in a lambda; a
// fence.
// PLAN: KERNEL name=in_helper {{.*}} units=blocks writes=out one_run=out{{$}}
// PLAN: KERNEL name=in_macro {{.*}} units=blocks writes=out one_run=out{{$}}
// PLAN: KERNEL name=in_lambda {{.*}} units=blocks writes=out one_run=out{{$}}
// PLAN: KERNEL name=fenced {{.*}} units=blocks writes=out one_run=out direct=yes atomics=0 fences=1{{$}}
__global__ void in_helper(int *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
  helper_sync();
  out[blockIdx.x * blockDim.x + threadIdx.x] += 1;
}
__global__ void in_macro(int *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
  SYNC();
  out[blockIdx.x * blockDim.x + threadIdx.x] += 1;
}
__global__ void in_lambda(int *out) {
  auto sync = [] { __syncthreads(); };
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
  sync();
  out[blockIdx.x * blockDim.x + threadIdx.x] += 1;
}
__global__ void fenced(int *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
  __threadfence();
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] += 1;
}

// A shared-memory kernel: its global clone counts its barriers, and its
// replay's glog claims its global stores in the replay's own regions.
// PLAN: KERNEL name=tile_rows {{.*}} units=blocks writes=rows one_run=rows block_warps=1{{$}}
// TEXT: __global__ void __ldcc_g_tile_rows(
// TEXT: (__syncthreads(), __ldcc::gbarrier(__ldcc_gi));
// TEXT: __ldcc_tile_rows(
// TEXT: (*__ldcc::glog(__ldcc_c, &((*__ldcc::its_w(&(rows[blockIdx.x * 32 + t % 32]), rows,
__global__ void tile_rows(float *rows, const float *in, const int *idx) {
  __shared__ float tile[128];
  const int t = threadIdx.x;
  tile[idx[t] % 128] = in[blockIdx.x * 128 + t];
  __syncthreads();
  rows[blockIdx.x * 32 + t % 32] = tile[t];
}

// TEXT: __LDCC_GM_EPOCHS
int main() {
  float *f;
  int *i;
  unsigned long long *u;
  cudaMalloc(&f, 1024 * sizeof(float));
  cudaMalloc(&i, 1024 * sizeof(int));
  cudaMalloc(&u, sizeof *u);
  stage<<<2, 128>>>(f, f + 256, f + 512);
  tree_sum<<<2, 128>>>(i, u);
  own_elems<<<2, 128>>>(f, f + 512);
  block_slot<<<2, 128>>>(i, i + 512);
  vote_next<<<2, 256>>>(i);
  with_cg<<<2, 128>>>(i);
  in_helper<<<2, 128>>>(i);
  in_macro<<<2, 128>>>(i);
  in_lambda<<<2, 128>>>(i);
  fenced<<<2, 128>>>(i);
  tile_rows<<<2, 128>>>(f, f + 512, i);
  return 0;
}
