// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Calls a template kernel makes whose callee its text does not resolve:
// `block_sum<T>(s, v)` (a function template named with its arguments) and
// `acc.add(...)` on an object of a class template of the file.  The replay
// used to skip them ("checked once instantiated"): block_sum's barriers
// then split no region (the kernel was one region, its correct code
// reported), bump's atomicAdd ran again in pass 2 (its result doubled).
// Their candidates are now judged: the one function template the name
// can mean, with barriers (block_sum<T>), gets a clone that is a template
// too and is a site like any device function with barriers (session 22;
// before, the kernel went without its replay); one that reaches an atomic
// leaves the kernel without the replay (it keeps the check across blocks
// and says why it is not checked in shared memory); one with neither stays
// as it was, a pure one (scale<T>) or one storing through the pointer it
// is given (put<T>, cloned with its stores marked).
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

template <class T> __device__ void put(T *p, T v) { *p = v; }

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

template <class T> __global__ void stored(const T *in, T *out) {
  __shared__ T s[256];
  put<T>(&s[threadIdx.x], in[threadIdx.x]);
  __syncthreads();
  out[threadIdx.x] = s[255 - threadIdx.x];
}

int main() {
  int *a = 0;
  reduce<int><<<1, 256>>>(a, a);
  count<int><<<1, 256>>>(a, a);
  through<int><<<1, 256>>>(a, a);
  doubled<int><<<1, 256>>>(a, a);
  stored<int><<<1, 256>>>(a, a);
  return 0;
}

// count's global memory: the direct run clones bump, which its dependent
// call `bump<T>(...)` names (session 46, global_facts.c devcall_def;
// before, "atomic operations: out, which it writes through, is used other
// than as the base of an access").
// PLAN: KERNEL name=reduce checked=yes at=40:36 template global=yes units=blocks writes=out one_run=out
// PLAN-NEXT: KERNEL name=count checked=yes shared_reason="device function bump: atomic through a pointer in a device function, other than a 32-bit integer add or subtract" at=48:36 template global=yes units=blocks writes=out one_run=in,out direct=yes atomics=0 devfns=bump:1:1 block_warps=1
// PLAN-NEXT: KERNEL name=through checked=yes shared_reason="barrier or atomic in device function add, called with a template's arguments" at=55:36 template global=no global_reason="atomic operations"
// PLAN-NEXT: KERNEL name=doubled checked=yes at=64:36 template global=yes units=blocks writes=out one_run=out
// PLAN-NEXT: KERNEL name=stored checked=yes at=71:36 template global=yes units=blocks writes=out one_run=out
// PLAN-NEXT: TARGET kernel=reduce space=global name=out at=40:59 written=yes
// PLAN-NEXT: TARGET kernel=reduce space=shared name=s at=41:16 written=yes
// PLAN-NEXT: TARGET kernel=count space=global name=out at=48:58 written=yes
// PLAN-NEXT: TARGET kernel=count space=shared name=s at=49:16 written=yes
// PLAN-NEXT: TARGET kernel=through space=global name=out at=55:60 written=no
// PLAN-NEXT: TARGET kernel=through space=shared name=s at=56:16 written=yes
// PLAN-NEXT: TARGET kernel=doubled space=global name=out at=64:60 written=yes
// PLAN-NEXT: TARGET kernel=doubled space=shared name=s at=65:16 written=yes
// PLAN-NEXT: TARGET kernel=stored space=global name=out at=71:59 written=yes
// PLAN-NEXT: TARGET kernel=stored space=shared name=s at=72:16 written=yes
// PLAN-NEXT: BARRIER kernel=block_sum form=__syncthreads at=20:3
// PLAN-NEXT: BARRIER kernel=block_sum form=__syncthreads at=24:5
// PLAN-NEXT: BARRIER kernel=count form=__syncthreads at=51:3
// PLAN-NEXT: BARRIER kernel=through form=__syncthreads at=60:3
// PLAN-NEXT: BARRIER kernel=doubled form=__syncthreads at=67:3
// PLAN-NEXT: BARRIER kernel=stored form=__syncthreads at=74:3
// PLAN-NEXT: LAUNCH kernel=reduce at=80:3
// PLAN-NEXT: LAUNCH kernel=count at=81:3
// PLAN-NEXT: LAUNCH kernel=through at=82:3
// PLAN-NEXT: LAUNCH kernel=doubled at=83:3
// PLAN-NEXT: LAUNCH kernel=stored at=84:3
// PLAN-NEXT: SITE kernel=reduce id=0 at=40:36 form=entry
// PLAN-NEXT: SITE kernel=reduce id=1 at=43:9 form=call callee=block_sum base=2
// PLAN-NEXT: SITE kernel=reduce id=2 at=18:0 form=entry in=block_sum
// PLAN-NEXT: SITE kernel=reduce id=3 at=20:3 form=SYNC_PLAIN in=block_sum
// PLAN-NEXT: SITE kernel=reduce id=4 at=24:5 form=SYNC_PLAIN in=block_sum
// PLAN-NEXT: SITE kernel=reduce id=5 at=27:1 form=exit in=block_sum
// PLAN-NEXT: SITE kernel=reduce id=6 at=46:1 form=exit
// PLAN-NEXT: COPIES kernel=reduce scratch=whole reason="device functions it calls reach the copies by pointer"
// PLAN-NEXT: PROOF kernel=reduce proved=no reason="a call gets a target's address"
// PLAN-NEXT: SITE kernel=doubled id=0 at=64:36 form=entry
// PLAN-NEXT: SITE kernel=doubled id=1 at=67:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=doubled id=2 at=69:1 form=exit
// PLAN-NEXT: COPIES kernel=doubled scratch=whole reason="a target's address is taken or it is bound to a reference"
// PLAN-NEXT: PROOF kernel=doubled proved=no reason="'s' is used other than element by element (line 68)"
// PLAN-NEXT: SITE kernel=stored id=0 at=71:36 form=entry
// PLAN-NEXT: SITE kernel=stored id=1 at=74:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=stored id=2 at=76:1 form=exit
// PLAN-NEXT: COPIES kernel=stored scratch=whole reason="device functions it calls reach the copies by pointer"
// PLAN-NEXT: PROOF kernel=stored proved=no reason="a call gets a target's address"
// PLAN-NEXT: OWN kernel=reduce proved=yes conds="1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(gridDim.x-1)+0<2147483648"
// PLAN-NEXT: OWN kernel=count proved=no reason="direct one run"
// PLAN-NEXT: OWN kernel=doubled proved=yes conds="1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648"
// PLAN-NEXT: OWN kernel=stored proved=yes conds="1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648"
