// Connected components by label propagation, written the way graph codes
// (ECL's, Indigo's) publish values between threads of a launch: each
// thread owns some nodes, reads its neighbours' labels and stores its own
// through a `volatile int *`, and the host relaunches until no label
// changed.  Volatile accesses are relaxed accesses of system scope in the
// PTX memory model: two units' volatile accesses of one word are no race.
// Before session 39 the check across blocks claimed them as plain accesses
// and reported "read-write race on global memory lab[...]" on this
// race-free kernel (HeCBench's ECL-GC was reported so); now the direct one
// run takes the kernel and claims them as relaxed atomics.  The result is
// the same whatever the order (each label only falls, to the component's
// least node).
// Racy twin (-DE2E_RACE): the neighbours' labels are read through a plain
// pointer to the same memory, a plain read of words other units store
// while the launch runs: reported (LDCC_OPTIONS atomic_reads, on by
// default).
#include "e2e.h"

__global__ void propagate(const int *__restrict__ row, const int *__restrict__ col,
                          volatile int *lab, int *changed, int n) {
#ifdef E2E_RACE
  const int *seen = (const int *)lab;
#else
  volatile int *seen = lab;
#endif
  for (int v = blockIdx.x * blockDim.x + threadIdx.x; v < n;
       v += gridDim.x * blockDim.x) {
    int m = lab[v];
    for (int e = row[v]; e < row[v + 1]; e++) {
      int l = seen[col[e]];
      m = l < m ? l : m;
    }
    if (m < lab[v]) {
      lab[v] = m;
      atomicOr(changed, 1);
    }
  }
}

int main() {
  const int n = 2048, deg = 2;
  static int row[2048 + 1], col[2048 * 2], lab[2048];
  // 32 chains of 64 nodes: node v links to v-32 and v+32, so a node's
  // neighbours belong to other warps.  (Lanes of one warp that read and
  // store one word through a volatile pointer with no __syncwarp between
  // are what the inline intra-warp checks report: warp-synchronous code
  // written for lockstep warps, docs/inline-checks.md.)
  for (int v = 0; v < n; v++) {
    row[v] = v * deg;
    col[v * deg] = v >= 32 ? v - 32 : v;
    col[v * deg + 1] = v + 32 < n ? v + 32 : v;
    lab[v] = (v * 2654435761u) % 100003;
  }
  row[n] = n * deg;
  int *drow = e2e_to_device(row, n + 1), *dcol = e2e_to_device(col, n * deg);
  int *dlab = e2e_to_device(lab, n), *dchanged;
  E2E_CHECK(cudaMalloc(&dchanged, sizeof(int)));
  int rounds = 0, changed = 1;
  while (changed && rounds < 200) {
    E2E_CHECK(cudaMemset(dchanged, 0, sizeof(int)));
    propagate<<<16, 128>>>(drow, dcol, dlab, dchanged, n);
    E2E_CHECK(cudaGetLastError());
    e2e_to_host(&changed, dchanged, 1);
    rounds++;
  }
  e2e_to_host(lab, dlab, n);
  printf("converged %d\n", changed == 0);
  e2e_print_ints(lab, n);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: on global memory lab[
// RACE-CHECK: in kernel propagate
// RACE-CHECK: ldcc: summary:
