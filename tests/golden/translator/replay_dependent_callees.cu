// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: %nvcc -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Calls a template kernel makes whose callee its text does not resolve:
// `block_sum<T>(s, v)` (a function template named with its arguments) and
// `acc.add(...)` on an object of a class template of the file.  The replay
// used to skip them ("checked once instantiated"): block_sum's barriers
// then split no region (the kernel was one region, its correct code
// reported), bump's atomicAdd ran again in pass 2 (its result doubled).
// Their candidates are now judged like any callee: the kernels keep the
// check across blocks and say why they are not checked in shared memory.
// A candidate with neither (scale<T>) stays as it was.
template <class T> __device__ T block_sum(T *s, T v) {
  s[threadIdx.x] = v;
  __syncthreads();
  for (int st = blockDim.x / 2; st > 0; st >>= 1) {
    if (threadIdx.x < st)
      s[threadIdx.x] += s[threadIdx.x + st];
    __syncthreads();
  }
  return s[0];
}

template <class T> __device__ void bump(T *c, T v) { atomicAdd(c, v); }

template <class T> __device__ T scale(T v) { return 2 * v; }

template <class T> struct Acc {
  T *dst;
  __device__ void add(T v) { atomicAdd(dst, v); }
};

template <class T> __global__ void reduce(const T *in, T *out) {
  __shared__ T s[256];
  T v = in[blockIdx.x * 256 + threadIdx.x];
  T r = block_sum<T>(s, v);
  if (threadIdx.x == 0)
    out[blockIdx.x] = r;
}

template <class T> __global__ void count(const T *in, T *out) {
  __shared__ T s[256];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  bump<T>(out, s[255 - threadIdx.x]);
}

template <class T> __global__ void through(const T *in, T *out) {
  __shared__ T s[256];
  Acc<T> acc;
  acc.dst = out;
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  acc.add(s[255 - threadIdx.x]);
}

template <class T> __global__ void doubled(const T *in, T *out) {
  __shared__ T s[256];
  s[threadIdx.x] = scale<T>(in[threadIdx.x]);
  __syncthreads();
  out[threadIdx.x] = s[255 - threadIdx.x];
}

int main() {
  int *a = 0;
  reduce<int><<<1, 256>>>(a, a);
  count<int><<<1, 256>>>(a, a);
  through<int><<<1, 256>>>(a, a);
  doubled<int><<<1, 256>>>(a, a);
  return 0;
}

// PLAN: KERNEL name=reduce checked=yes shared_reason="device function block_sum writes memory" at=33:36 template global=yes units=blocks writes=out one_run=in,out
// PLAN-NEXT: KERNEL name=count checked=yes shared_reason="device function bump writes memory" at=41:36 template global=no global_reason="atomic operations"
// PLAN-NEXT: KERNEL name=through checked=yes shared_reason="device function add writes memory" at=48:36 template global=no global_reason="atomic operations"
// PLAN-NEXT: KERNEL name=doubled checked=yes at=57:36 template global=yes units=blocks writes=out one_run=out
// PLAN-NEXT: TARGET kernel=reduce space=global name=out at=33:59 written=yes
// PLAN-NEXT: TARGET kernel=reduce space=shared name=s at=34:16 written=yes
// PLAN-NEXT: TARGET kernel=count space=global name=out at=41:58 written=yes
// PLAN-NEXT: TARGET kernel=count space=shared name=s at=42:16 written=yes
// PLAN-NEXT: TARGET kernel=through space=global name=out at=48:60 written=no
// PLAN-NEXT: TARGET kernel=through space=shared name=s at=49:16 written=yes
// PLAN-NEXT: TARGET kernel=doubled space=global name=out at=57:60 written=yes
// PLAN-NEXT: TARGET kernel=doubled space=shared name=s at=58:16 written=yes
// PLAN-NEXT: BARRIER kernel=block_sum form=__syncthreads at=15:3
// PLAN-NEXT: BARRIER kernel=block_sum form=__syncthreads at=19:5
// PLAN-NEXT: BARRIER kernel=count form=__syncthreads at=44:3
// PLAN-NEXT: BARRIER kernel=through form=__syncthreads at=53:3
// PLAN-NEXT: BARRIER kernel=doubled form=__syncthreads at=60:3
// PLAN-NEXT: LAUNCH kernel=reduce at=66:3
// PLAN-NEXT: LAUNCH kernel=count at=67:3
// PLAN-NEXT: LAUNCH kernel=through at=68:3
// PLAN-NEXT: LAUNCH kernel=doubled at=69:3
// PLAN-NEXT: SITE kernel=doubled id=0 at=57:36 form=entry
// PLAN-NEXT: SITE kernel=doubled id=1 at=60:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=doubled id=2 at=62:1 form=exit
// PLAN-NEXT: COPIES kernel=doubled scratch=whole reason="a target's address is taken or it is bound to a reference"
// PLAN-NEXT: PROOF kernel=doubled proved=no reason="'s' is used other than element by element (line 61)"
// PLAN-NEXT: OWN kernel=reduce proved=yes conds="1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(gridDim.x-1)+0<2147483648"
// PLAN-NEXT: OWN kernel=doubled proved=yes conds="1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648"
