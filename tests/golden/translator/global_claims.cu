// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// RUN: %ldcc-translate --deterministic --dump-plan %s | FileCheck %s --check-prefix=DETPLAN
// RUN: %ldcc-translate --deterministic %s > %t.det.cu
// RUN: grep -v '^ *// ' %t.det.cu | FileCheck %s --check-prefix=DET
// RUN: %nvcc-ptx -arch=sm_90 -D__LDCC_DETERMINISTIC=1 -isystem %srcroot/include -c %t.det.cu -o %t.det.o
// Claimed pointer parameters (docs/global-check.md, "One run"): a pointer
// parameter whose every use is the base of an access to one object (read,
// stored to or updated) is listed in one_run=, and each access is wrapped
// in the clone, __ldcc::gput for a store or update, __ldcc::gget for a
// read: in the one run it claims its words for the unit.  Copies, `&p[i]`
// and macros (expanded in the text since session 49) are claimed too; a
// lambda makes it not claimed; an index may itself read through it.
struct rec {
  int a, b;
  float v[4];
};
#define PUT(p, i, v) ((p)[i] = (v))

__global__ void forms(float *sub, float *deref, float *off, rec *arrow,
                      rec *member, float *rmw, float *read, const float *in,
                      float *idx_self, int *cnt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  sub[i] = in[i];
  *deref = 1.0f;
  *(off + i) = 2.0f;
  *(i + off) = 3.0f;
  arrow->b = i;
  member[i].v[i % 4] = in[i];
  rmw[i] += 1.0f;
  read[i] = read[i + 1];
  idx_self[(int)idx_self[0]] = 1;
  cnt[i]++;
}

// A copy of the pointer, a store inside a macro, an address taken: all
// claimed (before session 49 the macro's store kept every launch from the
// run, and nothing of the kernel was claimed or wrapped).
__global__ void others(float *copied, float *macro, float *addr, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float *q = copied;
  q[i] = 0;
  PUT(macro, i, 1.0f);
  float *r = &addr[i];
  *r = 1;
  out[i] = 2;
}

template <class T> __global__ void tmpl(T *out, const T *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i] * 2;
}

__global__ void lam(float *out) {
  auto f = [&](int i) { out[i] = 1; };
  f(threadIdx.x);
}

// A shared-memory kernel: in deterministic builds it also takes the
// global copies (composed), and its glog'ed stores claim words through
// the thread context.
__global__ void tile_sum(float *out, const float *in) {
  __shared__ float s[64];
  s[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * 64 + threadIdx.x] = s[63 - threadIdx.x];
}

int main() {
  float *p = 0;
  rec *r = 0;
  forms<<<1, 32>>>(p, p, p, r, r, p, p, p, p, (int *)0);
  others<<<1, 32>>>(p, p, p, p);
  tmpl<<<1, 32>>>(p, p, 32);
  lam<<<1, 32>>>(p);
  tile_sum<<<1, 64>>>(p, p);
  return 0;
}

// PLAN: KERNEL name=forms {{.*}} global=yes units=warps writes=sub,deref,off,arrow,member,rmw,read,idx_self,cnt one_run=sub,deref,off,arrow,member,rmw,read,in,idx_self,cnt{{$}}
// PLAN: KERNEL name=others {{.*}} global=yes units=warps writes=copied,macro,addr,out one_run=copied,macro,addr,out{{$}}
// PLAN: KERNEL name=tmpl {{.*}} global=yes units=warps writes=out one_run=out,in{{$}}
// PLAN: KERNEL name=lam {{.*}} global=yes units=blocks writes=out{{$}}

// TEXT: {{^}}  __ldcc::gset(__ldcc_gi, 0, &(sub[i]), 26) = (*__ldcc::gget(__ldcc_gi, 7, &(in[i])));{{$}}
// TEXT-NEXT: {{^}}  __ldcc::gset(__ldcc_gi, 1, &(*deref), 27) = 1.0f;{{$}}
// TEXT-NEXT: {{^}}  __ldcc::gset(__ldcc_gi, 2, &(*(off + i)), 28) = 2.0f;{{$}}
// TEXT-NEXT: {{^}}  __ldcc::gset(__ldcc_gi, 2, &(*(i + off)), 29) = 3.0f;{{$}}
// TEXT-NEXT: {{^}}  __ldcc::gset(__ldcc_gi, 3, &(arrow->b), 30) = i;{{$}}
// TEXT-NEXT: {{^}}  __ldcc::gset(__ldcc_gi, 4, &(member[i].v[i % 4]), 31) = (*__ldcc::gget(__ldcc_gi, 7, &(in[i])));{{$}}
// TEXT-NEXT: {{^}}  __ldcc::gset(__ldcc_gi, 5, &(rmw[i]), 32) += 1.0f;{{$}}
// TEXT-NEXT: {{^}}  __ldcc::gset(__ldcc_gi, 6, &(read[i]), 33) = (*__ldcc::gget(__ldcc_gi, 6, &(read[i + 1])));{{$}}
// TEXT-NEXT: {{^}}  __ldcc::gset(__ldcc_gi, 8, &(idx_self[(int)(*__ldcc::gget(__ldcc_gi, 8, &(idx_self[0])))]), 34) = 1;{{$}}
// TEXT-NEXT: {{^}}  __ldcc::gset(__ldcc_gi, 9, &(cnt[i]), 35)++;{{$}}
// TEXT: {{^}}__global__ void __ldcc_g_others(
// TEXT: {{^}}  __ldcc::gset(__ldcc_gi, 0, &(q[i]), 44) = 0;{{$}}
// TEXT-NEXT: {{^}}  ( __ldcc::gset(__ldcc_gi, 1, &(( macro ) [ i ]), 45) = ( 1.0f ) );{{$}}
// TEXT-NEXT: {{^}}  float *r = &addr[i];{{$}}
// TEXT-NEXT: {{^}}  __ldcc::gset(__ldcc_gi, 2, &(*r), 47) = 1;{{$}}
// TEXT-NEXT: {{^}}  __ldcc::gset(__ldcc_gi, 3, &(out[i]), 48) = 2;{{$}}
// TEXT: {{^}}    __ldcc::gset(__ldcc_gi, 0, &(out[i]), 54) = (*__ldcc::gget(__ldcc_gi, 1, &(in[i]))) * 2;{{$}}
// TEXT: {{^}}  auto f = [&](int i) { out[i] = 1; };{{$}}
// TEXT-NOT: {{^[^/]*}}gput
// TEXT: {{^}}__global__ void __ldcc_g_tile_sum(

// Composed, the shared-memory clone claims stores only (glog): `out` is
// only stored to and takes part, `in` is read and does not.
// DETPLAN: KERNEL name=tile_sum {{.*}} global=yes units=blocks writes=out one_run=out det=yes{{$}}
// DET: __ldcc_c.gown = __ldcc_gi.owner;
// DET: (*__ldcc::glog(__ldcc_c, &(out[blockIdx.x * 64 + threadIdx.x]))) = {{.*}}s)[63 - threadIdx.x]
