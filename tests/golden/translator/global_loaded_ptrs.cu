// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Pointers loaded from the memory a pointer parameter points to
// (docs/global-check.md, "Pointers loaded from memory"): a struct of
// arrays copied to the device (`Graph *g`), a table of row pointers
// (`float **rows`).  The direct one run claims every access through such a
// pointer by its address (ordinal -1) and the runtime follows every
// allocation of the program (__LDCC_GM_LOADS); the struct's own fields
// (`g->nodes`) keep the parameter's ordinal.  A loaded pointer stored to
// memory is the parameter's other use: the kernel keeps its reason.
// Before, all of these were "not checked across blocks: pointer inside
// parameter g".  Since session 43 a local that walks (`p++`, `e =
// e->next`) from slots alone is claimed by address, and a pointer only
// compared, tested or printed is no other use (both kept the reason
// before).
#include <cstdio>

struct Graph {
  int nodes;
  int *nindex;
  int *nlist;
  int *dist;
};

__global__ void relax(Graph *g, int *changed) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= g->nodes)
    return;
  for (int e = g->nindex[v]; e < g->nindex[v + 1]; e++) {
    int u = g->nlist[e];
    if (atomicMin(&g->dist[u], g->dist[v] + 1) > g->dist[v] + 1)
      *changed = 1;
  }
}
// PLAN: KERNEL name=relax checked=yes at=[[@LINE-10]]:17 global=yes units=warps writes=g,changed one_run=g,changed direct=yes atomics=1 loads=yes
// TEXT: if (v >= (*__ldcc::gget(__ldcc_gi, 0, &(g->nodes), 29)))
// TEXT: for (int e = (*__ldcc::gget(__ldcc_gi, -1, &(g->nindex[v]), 31));
// TEXT: int u = (*__ldcc::gget(__ldcc_gi, -1, &(g->nlist[e]), 32));
// TEXT: if (atomicMin(__ldcc::gatomic_claim(__ldcc_gi, -1, (&g->dist[u]), 1, 33), (*__ldcc::gget(__ldcc_gi, -1, &(g->dist[v]), 33)) + 1)

// A plain kernel (no atomics) takes the direct run for its loaded
// pointers: rows of a table, through an alias and an element of pointers.
__global__ void scale_rows(float **rows, int width, float a) {
  int r = blockIdx.x, c = threadIdx.x;
  float *row = rows[r];
  if (c < width)
    row[c] = a * rows[r][c];
}
// PLAN: KERNEL name=scale_rows checked=yes at=[[@LINE-6]]:17 global=yes units=warps writes=rows one_run=rows direct=yes atomics=0 loads=yes
// TEXT: __ldcc::gset(__ldcc_gi, -1, &(row[c]), 49) = a * (*__ldcc::gget(__ldcc_gi, -1, &(rows[r][c]), 49));

// Read only through loaded pointers, written through a parameter: the
// reads are claimed by address too (a write through out may land there).
__global__ void gather(const Graph *g, int *out) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < g->nodes)
    out[v] = g->dist[g->nlist[v]];
}
// PLAN: KERNEL name=gather checked=yes at=[[@LINE-5]]:17 global=yes units=warps writes=g,out one_run=g,out direct=yes atomics=0 loads=yes
// TEXT: __ldcc::gset(__ldcc_gi, 1, &(out[v]), 59) = (*__ldcc::gget(__ldcc_gi, -1, &(g->dist[(*__ldcc::gget(__ldcc_gi, -1, &(g->nlist[v]), 59))]), 59));

// A device function's loaded pointers, in its clone (all by address).
__device__ void set_dist(Graph *g, int u, int d) { g->dist[u] = d; }
__global__ void reset(Graph *g) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < g->nodes)
    set_dist(g, v, 0x7fffffff);
}
// PLAN: KERNEL name=reset checked=yes at=[[@LINE-5]]:17 global=yes units=warps writes=g one_run=g direct=yes atomics=0 loads=yes devfns=set_dist:1:0
// TEXT: __device__ void __ldcc_gd_set_dist(const __ldcc::global_info &__ldcc_gi, Graph *g, int u, int d) { __ldcc::gset(__ldcc_gi, -1, &(g->dist[u]), 65) = d; }

