// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Dynamic shared memory reached through accessors, as the CUDA samples and
// the code derived from them write it (docs/shared-replay.md, "Accessors"):
// a class template converted to T * (with a specialization for double), a
// function template, and the older samples' object with getPointer().  In a
// template none of these calls shows its callee; the arrays are the
// kernels' targets all the same, the clone reads the warp's copy through
// __ldcc::ext_ptr, and the check across blocks knows the pointer is shared
// memory.  The sums accumulate in a T (`sum += in[i]`, a dependent
// operator), which used to keep the kernel from the check across blocks.
template <class T> struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};
template <> struct SharedMemory<double> {
  __device__ inline operator double *() {
    extern __shared__ double __smem_d[];
    return (double *)__smem_d;
  }
};
template <class T> __device__ T *smem() {
  extern __shared__ unsigned char raw[];
  return reinterpret_cast<T *>(raw);
}
template <class T> struct OldShared {
  __device__ T *getPointer() {
    extern __shared__ int __smem_old[];
    return (T *)__smem_old;
  }
};

template <class T> __global__ void by_class(const T *in, T *out) {
  T *s = SharedMemory<T>();
  T sum = 0;
  for (int j = 0; j < 4; j++)
    sum += in[4 * (blockIdx.x * blockDim.x + threadIdx.x) + j];
  s[threadIdx.x] = sum;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
}

template <class T> __global__ void by_function(const T *in, T *out) {
  T *s = smem<T>();
  s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
}

template <class T> __global__ void by_method(const T *in, T *out) {
  OldShared<T> sh;
  T *s = sh.getPointer();
  s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
}

__global__ void plain(const float *in, float *out) {
  float *s = SharedMemory<float>();
  s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
}

int main() {
  float *f = 0;
  double *d = 0;
  by_class<float><<<4, 64, 64 * sizeof(float)>>>(f, f);
  by_class<double><<<4, 64, 64 * sizeof(double)>>>(d, d);
  by_function<float><<<4, 64, 64 * sizeof(float)>>>(f, f);
  by_method<float><<<4, 64, 64 * sizeof(float)>>>(f, f);
  plain<<<4, 64, 64 * sizeof(float)>>>(f, f);
  return 0;
}

// CLONE: {{^}}template <class T> __global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_by_class(
// CLONE: {{^}}  s = __ldcc::ext_ptr(__ldcc_c);
// CLONE: {{^}}template <class T> __global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_by_function(
// CLONE: {{^}}  s = __ldcc::ext_ptr(__ldcc_c);
// CLONE: {{^}}template <class T> __global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_by_method(
// CLONE: {{^}}  s = __ldcc::ext_ptr(__ldcc_c);
// CLONE: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_plain(
// CLONE: {{^}}  s = __ldcc::ext_ptr(__ldcc_c);

// PLAN: KERNEL name=by_class checked=yes at=37:36 template global=yes units=blocks writes=out one_run=out block_warps=1
// PLAN-NEXT: KERNEL name=by_function checked=yes at=47:36 template global=yes units=blocks writes=out one_run=out block_warps=1
// PLAN-NEXT: KERNEL name=by_method checked=yes at=54:36 template global=yes units=blocks writes=out one_run=out block_warps=1
// PLAN-NEXT: KERNEL name=plain checked=yes at=62:17 global=yes units=blocks writes=out one_run=out block_warps=1
// PLAN-NEXT: TARGET kernel=by_class space=shared name=__smem at=16:27 extern written=yes
// PLAN-NEXT: TARGET kernel=by_class space=shared name=__smem_d at=22:30 extern written=yes
// PLAN-NEXT: TARGET kernel=by_class space=global name=out at=37:61 written=yes
// PLAN-NEXT: TARGET kernel=by_function space=shared name=raw at=27:35 extern written=yes
// PLAN-NEXT: TARGET kernel=by_function space=global name=out at=47:64 written=yes
// PLAN-NEXT: TARGET kernel=by_method space=shared name=__smem_old at=32:27 extern written=yes
// PLAN-NEXT: TARGET kernel=by_method space=global name=out at=54:62 written=yes
// PLAN-NEXT: TARGET kernel=plain space=shared name=__smem at=16:27 extern written=yes
// PLAN-NEXT: TARGET kernel=plain space=global name=out at=62:47 written=yes
// PLAN-NEXT: BARRIER kernel=by_class form=__syncthreads at=43:3
// PLAN-NEXT: BARRIER kernel=by_function form=__syncthreads at=50:3
// PLAN-NEXT: BARRIER kernel=by_method form=__syncthreads at=58:3
// PLAN-NEXT: BARRIER kernel=plain form=__syncthreads at=65:3
// PLAN-NEXT: LAUNCH kernel=by_class at=72:3
// PLAN-NEXT: LAUNCH kernel=by_class at=73:3
// PLAN-NEXT: LAUNCH kernel=by_function at=74:3
// PLAN-NEXT: LAUNCH kernel=by_method at=75:3
// PLAN-NEXT: LAUNCH kernel=plain at=76:3
// PLAN-NEXT: SITE kernel=by_class id=0 at=37:36 form=entry
// PLAN-NEXT: SITE kernel=by_class id=1 at=43:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=by_class id=2 at=45:1 form=exit
// PLAN-NEXT: COPIES kernel=by_class scratch=whole reason="a pointer to a target is kept in a local"
// PLAN-NEXT: PROOF kernel=by_class proved=no reason="shared memory reached through an accessor"
// PLAN-NEXT: SITE kernel=by_function id=0 at=47:36 form=entry
// PLAN-NEXT: SITE kernel=by_function id=1 at=50:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=by_function id=2 at=52:1 form=exit
// PLAN-NEXT: COPIES kernel=by_function scratch=whole reason="a pointer to a target is kept in a local"
// PLAN-NEXT: PROOF kernel=by_function proved=no reason="shared memory reached through an accessor"
// PLAN-NEXT: SITE kernel=by_method id=0 at=54:36 form=entry
// PLAN-NEXT: SITE kernel=by_method id=1 at=58:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=by_method id=2 at=60:1 form=exit
// PLAN-NEXT: COPIES kernel=by_method scratch=whole reason="a pointer to a target is kept in a local"
// PLAN-NEXT: PROOF kernel=by_method proved=no reason="shared memory reached through an accessor"
// PLAN-NEXT: SITE kernel=plain id=0 at=62:17 form=entry
// PLAN-NEXT: SITE kernel=plain id=1 at=65:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=plain id=2 at=67:1 form=exit
// PLAN-NEXT: COPIES kernel=plain scratch=whole reason="a pointer to a target is kept in a local"
// PLAN-NEXT: PROOF kernel=plain proved=no reason="shared memory reached through an accessor"
// PLAN-NEXT: ITS kernel=by_class checked=yes rule="shared memory across threads in a region"
// PLAN-NEXT: ACCESS kernel=by_class id=1 at=42:3 var=s mode=write
// PLAN-NEXT: ACCESS kernel=by_class id=2 at=44:3 var=out mode=write
// PLAN-NEXT: ACCESS kernel=by_class id=3 at=44:48 var=s mode=read
// PLAN-NEXT: WSYNC kernel=by_class at=43:3 form=__syncthreads
// PLAN-NEXT: ITS kernel=by_function checked=yes rule="shared memory across threads in a region"
// PLAN-NEXT: ACCESS kernel=by_function id=1 at=49:3 var=s mode=write
// PLAN-NEXT: ACCESS kernel=by_function id=2 at=51:3 var=out mode=write
// PLAN-NEXT: ACCESS kernel=by_function id=3 at=51:48 var=s mode=read
// PLAN-NEXT: WSYNC kernel=by_function at=50:3 form=__syncthreads
// PLAN-NEXT: ITS kernel=by_method checked=yes rule="shared memory across threads in a region"
// PLAN-NEXT: ACCESS kernel=by_method id=1 at=57:3 var=s mode=write
// PLAN-NEXT: ACCESS kernel=by_method id=2 at=59:3 var=out mode=write
// PLAN-NEXT: ACCESS kernel=by_method id=3 at=59:48 var=s mode=read
// PLAN-NEXT: WSYNC kernel=by_method at=58:3 form=__syncthreads
// PLAN-NEXT: OWN kernel=by_class proved=yes conds="1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<1*blockDim.x;1*(blockDim.x-1)+1*blockDim.x*(gridDim.x-1)+0<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<1*blockDim.x;1*(blockDim.x-1)+1*blockDim.x*(gridDim.x-1)+0<2147483648"
// PLAN-NEXT: OWN kernel=by_function proved=yes conds="1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<1*blockDim.x;1*(blockDim.x-1)+1*blockDim.x*(gridDim.x-1)+0<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<1*blockDim.x;1*(blockDim.x-1)+1*blockDim.x*(gridDim.x-1)+0<2147483648"
// PLAN-NEXT: OWN kernel=by_method proved=yes conds="1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<1*blockDim.x;1*(blockDim.x-1)+1*blockDim.x*(gridDim.x-1)+0<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<1*blockDim.x;1*(blockDim.x-1)+1*blockDim.x*(gridDim.x-1)+0<2147483648"
// PLAN-NEXT: OWN kernel=plain proved=yes conds="1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<1*blockDim.x;1*(blockDim.x-1)+1*blockDim.x*(gridDim.x-1)+0<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<1*blockDim.x;1*(blockDim.x-1)+1*blockDim.x*(gridDim.x-1)+0<2147483648"
