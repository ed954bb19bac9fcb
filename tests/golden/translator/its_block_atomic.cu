// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -std=c++14 -isystem %srcroot/include -c %t.cu -o %t.o
// Block-scope atomics (docs/inline-checks.md, scoped synchronisation): the
// address of each atomic<Op>_block on memory goes through
// __ldcc::scope_block, which reports two blocks using it on one location.
// A kernel with nothing else to check gets no warp tables (no its_enter);
// device-scope atomics beside them are probes (scope_probe); a block-scope
// CAS is a lock: message-passing checks, its atomics go to mp_atomic.
__global__ void count(const int *in, int *counter, float *sum) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (in[i] > 0)
    atomicAdd_block(counter, 1);
  atomicAdd_block(&sum[blockIdx.x % 4], 1.0f);
  atomicAdd(counter + 1, 1);
}

__global__ void lock(int *flag, int *data) {
  while (atomicCAS_block(flag, 0, 1) != 0)
    ;
  data[0] += 1;
  atomicExch_block(flag, 0);
}

int main() {
  int *p = 0;
  count<<<4, 64>>>(p, p, (float *)p);
  lock<<<2, 1>>>(p, p);
  return 0;
}

// PLAN: KERNEL name=count checked=yes at=11:17
// PLAN-NEXT: KERNEL name=lock checked=yes at=19:17
// PLAN-NEXT: TARGET kernel=count space=global name=counter at=11:43 written=yes
// PLAN-NEXT: TARGET kernel=count space=global name=sum at=11:59 written=yes
// PLAN-NEXT: TARGET kernel=lock space=global name=flag at=19:27 written=yes
// PLAN-NEXT: TARGET kernel=lock space=global name=data at=19:38 written=yes
// PLAN-NEXT: LAUNCH kernel=count at=28:3
// PLAN-NEXT: LAUNCH kernel=lock at=29:3
// PLAN-NEXT: ITS kernel=count checked=yes rule="block-scope atomic"
// PLAN-NEXT: SCOPED kernel=count id=1 at=14:21 op=atomicAdd_block var=counter
// PLAN-NEXT: SCOPED kernel=count id=2 at=15:19 op=atomicAdd_block var=sum
// PLAN-NEXT: ATOMIC kernel=count id=3 at=16:13 op=atomicAdd var=?
// PLAN-NEXT: ITS kernel=lock checked=yes rule="block-scope atomic" checks=message-passing
// PLAN-NEXT: ACCESS kernel=lock id=1 at=22:3 var=data mode=rw role=data
// PLAN-NEXT: SCOPED kernel=lock id=2 at=20:26 op=atomicCAS_block var=flag
// PLAN-NEXT: SCOPED kernel=lock id=3 at=23:20 op=atomicExch_block var=flag
// PLAN-NEXT: OWN kernel=lock proved=no reason="direct one run"
// PLAN-NOT: {{.}}

// TEXT: {{^}}#include <ldcc/its.cuh>
// TEXT: {{^}}__global__ void count(const int *in, int *counter, float *sum) {{{$}}
// TEXT: {{^}}    atomicAdd_block(__ldcc::scope_block(counter, 0u, 1u), 1);
// TEXT-NEXT: {{^}}  atomicAdd_block(__ldcc::scope_block(&sum[blockIdx.x % 4], 0u, 2u), 1.0f);
// TEXT-NEXT: {{^}}  atomicAdd(__ldcc::scope_probe(counter + 1, 0u, 3u), 1);
// TEXT: {{^}}__global__ void lock(int *flag, int *data) { __ldcc::mp_thread __ldcc_mp = {};{{$}}
// TEXT-NEXT: {{^}}  while (atomicCAS_block(__ldcc::mp_atomic(flag, __ldcc_mp, 1u, 2u, 1, 1), 0, 1) != 0)
// TEXT-NEXT: {{^}}    ;
// TEXT-NEXT: {{^}}  (*__ldcc::mp_rw(&(data[0]), __ldcc_mp, data, 1u, 1u)) += 1;
// TEXT-NEXT: {{^}}  atomicExch_block(__ldcc::mp_atomic(flag, __ldcc_mp, 1u, 3u, 1, 1), 0);
// TEXT: {{^}}  __ldcc::its_arm(), count<<<4, 64>>>(p, p, (float *)p);
// TEXT-NEXT: {{^}}  __ldcc::its_arm<1>(), __ldcc::launch_as<decltype(__ldcc::plain_fn(&lock))>::run(__ldcc__gmeta(0), 0, 2, 1, 0, 0, {{.*}}, p, p);
// TEXT: {{^}}static const int __ldcc_its_lines_0[] = {11, 14, 15, 16, 17};
// TEXT: {{^}}  {"atomicAdd_block:counter", 0, 0, 1, {0, 0, 0, 0}, 0, 3, 0, 0, 0},
// TEXT-NEXT: {{^}}  {"atomicAdd_block:sum", 0, 0, 1, {0, 0, 0, 0}, 0, 3, 0, 0, 0},
// TEXT-NEXT: {{^}}  {"atomicAdd:?", 0, 0, 1, {0, 0, 0, 0}, 0, 3, 0, 0, 0},};
// TEXT-NEXT: {{^}}static const __ldcc_kernel_meta __ldcc_its_meta_0 = {__LDCC_HOST_ABI, 3u, "count", __ldcc_its_file, 11, 5u, 0, 0, 1, __ldcc_its_vars_0, __ldcc_its_lines_0, 0, 0, 0};
