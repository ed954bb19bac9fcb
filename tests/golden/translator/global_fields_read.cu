// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// A by-value class parameter whose pointers the kernel only reads (a BFS
// level's `Graph g`: `g.row[u]`, `g.col[e]`) is marked
// __LDCC_GP_FIELDS_READ (32) beside __LDCC_GP_FIELDS (8): the runtime
// then counts its pointers as no written memory, so the launch can take
// the one run, whose claims and lanes' check see the queue's `(*qsize)++`
// (global_facts.c fields_only_read).  Before, every such pointer was
// written and the launch ran on copies, where lanes are not checked.  Any
// use that may write -- a store or update through a pointer member, its
// address taken, the pointer copied or computed with, the class handed to
// a function -- keeps the pointers written.
struct Graph {
  int *row, *col;
  int n;
};

__global__ void bfs_level(Graph g, int *dist, const int *frontier, int fsize,
                          int *next, int *qsize, int level) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= fsize)
    return;
  int u = frontier[idx];
  for (int e = g.row[u]; e < g.row[u + 1]; ++e) {
    int v = g.col[e];
    if (dist[v] == -1) {
      dist[v] = level + 1;
      next[(*qsize)++] = v;
    }
  }
}

__device__ void relabel(Graph g, int i) { g.col[i] = -g.col[i]; }

__global__ void stores(Graph g) { g.col[threadIdx.x] += 1; }
__global__ void copies(Graph g) {
  int *c = g.col;
  c[threadIdx.x] = 0;
}
__global__ void hands_on(Graph g) { relabel(g, threadIdx.x); }
__global__ void computes(Graph g) { *(g.col + threadIdx.x) = 0; }

int main() {
  Graph g = {0, 0, 0};
  int *d = 0;
  bfs_level<<<1, 32>>>(g, d, d, 1, d, d, 0);
  stores<<<1, 32>>>(g);
  copies<<<1, 32>>>(g);
  hands_on<<<1, 32>>>(g);
  computes<<<1, 32>>>(g);
  return 0;
}

// TEXT: static const unsigned char __ldcc_f0[] = {40, 7, 5, 0, 7, 7, 0};
// TEXT: static const unsigned char __ldcc_f1[] = {8};
// TEXT: static const unsigned char __ldcc_f2[] = {8};
// TEXT: static const unsigned char __ldcc_f3[] = {8};
// TEXT: static const unsigned char __ldcc_f4[] = {8};
