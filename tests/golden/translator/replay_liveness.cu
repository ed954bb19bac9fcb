// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Liveness at the sites (docs/shared-replay.md section 2): a local is
// snapshot, restored and compared only where it may be read after the site.
// i, up, a and b live inside the inner loop's body, which ends at the
// barrier: dead at every site, so never saved.  size and stride (for-init
// variables, read again through the loops' back edges) are live at the
// loop's barrier but not yet declared at the first one; base and t are set
// once, before anything reads memory, and never changed: no snapshot at all
// (replay_set_once.cu); nothing is compared at the exit.
#define SEG 2048
__global__ void sort(const unsigned *in, unsigned *out) {
  __shared__ unsigned key[SEG];
  unsigned base = blockIdx.x * SEG;
  int t = threadIdx.x;
  key[t] = in[base + t];
  key[t + SEG / 2] = in[base + t + SEG / 2];
  __syncthreads();
  for (int size = 2; size <= SEG; size <<= 1) {
    for (int stride = size / 2; stride > 0; stride >>= 1) {
      int i = 2 * t - (t & (stride - 1));
      bool up = (i & size) == 0;
      unsigned a = key[i], b = key[i + stride];
      if ((a > b) == up) {
        key[i] = b;
        key[i + stride] = a;
      }
      __syncthreads();
    }
  }
  out[base + t] = key[t];
  out[base + t + SEG / 2] = key[t + SEG / 2];
}
// CLONE-LABEL: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_sort(
// CLONE-NOT: __ldcc_s2
// CLONE: {{^}}  decltype(size) __ldcc_s4; decltype(size) __ldcc_e4;
// CLONE-NEXT: {{^}}  decltype(stride) __ldcc_s5; decltype(stride) __ldcc_e5;
// CLONE-NEXT: {{^}}  __ldcc::begin<
// CLONE: {{^}}    if (__ldcc_c.pass == 1) { } else
// CLONE-NEXT: {{^}}      __ldcc_c.local_diff = 0;
// CLONE-NEXT: {{^}}    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 1,
// CLONE-NEXT: {{^}}      size = __ldcc_s4; stride = __ldcc_s5;{{ *$}}
// CLONE: {{^}}    if (__ldcc_c.pass == 1) { __ldcc_e4 = size; __ldcc_e5 = stride; } else
// CLONE-NEXT: {{^}}      __ldcc_c.local_diff = __ldcc::differs(size, __ldcc_e4) | __ldcc::differs(stride, __ldcc_e5);
// CLONE-NEXT: {{^}}    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 2,
// CLONE: {{^}}__ldcc_exit:
// CLONE-NEXT: {{^}}  {
// CLONE-NEXT: {{^}}    if (__ldcc_c.pass == 1) { } else
// CLONE-NEXT: {{^}}      __ldcc_c.local_diff = 0;
