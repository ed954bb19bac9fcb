// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// A hand-written grid barrier in a device function (docs/global-check.md,
// "Direct one run"): an atomic helper may synchronise through __device__
// variables when it has a fence -- each variable volatile or taken by an
// atomic of its own -- and may hold __syncthreads().  Its variables are
// its flags (not claimed, not the kernel's written variables); its call is
// a release before it (its first fence comes before its arrival) and an
// acquire after it.  A variable updated plainly and never atomically, or
// one used without a fence, makes the function no helper.

__device__ unsigned int arrived = 0;
__device__ volatile unsigned int generation = 0;

__device__ void grid_barrier(unsigned int nblocks) {
  __syncthreads();
  if (threadIdx.x == 0) {
    unsigned int gen = generation;
    __threadfence();
    if (atomicAdd(&arrived, 1) == nblocks - 1) {
      arrived = 0;
      __threadfence();
      generation = gen + 1;
    } else {
      while (generation == gen) {
      }
    }
    __threadfence();
  }
  __syncthreads();
}

__global__ void steps(int *a, int *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  b[i] = a[(i + 1) % n];
  grid_barrier(gridDim.x);
  a[i] = b[(i + 1) % n];
}
// PLAN: KERNEL name=steps checked=yes at=[[@LINE-6]]:17 global=yes units=blocks writes=a,b one_run=a,b direct=yes atomics=0 fences=1
// TEXT: (__ldcc::grelease(__ldcc_gi, 2u), grid_barrier(gridDim.x), __ldcc::gacquire(__ldcc_gi, 2u));

// Arrival without a fence before it: the release after the call.
__device__ void late_barrier(unsigned int nblocks) {
  if (threadIdx.x == 0) {
    unsigned int gen = generation;
    if (atomicAdd(&arrived, 1) == nblocks - 1) {
      arrived = 0;
      generation = gen + 1;
    } else {
      while (generation == gen) {
      }
    }
    __threadfence();
  }
  __syncthreads();
}

__global__ void late(int *a, int n) {
  a[threadIdx.x] = n;
  late_barrier(gridDim.x);
}
// TEXT: (late_barrier(gridDim.x), __ldcc::grelease(__ldcc_gi, 2u), __ldcc::gacquire(__ldcc_gi, 2u));

// Pointers moved in the direct run (a ping-pong swap, a walking pointer):
// their accesses are claimed by address, and what moves into a written
// parameter is written (`from` joins writes=).
__global__ void pingpong(int *a, int *b, int *from, int n) {
  int *t = a;
  a = b;
  b = t;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    b[i] = a[i] + from[i];
  grid_barrier(gridDim.x);
  b = from + 1;
  b[threadIdx.x] = 0;
}
// PLAN: KERNEL name=pingpong checked=yes at=[[@LINE-10]]:17 global=yes units=blocks writes=a,b,from one_run=a,b,from direct=yes atomics=0 fences=1
// TEXT: __ldcc::gset(__ldcc_gi, -1, &(b[i]), 74) = (*__ldcc::gget(__ldcc_gi, -1, &(a[i]), 74)) + (*__ldcc::gget(__ldcc_gi, 2, &(from[i]), 74));
// TEXT: __ldcc::gset(__ldcc_gi, -1, &(b[threadIdx.x]), 77) = 0;

__global__ void walking(int *a, int n) {
  atomicAdd(a, 1);
  a += n;
  a[threadIdx.x] = 2;
}
// PLAN: KERNEL name=walking checked=yes at=[[@LINE-5]]:17 global=yes units=warps writes=a one_run=a direct=yes atomics=1
// TEXT: __ldcc::gset(__ldcc_gi, -1, &(a[threadIdx.x]), 86) = 2;

// A pointer moved in from one loaded from memory: claimed by address.
__global__ void elsewhere(int *a, int **table) {
  atomicAdd(a, 1);
  a = table[0];
  a[threadIdx.x] = 2;
}
// PLAN: KERNEL name=elsewhere checked=yes at=[[@LINE-5]]:17 global=yes units=warps writes=a,table one_run=a,table direct=yes atomics=1 loads=yes

__device__ unsigned int bumps;

// A plain count no atomic takes: a lost update nobody would claim.
__device__ void bump() {
  __threadfence();
  bumps++;
}

__global__ void bumping(int *a) {
  a[threadIdx.x] = 1;
  atomicAdd(&a[0], 1);
  bump();
}
// PLAN: KERNEL name=bumping checked=yes at=[[@LINE-5]]:17 global=no global_reason="memory fence"

__device__ unsigned int ticket;

// A variable without a fence: no synchronisation, no helper; a device
// function of the direct run (session 47: before, "writes __device__
// variable ticket (also used in take_ticket)").
__device__ unsigned int take_ticket() { return atomicAdd(&ticket, 1); }

__global__ void tickets(int *a) { a[take_ticket()] = 1; }
// PLAN: KERNEL name=tickets checked=yes at=[[@LINE-1]]:17 global=yes units=warps writes=a,ticket vars=::ticket one_run=a,ticket direct=yes atomics=0 devfns=take_ticket:1:1
