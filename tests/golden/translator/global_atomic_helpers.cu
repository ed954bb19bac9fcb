// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Atomics the way real code writes them (docs/global-check.md, "Direct one
// run"), taken by the direct one run:
// - an atomic's address cast to another pointer type (`atomicInc((unsigned
//   *)&g[5], 17)`, a float's bits through `(int *)`): claimed with the
//   whole argument wrapped, so the claim covers the type the atomic
//   accesses.  Before, the cast hid the parameter and the kernel kept
//   "atomic operations";
// - atomic helpers (atomic_helpers.c): a device function whose pointer
//   parameters serve only as its atomics' addresses (a CAS loop's first
//   read aside) and which writes nothing else; its call is an atomic access
//   of those arguments, claimed at the call (`atomicMaxf(gatomic_claim(...
//   (&m[b]) ...), v)`), a helper calling a helper too.  A helper that
//   updates its parameter at an offset (histogram256's `addByte(s, d) {
//   atomicAdd(s + d, 1); }`) is taken on shared memory only, where nothing
//   is claimed (or through a local pointer that only ever holds a shared
//   address); on a parameter, `not_helper` (stores too), `calls_and_stores`:
//   clones claiming by address (global_devfn_clones.cu; they kept their
//   reason before session 24); `moved_pointer`, pointing anywhere, keeps it.
__global__ void casts(int *g, float *f) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  atomicInc((unsigned int *)&g[5], 17);
  atomicMax((int *)(f + 1), __float_as_int(1.0f));
  atomicAdd(reinterpret_cast<unsigned long long *>(g + 8), 1ull);
  g[16 + tid] = (int)tid;
}

__device__ float atomicMaxf(float *address, float val) {
  int *address_as_int = (int *)address;
  int old = *address_as_int, assumed;
  while (val > __int_as_float(old)) {
    assumed = old;
    old = atomicCAS(address_as_int, assumed, __float_as_int(val));
  }
  return __int_as_float(old);
}

template <class T> __device__ void add_to(T *addr, T val) {
  atomicAdd(addr, val);
}

__device__ void add_twice(float *a, float *b, float v) {
  add_to(a, v);
  add_to(b, v);
}

__device__ void addByte(unsigned *s_hist, unsigned data) {
  atomicAdd(s_hist + data, 1);
}

__device__ void addWord(unsigned *s_hist, unsigned data) {
  addByte(s_hist, data & 0xFFU);
  addByte(s_hist, (data >> 8) & 0xFFU);
}

__device__ void not_helper(int *g, int i) {
  atomicAdd(g, 1);
  g[i] = 0;
}

__device__ void calls_and_stores(float *m, float *out, float v) {
  atomicMaxf(m, v);
  out[threadIdx.x] = v;
}

__global__ void maxima(float *m, float *sum, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = atomicMaxf(&m[blockIdx.x], in[i]);
  add_to(sum, v);
  add_twice(sum + 1, &sum[2], in[i]);
}

__global__ void histogram(unsigned *partial, const unsigned *data) {
  __shared__ unsigned s_hist[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x)
    s_hist[b] = 0;
  __syncthreads();
  addWord(s_hist, data[blockIdx.x * blockDim.x + threadIdx.x]);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x)
    partial[blockIdx.x * 256 + b] = s_hist[b];
}

__global__ void global_offset(unsigned *bins, const unsigned *data) {
  addByte(bins, data[threadIdx.x]);
}

__global__ void stores_too(int *g) { not_helper(g, threadIdx.x); }

__global__ void through_caller(float *m, float *out) {
  calls_and_stores(m, out, 1.0f);
}

// histogram256's own shape: per-warp bins through a local pointer that only
// ever holds a shared address (never assigned again, its address never
// taken): an atomic through it touches shared memory.  One that is moved
// might point anywhere: the kernel keeps its reason.
__global__ void warp_histogram(unsigned *partial, const unsigned *data) {
  __shared__ unsigned s_hist[4 * 256];
  unsigned *s_warp = s_hist + (threadIdx.x >> 5) * 256;
  for (int b = threadIdx.x; b < 4 * 256; b += blockDim.x)
    s_hist[b] = 0;
  __syncthreads();
  addWord(s_warp, data[blockIdx.x * blockDim.x + threadIdx.x]);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x)
    partial[blockIdx.x * 256 + b] = s_hist[b] + s_hist[256 + b];
}

__global__ void moved_pointer(unsigned *partial, const unsigned *data) {
  __shared__ unsigned s_hist[256];
  unsigned *s_at = s_hist;
  if (data[0] == 0)
    s_at = partial;
  addWord(s_at, data[threadIdx.x]);
  partial[blockIdx.x] = 1;
}

// A lock in helpers, fenced in the kernel: the helpers' atomics acquire
// (atomicCAS, atomicExch), so the clone records the acquire after each
// call; a call that returns nothing gets it after the call.
__device__ void lock(int *mutex) {
  while (atomicCAS(mutex, 0, 1) != 0)
    ;
}

__device__ void unlock(int *mutex) { atomicExch(mutex, 0); }