// A loaded pointer walked by a local: claimed by address.
__global__ void walk(Graph *g) {
  int *p = g->dist;
  for (int i = 0; i < 4; i++, p++)
    *p = i;
}
// PLAN: KERNEL name=walk checked=yes at=[[@LINE-5]]:17 global=yes units=warps writes=g one_run=g direct=yes atomics=0 loads=yes
// TEXT: __global__ void __ldcc_g_walk(Graph *g, __ldcc::global_info __ldcc_gi) {
// TEXT: __ldcc::gset(__ldcc_gi, -1, &(*p), [[@LINE-4]]) = i;

// Not taken: a pointer stored to memory.
__global__ void swap_arrays(Graph *g) {
  int *t = g->dist;
  g->dist = g->nlist;
  g->nlist = t;
}
// PLAN: KERNEL name=swap_arrays checked=yes at=[[@LINE-5]]:17 global=no global_reason="pointer inside parameter g: g, which it writes through, is used other than as the base of an access"
__global__ void guarded(Graph *g) {
  if (g->dist != nullptr)
    g->dist[threadIdx.x] = 0;
}
// PLAN: KERNEL name=guarded checked=yes at=[[@LINE-4]]:17 global=yes units=warps writes=g one_run=g direct=yes atomics=0 loads=yes
// TEXT: if ((*__ldcc::gget(__ldcc_gi, 0, &(g->dist), [[@LINE-4]])) != nullptr)
// TEXT-NEXT: __ldcc::gset(__ldcc_gi, -1, &(g->dist[threadIdx.x]), [[@LINE-4]]) = 0;

// A linked list walked by a local (`e = e->next`, tested `while (e)`),
// its fields printed (`%s` of a loaded pointer): every access through e by
// address, the loads of `next` read.  Before: "printf: list, which it
// writes through, is used other than as the base of an access".
struct Node {
  int key;
  char *name;
  Node *next;
};

__global__ void bump_keys(Node *list, int *count) {
  Node *e = list;
  int n = 0;
  while (e) {
    printf("%s %d %p\n", e->name, e->key, e);
    e->key += 1;
    e = e->next;
    n++;
  }
  if (e == nullptr && !e)
    *count = n;
}
// PLAN: KERNEL name=bump_keys checked=yes at=[[@LINE-12]]:17 global=yes units=warps writes=list,count one_run=list,count direct=yes atomics=0 loads=yes
// TEXT: __global__ void __ldcc_g_bump_keys(Node *list, int *count, __ldcc::global_info __ldcc_gi) {
// TEXT: printf("%s %d %p\n", (*__ldcc::gget(__ldcc_gi, -1, &(e->name), [[@LINE-10]])), (*__ldcc::gget(__ldcc_gi, -1, &(e->key), [[@LINE-10]])), e);
// TEXT-NEXT: __ldcc::gset(__ldcc_gi, -1, &(e->key), [[@LINE-10]]) += 1;
// TEXT-NEXT: e = (*__ldcc::gget(__ldcc_gi, -1, &(e->next), [[@LINE-10]]));

// Not taken: a walking local also set from what a call returns (where it
// points is not seen).
__device__ Node *skip(Node *n) { return n ? n->next : n; }
__global__ void jump(Node *list) {
  Node *e = list;
  e = skip(e);
  e->key = 0;
}
// PLAN: KERNEL name=jump checked=yes at=[[@LINE-5]]:17 global=no global_reason="writes through a pointer returned by skip"

// A kernel with a shared-memory replay: its writes through loaded
// pointers are not seen there (the replay does not claim them).
__global__ void block_sums(Graph *g, int *sums) {
  __shared__ int part[128];
  part[threadIdx.x] = g->dist[blockIdx.x * 128 + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    int s = 0;
    for (int i = 0; i < 128; i++)
      s += part[i];
    g->nindex[blockIdx.x] = s;
    sums[blockIdx.x] = s;
  }
}
// PLAN: KERNEL name=block_sums checked=yes at=[[@LINE-12]]:17 global=no global_reason="pointer inside parameter g"
