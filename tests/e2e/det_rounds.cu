// A deterministic launch whose copies do not fit at once runs in rounds
// (docs/deterministic-global.md): 256 blocks each replace their 256 ints by
// a mix of their own and the next block's, in place in the racy form.
// With LDCC_OPTIONS=copy_memory_mb=1 only two copies of the 256 KiB array
// fit next to the merged result, so the launch takes 128 rounds of two
// units; every unit still reads the array as it was when the launch
// started, so every run prints the same hash (the nvcc build's vary).
#include "e2e.h"

#define NBLOCKS 256
#define THREADS 256
#define N (NBLOCKS * THREADS)

__global__ void mix(const int *in, int *out) {
  __shared__ int row[THREADS];
  unsigned b = blockIdx.x, t = threadIdx.x;
  /* Uneven work, so blocks of the nvcc build overlap differently. */
  unsigned steps = (b * 2654435761u >> 20) & 0xfff, x = b ^ t;
  for (unsigned k = 0; k < steps; k++)
    x = x * 1664525u + 1013904223u;
  row[t] = in[((b + 1) % NBLOCKS) * THREADS + t];
  __syncthreads();
  out[b * THREADS + t] = in[b * THREADS + t] * 3 + row[THREADS - 1 - t] +
                         (int)(x & 1);
}

int main() {
  static int h[N];
  for (int i = 0; i < N; i++)
    h[i] = (int)((i * 2654435761u) >> 12);
  int *da = e2e_to_device(h, N);
#ifdef E2E_RACE
  int *dout = da; /* in place: a block may read what the next one wrote */
#else
  int *dout;
  E2E_CHECK(cudaMalloc(&dout, sizeof h));
#endif
  mix<<<NBLOCKS, THREADS>>>(da, dout);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, dout, N);
  printf("mixed hash %llx\n", e2e_hash(h, sizeof h));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// DET
// DET-ENV: LDCC_OPTIONS=copy_memory_mb=1:verbosity=1
// DET-CHECK: mixed hash
// DET-CHECK: run deterministically across blocks: 256 units, 2 copies of 1 allocations
// DET-CHECK: 128 rounds
// DET-CHECK-NOT: not deterministic
