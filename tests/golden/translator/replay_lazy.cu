// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Lazy copies in global scratch (docs/shared-replay.md section 3): a kernel
// whose every use of a target is a load (srd) or the object of a store
// (swr) gets COPIES_LAZY; one that takes a target's address (a shared
// atomic) or copies a struct of it whole keeps whole copies and says why.
// Loads inside a template, where operands have no implicit conversion, are
// loads too.

struct pair { float a, b; };

__global__ void plain(const float *in, float *out) {
  __shared__ float tile[256];
  __shared__ int n;
  tile[threadIdx.x] = in[threadIdx.x];
  if (threadIdx.x == 0)
    n = 3;
  __syncthreads();
  out[threadIdx.x] = tile[255 - threadIdx.x] * n + -tile[0];
}

template <int B> __global__ void dependent(const float *in, float *out) {
  __shared__ float s[B];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  s[threadIdx.x] += s[(threadIdx.x + 1) % B];
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

__global__ void counted(int *out) {
  __shared__ int count;
  if (threadIdx.x == 0)
    count = 0;
  __syncthreads();
  atomicAdd(&count, 1);
  __syncthreads();
  out[threadIdx.x] = count;
}

__global__ void whole(const pair *in, pair *out) {
  __shared__ pair ps[64];
  ps[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  pair v = ps[63 - threadIdx.x];
  out[threadIdx.x] = v;
}

int main() {
  dependent<128><<<1, 128>>>(nullptr, nullptr);
  return 0;
}

// PLAN: COPIES kernel=plain scratch=lazy
// PLAN: COPIES kernel=dependent scratch=lazy
// PLAN: COPIES kernel=counted scratch=whole reason="a target's address is taken or it is bound to a reference"
// PLAN: COPIES kernel=whole scratch=whole reason="a target's address is taken or it is bound to a reference"

// CLONE-LABEL: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_plain(
// CLONE: {{^}}  __ldcc::begin<__LDCC_CLONE_PLACE | __ldcc::COPIES_LAZY>(
// CLONE: {{^}} (*__ldcc::swr(__ldcc_c, &((*__ldcc::its_wo(&((__ldcc_p->tile)[threadIdx.x]), (__ldcc_p->tile), 0u, 1u, __ldcc_c.pass))))) = in[threadIdx.x];
// CLONE: {{^}} (*__ldcc::glog(__ldcc_c, &((*__ldcc::its_wo(&(out[threadIdx.x]), out, 0u, 3u, __ldcc_c.pass))))) = (*__ldcc::srd(__ldcc_c, &((*__ldcc::its_r(&((__ldcc_p->tile)[255 - threadIdx.x]), (__ldcc_p->tile), 0u, 4u, __ldcc_c.pass))))) * (*__ldcc::srd(__ldcc_c, &((*__ldcc::its_r(&((__ldcc_p->n)), (__ldcc_p->n), 0u, 5u, __ldcc_c.pass))))) + -(*__ldcc::srd(__ldcc_c, &((*__ldcc::its_r(&((__ldcc_p->tile)[0]), (__ldcc_p->tile), 0u, 6u, __ldcc_c.pass)))));
// CLONE-LABEL: {{^}}template <int B> __global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_dependent(
// CLONE: {{^}}  __ldcc::begin<__LDCC_CLONE_PLACE | __ldcc::COPIES_LAZY>(
// CLONE: {{^}}  (*__ldcc::swr(__ldcc_c, &(((__ldcc_c.rd = 1, __ldcc_p)->s)[threadIdx.x]))) += (*__ldcc::srd(__ldcc_c, &((__ldcc_p->s)[(threadIdx.x + 1) % B])));
// CLONE-LABEL: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_counted(
// CLONE: {{^}}  __ldcc::begin<__LDCC_CLONE_PLACE>(
// CLONE-LABEL: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_whole(
// CLONE: {{^}}  __ldcc::begin<__LDCC_CLONE_PLACE>(
