// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Cache-hint loads and stores (`__ldg(&p[i])`, `__ldcs(p + i + 1)`,
// `__stcs(&p[i], v)`, the forms of CUDA samples' and LLM kernels) are
// accesses of the element at their address: claimed in the one run and the
// direct one run, their address wrapped in gget/gput (docs/global-check.md,
// "One run").  Before, the address was a pointer handed to a call, so the
// parameter was not claimed: an in-place kernel took the copies, and a
// kernel with atomics that wrote through one had no check across blocks.
// The parser's prelude declares the hints clang lacks; a call of one hides
// no barrier, so units stay warps (they were blocks).
__global__ void smooth(float *a, const float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n)
    __stcs(&a[i], __ldg(&b[i]) + __ldcs(a + i + 1));
}

__global__ void count(float *out, int *hits, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __stcg(out + i, __ldg(in + i) * 2.0f);
  atomicAdd(hits, 1);
}

int main() {
  float *a = 0;
  int *h = 0;
  smooth<<<4, 64>>>(a, a, 256);
  count<<<4, 64>>>(a, h, a);
  return 0;
}

// PLAN: KERNEL name=smooth checked=yes at=14:17 global=yes units=warps writes=a one_run=a,b{{$}}
// PLAN: KERNEL name=count checked=yes at=20:17 global=yes units=warps writes=out,hits one_run=out,hits,in direct=yes atomics=1{{$}}

// TEXT: {{^}}    __stcs(__ldcc::gput(__ldcc_gi, 0, (&a[i])), __ldg(__ldcc::gget(__ldcc_gi, 1, (&b[i]))) + __ldcs(__ldcc::gget(__ldcc_gi, 0, (a + i + 1))));
// TEXT: {{^}}  __stcg(__ldcc::gput(__ldcc_gi, 0, (out + i), 22), __ldg(__ldcc::gget(__ldcc_gi, 2, (in + i), 22)) * 2.0f);
