// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Atomics on shared memory do not keep a kernel from the check across
// blocks (docs/global-check.md, "What is checked"): one whose result is
// not used touches no global memory, and each launch of the global clone
// starts from fresh shared memory (bodies.c shared_atomic: integer adds,
// mins, maxes and bit operations, which give one result in any order); in
// the direct one run any atomic on shared memory needs no claim
// (global_facts.c take_atomic).  A shared histogram written out per block is checked like
// any kernel; one that hands out slots with a shared atomic's result and
// also counts globally takes the direct run; an atomic through a shared
// pointer (it may point anywhere) still keeps its reason.  An address
// `s + i + j` on an extern shared array is shared memory too (llm.c's
// matmul_backward_bias_kernel7; before, "atomic operations").
#define BINS 256

__global__ void block_histo(const unsigned char *in, unsigned *out, int n) {
  __shared__ unsigned s[BINS];
  int t = threadIdx.x;
  s[t] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&s[in[i]], 1u);
  __syncthreads();
  out[blockIdx.x * BINS + t] = s[t];
}

__global__ void compact(const int *in, int *out, int *total, int n) {
  __shared__ int count;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (!threadIdx.x)
    count = 0;
  __syncthreads();
  if (i < n && in[i] > 0) {
    int slot = atomicAdd(&count, 1);
    out[blockIdx.x * blockDim.x + slot] = in[i];
    atomicAdd(total, 1);
  }
}

__global__ void float_sums(const float *in, float *out) {
  __shared__ float s[4];
  if (threadIdx.x < 4)
    s[threadIdx.x] = 0.0f;
  __syncthreads();
  atomicAdd(&s[threadIdx.x % 4], in[blockIdx.x * blockDim.x + threadIdx.x]);
  __syncthreads();
  if (threadIdx.x < 4)
    out[blockIdx.x * 4 + threadIdx.x] = s[threadIdx.x];
}

__global__ void through_pointer(unsigned *out) {
  __shared__ unsigned *where;
  if (threadIdx.x == 0)
    where = out;
  __syncthreads();
  atomicAdd(where, 1u);
}

__global__ void bias_sums(const float *in, float *out, int width) {
  extern __shared__ float sums[];
  float acc[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  for (int k = 0; k < 4; k++)
    acc[k] = in[(blockIdx.x * 4 + k) * width + threadIdx.x];
  for (int k = 0; k < 4; k++)
    atomicAdd(sums + threadIdx.x + (k * 32), acc[k]);
  __syncthreads();
  atomicAdd(out + threadIdx.x + blockIdx.x * 0, sums[threadIdx.x]);
}

// llm.c's layernorm_backward kernels: views of an extern shared array in
// locals that only ever hold it (`float *dbias_shared = shared;`), their
// atomics `atomicAdd(&dbias_shared[i], v)` and `atomicAdd(dw + i, v)` on
// shared memory, then a ticket through a cast view of a parameter,
// `(unsigned *)(scratch + 2 * C)`: the direct run claims each access by
// its own address and size, so it follows the cast (global_facts.c
// local_base, alias_root).  Before, both kept `atomic operations: atomicAdd
// on memory it cannot follow`.
__global__ void shared_views(const float *in, float *out, float *scratch,
                             int C) {
  extern __shared__ float shared[];
  float *db = shared;
  float *dw = shared + C;
  for (int i = threadIdx.x; i < C; i += blockDim.x) {
    db[i] = 0.0f;
    dw[i] = 0.0f;
  }
  __syncthreads();
  for (int i = threadIdx.x; i < C; i += blockDim.x) {
    atomicAdd(&db[i], in[blockIdx.x * C + i]);
    atomicAdd(dw + i, 2.0f * in[blockIdx.x * C + i]);
  }
  __syncthreads();
  float *scratch_db = scratch;
  unsigned *count = (unsigned *)(scratch + 2 * C);
  __shared__ unsigned ticket;
  for (int i = threadIdx.x; i < C; i += blockDim.x) {
    atomicAdd(&scratch_db[i], db[i]);
    atomicAdd(scratch + C + i, dw[i]);
  }
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0)
    ticket = atomicAdd(count, 1u);
  __syncthreads();
  if (ticket == gridDim.x - 1)
    for (int i = threadIdx.x; i < C; i += blockDim.x)
      out[i] = scratch_db[i] + scratch[C + i];
}

