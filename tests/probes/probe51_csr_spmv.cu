// Sparse matrix-vector product y = A x with A in CSR, the "vector" kernel
// of the classic SpMV papers and libraries: a group of THREADS_PER_ROW
// lanes (here a whole warp) per row, each lane strides over the row's
// nonzeros, the partial sums are combined with a __shfl_down_sync tree and
// lane 0 stores y[row].  The matrix is a struct of device pointers passed
// by value; rows are visited with a grid-stride loop over warps.
// Racy twin (-DE2E_RACE): the `if (lane == 0)` guard on the store is gone,
// so all 32 lanes store y[row] together, each with its own partial sum
// (after a shfl_down tree only lane 0 holds the full sum; the others hold
// sums of fewer and fewer lanes): a write-write race between the lanes of
// one warp on global memory, with different values (rows have 4 to 44
// nonzeros, so the lanes' partial sums differ).
// Fixed: lane 0 alone stores; the sums are in a fixed order, so the
// result is the same on every run; prints y's checksum.
#include <vector>

#include "e2e.h"

#define CUDA_CHECK(call) E2E_CHECK(call)

template <typename ValueT, typename IndexT = int> struct CsrMatrix {
  const IndexT *row_offsets;    // num_rows + 1
  const IndexT *column_indices; // nnz
  const ValueT *values;         // nnz
  IndexT num_rows;
  IndexT num_cols;
  IndexT nnz;
};

template <typename T, int WIDTH>
__device__ __forceinline__ T segment_reduce_sum(T sum) {
#pragma unroll
  for (int offset = WIDTH / 2; offset > 0; offset >>= 1)
    sum += __shfl_down_sync(0xffffffffu, sum, offset, WIDTH);
  return sum;
}

template <typename T, int THREADS_PER_ROW, int ROWS_PER_BLOCK>
__global__ void __launch_bounds__(THREADS_PER_ROW *ROWS_PER_BLOCK)
    spmv_csr_vector(const CsrMatrix<T> A, const T *__restrict__ const x,
                    T *__restrict__ const y) {
  static_assert(THREADS_PER_ROW == 32, "one warp per row");
  const int thread_id = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & (THREADS_PER_ROW - 1);
  const int row_group = thread_id / THREADS_PER_ROW;
  const int num_groups = gridDim.x * ROWS_PER_BLOCK;

  for (int row = row_group; row < A.num_rows; row += num_groups) {
    const int row_start = __ldg(&A.row_offsets[row]);
    const int row_end = __ldg(&A.row_offsets[row + 1]);
    if (row_end < row_start && lane == 0) // corrupt matrix: never here
      printf("spmv: row %d has offsets %d..%d\n", row, row_start, row_end);

    T sum = T(0);
    for (int jj = row_start + lane; jj < row_end; jj += THREADS_PER_ROW)
      sum += A.values[jj] * __ldg(&x[A.column_indices[jj]]);

    sum = segment_reduce_sum<T, THREADS_PER_ROW>(sum);
#ifdef E2E_RACE
    y[row] = sum;
#else
    if (lane == 0)
      y[row] = sum;
#endif
  }
}

int main() {
  const int num_rows = 2048, num_cols = 1536;
  std::vector<int> row_offsets(num_rows + 1);
  row_offsets[0] = 0;
  for (int r = 0; r < num_rows; ++r)
    row_offsets[r + 1] = row_offsets[r] + 4 + (r * 37) % 41;
  const int nnz = row_offsets[num_rows];
  std::vector<int> cols(nnz);
  std::vector<float> vals(nnz), x(num_cols), y(num_rows);
  for (int r = 0; r < num_rows; ++r)
    for (int j = row_offsets[r]; j < row_offsets[r + 1]; ++j) {
      cols[j] = (r * 7 + (j - row_offsets[r]) * 131) % num_cols;
      vals[j] = (float)((j * 2654435761u) >> 27) * 0.125f - 1.5f;
    }
  for (int c = 0; c < num_cols; ++c)
    x[c] = (float)((c * 5) % 23) * 0.25f - 2.0f;

  int *d_offsets, *d_cols;
  float *d_vals, *d_x, *d_y;
  CUDA_CHECK(cudaMalloc(&d_offsets, (num_rows + 1) * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_cols, nnz * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_vals, nnz * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_x, num_cols * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_y, num_rows * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_offsets, row_offsets.data(), (num_rows + 1) * sizeof(int),
                        cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_cols, cols.data(), nnz * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_vals, vals.data(), nnz * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_x, x.data(), num_cols * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_y, 0, num_rows * sizeof(float)));

  CsrMatrix<float> A{d_offsets, d_cols, d_vals, num_rows, num_cols, nnz};
  constexpr int THREADS_PER_ROW = 32, ROWS_PER_BLOCK = 4;
  const int blocks = 128; // fewer warps than rows: the grid-stride loop runs
  spmv_csr_vector<float, THREADS_PER_ROW, ROWS_PER_BLOCK>
      <<<blocks, THREADS_PER_ROW * ROWS_PER_BLOCK>>>(A, d_x, d_y);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(y.data(), d_y, num_rows * sizeof(float), cudaMemcpyDeviceToHost));

#ifndef E2E_RACE
  printf("nnz %d y[0] %.9g y[last] %.9g hash %llx\n", nnz, y[0], y[num_rows - 1],
         e2e_hash(y.data(), num_rows * sizeof(float)));
#endif
  CUDA_CHECK(cudaFree(d_offsets));
  CUDA_CHECK(cudaFree(d_cols));
  CUDA_CHECK(cudaFree(d_vals));
  CUDA_CHECK(cudaFree(d_x));
  CUDA_CHECK(cudaFree(d_y));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: in kernel spmv_csr_vector
// RACE-CHECK-NOT: not checked
// RACE-CHECK: ldcc: summary:
