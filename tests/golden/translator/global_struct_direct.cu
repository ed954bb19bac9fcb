// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Pointers inside a by-value struct parameter in the direct one run
// (docs/global-check.md, "Pointers inside parameters"): graph code passes
// its CSR arrays in a `const` struct and updates labels with atomics.  The
// clone drops the `const` and claims each access through the struct's
// pointers by its address (ordinal -1: the owner table finds the
// allocation).  Passing the struct on, or copying it, keeps the reason.

struct ECLgraph {
  int nodes;
  int edges;
  int *nindex;
  int *nlist;
  int *eweight;
};

static __global__ void relax(const ECLgraph g, int *const label,
                             int *const wl, int *const wlsize) {
  const int v = threadIdx.x + blockIdx.x * blockDim.x;
  if (v >= g.nodes)
    return;
  const int beg = g.nindex[v];
  const int *nl = g.nlist;
  for (int i = beg; i < g.nindex[v + 1]; i++) {
    const int n = nl[i];
    if (atomicMin(&label[n], label[v] + g.eweight[i]) > label[v] + 1)
      wl[atomicAdd(wlsize, 1)] = n;
  }
}
// PLAN: KERNEL name=relax checked=yes at=[[@LINE-13]]:24 global=yes units=warps writes=g,label,wl,wlsize one_run=g,label,wl,wlsize direct=yes
// TEXT: static __global__ void __ldcc_g_relax( ECLgraph g,
// TEXT: const int beg = (*__ldcc::gget(__ldcc_gi, -1, &(g.nindex[v]), 25));
// TEXT: for (int i = beg; i < (*__ldcc::gget(__ldcc_gi, -1, &(g.nindex[v + 1]), 27)); i++) {
// TEXT: const int n = (*__ldcc::gget(__ldcc_gi, -1, &(nl[i]), 28));
// TEXT: (*__ldcc::gget(__ldcc_gi, -1, &(g.eweight[i]), 29))

struct Locked {
  int *lock;
  float *data;
};

// A lock inside the struct: its plain release is the lock's (a flag), the
// data it guards is claimed.
__global__ void add_locked(Locked s, float v) {
  if (threadIdx.x == 0) {
    while (atomicCAS(s.lock, 0, 1) != 0) {
    }
    __threadfence();
    s.data[0] += v;
    __threadfence();
    *s.lock = 0;
  }
}
// PLAN: KERNEL name=add_locked checked=yes at=[[@LINE-10]]:17 global=yes units=warps writes=s one_run=s direct=yes atomics=1 fences=2
// TEXT: atomicCAS(__ldcc::gatomic_claim(__ldcc_gi, -1, (s.lock), 1, 49), 0, 1)
// TEXT: __ldcc::gset(__ldcc_gi, -1, &(s.data[0]), 52) += v;
// TEXT: {{^}}    *s.lock = 0;

__device__ void visit(ECLgraph g, int *label, int v) { label[v] = g.nodes; }

__global__ void passes_on(const ECLgraph g, int *label, int *cnt) {
  atomicAdd(cnt, 1);
  visit(g, label, threadIdx.x);
}
// A struct handed to a device function whole: its clone claims by address
// (session 24; before, "atomic operations").
// PLAN: KERNEL name=passes_on checked=yes at=[[@LINE-6]]:17 global=yes units=warps writes=g,label,cnt one_run=g,label,cnt direct=yes atomics=1 devfns=visit:1:0

// A local copy of the struct holds its pointers (writes.c
// ld__copied_param): its accesses are claimed by address as the
// parameter's (session 34; before, "atomicAdd on memory it cannot
// follow"); one whose member is stored, or that is passed on, is not.
__global__ void copies(const ECLgraph g, int *cnt) {
  ECLgraph h = g;
  atomicAdd(&h.nlist[threadIdx.x], 1);
  atomicAdd(cnt, 1);
}
// PLAN: KERNEL name=copies checked=yes at=[[@LINE-5]]:17 global=yes units=warps writes=g,cnt one_run=g,cnt direct=yes atomics=2
// TEXT: atomicAdd(__ldcc::gatomic_claim(__ldcc_gi, -1, (&h.nlist[threadIdx.x]), 1, [[@LINE-4]]), 1);
__global__ void copy_retargeted(const ECLgraph g, int *other, int *cnt) {
  ECLgraph h = g;
  h.nlist = other;
  atomicAdd(&h.nlist[threadIdx.x], 1);
  atomicAdd(cnt, 1);
}
// PLAN: KERNEL name=copy_retargeted checked=yes at=[[@LINE-6]]:17 global=no global_reason="atomic operations: atomicAdd on memory it cannot follow"
