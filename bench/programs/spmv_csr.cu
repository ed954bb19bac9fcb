/* Sparse matrix times vector, CSR, one warp per row: the lanes stride
 * through the row's entries and combine their sums with warp shuffles.
 * Rows hold 8 to 24 entries within a band around the diagonal; values and
 * x are small integers, so y is exact.  Global memory only.  No racy twin. */
#include "bench_common.h"

#define BLOCK 256

static const int ROWS = 1 << 21; /* a multiple of BLOCK / 32 */

__global__ void spmv_csr(const int *rowptr, const int *col, const float *val,
                         const float *x, float *y, int rows) {
  int row = (blockIdx.x * BLOCK + threadIdx.x) / 32, lane = threadIdx.x % 32;
  if (row >= rows) /* the same for the whole warp */
    return;
  float sum = 0.0f;
  for (int k = rowptr[row] + lane; k < rowptr[row + 1]; k += 32)
    sum += val[k] * x[col[k]];
  for (int offset = 16; offset > 0; offset >>= 1)
    sum += __shfl_down_sync(0xffffffffu, sum, offset);
  if (lane == 0)
    y[row] = sum;
}

int main(int argc, char **argv) {
  bench_opts o = bench_parse(argc, argv);
  bench_csr m = bench_random_csr(ROWS, 8, 24, 4096, 20);
  std::vector<float> val = bench_random<float>(m.col.size(), 21, -4, 4);
  std::vector<float> x = bench_random<float>(ROWS, 22, 0, 15);
  int *drowptr = bench_upload(m.rowptr), *dcol = bench_upload(m.col);
  float *dval = bench_upload(val), *dx = bench_upload(x);
  float *dy = bench_alloc<float>(ROWS);

  int blocks = ROWS / (BLOCK / 32);
  bench_times t = bench_time(
      o,
      [&] { spmv_csr<<<blocks, BLOCK>>>(drowptr, dcol, dval, dx, dy, ROWS); },
      bench_no_reset);

  std::vector<float> y = bench_download(dy, ROWS);
  bench_check chk = {0};
  for (int r = 0; r < ROWS; r++) {
    float want = 0.0f;
    for (int k = m.rowptr[r]; k < m.rowptr[r + 1]; k++)
      want += val[k] * x[m.col[k]];
    bench_expect(&chk, "y", r, y[r], want);
  }
  bench_free({drowptr, dcol, dval, dx, dy});
  return bench_finish(t, &chk);
}
