// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// File-scope __shared__ variables (issue 24): each kernel that uses one,
// directly or through a device function, gets it as a member of its own
// layout (the declaration as written, __shared__ dropped) and its clone
// names the warp's copy; the original declaration stays for the original
// kernels.  Two kernels share a tile, a template kernel uses it, another
// reaches a file-scope array only through a device function, one uses an
// `extern __shared__` array declared at file scope, one a variable of its
// namespace; a declaration the layout cannot repeat leaves it unchecked.
#define TILE 16
__shared__ float tile[TILE][TILE + 1];
__shared__ int table[64];
extern __shared__ float dyn[];
__shared__ int pair_a[4], pair_b[4];

namespace ns {
__shared__ unsigned flags[128];
__global__ void in_namespace(unsigned *out) {
  flags[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = flags[127 - threadIdx.x];
}
} // namespace ns

__global__ void transpose(const float *in, float *out, int n) {
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

template <typename T> __global__ void copy_tile(const T *in, T *out) {
  tile[threadIdx.y][threadIdx.x] = (float)in[threadIdx.y * TILE + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * TILE + threadIdx.x] = (T)tile[threadIdx.x][threadIdx.y];
}

__device__ void count(int v) { table[v % 64] += 1; }

__global__ void histogram(const int *in, int *out) {
  table[threadIdx.x % 64] = 0;
  __syncthreads();
  count(in[threadIdx.x]);
  __syncthreads();
  out[threadIdx.x % 64] = table[threadIdx.x % 64];
}

__global__ void dynamic(float *data) {
  dyn[threadIdx.x] = data[threadIdx.x];
  __syncthreads();
  data[threadIdx.x] = dyn[blockDim.x - 1 - threadIdx.x];
}

__global__ void pairs(int *out) {
  pair_b[threadIdx.x % 4] = 1;
  __syncthreads();
  out[threadIdx.x] = pair_b[0];
}

int main() {
  float *f = 0;
  int *i = 0;
  unsigned *u = 0;
  transpose<<<dim3(4, 4), dim3(TILE, TILE)>>>(f, f, 64);
  copy_tile<float><<<1, dim3(TILE, TILE)>>>(f, f);
  histogram<<<1, 128>>>(i, i);
  dynamic<<<1, 128, 128 * sizeof(float)>>>(f);
  pairs<<<1, 32>>>(i);
  ns::in_namespace<<<1, 128>>>(u);
  return 0;
}

// PLAN: KERNEL name=in_namespace checked=yes at=21:17
// PLAN-NEXT: KERNEL name=transpose checked=yes at=28:17
// PLAN-NEXT: KERNEL name=copy_tile checked=yes at=37:39 template
// PLAN-NEXT: KERNEL name=histogram checked=yes at=45:17
// PLAN-NEXT: KERNEL name=dynamic checked=yes at=53:17
// PLAN-NEXT: KERNEL name=pairs checked=yes at=59:17
// The tile is one member of each kernel's layout: the proof takes it as
// the kernel's own (element by element at threadIdx).
// PLAN: PROOF kernel=transpose proved=yes
// A device function uses table: the proof does not see inside it.
// PLAN: PROOF kernel=histogram proved=no reason="a device function it calls uses a target"

// TEXT: {{^}}#include <ldcc/ldcc.h>
// The original declarations stay.
// TEXT: {{^}}__shared__ float tile[TILE][TILE + 1];{{$}}
// TEXT: {{^}}struct __ldcc_layout_in_namespace {{{$}}
// TEXT-NEXT: {{^}}  unsigned flags[128];{{$}}
// TEXT: {{^}}  (*__ldcc::swr(__ldcc_c, &((__ldcc_p->flags)[threadIdx.x]))) = threadIdx.x;{{$}}
// TEXT: {{^}}struct __ldcc_layout_transpose {{{$}}
// TEXT-NEXT: {{^}}  float tile[TILE][TILE + 1];{{$}}
// TEXT-NEXT: {{^}}};{{$}}
// TEXT: {{^}}  (*__ldcc::swr(__ldcc_c, &((__ldcc_p->tile)[threadIdx.y][threadIdx.x]))) = in[y * n + x];{{$}}
// TEXT: {{^}}  (*__ldcc::glog(__ldcc_c, &(out[y * n + x]))) = (*__ldcc::srd(__ldcc_c, &((__ldcc_p->tile)[threadIdx.x][threadIdx.y])));{{$}}
// TEXT: {{^}}template <typename T>{{$}}
// TEXT-NEXT: {{^}}struct __ldcc_layout_copy_tile {{{$}}
// TEXT-NEXT: {{^}}  float tile[TILE][TILE + 1];{{$}}
// TEXT: {{^}}struct __ldcc_layout_histogram {{{$}}
// TEXT-NEXT: {{^}}  int table[64];{{$}}
// TEXT: {{^}}template <class __ldcc_L> __device__ void __ldcc_histogram__f_count(__ldcc::thread_ctx &__ldcc_c, int v) { __ldcc_L *__ldcc_p = (__ldcc_L *)__ldcc_c.mine; (void)__ldcc_p; (*__ldcc::swr(__ldcc_c, &((*__ldcc::its_rw(&(((__ldcc_c.rd = 1, __ldcc_p)->table)[v % 64]), ((__ldcc_p)->table), 1u, 2u, __ldcc_c.pass))))) += 1; }{{$}}
// TEXT: {{^}}  __ldcc_histogram__f_count<__ldcc_L>(__ldcc_c, in[threadIdx.x]);{{$}}
// The extern array is the dynamic part of the copy.
// TEXT: {{^}}  (*__ldcc::swr(__ldcc_c, &(((float *)__ldcc_c.ext)[threadIdx.x]))) = data[threadIdx.x];{{$}}
// TEXT-NOT: {{^}}__global__ void {{.*}}__ldcc_pairs(
