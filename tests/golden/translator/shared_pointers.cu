// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Pointers into shared memory kept in locals (issue 24, shared-replay.md
// §2 "Pointers"): the initialiser points into the warp's copy, every store
// through a pointer in the kernel becomes pwr (a copy: swr; else glog),
// reads through them are not marked (always_read) and the copies are whole.
// A reference bound to a target stays unchecked; a global atomic through a
// parameter is taken (session 30: replay_pointer_atomics.cu).
#define TILE 16

__global__ void rows(const float *in, float *out) {
  __shared__ float tile[TILE][TILE + 1];
  int tx = threadIdx.x, ty = threadIdx.y;
  float *row = &tile[ty][0];
  row[tx] = in[ty * TILE + tx];
  __syncthreads();
  out[ty * TILE + tx] = tile[tx][ty];
}

template <class T> __global__ void sum(const T *in, T *out) {
  extern __shared__ __align__(16) unsigned char smem[];
  T *s = reinterpret_cast<T *>(smem);
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    T a = 0;
    for (int i = 0; i < blockDim.x; i++)
      a += s[i];
    out[blockIdx.x] = a;
  }
}

__global__ void two(float *o, int n, int flip) {
  extern __shared__ float s2[];
  __shared__ float fixed[64];
  float *a = s2, *b = s2 + n;
  float *p;
  p = flip ? fixed : a;
  a[threadIdx.x] = 1.0f;
  b[threadIdx.x] = 2.0f;
  p[threadIdx.x] += 3.0f;
  __syncthreads();
  o[threadIdx.x] = a[threadIdx.x ^ 1] + b[threadIdx.x] + fixed[threadIdx.x];
}

__global__ void by_ref(float *o) {
  __shared__ float r[64];
  float &x = r[threadIdx.x];
  x = 1.0f;
  __syncthreads();
  o[threadIdx.x] = r[threadIdx.x ^ 1];
}

__global__ void with_atomic(int *o) {
  __shared__ int h[64];
  int *p = h;
  p[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&o[threadIdx.x], p[threadIdx.x ^ 1]);
}

int main() {
  rows<<<1, dim3(TILE, TILE)>>>(0, 0);
  sum<float><<<1, 128, 128 * sizeof(float)>>>(0, 0);
  two<<<1, 64, 128 * sizeof(float)>>>(0, 64, 0);
  by_ref<<<1, 64>>>(0);
  with_atomic<<<1, 64>>>(0);
  return 0;
}

// PLAN: KERNEL name=rows checked=yes at=13:17
// PLAN: KERNEL name=sum checked=yes at=22:36 template
// PLAN: KERNEL name=two checked=yes at=35:17
// PLAN: KERNEL name=by_ref checked=yes shared_reason="local of a type that cannot be hoisted (x)" at=48:17
// PLAN: KERNEL name=with_atomic checked=yes at=56:17
// PLAN: COPIES kernel=rows scratch=whole reason="a pointer to a target is kept in a local"
// PLAN: PROOF kernel=rows proved=no reason="a pointer to a target is kept in a local"
// PLAN: COPIES kernel=sum scratch=whole reason="a pointer to a target is kept in a local"
// PLAN: PROOF kernel=sum proved=no reason="a pointer to a target is kept in a local"
// PLAN: COPIES kernel=two scratch=whole reason="a pointer to a target is kept in a local"
// PLAN: PROOF kernel=two proved=no reason="a pointer to a target is kept in a local"

// TEXT: __global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_rows(
// TEXT: __ldcc_c.always_read = 1;
// TEXT: row = &((__ldcc_c.rd = 1, __ldcc_p)->tile)[ty][0];
// TEXT-NEXT: (*__ldcc::pwr(__ldcc_c, &((*__ldcc::its_wo(&(row[tx]), row, 0u, 1u, __ldcc_c.pass))))) = in[ty * TILE + tx];
// TEXT: (*__ldcc::pwr(__ldcc_c, &((*__ldcc::its_wo(&(out[ty * TILE + tx]), out, 0u, 2u, __ldcc_c.pass))))) = (*__ldcc::srd(__ldcc_c, &((*__ldcc::its_r(&((__ldcc_p->tile)[tx][ty]), (__ldcc_p->tile), 0u, 3u, __ldcc_c.pass)))));
// TEXT: __ldcc_sum(
// TEXT: s = reinterpret_cast<T *>(((unsigned char *)(__ldcc_c.rd = 1, __ldcc_c.ext)));
// TEXT-NEXT: (*__ldcc::pwr(__ldcc_c, &(s[threadIdx.x]))) = in[threadIdx.x];
// TEXT: (*__ldcc::pwr(__ldcc_c, &(out[blockIdx.x]))) = a;
// TEXT: __ldcc_two(
// TEXT: a = ((float *)(__ldcc_c.rd = 1, __ldcc_c.ext)), b = ((float *)(__ldcc_c.rd = 1, __ldcc_c.ext)) + n;
// TEXT: p = flip ? ((__ldcc_c.rd = 1, __ldcc_p)->fixed) : a;
// TEXT-NEXT: (*__ldcc::pwr(__ldcc_c, &(a[threadIdx.x]))) = 1.0f;
// TEXT-NEXT: (*__ldcc::pwr(__ldcc_c, &(b[threadIdx.x]))) = 2.0f;
// TEXT-NEXT: (*__ldcc::pwr(__ldcc_c, &(p[threadIdx.x]))) += 3.0f;
// TEXT-NOT: __ldcc_{{by}}_ref(
// TEXT: __ldcc::global_atomic_add(__ldcc_c, __ldcc::gatomic_claim(__ldcc_gi, 0, (&o[threadIdx.x]), 1, 61), p[threadIdx.x ^ 1]);
// Every store through a pointer counts as writing the targets pointers were
// taken to (the report's "statements that write").
// TEXT: __ldcc__wl_0_0[] = {17, 19};
// TEXT: __ldcc__wl_1_0[] = {25, 31};
// TEXT: __ldcc__wl_2_0[] = {41, 42, 43, 45};
// TEXT: __ldcc__wl_2_1[] = {41, 42, 43, 45};
