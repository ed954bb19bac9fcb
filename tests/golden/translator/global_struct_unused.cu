// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// A class parameter's pointers the kernel never names are not the check's
// (global_facts.c field_uses): ECL's graph codes pass `const ECLgraph g`
// by value with `nindex` and `nlist` in device memory and `eweight` left a
// host pointer (or null) by kernels that ignore weights; the runtime, which
// resolves each listed pointer in the registry, refused the launch
// ("unknown memory behind a pointer inside parameter g (byte 24 of it)").
// Listed: the pointers of the fields the kernel names, when it uses the
// parameter only through them; every pointer when it passes the whole
// object on; none (not a written parameter) when it names no pointer.
struct Graph {
  int nodes;
  int edges;
  int *nindex;
  int *nlist;
  int *eweight;
};

__global__ void init_wl(const Graph g, int2 *const __restrict__ wl,
                        int2 *const __restrict__ iomax) {
  const int thread = threadIdx.x + blockIdx.x * blockDim.x;
  for (int v = thread; v < g.nodes; v += gridDim.x * blockDim.x) {
    int y = v;
    for (int j = g.nindex[v]; j < g.nindex[v + 1]; j++) {
      wl[j] = int2{v, g.nlist[j]};
      y = max(y, g.nlist[j]);
    }
    iomax[v] = int2{v, y};
  }
}

__device__ int degree(const Graph &g, int v) {
  return g.nindex[v + 1] - g.nindex[v];
}

__global__ void degrees(const Graph g, int *const deg) {
  int v = threadIdx.x + blockIdx.x * blockDim.x;
  if (v < g.nodes)
    deg[v] = degree(g, v);
}

__global__ void count_only(const Graph g, int *const out) {
  if (threadIdx.x + blockIdx.x == 0)
    *out = g.nodes + g.edges;
}

void run(Graph d_g, int2 *wl, int2 *iomax, int *deg, int *out) {
  init_wl<<<8, 256>>>(d_g, wl, iomax);
  degrees<<<8, 256>>>(d_g, deg);
  count_only<<<1, 32>>>(d_g, out);
}

// TEXT: static const uint32_t __ldcc_fa0[] = {8u, 16u, __LDCC_FIELD_END};
// TEXT: static const uint32_t __ldcc_fa1[] = {8u, 16u, 24u, __LDCC_FIELD_END};
// TEXT-NOT: __ldcc_fa2
