// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// The block's shadow (docs/inline-checks.md, "Shared memory without a
// replay") over dynamic shared memory reached through an accessor (`T
// *sdata = SharedMemory<T>();`, docs/shared-replay.md "Accessors"): the
// local is a pointer into shared memory like one made from a `__shared__`
// variable, and the accessor call in its initialiser is where it comes
// from (shadow_facts.c accessor_call).  Before session 39 the callee's
// `extern __shared__` declaration left such a kernel with the replay's
// reason ("clock").  An accessor anywhere else (its pointer handed to a
// helper unseen) still leaves the kernel with the reason.
template <class T> struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};

template <class T> __device__ T first_of(T *p) { return p[0]; }

template <class T>
__global__ void timed_sum(const T *in, T *out, long long *ticks) {
  T *sdata = SharedMemory<T>();
  long long t0 = clock64();
  sdata[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      sdata[threadIdx.x] += sdata[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    out[blockIdx.x] = sdata[0];
    ticks[blockIdx.x] = clock64() - t0;
  }
}

template <class T>
__global__ void handed_out(const T *in, T *out, long long *ticks) {
  T *sdata = SharedMemory<T>();
  long long t0 = clock64();
  sdata[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    out[blockIdx.x] = first_of<T>(SharedMemory<T>());
    ticks[blockIdx.x] = clock64() - t0;
  }
}

void run(const float *a, float *b, long long *t) {
  timed_sum<float><<<8, 256, 256 * sizeof(float)>>>(a, b, t);
  handed_out<float><<<8, 256, 256 * sizeof(float)>>>(a, b, t);
}

// PLAN: KERNEL name=timed_sum checked=yes at=24:17 template global=yes
// PLAN-NEXT: KERNEL name=handed_out checked=yes shared_reason="clock" at=41:17 template
// PLAN: ITS kernel=timed_sum checked=yes rule="shared memory without a replay" checks=shadow
// PLAN-NEXT: ACCESS kernel=timed_sum id=1 at=27:3 var=sdata mode=write
// PLAN-NEXT: ACCESS kernel=timed_sum id=2 at=31:7 var=sdata mode=rw
// PLAN-NEXT: ACCESS kernel=timed_sum id=3 at=31:29 var=sdata mode=read
// PLAN-NEXT: ACCESS kernel=timed_sum id=4 at=35:23 var=sdata mode=read
// PLAN-NOT: ITS kernel=handed_out
// TEXT: {{^}}#define __LDCC_WSHADOW 1{{$}}
// TEXT: {{^}}  T *sdata = SharedMemory<T>();{{$}}
// TEXT: {{^}}  (*__ldcc::ws_w(&(sdata[threadIdx.x]), __ldcc_cl, sdata, 0u, 1u)) = in[blockIdx.x * blockDim.x + threadIdx.x];{{$}}
// TEXT: {{^}}  __ldcc::ws_sync(__ldcc_cl), __syncthreads();{{$}}
