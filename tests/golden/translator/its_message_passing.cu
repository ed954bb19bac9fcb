// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Message passing (docs/inline-checks.md): a kernel with a fence, a lock, a
// global atomic's value or a __shared__ volatile scalar gets a thread state,
// its global data and flag accesses wrapped, its atomics' addresses through
// mp_atomic (block scope; acquires: value used, CAS, exchange), a level before
// each fence and grid sync. Kernels with no global data are left alone, as
// are atomics on shared memory whose value is used.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void hand_over(int *data, volatile int *ready, int *out) {
  if (blockIdx.x == 0) {
    data[threadIdx.x] = 1;
    __threadfence_block();
    ready[0] = 1;
  } else {
    while (ready[0] == 0)
      ;
    __threadfence();
    int v = data[threadIdx.x];
    out[threadIdx.x] = v;
  }
}

__global__ void warps(int *data) {
  __shared__ volatile int flag;
  if (threadIdx.x == 0) {
    data[0] = 5;
    flag = 1;
  } else if (threadIdx.x == 32) {
    while (flag == 0)
      ;
    data[1] = data[0];
  }
}

__global__ void lock(int *lk, int *counter) {
  while (atomicCAS_block(lk, 0, 1) != 0)
    ;
  counter[0] += 1;
  *lk = 0;
}

__global__ void ticket(int *partial, unsigned *count, int *out) {
  partial[blockIdx.x] = 1;
  __threadfence();
  if (atomicInc(count, gridDim.x) == gridDim.x - 1)
    out[0] = partial[0];
}

__global__ void grid_phase(int *buf) {
  cg::grid_group grid = cg::this_grid();
  buf[blockIdx.x] = 1;
  atomicAdd(buf + gridDim.x, 1);
  __threadfence();
  grid.sync();
  buf[blockIdx.x] += buf[0];
}

__global__ void no_data(int *lk) {
  while (atomicCAS(lk, 0, 1) != 0)
    ;
  __threadfence();
  atomicExch(lk, 0);
}

__global__ void shared_slot(int *out) {
  __shared__ int n;
  n = 0;
  __syncthreads();
  out[atomicAdd(&n, 1)] = 1;
}

int main() {
  int *p = 0;
  hand_over<<<2, 32>>>(p, p, p);
  lock<<<2, 1>>>(p, p);
  return 0;
}

