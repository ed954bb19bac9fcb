// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Replay: a 1-D stencil whose halo lives in extern __shared__ memory; the
// launch passes its dynamic size and a stream through.
#define RADIUS 3

__global__ void stencil(const float *in, float *out, int n) {
  extern __shared__ float halo[];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + RADIUS;
  halo[l] = g < n ? in[g] : 0.0f;
  if (threadIdx.x < RADIUS) {
    halo[l - RADIUS] = g >= RADIUS ? in[g - RADIUS] : 0.0f;
    halo[l + blockDim.x] = g + blockDim.x < n ? in[g + blockDim.x] : 0.0f;
  }
  __syncthreads();
  float sum = 0.0f;
  for (int o = -RADIUS; o <= RADIUS; o++)
    sum += halo[l + o];
  if (g < n)
    out[g] = sum;
}

int main() {
  float *d = 0;
  cudaStream_t s = 0;
  int threads = 128;
  stencil<<<8, threads, (threads + 2 * RADIUS) * sizeof(float), s>>>(d, d, 1024);
  return 0;
}


// PLAN: KERNEL name=stencil checked=yes at=9:17
// PLAN-NEXT: TARGET kernel=stencil space=global name=out at=9:49 written=yes
// PLAN-NEXT: TARGET kernel=stencil space=shared name=halo at=10:27 extern written=yes
// PLAN-NEXT: BARRIER kernel=stencil form=__syncthreads at=18:3
// PLAN-NEXT: LAUNCH kernel=stencil at=30:3
// PLAN-NEXT: SITE kernel=stencil id=0 at=9:17 form=entry
// PLAN-NEXT: SITE kernel=stencil id=1 at=18:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=stencil id=2 at=24:1 form=exit
// PLAN-NEXT: COPIES kernel=stencil scratch=lazy
// PLAN-NEXT: PROOF kernel=stencil proved=yes bounds=y=1,z=1
// PLAN-NEXT: OWN kernel=stencil proved=yes conds="1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<1*blockDim.x;1*(blockDim.x-1)+1*blockDim.x*(gridDim.x-1)+0<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<1*blockDim.x;1*(blockDim.x-1)+1*blockDim.x*(gridDim.x-1)+0<2147483648"
// PLAN-NOT: {{.}}
// The extern array is the dynamic part of the warp's copy; the layout has
// no static member, so there is no __ldcc_p; sh and the stream pass through.
// CLONE: {{^}}struct __ldcc_layout_stencil {
// CLONE-NEXT: {{^}}};
// CLONE: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_stencil(const float *in, float *out, int n, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); if (__ldcc_gc == __LDCC_GNONE) return; __ldcc::gshift(__ldcc_gi, __ldcc_gc, in, 0); __ldcc::gshift(__ldcc_gi, __ldcc_gc, out, 1);
// CLONE-NOT: __ldcc_p
// CLONE: {{^}}  (*__ldcc::swr(__ldcc_c, &(((float *)__ldcc_c.ext)[l]))) = g < n ? in[g] : 0.0f;
// CLONE: {{^}}    (*__ldcc::swr(__ldcc_c, &(((float *)__ldcc_c.ext)[l + blockDim.x]))) = g + blockDim.x < n ? in[g + blockDim.x] : 0.0f;
// CLONE: {{^}}    sum += (*__ldcc::srd(__ldcc_c, &(((float *)__ldcc_c.ext)[l + o])));
// CLONE: {{^ *}}__ldcc::launch_as<decltype(__ldcc::plain_fn(&stencil))>::run(__ldcc__gmeta(0), 0, 8, threads, (threads + 2 * RADIUS) * sizeof(float), s, [&](dim3 __ldcc_m__g, dim3 __ldcc_m__b, size_t __ldcc_m__sh, cudaStream_t __ldcc_m__st, const __ldcc::global_info *__ldcc_m__gi, auto &...__ldcc_m__a) { const __ldcc::global_info __ldcc_m__i = __ldcc_m__gi ? *__ldcc_m__gi : __ldcc::global_identity(); __ldcc::launch(&__ldcc_meta_stencil::meta, (const void *)__ldcc_stencil, (const void *)__ldcc_stencil__lb, 0, __ldcc_m__g, __ldcc_m__b, __ldcc_m__sh, __ldcc_m__st, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, __ldcc::launch_info __ldcc_l__li, int __ldcc_l__big) { if (__ldcc_l__big) __ldcc_stencil__lb<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., __ldcc_l__li, __ldcc_m__i); else __ldcc_stencil<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., __ldcc_l__li, __ldcc_m__i); }, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st) { if (__ldcc_m__gi) __ldcc_g_stencil<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., *__ldcc_m__gi); else stencil<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a...); }); }, d, d, 1024);{{$}}
// CLONE: {{^}}  __ldcc::extern_target<float>("halo", __ldcc__wl_0_0, 3),
