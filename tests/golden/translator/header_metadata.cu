// RUN: %ldcc-translate %s > %t.cu
// RUN: FileCheck %s --check-prefix=TEXT < %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -Xcompiler -iquote -Xcompiler %S -c %t.cu -o %t.o
// RUN: cd %S && %ldcc-translate header_metadata.cu | FileCheck %s --check-prefix=REL
// RUN: cd %S/Inputs && %ldcc-translate ../header_metadata.cu | FileCheck %s --check-prefix=UP
// The runtime's metadata names the file each kernel is defined in and the
// file each launch is written in (issue 23): a kernel of a pasted header is
// reported with the header's name, a launch written in the header (its
// launcher) with the header's, a launch of it written here with this
// file's.  The main file keeps the name it was given; a header below its
// directory is named as the compiler spells it from that name
// (`Inputs/headers/k.cuh` for `header_metadata.cu`,
// `../Inputs/headers/k.cuh` for `../header_metadata.cu`), any other by
// its absolute path.
#include "Inputs/headers/k.cuh"
#include "Inputs/headers/warp_k.cuh"

__global__ void shift(const int *in, int *out) {
  __shared__ int t[64];
  t[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = t[(threadIdx.x + 1) % 64];
}

int main() {
  int *p = 0;
  run_block_sum(p, p + 64);
  block_sum<<<1, 64>>>(p, p + 64);
  shift<<<1, 64>>>(p, p + 64);
  fill<<<2, 32>>>(p, 7);
  warp_tail<<<1, 64>>>(p, p);
  return 0;
}

// The check across blocks: the kernel's file and a file per launch.
// TEXT: {{^}}  static const int __ldcc_l{{[0-9]+}}[] = {30, 18};{{$}}
// TEXT-NEXT: {{^}}  static const char *const __ldcc_lf{{[0-9]+}}[] = {__ldcc_file, "{{/.*}}/Inputs/headers/k.cuh"};{{$}}
// TEXT: {{^}}      {__LDCC_GLOBAL_ABI, {{[01]}}, {__LDCC_HOST_ABI, 0, "fill", "{{/.*}}/Inputs/headers/k.cuh", 18, 0, NULL, 0, 16, NULL, NULL, __ldcc_l{{[0-9]+}}, 2, 0, NULL, {0, 0, 0}, __ldcc_lf{{[0-9]+}}}, {{.*}}

// The inline warp checks: the kernel's file, and lines in it (the exit at
// the closing brace, line 17 of warp_k.cuh).
// TEXT: {{^}}static const int __ldcc_its_lines_0[] = {5, 8, {{.*}}, 17};{{$}}
// TEXT: {{^}}static const __ldcc_kernel_meta __ldcc_its_meta_0 = {__LDCC_HOST_ABI, {{[0-9]+}}u, "warp_tail", "{{/.*}}/Inputs/headers/warp_k.cuh", 5, {{.*}}

// The shared-memory replay: one launch table for the unit, with each
// launch's file; each kernel's metadata names its own file (warp_tail's
// replay too: it carries the inline warp checks, and since session 38 its
// registered launcher, at warp_k.cuh:5, arms them and runs the replay).
// TEXT: {{^}}static const char __ldcc__file[] = "{{/.*}}/header_metadata.cu";{{$}}
// TEXT-NEXT: {{^}}static const int __ldcc__launches[] = {21, 28, 29, 31, 6, 5, 18};{{$}}
// TEXT-NEXT: {{^}}static const char *const __ldcc__launch_files[] = {"{{/.*}}/Inputs/headers/k.cuh", __ldcc__file, __ldcc__file, __ldcc__file, "{{/.*}}/Inputs/headers/k.cuh", "{{/.*}}/Inputs/headers/warp_k.cuh", __ldcc__file};{{$}}
// TEXT: {{^}}const __ldcc::kernel_meta __ldcc_meta_block_sum::meta = __ldcc::in_files(__ldcc::kernel<__ldcc_layout_block_sum, __ldcc_meta_block_sum>({{$}}
// TEXT-NEXT: {{^}}    "block_sum", "{{/.*}}/Inputs/headers/k.cuh", 6, __ldcc_meta_block_sum::targets, 1, __ldcc__sites_{{[0-9]+}}, 3, __ldcc__launches, 7,{{$}}
// TEXT-NEXT: {{^}}    nullptr, 1, {{.*}}), __ldcc__launch_files);{{$}}
// TEXT: {{^}}    "warp_tail", "{{/.*}}/Inputs/headers/warp_k.cuh", 5, __ldcc_meta_warp_tail::targets, 1, __ldcc__sites_{{[0-9]+}}, 3, __ldcc__launches, 7,{{$}}
// TEXT-NEXT: {{^}}    nullptr, 1, {{.*}}), __ldcc__launch_files);{{$}}
// TEXT: {{^}}    "shift", __ldcc__file, 18, __ldcc_meta_shift::targets, 1, __ldcc__sites_{{[0-9]+}}, 3, __ldcc__launches, 7,{{$}}
// TEXT-NEXT: {{^}}    nullptr, 1, {{.*}}), __ldcc__launch_files);{{$}}

// Named from a relative main file.
// REL: "warp_tail", "Inputs/headers/warp_k.cuh", 5,
// REL: {{^}}static const char __ldcc__file[] = "header_metadata.cu";{{$}}
// REL: {{^}}static const char *const __ldcc__launch_files[] = {"Inputs/headers/k.cuh", __ldcc__file,
// UP: {{^}}static const char __ldcc__file[] = "../header_metadata.cu";{{$}}
// UP: {{^}}static const char *const __ldcc__launch_files[] = {"../Inputs/headers/k.cuh", __ldcc__file,