// These kernels also take the check across blocks' direct run
// (docs/global-check.md, "Fences"), with these checks riding in its clone;
// warps (shared memory only as flag) keeps them alone.
// PLAN: KERNEL name=hand_over checked=yes at=14:17 global=yes units=warps writes=data,ready,out one_run=data,ready,out direct=yes atomics=0 fences=2
// PLAN-NEXT: KERNEL name=warps checked=yes shared_reason="synchronises through memory (a fence, flag or lock), which the replay does not model" at=28:17 global=no global_reason="checked by the inline message-passing checks"
// PLAN-NEXT: KERNEL name=lock checked=yes at=40:17 global=yes units=warps writes=lk,counter one_run=lk,counter direct=yes atomics=1
// PLAN-NEXT: KERNEL name=ticket checked=yes at=47:17 global=yes units=warps writes=partial,count,out one_run=partial,count,out direct=yes atomics=1 fences=1
// PLAN-NEXT: KERNEL name=grid_phase checked=yes at=54:17 global=yes units=blocks writes=buf one_run=buf direct=yes atomics=1 fences=1 grid_syncs=1
// PLAN-NEXT: KERNEL name=no_data checked=yes at=63:17 global=yes units=warps writes=lk one_run=lk direct=yes atomics=2 fences=1
// PLAN: ITS kernel=hand_over checked=yes rule="synchronisation through memory" checks=message-passing
// PLAN-NEXT: ACCESS kernel=hand_over id=1 at=16:5 var=data mode=write role=data
// PLAN-NEXT: ACCESS kernel=hand_over id=2 at=18:5 var=ready mode=write role=flag
// PLAN-NEXT: ACCESS kernel=hand_over id=3 at=20:12 var=ready mode=read role=flag
// PLAN-NEXT: ACCESS kernel=hand_over id=4 at=23:13 var=data mode=read role=data
// PLAN-NEXT: ACCESS kernel=hand_over id=5 at=24:5 var=out mode=write role=data
// PLAN-NEXT: FENCE kernel=hand_over at=17:5 form=__threadfence_block
// PLAN-NEXT: FENCE kernel=hand_over at=22:5 form=__threadfence
// PLAN-NEXT: ITS kernel=warps checked=yes rule="synchronisation through memory" checks=message-passing
// PLAN-NEXT: ACCESS kernel=warps id=1 at=31:5 var=data mode=write role=data
// PLAN-NEXT: ACCESS kernel=warps id=2 at=32:5 var=flag mode=write role=flag
// PLAN-NEXT: ACCESS kernel=warps id=3 at=34:12 var=flag mode=read role=flag
// PLAN-NEXT: ACCESS kernel=warps id=4 at=36:5 var=data mode=write role=data
// PLAN-NEXT: ACCESS kernel=warps id=5 at=36:15 var=data mode=read role=data
// PLAN-NEXT: ITS kernel=lock checked=yes rule="block-scope atomic" checks=message-passing
// PLAN-NEXT: ACCESS kernel=lock id=1 at=43:3 var=counter mode=rw role=data
// PLAN-NEXT: ACCESS kernel=lock id=2 at=44:3 var=lk mode=write role=flag
// PLAN-NEXT: SCOPED kernel=lock id=3 at=41:26 op=atomicCAS_block var=lk
// PLAN-NEXT: ITS kernel=ticket checked=yes rule="synchronisation through memory" checks=message-passing
// PLAN-NEXT: ACCESS kernel=ticket id=1 at=48:3 var=partial mode=write role=data
// PLAN-NEXT: ACCESS kernel=ticket id=2 at=51:5 var=out mode=write role=data
// PLAN-NEXT: ACCESS kernel=ticket id=3 at=51:14 var=partial mode=read role=data
// PLAN-NEXT: FENCE kernel=ticket at=49:3 form=__threadfence
// PLAN-NEXT: ATOMIC kernel=ticket id=4 at=50:17 op=atomicInc var=count
// PLAN-NEXT: ITS kernel=grid_phase checked=yes rule="synchronisation through memory" checks=message-passing
// PLAN-NEXT: ACCESS kernel=grid_phase id=1 at=56:3 var=buf mode=write role=data
// PLAN-NEXT: ACCESS kernel=grid_phase id=2 at=60:3 var=buf mode=rw role=data
// PLAN-NEXT: ACCESS kernel=grid_phase id=3 at=60:22 var=buf mode=read role=data
// PLAN-NEXT: FENCE kernel=grid_phase at=58:3 form=__threadfence
// PLAN-NEXT: FENCE kernel=grid_phase at=59:3 form=grid.sync
// PLAN-NEXT: ATOMIC kernel=grid_phase id=4 at=57:13 op=atomicAdd var=?
// PLAN-NOT: ITS kernel=no_data
// A shared counter's slots are no message passing: the intra-warp checks of
// a replay it cannot prove, with weak stores (`n = 0` by every lane).
// PLAN: ITS kernel=shared_slot checked=yes rule="shared memory across threads in a region"{{$}}
// PLAN-NEXT: ACCESS kernel=shared_slot id=1 at=72:3 var=n mode=write

// TEXT: {{^}}#include <ldcc/its.cuh>
// TEXT: {{^}}__global__ void hand_over(int *data, volatile int *ready, int *out) { __ldcc::mp_thread __ldcc_mp = {};{{$}}
// TEXT-NEXT: {{^}}  if (blockIdx.x == 0) {
// TEXT-NEXT: {{^}}    (*__ldcc::mp_w(&(data[threadIdx.x]), __ldcc_mp, data, 0u, 1u)) = 1;
// TEXT-NEXT: {{^}}    __ldcc::mp_fence(__ldcc_mp, 1u), __threadfence_block();
// TEXT-NEXT: {{^}}    (*__ldcc::mp_fw(&(ready[0]), __ldcc_mp, ready, 0u, 2u)) = 1;
// TEXT-NEXT: {{^}}  } else {
// TEXT-NEXT: {{^}}    while ((*__ldcc::mp_fr(&(ready[0]), __ldcc_mp, ready, 0u, 3u)) == 0)
// TEXT-NEXT: {{^}}      ;
// TEXT-NEXT: {{^}}    __ldcc::mp_fence(__ldcc_mp, 2u), __threadfence();
// TEXT-NEXT: {{^}}    int v = (*__ldcc::mp_r(&(data[threadIdx.x]), __ldcc_mp, data, 0u, 4u));
// TEXT: {{^}}__global__ void warps(int *data) { __ldcc::mp_thread __ldcc_mp = {};{{$}}
// TEXT: {{^}}    (*__ldcc::mp_fw(&(flag), __ldcc_mp, flag, 1u, 2u)) = 1;
// TEXT: {{^}}    (*__ldcc::mp_w(&(data[1]), __ldcc_mp, data, 1u, 4u)) = (*__ldcc::mp_r(&(data[0]), __ldcc_mp, data, 1u, 5u));
// TEXT: {{^}}  while (atomicCAS_block(__ldcc::mp_atomic(lk, __ldcc_mp, 2u, 3u, 1, 1), 0, 1) != 0)
// TEXT-NEXT: {{^}}    ;
// TEXT-NEXT: {{^}}  (*__ldcc::mp_rw(&(counter[0]), __ldcc_mp, counter, 2u, 1u)) += 1;
// TEXT-NEXT: {{^}}  (*__ldcc::mp_fw(&(*lk), __ldcc_mp, lk, 2u, 2u)) = 0;
// TEXT: {{^}}  if (atomicInc(__ldcc::mp_atomic(count, __ldcc_mp, 3u, 4u, 0, 1), gridDim.x) == gridDim.x - 1)
// TEXT: {{^}}  atomicAdd(__ldcc::mp_atomic(buf + gridDim.x, __ldcc_mp, 4u, 4u, 0, 0), 1);
// TEXT-NEXT: {{^}}  __ldcc::mp_fence(__ldcc_mp, 2u), __threadfence();
// TEXT-NEXT: {{^}}  __ldcc::mp_fence(__ldcc_mp, 3u), grid.sync();
// TEXT: {{^}}__global__ void no_data(int *lk) {{{$}}
// TEXT-NEXT: {{^}}  while (atomicCAS(lk, 0, 1) != 0)
// TEXT: {{^}}__global__ void shared_slot(int *out) { __ldcc::its_enter();{{$}}
// TEXT: {{^}}  (*__ldcc::its_wo(&(n), n, 5u, 1u)) = 0;{{$}}
// TEXT: {{^}}  __ldcc::its_arm<1>(), __ldcc::launch_as<decltype(__ldcc::plain_fn(&hand_over))>::run(__ldcc__gmeta(0), 0, 2, 32, 0, 0, {{.*}}, p, p, p);
// TEXT-NEXT: {{^}}  __ldcc::its_arm<1>(), __ldcc::launch_as<decltype(__ldcc::plain_fn(&lock))>::run(__ldcc__gmeta(1), 0, 2, 1, 0, 0, {{.*}}, p, p);
// TEXT: {{^}}static const int __ldcc_its_lines_0[] = {14, 16, 18, 20, 23, 24, 26};
// TEXT: {{^}}  {"ready", 0, 0, 1, {0, 0, 0, 0}, 0, 3, 0, 1, __ldcc_its_wl_0_1},
// TEXT: {{^}}  {"atomicCAS_block:lk", 0, 0, 1, {0, 0, 0, 0}, 0, 3, 0, 0, 0},};
// TEXT: {{^}}  {"atomicInc:count", 0, 0, 1, {0, 0, 0, 0}, 0, 3, 0, 0, 0},};
