// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Locals set once (docs/shared-replay.md section 2, "Liveness"): a local
// declared in the body's prefix (before the top-level statement that holds
// the first site), set only there and before anything in the prefix may
// read memory, keeps its value in every later region; it gets no snapshot,
// restore or comparison.  tid, m (assigned under an `if`, still in the
// prefix) and q (a pointer: reads through it leave it as it was) are set
// once; j changes after the barrier; late is set after the prefix's first
// memory read (it could depend on it); r reads memory itself; k is set in
// the loop that holds the sites.
__global__ void once(const int *in, int *out, int n) {
  __shared__ int s[64];
  int tid = threadIdx.x;
  int m = 0;
  if (tid == 0)
    m = 5;
  const int *q = in + tid;
  int j = tid;
  s[tid] = *q;
  int late = tid * 2;
  int r = in[n];
  __syncthreads();
  j++;
  for (int k = 0; k < n; k++) {
    out[tid] = s[63 - tid] + m + j + late + r + k;
    __syncthreads();
  }
  out[tid + 64] = late + j + q[1];
}
// CLONE-LABEL: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_once(
// CLONE-NOT: decltype(tid) __ldcc_s
// CLONE-NOT: decltype(m) __ldcc_s
// CLONE-NOT: decltype(q) __ldcc_s
// CLONE: {{^}}  decltype(j) __ldcc_s{{[0-9]+}}; decltype(j) __ldcc_e{{[0-9]+}};
// CLONE-NEXT: {{^}}  decltype(late) __ldcc_s{{[0-9]+}}; decltype(late) __ldcc_e{{[0-9]+}};
// CLONE-NEXT: {{^}}  decltype(r) __ldcc_s{{[0-9]+}}; decltype(r) __ldcc_e{{[0-9]+}};
// CLONE-NEXT: {{^}}  decltype(k) __ldcc_s{{[0-9]+}}; decltype(k) __ldcc_e{{[0-9]+}};
// CLONE-NEXT: {{^}}  __ldcc::begin<
// CLONE: {{^}}      __ldcc_c.local_diff = __ldcc::differs(j, __ldcc_e{{[0-9]+}}) | __ldcc::differs(late, __ldcc_e{{[0-9]+}}) | __ldcc::differs(r, __ldcc_e{{[0-9]+}});
// CLONE-NEXT: {{^}}    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 1,
// CLONE-NEXT: {{^}}      j = __ldcc_s{{[0-9]+}}; late = __ldcc_s{{[0-9]+}}; r = __ldcc_s{{[0-9]+}}; k = __ldcc_s{{[0-9]+}};{{ *$}}
// CLONE-NOT: differs(tid
// CLONE-NOT: differs(m,
// CLONE-NOT: differs(q,
// CLONE: {{^}}__ldcc_exit:
