// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Replay: forms of public code the replay took no shared-memory check of
// before session 22 (docs/shared-replay.md).
//   converge: a barrier in a do-while's condition (its site before the
//     body's closing brace); with a `continue` in the body it is refused;
//   converge_while: in a while's condition (the site opens the body and
//     breaks out, the condition becomes 1).
//   visit: an atomicCAS that claims (logged, global_atomic_v_cas) and a
//     shared queue's atomicAdd whose value is used (shared_atomic_v_add).
//   spin: an atomicCAS in a loop's condition is a lock: no replay.
//   debug: printf prints in pass 1 only.
//   rows: a function template with its own static __shared__ and a
//     barrier, returning a value: a template clone, the layout first.
//   gemm: an initialised register tile (`float acc[2][2] = {0.0f};`,
//     hoisted, then a copy of a block's own), a streaming store
//     (`__stcs`, a store through pwr) and a helper with a barrier that
//     returns a braced value (`return Pair{a, b};`).

__global__ void converge(const int *nbr, int *out) {
  __shared__ int lab[128];
  int t = threadIdx.x, changed;
  lab[t] = t;
  do {
    __syncthreads();
    int m = min(lab[t], lab[nbr[t]]);
    __syncthreads();
    changed = m < lab[t];
    if (changed)
      lab[t] = m;
  } while (__syncthreads_or(changed));
  out[t] = lab[t];
}

__global__ void converge_continue(const int *nbr, int *out) {
  __shared__ int lab[128];
  int t = threadIdx.x, changed;
  lab[t] = t;
  do {
    __syncthreads();
    int m = min(lab[t], lab[nbr[t]]);
    __syncthreads();
    changed = m < lab[t];
    if (!changed)
      continue;
    lab[t] = m;
  } while (__syncthreads_or(changed));
  out[t] = lab[t];
}

__global__ void visit(const int *edges, int *dist, int *next, int *count) {
  __shared__ int q[256];
  __shared__ int qn;
  if (threadIdx.x == 0)
    qn = 0;
  __syncthreads();
  int w = edges[blockIdx.x * 256 + threadIdx.x];
  if (atomicCAS(&dist[w], -1, 1) == -1) {
    int pos = atomicAdd(&qn, 1);
    q[pos] = w;
  }
  __syncthreads();
  if (threadIdx.x < qn)
    next[atomicAdd(count, 1)] = q[threadIdx.x];
}

__global__ void spin(int *lock, int *total) {
  __shared__ int s[32];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 0) {
    while (atomicCAS(lock, 0, 1) != 0)
      ;
    *total += s[31];
    __threadfence();
    atomicExch(lock, 0);
  }
}

__global__ void debug(const float *in, float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  float v = s[63 - threadIdx.x];
  if (threadIdx.x == 0)
    printf("first %f\n", v);
  out[threadIdx.x] = v;
}

template <typename T> __device__ T blockSum(T val) {
  static __shared__ T partial[32];
  int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
  for (int o = 16; o > 0; o /= 2)
    val += __shfl_down_sync(0xffffffffu, val, o);
  if (lane == 0)
    partial[wid] = val;
  __syncthreads();
  return threadIdx.x < blockDim.x / 32 ? partial[lane] : (T)0;
}

template <typename T> __global__ void rows(const T *in, T *out) {
  T v = blockSum<T>(in[blockIdx.x * blockDim.x + threadIdx.x]);
  if (threadIdx.x == 0)
    out[blockIdx.x] = v;
}

__global__ void converge_while(const int *nbr, int *out) {
  __shared__ int lab[128];
  int t = threadIdx.x, more = 1;
  lab[t] = t;
  __syncthreads();
  while (__syncthreads_or(more)) {
    int m = min(lab[t], lab[nbr[t]]);
    __syncthreads();
    more = m < lab[t];
    if (more)
      lab[t] = m;
  }
  out[t] = lab[t];
}

struct Pair {
  float lo, hi;
};

__device__ Pair bounds(float *s, float v) {
  s[threadIdx.x] = v;
  __syncthreads();
  return Pair{s[0], s[blockDim.x - 1]};
}

