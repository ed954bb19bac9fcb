// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// RUN: %ldcc-translate --deterministic --dump-plan %s | FileCheck %s --check-prefix=DETPLAN
// The direct one run (docs/global-check.md, "Direct one run"): a kernel
// whose only obstacles are atomics, fences, printf or clocks, whose
// written parameters are all claimed and whose atomics' addresses are
// based on claimed parameters gets the clone: plain accesses wrapped with
// their line, atomics' addresses in gatomic_claim with their scope
// (fences, atomicCAS/atomicExch with used results and block-scope atomics
// still go to the inline message-passing checks, warp_facts.c).  A
// written __device__ variable is claimed like a parameter (`v`, `v[i]`,
// `v.f`, `&v` as an atomic's address, a local alias `int *p = &v`), after
// the pointer parameters; a pointer variable, or a pointer that is moved
// (`q++`), is not.  An atomic on anything else keeps the kernel unchecked
// with its reason.
#include <cstdio>

struct Tot {
  int n;
  float s;
};

__device__ int total;
__device__ Tot tot;
__device__ int bins[8];
__device__ int *slots;

__global__ void counts(int *cnt, int *out, const int *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&cnt[in[i] & 7], 1);
  atomicMax_system(cnt + 8, in[i]);
  atomicOr(out, i);
  out[i + 1] = in[i] + (int)(clock64() & 1);
  printf("%d\n", i);
}

__global__ void on_var(int *out) {
  atomicAdd(&total, 1);
  out[threadIdx.x] = 1;
}

__global__ void copied(int *cnt) {
  int *q = cnt; q++; // walks: claimed by address (session 43)
  atomicAdd(q, 1);
}

__global__ void on_struct(const int *in) {
  atomicAdd(&tot.n, 1);
  bins[in[threadIdx.x] & 7] += 1;
  if (threadIdx.x == 0)
    tot.s = bins[0];
}

__global__ void pointer_var(int *out) {
  atomicAdd(out, 1);
  slots = out;
}

__global__ void var_address(int *out) {
  atomicAdd(out, 1);
  int *p = &total;
  *p = 2;
}

__global__ void aliased(int *cnt, const int *in) {
  int *slot = cnt + 8 * blockIdx.x;
  const int *mine = &in[blockIdx.x * blockDim.x];
  atomicAdd(slot + (mine[threadIdx.x] & 7), 1);
}

// A vector load through a cast (`((int4 *)in)[i]`, the cooperative-groups
// reduction of public code): the direct run claims it by its own address
// and size, in the kernel and in a device function's clone (session 43:
// before, `in` in the helper was used other than as an access's base).
__device__ int sum4(int *in, int n) {
  int s = 0;
  for (int i = threadIdx.x; i < n / 4; i += blockDim.x) {
    int4 v = ((int4 *)in)[i];
    s += v.x + v.y + v.z + v.w;
  }
  return s;
}

__global__ void vec_sum(int *sum, int *in, int n) {
  int4 first = reinterpret_cast<int4 *>(in)[0];
  atomicAdd(sum, sum4(in, n) + first.x);
  in[n] = first.y; /* written: sum4's reads are claimed in its clone */
}

// A local pointer declared without a value and first assigned one based
// on a parameter (the GUPS benchmark's `unsigned long long *address, old,
// assumed; address = (unsigned long long *)&t[k].data;`) is an alias like
// an initialised one (session 44, global_facts.c first_value; before,
// "atomicCAS on memory it cannot follow").
union cell {
  unsigned long long data;
};
__global__ void gups(cell *t, size_t mask, int per) {
  unsigned long long ran = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = 0; i < per; ++i) {
    ran = (ran << 1) ^ ((long long)ran < 0 ? 7 : 0);
    unsigned long long *address, old, assumed;
    address = (unsigned long long *)&t[ran & mask].data;
    old = *address;
    do {
      assumed = old;
      old = atomicCAS(address, assumed, assumed ^ ran);
    } while (assumed != old);
  }
}

// A CAS loop's first read is the CAS's guess, claimed as an atomic of its
// scope (session 44, mark_cas_reads; before, an unguarded read, reported
// on race-free programs): through a copy (`assumed = old`, gups above) or
// compared itself, declared with it (the CUDA guide's atomicAdd on
// doubles).  A read the CAS does not compare with stays a plain read.
__global__ void dsum(double *acc, const double *v) {
  unsigned long long *a = (unsigned long long *)acc;
  unsigned long long old = *a, assumed;
  do {
    assumed = old;
    old = atomicCAS(a, assumed,
                    __double_as_longlong(v[threadIdx.x] +
                                         __longlong_as_double(assumed)));
  } while (assumed != old);
}
__global__ void not_guess(int *p, int *out) {
  int seen = p[1];
  out[threadIdx.x] = atomicCAS(&p[1], 0, seen + 1);
}

int main() {
  int *c = 0, *o = 0;
  counts<<<2, 32>>>(c, o, c);
  on_var<<<2, 32>>>(o);
  copied<<<2, 32>>>(c);
  on_struct<<<2, 32>>>(c);
  pointer_var<<<2, 32>>>(o);
  var_address<<<2, 32>>>(o);
  aliased<<<2, 32>>>(c, c);
  vec_sum<<<2, 32>>>(c, o, 64);
  gups<<<2, 32>>>((cell *)c, 7, 4);
  dsum<<<2, 32>>>((double *)c, (double *)o);
  not_guess<<<2, 32>>>(c, o);
}

