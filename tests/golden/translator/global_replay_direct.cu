// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// A kernel with a shared-memory replay clone and global atomics (the
// replay's rule: results unused) takes the direct one run too, composed
// (docs/global-check.md, "With the replay"): the replay clone carries the
// global clone's claims.  A store the replay logs has its address claimed
// inside the log's, `(*__ldcc::glog(__ldcc_c, __ldcc::gput(__ldcc_gi, J,
// &(E), L)))`; reads are wrapped in gget as in the global clone (so
// one_run= lists the parameters read too); an atomic's address is claimed
// inside the replay's global_atomic_*; the replay's `gown` (the composed
// one run's claims) is not set.  A global access inside code the replay
// renders anew (a barrier's predicate) keeps the kernel out of the run.
// Before, all three had no check across blocks ("atomic operations").
#define BLOCK 256
__global__ void block_sum(int *total, int *partial, const int *in, int n) {
  __shared__ int s[BLOCK];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  for (int st = blockDim.x / 2; st > 0; st >>= 1) {
    if (threadIdx.x < st)
      s[threadIdx.x] += s[threadIdx.x + st];
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    partial[blockIdx.x] += s[0];
    atomicAdd(total, s[0]);
  }
}
__global__ void with_const(int *total, const int *offs) {
  __shared__ int s[BLOCK];
  const int off = offs[blockIdx.x];
  s[threadIdx.x] = off;
  __syncthreads();
  if (threadIdx.x == 0)
    atomicAdd(total, s[5]);
}
__global__ void in_pred(int *total, const int *in) {
  __shared__ int s[BLOCK];
  s[threadIdx.x] = 1;
  if (__syncthreads_or(in[threadIdx.x] > 3))
    atomicAdd(total, s[5]);
}
int main() {
  int *f = 0;
  block_sum<<<4,256>>>(f,f,f,1024); with_const<<<4,256>>>(f,f); in_pred<<<4,256>>>(f,f);}

// PLAN: KERNEL name=block_sum checked=yes at=17:17 global=yes units=blocks writes=total,partial one_run=total,partial,in direct=yes atomics=1{{$}}
// PLAN: KERNEL name=with_const checked=yes at=32:17 global=yes units=blocks writes=total one_run=total,offs direct=yes atomics=1{{$}}
// PLAN: KERNEL name=in_pred checked=yes at=40:17 global=no global_reason="a global access inside code the shared-memory replay rewrites"{{$}}

// The global clone, then the replay clone.
// TEXT: {{^}}    __ldcc::gset(__ldcc_gi, 1, &(partial[blockIdx.x]), 28) += s[0];
// TEXT: {{^}}    atomicAdd(__ldcc::gatomic_claim(__ldcc_gi, 0, (total), 1, 29), s[0]);
// TEXT: {{^}} (*__ldcc::swr(__ldcc_c, &((*__ldcc::its_wo(&((__ldcc_p->s)[threadIdx.x]), (__ldcc_p->s), 0u, 1u, __ldcc_c.pass))))) = i < n ? (*__ldcc::gget(__ldcc_gi, 2, &(in[i]), 20)) : 0;
// TEXT: {{^}} (*__ldcc::glog(__ldcc_c, __ldcc::gput(__ldcc_gi, 1, &((*__ldcc::its_rw(&(partial[blockIdx.x]), partial, 0u, 4u, __ldcc_c.pass))), 28))) += (*__ldcc::srd(__ldcc_c, &((*__ldcc::its_r(&((__ldcc_p->s)[0]), (__ldcc_p->s), 0u, 5u, __ldcc_c.pass)))));
// TEXT: {{^}}    __ldcc::global_atomic_add(__ldcc_c, __ldcc::gatomic_claim(__ldcc_gi, 0, (total), 1, 29), (*__ldcc::srd(__ldcc_c, &((__ldcc_p->s)[0]))));
// TEXT-NOT: __ldcc_c.gown
// TEXT: {{^}}  off = (*__ldcc::gget(__ldcc_gi, 1, &(offs[blockIdx.x]), 34));
// The metadata: total is reached by device-scope atomics alone
// (__LDCC_GP_ATOMIC, 16: a launch whose written memory only such
// parameters reach needs no run, docs/global-check.md "Atomics only");
// partial is stored to (7), in read (5).
// TEXT: {{^}}  static const unsigned char __ldcc_f0[] = {23, 7, 5, 0};
// TEXT: {{^}}  static const unsigned char __ldcc_f1[] = {23, 5};
