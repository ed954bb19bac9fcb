// A block-level sum reduction with a classic bug: the barrier inside the
// tree loop is missing, so a warp can read a partial sum that another warp
// has not written yet.  `make demo` builds this with ldcc.
//
// Build: ldcc -O2 -arch=sm_90 -o reduce reduce.cu      (racy)
//        ldcc -O2 -arch=sm_90 -DFIXED -o reduce reduce.cu (fixed)
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                       \
              cudaGetErrorString(err_));                                       \
      return 1;                                                                \
    }                                                                          \
  } while (0)

template <int BLOCK>
__global__ void block_sum(const int *in, int *out, int n) {
  __shared__ int partial[BLOCK];
  int tid = threadIdx.x;
  int i = blockIdx.x * BLOCK + tid;

  partial[tid] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = BLOCK / 2; stride > 0; stride /= 2) {
    if (tid < stride)
      partial[tid] += partial[tid + stride];
#ifdef FIXED
    __syncthreads();
#endif
  }
  if (tid == 0)
    out[blockIdx.x] = partial[0];
}

int main() {
  const int n = 1 << 20, block = 256, blocks = n / block;
  std::vector<int> in(n), out(blocks);
  long long expect = 0, got = 0;

  for (int i = 0; i < n; i++) {
    in[i] = (i * 7) % 13 - 6;
    expect += in[i];
  }
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, blocks * sizeof(int)));
  CHECK(cudaMemcpy(d_in, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  block_sum<block><<<blocks, block>>>(d_in, d_out, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(out.data(), d_out, blocks * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; b++)
    got += out[b];
  printf("sum = %lld (expected %lld): %s\n", got, expect, got == expect ? "ok" : "WRONG");
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return got == expect ? 0 : 1;
}
