// A __device__ function without barriers that stores through its pointer:
// put() fills a shared array, then each thread reads the element a warp
// ahead and stores it, again through put(), into a second shared array,
// read back after a barrier and stored to global memory through put() as
// well.  put's clone marks its stores into the warp's copy (pwr) and logs
// the global ones.  Racy twin (-DE2E_RACE): the barrier between the fill
// and the read is missing, so a warp reads an element another warp writes
// in the same region.
#include "e2e.h"

__device__ void put(int *p, int i, int v) { p[i] = v; }

__global__ void shift(const int *in, int *out) {
  __shared__ int a[256];
  __shared__ int b[256];
  int tid = threadIdx.x;
  put(a, tid, in[blockIdx.x * 256 + tid]);
#ifndef E2E_RACE
  __syncthreads();
#endif
  put(b, tid, a[(tid + 32) % 256] + 1);
  __syncthreads();
  put(out, blockIdx.x * 256 + tid, a[tid] * 2 + b[(tid + 1) % 256]);
}

int main() {
  const int blocks = 64, n = blocks * 256;
  static int h[64 * 256], out[64 * 256];
  for (int i = 0; i < n; i++)
    h[i] = (i * 37) % 101 + 1;
  int *d_in = e2e_to_device(h, n), *d_out;
  E2E_CHECK(cudaMalloc(&d_out, sizeof out));
  shift<<<blocks, 256>>>(d_in, d_out);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, d_out, n);
  long long sum = 0;
  for (int i = 0; i < n; i++)
    sum += out[i];
  printf("sum %lld hash %llx\n", sum, e2e_hash(out, sizeof out));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: read-write race on shared variable b[
// RACE-CHECK: in kernel shift
// RACE-CHECK: region: between kernel entry and devfn_store.cu:22
// RACE-CHECK: statements that write b there: devfn_store.cu:11
// RACE-CHECK: launched at devfn_store.cu:33
// RACE-CHECK: ldcc: summary:
// DET
