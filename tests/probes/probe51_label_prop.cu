// Connected components by edge-centric min-label propagation ("hooking"),
// the way GPU graph codes write it: one thread per edge (grid-stride), each
// reads the labels of both ends and lowers the larger one to the smaller;
// the host relaunches until a launch changed nothing.  The edge list and
// the labels are structs of device pointers passed by value.  Labels only
// fall, and every component ends with its least vertex id, whatever the
// order in which the threads ran.
// Racy twin (-DE2E_RACE): labels are read with plain loads and lowered with
// a plain store `L.label[hi] = lo`, so a block reads a label that another
// block stores in the same launch (and two blocks can store different
// labels to one vertex, the later one even raising it again): a race on
// global memory between blocks; the stored labels differ from the values
// they replace.
// Fixed: relaxed atomic loads (cuda::atomic_ref) and atomicMin; prints the
// number of components and a checksum of the labels (not the number of
// launches, which depends on how far a launch happens to propagate).
#include <cuda/atomic>
#include <vector>

#include "e2e.h"

#define CUDA_CHECK(call) E2E_CHECK(call)

struct EdgeList {
  const int2 *edges;
  int num_edges;
};

struct Labels {
  int *label;
  int *changed;
  int num_vertices;
};

__device__ __forceinline__ int read_label(int *p) {
#ifdef E2E_RACE
  return *p;
#else
  return cuda::atomic_ref<int, cuda::thread_scope_device>(*p).load(
      cuda::memory_order_relaxed);
#endif
}

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK) hook_min_labels(const EdgeList g, const Labels L) {
  bool local_change = false;
  for (int e = blockIdx.x * BLOCK + threadIdx.x; e < g.num_edges; e += gridDim.x * BLOCK) {
    const int2 uv = g.edges[e];
    const int lu = read_label(&L.label[uv.x]);
    const int lv = read_label(&L.label[uv.y]);
    if (lu == lv)
      continue;
    const int lo = min(lu, lv);
    const int hi_vertex = (lu < lv) ? uv.y : uv.x;
#ifdef E2E_RACE
    L.label[hi_vertex] = lo;
    local_change = true;
#else
    if (atomicMin(&L.label[hi_vertex], lo) > lo)
      local_change = true;
#endif
  }
  if (__syncthreads_or(local_change) && threadIdx.x == 0)
    atomicOr(L.changed, 1);
}

int main() {
  // 12 components: vertex v belongs to component v % 12; within one, a
  // path in a scrambled order plus a few chords.
  const int n = 12288, comps = 12, per = n / comps;
  std::vector<int2> edges;
  for (int c = 0; c < comps; ++c) {
    auto vertex = [&](int j) { return (int)((j * 1237u + 11u * c) % per) * comps + c; };
    for (int j = 0; j + 1 < per; ++j)
      edges.push_back(make_int2(vertex(j), vertex(j + 1)));
    for (int j = 0; j < per; j += 7)
      edges.push_back(make_int2(vertex(j), vertex((j * 31 + 5) % per)));
  }
  const int m = (int)edges.size();
  std::vector<int> h_label(n);
  for (int v = 0; v < n; ++v)
    h_label[v] = v;

  int2 *d_edges;
  int *d_label, *d_changed;
  CUDA_CHECK(cudaMalloc(&d_edges, m * sizeof(int2)));
  CUDA_CHECK(cudaMalloc(&d_label, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_changed, sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d_edges, edges.data(), m * sizeof(int2), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_label, h_label.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  const EdgeList g{d_edges, m};
  const Labels L{d_label, d_changed, n};
  constexpr int BLOCK = 256;
  int changed = 1, launches = 0;
  while (changed && launches < 4 * per) {
    CUDA_CHECK(cudaMemset(d_changed, 0, sizeof(int)));
    hook_min_labels<BLOCK><<<40, BLOCK>>>(g, L);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpy(&changed, d_changed, sizeof(int), cudaMemcpyDeviceToHost));
    ++launches;
  }
  CUDA_CHECK(cudaMemcpy(h_label.data(), d_label, n * sizeof(int), cudaMemcpyDeviceToHost));

#ifndef E2E_RACE
  int roots = 0;
  for (int v = 0; v < n; ++v)
    roots += h_label[v] == v;
  printf("components %d converged %s\n", roots, changed ? "no" : "yes");
  e2e_print_ints(h_label.data(), n);
#endif
  CUDA_CHECK(cudaFree(d_edges));
  CUDA_CHECK(cudaFree(d_label));
  CUDA_CHECK(cudaFree(d_changed));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: in kernel hook_min_labels
// RACE-CHECK-NOT: not checked
// RACE-CHECK: ldcc: summary:
