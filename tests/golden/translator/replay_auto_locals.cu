// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Locals declared `auto` in a kernel the shared-memory replay clones
// (docs/shared-replay.md, "Locals"): every local is hoisted to the top of
// the clone, and `auto` cannot be written there without its initialiser.
// The type clang deduced is spelled instead (`auto tid = threadIdx.x;` ->
// `unsigned int tid;`, `const auto` without its const: the initialiser
// becomes an assignment); before, any `auto` left the kernel's shared
// memory unchecked ("local of a type that cannot be hoisted"), as it still
// does for a type that depends on a template parameter and `auto &`; a
// pointer, `auto p = &s[i]` or `auto *q = s + i`, is spelled too since
// session 39 (`float * p{}`; HeCBench score's `auto indices = indices_ +
// ...` had left its kernel's shared memory unchecked).  A class the hoisted `T x{};` and `x = init;` cannot
// build or assign is refused too, written out or `auto`.  A libcu++
// pipeline (`cuda::pipeline<...> pipe = cuda::make_pipeline();`) was once
// hoisted into code nvcc rejected, then refused; since session 31 it is an
// __ldcc::sync_pipeline and an aligned_size_t a size_t (pipeline_local
// below; replay_async_copy.cu).
#include <cuda/pipeline>

__global__ void autos(const float *in, float *out) {
  __shared__ float s[128];
  auto tid = threadIdx.x;
  const auto i = blockIdx.x * blockDim.x + tid;
  auto scale = 0.5f;
  auto v = make_float2(in[i], in[i] * scale);
  s[tid] = v.x + v.y;
  __syncthreads();
  auto other = s[(tid + 1) % 128];
  out[i] = other;
}

template <typename T> __global__ void dependent(const T *in, T *out) {
  __shared__ T s[64];
  auto v = in[threadIdx.x];
  s[threadIdx.x] = v;
  __syncthreads();
  out[threadIdx.x] = s[63 - threadIdx.x];
}

__global__ void auto_pointer(const float *in, float *out) {
  __shared__ float s[64];
  auto p = &s[threadIdx.x];
  *p = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[63 - threadIdx.x];
}

__global__ void auto_star(const float *in, float *out) {
  __shared__ float s[64];
  auto *q = s + threadIdx.x;
  const auto *src = in + blockIdx.x * 64;
  *q = src[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[63 - threadIdx.x];
}

__global__ void pipeline_local(const float *in, float *out) {
  __shared__ float s[128];
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  const auto shape = cuda::aligned_size_t<alignof(float)>(sizeof(float));
  pipe.producer_acquire();
  cuda::memcpy_async(&s[threadIdx.x], &in[blockIdx.x * 128 + threadIdx.x],
                     shape, pipe);
  pipe.producer_commit();
  cuda::pipeline_consumer_wait_prior<0>(pipe);
  __syncthreads();
  out[blockIdx.x * 128 + threadIdx.x] = s[127 - threadIdx.x];
}

int main() {
  float *p = 0;
  autos<<<4, 128>>>(p, p);
  dependent<float><<<1, 64>>>(p, p);
  auto_pointer<<<1, 64>>>(p, p);
  auto_star<<<1, 64>>>(p, p);
  pipeline_local<<<2, 128>>>(p, p);
  return 0;
}

// PLAN: KERNEL name=autos checked=yes at=23:17 global=yes units=blocks writes=out one_run=out block_warps=1
// The replay refuses a dependent auto ("local of a type that cannot be
// hoisted"); the block's shadow checks its shared memory (session 38).
// PLAN-NEXT: KERNEL name=dependent checked=yes at=35:39 template
// PLAN-NEXT: KERNEL name=auto_pointer checked=yes at=43:17
// PLAN-NEXT: KERNEL name=auto_star checked=yes at=51:17
// PLAN-NEXT: KERNEL name=pipeline_local checked=yes at={{[0-9]+}}:17 global=yes
// PLAN: SITE kernel=autos id=1 at=30:3 form=SYNC_PLAIN
// PLAN: PROOF kernel=autos proved=yes
// PLAN: PROOF kernel=auto_pointer proved=no reason="a pointer to a target is kept in a local"
// PLAN: SITE kernel=auto_star id=1 at=56:3 form=SYNC_PLAIN
// PLAN: PROOF kernel=auto_star proved=no reason="a pointer to a target is kept in a local"

// TEXT: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_autos(
// TEXT: {{^}}  __ldcc::undo_log __ldcc_ul;
// TEXT-NEXT: {{^}}  unsigned int tid{};
// TEXT-NEXT: {{^}}  unsigned int i{};
// TEXT-NEXT: {{^}}  float scale{};
// TEXT-NEXT: {{^}}  float2 v{};
// TEXT-NEXT: {{^}}  float other{};
// TEXT: {{^}}  tid = threadIdx.x;
// TEXT-NEXT: {{^}}  i = blockIdx.x * blockDim.x + tid;
// TEXT-NEXT: {{^}}  scale = 0.5f;
// TEXT-NEXT: {{^}}  v = make_float2(in[i], in[i] * scale);
// TEXT: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_auto_pointer(
// TEXT: {{^}}  float * p{};
// TEXT: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_auto_star(
// TEXT: {{^}}  float * q{};
// TEXT-NEXT: {{^}}  const float * src{};