__global__ void locked(int *mutex, int *total) {
  if (threadIdx.x == 0) {
    lock(mutex);
    __threadfence();
    total[0] += blockIdx.x;
    __threadfence();
    unlock(mutex);
  }
}

// An address offset at any depth (HeCBench all-pairs-distance's
// `atomicAdd(distance + INSTANCES * gx + gy, count)`).
__global__ void nested(int *d) { atomicAdd(d + 4 * blockIdx.x + threadIdx.x, 1); }

int main() {
  int *g = 0;
  float *f = 0;
  unsigned *u = 0;
  casts<<<4, 64>>>(g, f);
  maxima<<<4, 64>>>(f, f, f);
  histogram<<<4, 256>>>(u, u);
  global_offset<<<4, 64>>>(u, u);
  stores_too<<<4, 64>>>(g);
  through_caller<<<4, 64>>>(f, f);
  locked<<<4, 64>>>(g, g);
  warp_histogram<<<4, 128>>>(u, u);
  moved_pointer<<<4, 64>>>(u, u);
  nested<<<4, 64>>>(g);
  return 0;
}

// PLAN: KERNEL name=casts checked=yes at=23:17 global=yes units=warps writes=g,f one_run=g,f direct=yes atomics=3{{$}}
// PLAN: KERNEL name=maxima checked=yes at=69:17 global=yes units=warps writes=m,sum one_run=m,sum,in direct=yes atomics=4{{$}}
// (histogram and warp_histogram: the shared-memory replay takes the atomics
// of addByte through its pointer since session 30, replay_pointer_atomics.cu;
// the replay orders their warps, so no block_warps.)
// PLAN: KERNEL name=histogram checked=yes at=76:17 global=yes units=blocks writes=partial one_run=partial,data direct=yes atomics=0{{$}}
// PLAN: KERNEL name=global_offset checked=yes at=87:17 global=yes units=warps writes=bins one_run=bins,data direct=yes atomics=0 devfns=addByte:1:1{{$}}
// PLAN: KERNEL name=stores_too checked=yes at=91:17 global=yes units=warps writes=g one_run=g direct=yes atomics=0 devfns=not_helper:2:1{{$}}
// PLAN: KERNEL name=through_caller checked=yes at=93:17 global=yes units=warps writes=m,out one_run=m,out direct=yes atomics=0 devfns=calls_and_stores:2:1{{$}}
// PLAN: KERNEL name=warp_histogram checked=yes {{.*}} global=yes units=blocks writes=partial one_run=partial,data direct=yes atomics=0{{$}}
// PLAN: KERNEL name=moved_pointer checked=yes {{.*}} global=no global_reason="atomic operations: addWord on memory it cannot follow"{{$}}
// PLAN: KERNEL name=locked checked=yes at={{.*}} global=yes units=warps writes=mutex,total one_run=mutex,total direct=yes atomics=2 fences=2{{$}}
// PLAN: KERNEL name=nested checked=yes {{.*}} global=yes units=warps writes=d one_run=d direct=yes atomics=1{{$}}

// TEXT: {{^}}  atomicInc(__ldcc::gatomic_claim(__ldcc_gi, 0, ((unsigned int *)&g[5]), 1, 25), 17);
// TEXT: {{^}}  atomicMax(__ldcc::gatomic_claim(__ldcc_gi, 1, ((int *)(f + 1)), 1, 26), __float_as_int(1.0f));
// TEXT: {{^}}  atomicAdd(__ldcc::gatomic_claim(__ldcc_gi, 0, (reinterpret_cast<unsigned long long *>(g + 8)), 1, 27), 1ull);
// TEXT: {{^}}  float v = atomicMaxf(__ldcc::gatomic_claim(__ldcc_gi, 0, (&m[blockIdx.x]), 1, 71), (*__ldcc::gget(__ldcc_gi, 2, &(in[i]), 71)));
// TEXT: {{^}}  add_to(__ldcc::gatomic_claim(__ldcc_gi, 1, (sum), 1, 72), v);
// TEXT: {{^}}  add_twice(__ldcc::gatomic_claim(__ldcc_gi, 1, (sum + 1), 1, 73), __ldcc::gatomic_claim(__ldcc_gi, 1, (&sum[2]), 1, 73), (*__ldcc::gget(__ldcc_gi, 2, &(in[i]), 73)));
// TEXT: {{^}}  addWord(s_hist, (*__ldcc::gget(__ldcc_gi, 1, &(data[blockIdx.x * blockDim.x + threadIdx.x]), 81)));
// TEXT: {{^}}    (lock(__ldcc::gatomic_claim(__ldcc_gi, 0, (mutex), 1, 134)), __ldcc::gacquired(__ldcc_gi, 2u, 0));
// TEXT: {{^}}    (unlock(__ldcc::gatomic_claim(__ldcc_gi, 0, (mutex), 1, 138)), __ldcc::gacquired(__ldcc_gi, 2u, 0));
// TEXT: {{^}}__global__ void __ldcc_g_nested(int *d, __ldcc::global_info __ldcc_gi) { {{.*}} atomicAdd(__ldcc::gatomic_claim(__ldcc_gi, 0, (d + 4 * blockIdx.x + threadIdx.x), 1, 144), 1); }