// PLAN: KERNEL name=counts {{.*}} global=yes units=warps writes=cnt,out one_run=cnt,out,in direct=yes atomics=3
// PLAN: KERNEL name=on_var {{.*}} global=yes units=warps writes=out,total vars=::total one_run=out,total direct=yes atomics=1
// PLAN: KERNEL name=copied {{.*}} global=yes units=warps writes=cnt one_run=cnt direct=yes atomics=1
// PLAN: KERNEL name=on_struct {{.*}} global=yes units=warps writes=tot,bins vars=::tot,::bins one_run=in,tot,bins direct=yes atomics=1
// PLAN: KERNEL name=pointer_var {{.*}} global=no global_reason="atomic operations: out, which it writes through, is used other than as the base of an access"
// PLAN: KERNEL name=var_address {{.*}} global=yes units=warps writes=out,total vars=::total one_run=out,total direct=yes atomics=1
// A local pointer initialised from a parameter and never moved is an alias:
// its accesses and atomics are the parameter's.
// PLAN: KERNEL name=aliased {{.*}} global=yes units=warps writes=cnt one_run=cnt,in direct=yes atomics=1
// PLAN: KERNEL name=vec_sum {{.*}} global=yes units=warps writes=sum,in one_run=sum,in direct=yes atomics=1 devfns=sum4:1:0
// PLAN: KERNEL name=gups {{.*}} global=yes units=warps writes=t one_run=t direct=yes atomics=2{{$}}
// PLAN: KERNEL name=dsum {{.*}} global=yes units=warps writes=acc one_run=acc,v direct=yes atomics=2{{$}}
// PLAN: OWN kernel=counts proved=no reason="direct one run"
// TEXT: atomicAdd(__ldcc::gatomic_claim(__ldcc_gi, 0, (&cnt[(*__ldcc::gget(__ldcc_gi, 2, &(in[i]), 32)) & 7]), 1, 32), 1);
// TEXT: atomicMax_system(__ldcc::gatomic_claim(__ldcc_gi, 0, (cnt + 8), 3, 33), (*__ldcc::gget(__ldcc_gi, 2, &(in[i]), 33)));
// TEXT: atomicOr(__ldcc::gatomic_claim(__ldcc_gi, 1, (out), 1, 34), i);
// TEXT: __ldcc::gset(__ldcc_gi, 1, &(out[i + 1]), 35) = (*__ldcc::gget(__ldcc_gi, 2, &(in[i]), 35)) + (int)(clock64() & 1);
// TEXT: atomicAdd(__ldcc::gatomic_claim(__ldcc_gi, 1, (&total), 1, 40), 1);
// TEXT: __ldcc::gset(__ldcc_gi, 0, &(out[threadIdx.x]), 41) = 1;
// TEXT: atomicAdd(__ldcc::gatomic_claim(__ldcc_gi, -1, (q), 1, 46), 1);
// TEXT: atomicAdd(__ldcc::gatomic_claim(__ldcc_gi, 1, (&tot.n), 1, 50), 1);
// TEXT: __ldcc::gset(__ldcc_gi, 2, &(bins[(*__ldcc::gget(__ldcc_gi, 0, &(in[threadIdx.x]), 51)) & 7]), 51) += 1;
// TEXT: __ldcc::gset(__ldcc_gi, 1, &(tot.s), 53) = (*__ldcc::gget(__ldcc_gi, 2, &(bins[0]), 53));
// TEXT: atomicAdd(__ldcc::gatomic_claim(__ldcc_gi, 0, (slot + ((*__ldcc::gget(__ldcc_gi, 1, &(mine[threadIdx.x]), 70)) & 7)), 1, 70), 1);
// TEXT: int4 v = (*__ldcc::gget(__ldcc_gi, -1, &(((int4 *)in)[i]), 80));
// TEXT: int4 first = (*__ldcc::gget(__ldcc_gi, 1, &(reinterpret_cast<int4 *>(in)[0]), 87));
// TEXT: old = (*__ldcc::gatomic_claim(__ldcc_gi, -1, &(*address), 1, {{[0-9]+}}));
// TEXT: old = atomicCAS(__ldcc::gatomic_claim(__ldcc_gi, -1, (address), 1, {{[0-9]+}}), assumed, assumed ^ ran);
// TEXT: unsigned long long old = (*__ldcc::gatomic_claim(__ldcc_gi, 0, &(*a), 1, {{[0-9]+}})), assumed;
// TEXT: int seen = (*__ldcc::gget(__ldcc_gi, 0, &(p[1]), {{[0-9]+}}));
// TEXT: static const unsigned char __ldcc_f1[] = {7, 7};
// TEXT: static const unsigned char __ldcc_f3[] = {5, 7, 7};
// TEXT: {__LDCC_GLOBAL_ABI, 1, {{.*}}"counts"{{.*}}, 3, __LDCC_GM_DIRECT,
// DETPLAN: KERNEL name=counts {{.*}} global=no
