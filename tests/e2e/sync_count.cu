// __syncthreads_count and __syncthreads_or used for control: each round
// halves the values; the loop ends when no thread has work left.  Their
// results must equal the native ones.  No racy twin.
#include "e2e.h"

__global__ void rounds(const int *in, int *out, int *nrounds) {
  __shared__ int v[256];
  int t = threadIdx.x;
  v[t] = in[blockIdx.x * 256 + t];
  int busy = __syncthreads_count(v[t] > 0);
  int r = 0;
  while (busy > 0) {
    int mine = v[t], next = v[(t + 1) % 256];
    __syncthreads();
    v[t] = mine / 2 + next % 3;
    r++;
    busy = __syncthreads_count(v[t] > 1);
    if (r > 64)
      break;
  }
  int any = __syncthreads_or(v[t] == 1);
  out[blockIdx.x * 256 + t] = v[t] + any;
  if (t == 0)
    nrounds[blockIdx.x] = r;
}

int main() {
  const int blocks = 32, n = blocks * 256;
  static int h[32 * 256], out[32 * 256], nr[32];
  for (int i = 0; i < n; i++)
    h[i] = (i * 7919) % 1000;
  int *din = e2e_to_device(h, n), *dout, *dnr;
  E2E_CHECK(cudaMalloc(&dout, sizeof out));
  E2E_CHECK(cudaMalloc(&dnr, sizeof nr));
  rounds<<<blocks, 256>>>(din, dout, dnr);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, dout, n);
  e2e_to_host(nr, dnr, blocks);
  printf("rounds %d %d hash %llx\n", nr[0], nr[31], e2e_hash(out, sizeof out));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// DET
