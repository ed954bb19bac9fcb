// RUN: %ldcc-translate --extended-lambda --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate --extended-lambda %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 --extended-lambda -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Launches of template kernels whose arguments are deduced from the
// launch's: the translator writes them out (the canonical type of each,
// integers and bools of a builtin parameter type, defaults included), so
// the shared-memory clone and its metadata instance have a spelling and
// the launch runs the replay, not only the check across blocks.  An
// argument with no spelling in host code (a lambda's closure type, a type
// of an anonymous namespace, a pack) leaves the launch deduced, as before:
// the check across blocks takes it as written (launch_global).  A kernel
// with a function parameter pack is left unchecked with the reason (the
// clones' trailing parameters could not be deduced after the pack; nvcc
// rejected the translation and the driver built the file unchecked).
#include <cstdint>

namespace geo {
struct Vec {
  float x, y;
};
} // namespace geo
namespace {
struct Hidden {
  int v;
};
} // namespace

template <typename T, int TILE = 64, bool ACC = false, unsigned char K = 3>
__global__ void stage(T *out, const T *in) {
  __shared__ T s[TILE];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x + K) % TILE];
}

template <typename F> __global__ void apply(int n, F f) {
  __shared__ int s[32];
  s[threadIdx.x % 32] = n;
  __syncthreads();
  f(s[(threadIdx.x + 1) % 32]);
}

template <typename... A> __global__ void many(int *out, A... a) {
  __shared__ int s[32];
  s[threadIdx.x] = sizeof...(A);
  __syncthreads();
  out[threadIdx.x] = s[31 - threadIdx.x];
}

// PLAN: KERNEL name=many checked=no reason="kernel with a function parameter pack"

int main() {
  float *f = nullptr;
  geo::Vec *v = nullptr;
  const std::int64_t *ci = nullptr;
  std::int64_t *i = nullptr;
  Hidden *h = nullptr;
  int *o = nullptr;
  stage<<<1, 64>>>(f, f);
  stage<<<1, 64>>>(v, v);
  stage<<<1, 64>>>(i, ci);
  stage<<<1, 64>>>(h, h);
  apply<<<1, 32>>>(3, [] __device__(int x) { return x + 1; });
  many<<<1, 32>>>(o, 1, 2.0f);
  stage<double, 32><<<1, 32>>>(nullptr, nullptr);
  return 0;
}
// The arguments written out, defaults included, the types canonical.
// TEXT: __ldcc::launch_as<decltype(__ldcc::plain_fn(&stage<float, 64, false, 3u>))>::run({{.*}}__ldcc::launch(&__ldcc_meta_stage<float, 64, false, 3u>::meta, (const void *)__ldcc_stage<float, 64, false, 3u>,
// TEXT-SAME: else stage<float, 64, false, 3u><<<
// TEXT: __ldcc::launch(&__ldcc_meta_stage<geo::Vec, 64, false, 3u>::meta
// TEXT: __ldcc::launch(&__ldcc_meta_stage<long, 64, false, 3u>::meta
// No spelling (anonymous namespace, closure type): deduced as written, the
// check across blocks only, and the reason the runtime prints at the site.
// TEXT: __ldcc::launch_global_why("launched with a deduced template argument that has no spelling in host code (a lambda's closure type, a type of an anonymous namespace, a pack); write the template's arguments out", __ldcc__gmeta({{.*}} __ldcc_g_stage<<<{{.*}} else stage<<<{{.*}}, h, h);
// TEXT: __ldcc::launch_global_why("launched with a deduced template argument{{.*}} else apply<<<
// TEXT-NOT: __ldcc_g_many
// TEXT: {{^}}  many<<<1, 32>>>(o, 1, 2.0f);
// Written arguments stay as written; those left to their defaults are
// written out too (launches.c with_deduced, session 31).
// TEXT: __ldcc::launch(&__ldcc_meta_stage<double, 32, false, 3u>::meta
