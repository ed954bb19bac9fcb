// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Replay: `return` before and after the last barrier goes to the exit
// site, which keeps taking part in the protocol.
__global__ void early(int *out, int n) {
  __shared__ int buf[128];
  int t = threadIdx.x;
  buf[t] = t;
  __syncthreads();
  if (t >= n)
    return;
  out[t] = buf[127 - t];
  if (t == 0) {
    out[n] = 1;
    return;
  }
}

int main() {
  int *d = 0;
  early<<<1, 128>>>(d, 100);
  return 0;
}


// PLAN: KERNEL name=early checked=yes at=7:17
// PLAN-NEXT: TARGET kernel=early space=global name=out at=7:28 written=yes
// PLAN-NEXT: TARGET kernel=early space=shared name=buf at=8:18 written=yes
// PLAN-NEXT: BARRIER kernel=early form=__syncthreads at=11:3
// PLAN-NEXT: LAUNCH kernel=early at=23:3
// PLAN-NEXT: SITE kernel=early id=0 at=7:17 form=entry
// PLAN-NEXT: SITE kernel=early id=1 at=11:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=early id=2 at=19:1 form=exit
// PLAN-NEXT: COPIES kernel=early scratch=lazy
// PLAN-NEXT: PROOF kernel=early proved=yes bounds=x<=extent(buf,0),y=1,z=1
// PLAN-NEXT: OWN kernel=early proved=no reason="accesses through out differ by more than a constant offset"
// PLAN-NOT: {{.}}
// Every `return;` jumps to the exit site.
// CLONE: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_early(int *out, int n, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); if (__ldcc_gc == __LDCC_GNONE) return; __ldcc::gshift(__ldcc_gi, __ldcc_gc, out, 0);
// CLONE: {{^}}  if (t >= n)
// CLONE-NEXT: {{^}}    goto __ldcc_exit;
// CLONE: {{^}}    (*__ldcc::glog(__ldcc_c, &(out[n]))) = 1;
// CLONE-NEXT: {{^}}    goto __ldcc_exit;
// CLONE: {{^}}  goto __ldcc_exit;
// CLONE-NEXT: {{^}}__ldcc_exit:
// CLONE: {{^}}    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 2, 1, __ldcc::SYNC_PLAIN, 0)) {
// CLONE: {{^}}    __ldcc::finish(__ldcc_c, __ldcc_bs);
