// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Replay: locals are hoisted to the top of the clone; a name declared
// twice is renamed; declarations split into assignments; constants move
// to the top whole.
__global__ void shadow(int *out) {
  constexpr int W = 32;
  __shared__ int s[W];
  const int t = threadIdx.x;
  int v = t, w, x = 2 * t;
  s[t] = v + x;
  __syncthreads();
  for (int i = 0, j = 1; i < 2; i++, j++) {
    int v = s[(t + i) % W] + j;
    out[t * 2 + i] = v;
  }
  {
    int v;
    v = 5;
    w = v;
  }
  out[t] += v + w;
}

int main() {
  int *d = 0;
  shadow<<<1, 32>>>(d);
  return 0;
}


// PLAN: KERNEL name=shadow checked=yes at=8:17
// PLAN-NEXT: TARGET kernel=shadow space=global name=out at=8:29 written=yes
// PLAN-NEXT: TARGET kernel=shadow space=shared name=s at=10:18 written=yes
// PLAN-NEXT: BARRIER kernel=shadow form=__syncthreads at=14:3
// PLAN-NEXT: LAUNCH kernel=shadow at=29:3
// PLAN-NEXT: SITE kernel=shadow id=0 at=8:17 form=entry
// PLAN-NEXT: SITE kernel=shadow id=1 at=14:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=shadow id=2 at=25:1 form=exit
// PLAN-NEXT: COPIES kernel=shadow scratch=lazy
// PLAN-NEXT: PROOF kernel=shadow proved=yes bounds=x<=extent(s,0),y=1,z=1
// PLAN-NEXT: OWN kernel=shadow proved=no reason="an index of out is not a sum of thread, block and loop indices times constants and unchanged parameters"
// PLAN-NOT: {{.}}
// The constant is a static member of the layout and stays a constant at
// the top of the clone; the inner `v`s are renamed.
// CLONE: {{^}}struct __ldcc_layout_shadow {
// CLONE-NEXT: {{^}}  static constexpr int W = 32;
// CLONE-NEXT: {{^}}  int s[W];
// CLONE: {{^}}  __ldcc::thread_ctx __ldcc_c;
// CLONE-NEXT: {{^}}  __ldcc::undo_log __ldcc_ul;
// CLONE-NEXT: {{^}}  constexpr int W = 32;
// CLONE-NEXT: {{^}}  int t{};
// CLONE-NEXT: {{^}}  int v{};
// CLONE-NEXT: {{^}}  int w{};
// CLONE-NEXT: {{^}}  int x{};
// CLONE-NEXT: {{^}}  int i{};
// CLONE-NEXT: {{^}}  int j{};
// CLONE-NEXT: {{^}}  int v__ldcc1{};
// CLONE-NEXT: {{^}}  int v__ldcc2{};
// CLONE: {{^}}  t = threadIdx.x;
// CLONE-NEXT: {{^}}  v = t, x = 2 * t;
// CLONE: {{^}}  for (i = 0, j = 1; i < 2; i++, j++) {
// CLONE-NEXT: {{^}}    v__ldcc1 = (*__ldcc::srd(__ldcc_c, &((__ldcc_p->s)[(t + i) % W]))) + j;
// CLONE-NEXT: {{^}}    (*__ldcc::glog(__ldcc_c, &(out[t * 2 + i]))) = v__ldcc1;
// CLONE: {{^}}    v__ldcc2 = 5;
// CLONE-NEXT: {{^}}    w = v__ldcc2;
// CLONE: {{^}}  (*__ldcc::glog(__ldcc_c, &(out[t]))) += v + w;
