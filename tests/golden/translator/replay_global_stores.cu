// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Replay: every kind of global store is logged through glog; stores to
// locals and shared targets are not.
struct pair {
  int a, b;
};

__device__ int total;

__global__ void stores(int *out, int *a, pair *p, float *f, int n) {
  __shared__ int s[32];
  int i = threadIdx.x;
  int local[2];
  s[i] = i;
  local[0] = i;
  __syncthreads();
  out[i] = s[31 - i];
  a[i] += s[i];
  a[i]++;
  --a[i + 32];
  p[i].a = 1;
  p->b = 2;
  *f = 3.0f;
  *(f + i) *= 2.0f;
  total = local[0];
}

int main() {
  int *d = 0;
  pair *p = 0;
  float *f = 0;
  stores<<<1, 32>>>(d, d, p, f, 32);
  return 0;
}


// PLAN: KERNEL name=stores checked=yes at=13:17
// PLAN-NEXT: TARGET kernel=stores space=global name=total at=11:16 written=yes
// PLAN-NEXT: TARGET kernel=stores space=global name=out at=13:29 written=yes
// PLAN-NEXT: TARGET kernel=stores space=global name=a at=13:39 written=yes
// PLAN-NEXT: TARGET kernel=stores space=global name=p at=13:48 written=yes
// PLAN-NEXT: TARGET kernel=stores space=global name=f at=13:58 written=yes
// PLAN-NEXT: TARGET kernel=stores space=shared name=s at=14:18 written=yes
// PLAN-NEXT: BARRIER kernel=stores form=__syncthreads at=19:3
// PLAN-NEXT: LAUNCH kernel=stores at=35:3
// PLAN-NEXT: SITE kernel=stores id=0 at=13:17 form=entry
// PLAN-NEXT: SITE kernel=stores id=1 at=19:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=stores id=2 at=29:1 form=exit
// PLAN-NEXT: COPIES kernel=stores scratch=lazy
// PLAN-NEXT: PROOF kernel=stores proved=yes bounds=x<=extent(s,0),y=1,z=1
// PLAN-NEXT: OWN kernel=stores proved=no reason="it writes a __device__ variable"
// PLAN-NOT: {{.}}
// CLONE: {{^}}  int local[2]{};
// CLONE: {{^ *}}__ldcc::copy(__ldcc_s6, local);
// CLONE: {{^}}  (*__ldcc::swr(__ldcc_c, &((__ldcc_p->s)[i]))) = i;
// CLONE-NEXT: {{^}}  local[0] = i;
// CLONE: {{^}}  (*__ldcc::glog(__ldcc_c, &(out[i]))) = (*__ldcc::srd(__ldcc_c, &((__ldcc_p->s)[31 - i])));
// CLONE-NEXT: {{^}}  (*__ldcc::glog(__ldcc_c, &(a[i]))) += (*__ldcc::srd(__ldcc_c, &((__ldcc_p->s)[i])));
// CLONE-NEXT: {{^}}  (*__ldcc::glog(__ldcc_c, &(a[i])))++;
// CLONE-NEXT: {{^}}  --(*__ldcc::glog(__ldcc_c, &(a[i + 32])));
// CLONE-NEXT: {{^}}  (*__ldcc::glog(__ldcc_c, &(p[i].a))) = 1;
// CLONE-NEXT: {{^}}  (*__ldcc::glog(__ldcc_c, &(p->b))) = 2;
// CLONE-NEXT: {{^}}  (*__ldcc::glog(__ldcc_c, &(*f))) = 3.0f;
// CLONE-NEXT: {{^}}  (*__ldcc::glog(__ldcc_c, &(*(f + i)))) *= 2.0f;
// CLONE-NEXT: {{^}}  (*__ldcc::glog(__ldcc_c, &(total))) = local[0];
