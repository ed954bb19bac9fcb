// RUN: %ldcc-translate --dump-plan --extended-lambda -std=c++17 -rdc=true %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate --extended-lambda -std=c++17 -rdc=true %s -o %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -rdc=true --extended-lambda -isystem %srcroot/include -c %t.cu -o %t.o
// "Checked" means checked (issue 23): every place a kernel writes is followed
// to its root (writes.c).  A write whose memory the plan cannot name -- a
// pointer loaded from memory, held in a __device__ variable, returned by a
// call, made from an integer, a callee defined in another file, a call
// through a functor or lambda parameter holding a pointer -- leaves the
// check that would miss it off, with the reason; array parameters and local
// aliases of a parameter are targets.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdint>

struct Arrays {
  float *a;
  const float *b;
  int n;
};

// A pointer inside a by-value struct parameter: the clone patches it
// (global_struct_fields.cu), so the write is seen.
__global__ void in_struct(Arrays s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < s.n)
    s.a[i] = s.b[i];
}
// PLAN: KERNEL name=in_struct checked=yes at=[[@LINE-5]]:17 global=yes units=warps writes=s

// A const one too (`const Graph g`, the common style): the clones drop
// the `const` they see written there (ld__class_const) to patch it.  A
// const from a typedef cannot be dropped, nor is a pointer loaded through
// a pointer inside it followed.
__global__ void in_const_struct(const Arrays s) { s.a[threadIdx.x] = 1; }
// PLAN: KERNEL name=in_const_struct checked=yes at=[[@LINE-1]]:17 global=yes units=warps writes=s
typedef const Arrays ConstArrays;
__global__ void in_typedef_const(ConstArrays s) { s.a[threadIdx.x] = 1; }
// PLAN: KERNEL name=in_typedef_const checked=yes at=[[@LINE-1]]:17 global=no global_reason="pointer inside parameter s"
struct Rows {
  float **rows;
};
__global__ void in_rows(Rows r) { r.rows[0][threadIdx.x] = 1; }
// PLAN: KERNEL name=in_rows checked=yes at=[[@LINE-1]]:17 global=no global_reason="pointer inside parameter r"

// A template kernel calling its functor parameter: the launch below passes
// a lambda that captures a pointer, so its stores are not followed; the
// replay would run them twice.
template <typename F> __global__ void for_each(int n, F f) {
  __shared__ int seen[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  seen[threadIdx.x % 32] = i;
  __syncthreads();
  if (i < n)
    f(i, seen[(threadIdx.x + 1) % 32]);
}
// PLAN: KERNEL name=for_each checked=no reason="calls parameter f, a functor or lambda holding a pointer (its writes are not followed)" at=[[@LINE-8]]:39 template

// A functor that holds no pointer writes nothing anyone else sees.
struct Plus {
  __device__ float operator()(float a, float b) const { return a + b; }
};
template <typename Op> __global__ void combine(float *out, Op op) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = op(out[i], 1.0f);
}
// PLAN: KERNEL name=combine checked=yes at=[[@LINE-4]]:40 template global=yes

// An array parameter is a pointer parameter: a target.
__global__ void grid3(double fx[][4][4], int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    fx[i][threadIdx.y][0] = i;
}
// PLAN: KERNEL name=grid3 checked=yes at=[[@LINE-5]]:17 global=yes units=warps writes=fx one_run=fx

// A local alias of a parameter writes the parameter.
__global__ void rows(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  auto *row = out + 3 * i;
  row[0] = 1.0f;
  row[2] = 2.0f;
}
// PLAN: KERNEL name=rows checked=yes at=[[@LINE-6]]:17 global=yes units=warps writes=out

// A pointer loaded from an array of pointers: claimed by address.
__global__ void gather_out(float **outs) {
  float *o = outs[blockIdx.x];
  o[threadIdx.x] = 1.0f;
}
// PLAN: KERNEL name=gather_out checked=yes at=[[@LINE-4]]:17 global=yes units=warps writes=outs one_run=outs direct=yes atomics=0 loads=yes

// A pointer held in a __device__ variable: claimed by address (session 37).
__device__ float *g_buffer;
__global__ void via_global_ptr() { g_buffer[threadIdx.x] = 1.0f; }
// PLAN: KERNEL name=via_global_ptr checked=yes at=[[@LINE-1]]:17 global=yes units=warps writes= direct=yes atomics=0 loads=yes

// A pointer returned by a call.
__device__ float *slot(float *base, int i) { return base + i; }
__global__ void via_call(float *out) { *slot(out, threadIdx.x) = 1.0f; }
// PLAN: KERNEL name=via_call checked=yes at=[[@LINE-1]]:17 global=no global_reason="writes through a pointer returned by slot"

// The same beside an atomic, which alone the direct one run would take:
// the reason names the write that keeps it away, not the atomic alone.
__global__ void via_call_counted(float *out, int *count) {
  atomicAdd(count, 1);
  *slot(out, threadIdx.x) = 1.0f;
}
// PLAN: KERNEL name=via_call_counted checked=yes at=[[@LINE-4]]:17 global=no global_reason="atomic operations: writes through a pointer returned by slot"

// A pointer made from an integer.
__global__ void via_address(std::uint64_t addr) {
  reinterpret_cast<float *>(addr)[threadIdx.x] = 1.0f;
}
// PLAN: KERNEL name=via_address checked=yes at=[[@LINE-3]]:17 global=no global_reason="writes through a pointer made from an integer in via_address"

// A device function defined in another file (-rdc).
extern __device__ void store_elsewhere(float *p, int i);
__global__ void via_extern(float *out) { store_elsewhere(out, threadIdx.x); }
// PLAN: KERNEL name=via_extern checked=yes at=[[@LINE-1]]:17 global=no global_reason="calls store_elsewhere, defined in another file"

// A functor built in the kernel from a parameter: its stores are the
// parameter's.
struct Acc {
  float *out;
  __device__ void operator()(int i, float v) const { out[i] += v; }
};
__global__ void local_functor(float *out) {
  Acc acc{out};
  acc(blockIdx.x * blockDim.x + threadIdx.x, 1.0f);
}
// PLAN: KERNEL name=local_functor checked=yes at=[[@LINE-4]]:17 global=yes units=warps writes=out

// ... but not one built from a loaded pointer.
__global__ void loaded_functor(float **outs) {
  Acc acc{outs[0]};
  acc(threadIdx.x, 1.0f);
}
// PLAN: KERNEL name=loaded_functor checked=yes at=[[@LINE-4]]:17 global=no global_reason="pointer inside parameter outs: outs, which it writes through, is used other than as the base of an access"

// A device function template calling its functor argument: judged at its
// calls.  Plus holds no pointer (and its implicit constructor is the
// compiler's): checked.  Acc holds one: the kernel is not checked.
template <typename Op> __device__ int apply2(int v, Op op) { return op(v, v); }
struct AddTo {
  int *out;
  __device__ int operator()(int a, int b) const { return out[a] += b; }
};
struct PlusI {
  __device__ int operator()(int a, int b) const { return a + b; }
};
__global__ void with_plus(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = apply2(s[63 - threadIdx.x], PlusI());
}
// PLAN: KERNEL name=with_plus checked=yes at=[[@LINE-6]]:17 global=yes
__global__ void with_add(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  apply2(s[63 - threadIdx.x], AddTo{out});
}
// PLAN: KERNEL name=with_add checked=no reason="calls apply2, which calls a functor or lambda argument that may hold a pointer (its writes are not followed)" at=[[@LINE-6]]:17

// A surface store writes memory no parameter names.
__global__ void flip(cudaSurfaceObject_t surf, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  char v;
  surf2Dread(&v, surf, x, 0);
  surf2Dwrite((char)~v, surf, x, 0);
}
// PLAN: KERNEL name=flip checked=yes at=[[@LINE-6]]:17 global=no global_reason="surface store"

// Seen: a store through a reinterpret_cast of a device function's pointer
// parameter (llm.c's store128), and a builtin (declared where it is used).
struct __align__(16) Pack {
  int4 bits;
};
__device__ void store128(float *target, Pack value) {
  *reinterpret_cast<int4 *>(target) = value.bits;
}
__global__ void packed(float *out) {
  Pack p;
  p.bits = make_int4(1, 2, 3, 4);
  store128(out + 4 * threadIdx.x, p);
  out[0] = __builtin_inff();
}
// PLAN: KERNEL name=packed checked=yes at=[[@LINE-6]]:17 global=yes

// A local pointer that advances itself (`c = c + 32`) keeps its root.
__global__ void strided(float *out, int n) {
  float *c = out + threadIdx.x;
  for (int i = 0; i < n; i++) {
    *c = i;
    c = c + 32;
  }
}
// PLAN: KERNEL name=strided checked=yes at=[[@LINE-7]]:17 global=yes

