// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate --coverage %s | FileCheck %s --check-prefix=COV
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Asynchronous copies into shared memory in the replay (replay_facts.c
// visit_async_copy; docs/shared-replay.md, "Asynchronous copies").  In the
// clone a copy is queued when issued (`__pipeline_memcpy_async` ->
// __ldcc::pmemcpy, `cuda::memcpy_async` on a thread-scope pipeline ->
// __ldcc::amemcpy) and lands, each piece a store through pwr, at the wait
// that covers it (`__pipeline_wait_prior` -> __ldcc::pwait_prior,
// `cuda::pipeline_consumer_wait_prior` -> __ldcc::..., the pipeline's
// methods on `__ldcc::apipe(__ldcc_c)`) or right after the next barrier
// (`__ldcc::aflush` after each site's label).  The queue is a local of the
// clone, `__ldcc_aq`, snapshot with the others; a `cuda::aligned_size_t`
// local is a size_t.  Before, a kernel with a pipeline was refused ("local
// of a type that cannot be hoisted") and one with `__pipeline_memcpy_async`
// was "checked" while its copies, invisible to the sweeps, landed in the
// warp's copy behind their backs (or, in a global scratch slot, nowhere
// cp.async may write).  Kept out: cooperative groups' memcpy_async, a
// pipeline handed to a function.  Also: `__shared__ alignas(16) float
// As[...]` left `__shared__ ;` in the clone (nvcc warned "attribute does
// not apply here"), its statement's extent starting at `alignas`.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/pipeline>
#include <cuda_pipeline.h>
namespace cg = cooperative_groups;

// PLAN: TARGET kernel=tiles space=shared name=As {{.*}}written=yes
// PLAN: TARGET kernel=halo space=shared name=tile {{.*}}written=yes
// PLAN: TARGET kernel=staged space=shared name=buf {{.*}}written=yes
// PLAN: PROOF kernel=tiles proved=no reason="a call gets a target's address"
// COV: KERNEL name=tiles {{.*}}coverage=full shared=yes global=yes
// TEXT-LABEL: __ldcc_tiles(
// TEXT: __ldcc::async_queue __ldcc_aq{};
// TEXT: size_t shape{};
// TEXT: __ldcc_c.aq = &__ldcc_aq;
// TEXT-NOT: __shared__ ;
// TEXT: shape = cuda::aligned_size_t<alignof(float4)>(sizeof(float4));
// TEXT: __ldcc::apipe(__ldcc_c).producer_acquire();
// TEXT: __ldcc::amemcpy(__ldcc_c, &((__ldcc_c.rd = 1, __ldcc_p)->As)[stage][ty][tx * 4],
// TEXT: shape, __ldcc::apipe(__ldcc_c));
// TEXT: __ldcc::pipeline_consumer_wait_prior<0>(__ldcc::apipe(__ldcc_c));
// TEXT: __ldcc::differs(__ldcc_aq, __ldcc_e{{[0-9]+}})
// TEXT: __ldcc_L1:; __ldcc::aflush(__ldcc_c);
template <int TILE>
__global__ void tiles(const float *A, float *C, int n) {
  __shared__ alignas(16) float As[2][TILE][TILE * 4];
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  const auto shape = cuda::aligned_size_t<alignof(float4)>(sizeof(float4));
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
  for (int t = 0; t < n / TILE; t++) {
    const int stage = t % 2;
    pipe.producer_acquire();
    cuda::memcpy_async(&As[stage][ty][tx * 4],
                       &A[(blockIdx.y * TILE + ty) * n * 4 + t * TILE * 4 + tx * 4],
                       shape, pipe);
    pipe.producer_commit();
    cuda::pipeline_consumer_wait_prior<0>(pipe);
    __syncthreads();
    for (int k = 0; k < TILE * 4; k++)
      acc += As[stage][ty][k];
    __syncthreads();
    pipe.consumer_release();
  }
  C[(blockIdx.y * TILE + ty) * n + blockIdx.x * TILE + tx] = acc;
}

// COV: KERNEL name=halo {{.*}}coverage=full shared=yes global=yes
// TEXT-LABEL: __ldcc_halo(
// TEXT: __ldcc::pmemcpy(__ldcc_c, &((__ldcc_c.rd = 1, __ldcc_p)->tile)[threadIdx.x + 1], &in[g], sizeof(int));
// TEXT: __ldcc::pmemcpy(__ldcc_c, &((__ldcc_c.rd = 1, __ldcc_p)->tile)[0], &in[g], 4, 4);
// TEXT: __ldcc::pcommit(__ldcc_c)
// TEXT: __ldcc::pwait_prior(__ldcc_c, 0);
__global__ void halo(const int *in, int *out) {
  __shared__ int tile[130];
  int g = blockIdx.x * 128 + threadIdx.x;
  __pipeline_memcpy_async(&tile[threadIdx.x + 1], &in[g], sizeof(int));
  if (threadIdx.x == 0)
    __pipeline_memcpy_async(&tile[0], &in[g], 4, 4); // zero-filled
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  out[g] = tile[threadIdx.x] + tile[threadIdx.x + 1];
}

// A helper that stages through its parameter: cloned, the copy through
// pwr, which finds the warp's copy at run time.
// TEXT-LABEL: __ldcc_staged__f_stage(
// TEXT: __ldcc::pmemcpy(__ldcc_c, dst + threadIdx.x, src + threadIdx.x, 16);
__device__ void stage(float4 *dst, const float4 *src) {
  __pipeline_memcpy_async(dst + threadIdx.x, src + threadIdx.x, 16);
  __pipeline_commit();
}

// COV: KERNEL name=staged {{.*}}coverage=full shared=yes global=yes
__global__ void staged(const float4 *in, float4 *out) {
  __shared__ float4 buf[64];
  stage(buf, in + blockIdx.x * 64);
  __pipeline_wait_prior(0);
  __syncthreads();
  out[blockIdx.x * 64 + threadIdx.x] = buf[63 - threadIdx.x];
}

// COV: KERNEL name=group_copy {{.*}}shared=no shared_reason="asynchronous copy other than __pipeline_memcpy_async or cuda::memcpy_async on a thread-scope pipeline"
__global__ void group_copy(const int *in, int *out) {
  __shared__ int buf[256];
  cg::thread_block block = cg::this_thread_block();
  cg::memcpy_async(block, buf, in + blockIdx.x * 256, sizeof(int) * 256);
  cg::wait(block);
  out[blockIdx.x * 256 + threadIdx.x] = buf[255 - threadIdx.x];
}

__device__ void wait_all(cuda::pipeline<cuda::thread_scope_thread> &p) {
  p.consumer_wait();
}

// COV: KERNEL name=handed {{.*}}shared=no shared_reason="thread-scope pipeline used other than by its methods and cuda::memcpy_async"
__global__ void handed(const int *in, int *out) {
  __shared__ int buf[128];
  auto pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(&buf[threadIdx.x], &in[blockIdx.x * 128 + threadIdx.x],
                     sizeof(int), pipe);
  pipe.producer_commit();
  wait_all(pipe);
  __syncthreads();
  out[blockIdx.x * 128 + threadIdx.x] = buf[127 - threadIdx.x];
}

void run(const float *A, float *C, const int *in, int *out, const float4 *f,
         float4 *g) {
  tiles<8><<<dim3(4, 4), dim3(8, 8)>>>(A, C, 32);
  halo<<<4, 128>>>(in, out);
  staged<<<4, 64>>>(f, g);
  group_copy<<<4, 256>>>(in, out);
  handed<<<4, 128>>>(in, out);
}