__global__ void gemm(const float *a, const float *b, float *out) {
  __shared__ float ta[16][16], tb[16][16], edge[256];
  float acc[2][2] = {0.0f};
  int tx = threadIdx.x % 16, ty = threadIdx.x / 16;
  ta[ty][tx] = a[threadIdx.x];
  tb[ty][tx] = b[threadIdx.x];
  __syncthreads();
  for (int k = 0; k < 16; k++)
    acc[0][0] += ta[ty][k] * tb[k][tx];
  Pair p = bounds(edge, acc[0][0]);
  __stcs(&out[blockIdx.x * 256 + threadIdx.x], acc[0][0] + p.lo + acc[1][1]);
}

int main() {
  int *i = 0;
  float *f = 0;
  converge<<<1, 128>>>(i, i);
  converge_continue<<<1, 128>>>(i, i);
  visit<<<4, 256>>>(i, i, i, i);
  spin<<<4, 32>>>(i, i);
  debug<<<1, 64>>>(f, f);
  rows<float><<<4, 256>>>(f, f);
  gemm<<<4, 256>>>(f, f, f);
  converge_while<<<1, 128>>>(i, i);
  return 0;
}

// PLAN: KERNEL name=converge checked=yes at=
// PLAN-NEXT: KERNEL name=converge_continue checked=yes shared_reason="barrier inside an expression"
// PLAN-NEXT: KERNEL name=visit checked=yes at=
// PLAN-NEXT: KERNEL name=spin checked=yes shared_reason="synchronises through memory (a fence, flag or lock), which the replay does not model"
// PLAN-NEXT: KERNEL name=debug checked=yes at=
// PLAN-NEXT: KERNEL name=rows checked=yes at=
// PLAN-NEXT: KERNEL name=converge_while checked=yes at=
// PLAN-NEXT: KERNEL name=gemm checked=yes at=
// PLAN: SITE kernel=converge id=3 at=33:12 form=SYNC_OR
// PLAN: SITE kernel=rows id=1 at={{[0-9]+}}:{{[0-9]+}} form=call callee=blockSum

// CLONE: {{^}}__ldcc_L3:; __ldcc::its_sync(); 
// CLONE-NEXT: {{^}}#line 33
// CLONE-NEXT: {{^}}  } while (__ldcc_c.sync_result);
// CLONE: {{^}}  if (__ldcc::global_atomic_v_cas(__ldcc_c, {{.*}}&dist[w]{{.*}}, -1, 1) == -1) {
// CLONE-NEXT: {{^}}    pos = __ldcc::shared_atomic_v_add(__ldcc_c, &((__ldcc_c.rd = 1, __ldcc_p)->qn), 1);
// CLONE-NOT: __ldcc_spin(
// CLONE: {{^}}    (__ldcc_c.pass == 1 ? printf("first %f\n", v) : 0);
// CLONE: {{^}}template <class __ldcc_L, typename T> __device__ T __ldcc_rows__f_blockSum(__ldcc::thread_ctx &__ldcc_c, __ldcc::block_state &__ldcc_bs, int __ldcc_sb, T val) {
// CLONE: {{^}}  v = __ldcc_rows__f_blockSum{{$}}
// CLONE-NEXT: {{^}}#line 104
// CLONE-NEXT: {{^ *}}<__ldcc_L, T>(__ldcc_c, __ldcc_bs, 2, in[blockIdx.x * blockDim.x + threadIdx.x]);
// CLONE: {{^}}  while (1) {__ldcc_c.pred = (more); {
// CLONE: {{^}}__ldcc_L2:; __ldcc::its_sync(); if (!__ldcc_c.sync_result) break; 
// CLONE: {{^}}  { __ldcc_ret = ( Pair{s[0], s[blockDim.x - 1]}); goto __ldcc_exit; }
// CLONE: {{^}}  { decltype(acc) __ldcc_ai = {0.0f}; __ldcc::copy(acc, __ldcc_ai); };
// CLONE: {{^}}  ((void)((*__ldcc::pwr(__ldcc_c, (&out[blockIdx.x * 256 + threadIdx.x]))) = (acc[0][0] + p.lo + acc[1][1])), __ldcc::its_sync());
