// A race whose values do not show (docs/shared-replay.md, "Reads seen"):
// see minplus_rows.cuh.  The later rows of B are heavier than the first
// ones, so a warp that reads the next slab's row instead of this one's
// keeps its minimum: the two-pass replay's values agree, and only the
// reads the replay marks show the race.
#include "e2e.h"
#include "minplus_rows.cuh"

int main() {
  const int n = 128;
  static int ha[128 * 128], hb[128 * 128], hc[128 * 128];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      ha[i * n + j] = (int)((unsigned)(i * 7 + j * 13) % 5u);
      hb[i * n + j] = 1 + 1000 * (i / 32) + (int)((unsigned)(i * 31 + j) % 17u);
      hc[i * n + j] = i == j ? 0 : 1 << 20;
    }
  int *da = e2e_to_device(ha, (size_t)n * n);
  int *db = e2e_to_device(hb, (size_t)n * n);
  int *dc = e2e_to_device(hc, (size_t)n * n);
  E2E_CHECK(apsp::relax(da, db, dc, n));
  e2e_to_host(hc, dc, (size_t)n * n);
  e2e_print_ints(hc, n * n);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// clang-format off
// NOPROOF
// RACE-CHECK: ldcc: read-write race on shared variable slab[
// RACE-CHECK: in kernel minplus_rows
// RACE-CHECK: read it while warp
// RACE-CHECK: launched at minplus_rows.cuh:
// RACE-CHECK-NOT: not checked
// RACE-CHECK: ldcc: summary:
// clang-format on
