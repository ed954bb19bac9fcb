// The dynamic shared memory accessor public CUDA code copies from the CUDA
// samples: a class template whose conversion operator returns the
// `extern __shared__` buffer as a T *, with a specialization for double
// (one extern array per type keeps the compiler from seeing two
// declarations of one name with different types).  Used by
// sample_reduce.cu.
#pragma once

template <class T> struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
  __device__ inline operator const T *() const {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};

template <> struct SharedMemory<double> {
  __device__ inline operator double *() {
    extern __shared__ double __smem_d[];
    return (double *)__smem_d;
  }
  __device__ inline operator const double *() const {
    extern __shared__ double __smem_d[];
    return (double *)__smem_d;
  }
};

// The same buffer through a function template, as other code writes it.
template <class T> __device__ T *dynamic_smem() {
  extern __shared__ unsigned char dyn_smem_raw[];
  return reinterpret_cast<T *>(dyn_smem_raw);
}

// The older samples' spelling: an object whose method returns the buffer.
template <class T> struct SharedMemoryOld {
  __device__ T *getPointer() {
    extern __shared__ int __smem_old[];
    return (T *)__smem_old;
  }
};