// A local copy of such a parameter, or a reference to it, holds the
// patched pointers (writes.c copy_root), also through another copy and a
// local pointer taken from it, and with a pointer member given a seen
// value; not when the copy may change behind its name (its address, a
// reference to non-const, a whole assignment) or a member takes a pointer
// from memory.
__device__ float *g_other;
__device__ void retarget(Arrays &q) { q.a = g_other; }
__device__ void peek(const Arrays &q, float *x) { *x = q.b[0]; }
__global__ void copied(Arrays params) {
  const Arrays p = params;
  p.a[threadIdx.x] = p.b[threadIdx.x];
}
// PLAN: KERNEL name=copied checked=yes at=[[@LINE-4]]:17 global=yes units=warps writes=params
__global__ void referenced(Arrays params, float *x) {
  const auto &q = params;
  Arrays c = q;
  float *out = c.a;
  peek(q, x);
  out[threadIdx.x] = 1;
}
// PLAN: KERNEL name=referenced checked=yes at=[[@LINE-7]]:17 global=yes units=warps writes=params,x
__global__ void copy_retargeted(Arrays params, float *alt) {
  Arrays p = params;
  if (p.n > 3)
    p.a = alt;
  p.a[threadIdx.x] = 1;
}
// PLAN: KERNEL name=copy_retargeted checked=yes at=[[@LINE-6]]:17 global=yes units=warps writes=params,alt
__global__ void copy_from_memory(Arrays params) {
  Arrays p = params;
  p.a = g_other;
  p.a[threadIdx.x] = 1;
}
// PLAN: KERNEL name=copy_from_memory checked=yes at=[[@LINE-5]]:17 global=no global_reason="writes through the pointer in __device__ variable g_other: a pointer read from a variable of static storage is used other than as the base of an access"
__global__ void copy_addressed(Arrays params) {
  Arrays p = params;
  Arrays *pp = &p;
  pp->n = 3;
  p.a[threadIdx.x] = 1;
}
// PLAN: KERNEL name=copy_addressed checked=yes at=[[@LINE-6]]:17 global=no global_reason="writes through a pointer loaded from p"
__global__ void copy_retargeted_by_call(Arrays params) {
  Arrays p = params;
  retarget(p);
  p.a[threadIdx.x] = 1;
}
// PLAN: KERNEL name=copy_retargeted_by_call checked=yes at=[[@LINE-5]]:17 global=no global_reason="writes through a pointer loaded from p"
__global__ void copy_reassigned(Arrays params, Arrays other) {
  Arrays p = params;
  p = other;
  p.a[threadIdx.x] = 1;
}
// PLAN: KERNEL name=copy_reassigned checked=yes at=[[@LINE-5]]:17 global=no global_reason="writes through a pointer loaded from p"

// A temporary or a function bound to a reference parameter is no memory
// of the program's: `tile.shfl(__popc(vote), 0)` (cuda-samples cdpQuadtree)
// and `cg::reduce(warp, v, op)` with a function (llm.c) read "writes
// through __popc" and "writes through both"; an element bound to a
// reference to non-const still is a write.
namespace cg = cooperative_groups;
struct SumMax {
  float s, m;
};
__device__ SumMax both(SumMax a, SumMax b) { return {a.s + b.s, fmaxf(a.m, b.m)}; }
__global__ void ballots(const unsigned *flags, int *out) {
  auto tile32 = cg::tiled_partition<32>(cg::this_thread_block());
  unsigned vote = tile32.ballot(flags[threadIdx.x] & 1);
  out[blockIdx.x * blockDim.x + threadIdx.x] = tile32.shfl(__popc(vote), 0);
}
// PLAN: KERNEL name=ballots checked=yes at=[[@LINE-5]]:17 global=yes
__global__ void sum_max(const float *in, SumMax *out) {
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  SumMax v = {in[threadIdx.x], in[threadIdx.x]};
  SumMax r = cg::reduce(warp, v, both);
  if (warp.thread_rank() == 0)
    out[blockIdx.x] = r;
}
// PLAN: KERNEL name=sum_max checked=yes at=[[@LINE-7]]:17 global=yes
__device__ void set_one(float &x) { x = 1; }
__global__ void by_reference(float *out) { set_one(out[threadIdx.x]); }
// PLAN: KERNEL name=by_reference checked=yes at=[[@LINE-1]]:17 global=yes units=warps writes=out

int main() {
  float *d = nullptr;
  float **pp = nullptr;
  for_each<<<1, 32>>>(32, [=] __device__(int i, int v) { d[i] = v; });
  combine<<<1, 32>>>(d, Plus{});
  grid3<<<1, dim3(32, 4)>>>((double(*)[4][4])d, 32);
  rows<<<1, 32>>>(d);
  gather_out<<<2, 32>>>(pp);
  via_global_ptr<<<1, 32>>>();
  via_call<<<1, 32>>>(d);
  via_address<<<1, 32>>>((std::uint64_t)d);
  via_extern<<<1, 32>>>(d);
  local_functor<<<1, 32>>>(d);
  via_call_counted<<<1, 32>>>(d, (int *)d);
  loaded_functor<<<1, 32>>>(pp);
  in_struct<<<1, 32>>>(Arrays{d, d, 32});
  with_plus<<<1, 64>>>((int *)d);
  with_add<<<1, 64>>>((int *)d);
  flip<<<1, 32>>>(0, 32);
  packed<<<1, 32>>>(d);
  strided<<<1, 32>>>(d, 4);
  copied<<<1, 32>>>(Arrays{d, d, 32});
  referenced<<<1, 32>>>(Arrays{d, d, 32}, d);
  copy_retargeted<<<1, 32>>>(Arrays{d, d, 32}, d);
  copy_from_memory<<<1, 32>>>(Arrays{d, d, 32});
  copy_addressed<<<1, 32>>>(Arrays{d, d, 32});
  copy_retargeted_by_call<<<1, 32>>>(Arrays{d, d, 32});
  copy_reassigned<<<1, 32>>>(Arrays{d, d, 32}, Arrays{d, d, 32});
  ballots<<<1, 32>>>((const unsigned *)d, (int *)d);
  sum_max<<<1, 32>>>(d, (SumMax *)d);
  by_reference<<<1, 32>>>(d);
  return 0;
}
