// Device operations shared between translation units.
#pragma once

// Defined in ops.cu; called from kernels in launch.cu (needs -rdc).
__device__ float scale_and_shift(float x, float a, float b);

template <typename T> struct Pair {
  T lo, hi;
  __host__ __device__ T span() const { return hi - lo; }
};

#include "api.h"