// A view assigned again may point anywhere: its atomic keeps the reason.
// A cast view in a kernel without atomics is not claimed (the one run's
// claims would cover the other type's words): its launches take the copies.
__global__ void moved_view(float *out, int C) {
  extern __shared__ float shared[];
  float *v = shared;
  if (blockIdx.x > 7)
    v = out;
  atomicAdd(&v[threadIdx.x % C], 1.0f);
}
__global__ void cast_view(float *out) {
  unsigned *u = (unsigned *)(out + 4);
  u[threadIdx.x] = 1u;
}

int main() {
  unsigned char *in = 0;
  unsigned *out = 0;
  int *p = 0;
  block_histo<<<4, BINS>>>(in, out, 1000);
  compact<<<4, 128>>>(p, p, p, 512);
  float_sums<<<4, 32>>>((float *)p, (float *)p);
  through_pointer<<<4, 32>>>(out);
  bias_sums<<<4, 32, 128 * sizeof(float)>>>((float *)p, (float *)p, 32);
  shared_views<<<4, 32, 64 * sizeof(float)>>>((float *)p, (float *)p,
                                              (float *)p + 64, 32);
  moved_view<<<4, 32, 32 * sizeof(float)>>>((float *)p, 32);
  cast_view<<<4, 32>>>((float *)p);
}

// PLAN: KERNEL name=block_histo checked=yes at=19:17 global=yes units=blocks writes=out one_run=out
// PLAN: KERNEL name=compact checked=yes {{.*}}global=yes units=blocks writes=out,total one_run=in,out,total direct=yes atomics=1
// A float sum's rounding depends on the order: it could store another
// value in a second pass, so only the direct one run takes it.
// PLAN: KERNEL name=float_sums checked=yes {{.*}}global=yes units=blocks writes=out one_run=in,out direct=yes atomics=0
// PLAN: KERNEL name=through_pointer checked=yes {{.*}}global=no global_reason="atomic operations: atomicAdd on memory it cannot follow"
// PLAN: KERNEL name=bias_sums checked=yes {{.*}}global=yes units=blocks writes=out one_run=in,out direct=yes atomics=1
// PLAN: KERNEL name=shared_views checked=yes {{.*}}global=yes units=blocks writes=out,scratch one_run=in,out,scratch direct=yes atomics=3 fences=1
// PLAN: KERNEL name=moved_view checked=yes {{.*}}global=no global_reason="atomic operations: atomicAdd on memory it cannot follow"
// PLAN: KERNEL name=cast_view checked=yes {{.*}}global=yes units=warps writes=out{{$}}
// TEXT: {{^}}__global__ void __ldcc_g_compact(
// TEXT: int slot = atomicAdd(&count, 1);
// TEXT-NEXT: __ldcc::gset(__ldcc_gi, 1, &(out[blockIdx.x * blockDim.x + slot]), 38) = (*__ldcc::gget(__ldcc_gi, 0, &(in[i]), 38));
// TEXT-NEXT: atomicAdd(__ldcc::gatomic_claim(__ldcc_gi, 2, (total), 1, 39), 1);
// TEXT: {{^}}__global__ void __ldcc_g_bias_sums(
// TEXT: {{^}}    atomicAdd(__ldcc::ws_a(sums + threadIdx.x + (k * 32), __ldcc_cl, 5u, 2u), acc[k]);
// TEXT: atomicAdd(__ldcc::gatomic_claim(__ldcc_gi, 1, (__ldcc::ws_a(out + threadIdx.x + blockIdx.x * 0, __ldcc_cl, 5u, 3u)), 1, 70), (*__ldcc::ws_r(&(sums[threadIdx.x]), __ldcc_cl, sums, 5u, 1u)));
// TEXT: {{^}}__global__ void __ldcc_g_shared_views(
// TEXT: atomicAdd(__ldcc::mp_atomic(&db[i], __ldcc_mp, 1u, 6u, 0, 0), (*__ldcc::gget(__ldcc_gi, 0, &(in[blockIdx.x * C + i]), 92)));
// TEXT-NEXT: atomicAdd(__ldcc::mp_atomic(dw + i, __ldcc_mp, 1u, 7u, 0, 0), 2.0f * (*__ldcc::gget(__ldcc_gi, 0, &(in[blockIdx.x * C + i]), 93)));
// TEXT: ticket = __ldcc::gacquired(__ldcc_gi, 2u, atomicAdd(__ldcc::gatomic_claim(__ldcc_gi, 2, (__ldcc::mp_atomic(count, __ldcc_mp, 1u, 10u, 0, 1)), 1, 106), 1u));
