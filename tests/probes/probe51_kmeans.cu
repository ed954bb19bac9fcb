// Lloyd's k-means on integer (fixed-point) points, as GPU k-means codes
// write it: kmeans_assign caches the centroids in shared memory, assigns
// each point (grid-stride loop) to its nearest centroid and adds the point
// to its centroid's coordinate sums and count in global memory;
// kmeans_update divides and clears the sums.  The state is a struct of
// device pointers passed by value; the host runs a fixed number of rounds.
// Racy twin (-DE2E_RACE): the coordinate sums are accumulated with a plain
// `sums[c * DIM + d] += p[d]` instead of atomicAdd: a read-modify-write
// race on global memory between the threads of all blocks (and the lanes
// of one warp) that pick the same centroid; updates are lost, so the sums
// that later threads read and write differ from the fixed build's.
// Fixed: 64-bit integer atomicAdd, exact in any order; prints the
// centroids and a checksum of the assignments.
#include <cooperative_groups.h>
#include <vector>

#include "e2e.h"

namespace cg = cooperative_groups;

#define CUDA_CHECK(call) E2E_CHECK(call)

template <int DIM> struct KMeansState {
  const int *points;              // n x DIM, fixed point
  int *centroids;                 // k x DIM
  unsigned long long *sums;       // k x DIM
  unsigned int *counts;           // k
  int *assignment;                // n
  int n;
  int k;
};

template <int DIM>
__device__ __forceinline__ long long squared_distance(const int *__restrict__ p,
                                                      const int *__restrict__ c) {
  long long d2 = 0;
#pragma unroll
  for (int d = 0; d < DIM; ++d) {
    const long long diff = (long long)p[d] - c[d];
    d2 += diff * diff;
  }
  return d2;
}

template <int DIM, int MAX_K, int BLOCK>
__global__ void __launch_bounds__(BLOCK) kmeans_assign(const KMeansState<DIM> s) {
  __shared__ int s_centroids[MAX_K * DIM];
  cg::thread_block block = cg::this_thread_block();
  for (int i = threadIdx.x; i < s.k * DIM; i += BLOCK)
    s_centroids[i] = s.centroids[i];
  block.sync();

  for (int i = blockIdx.x * BLOCK + threadIdx.x; i < s.n; i += gridDim.x * BLOCK) {
    int p[DIM];
#pragma unroll
    for (int d = 0; d < DIM; ++d)
      p[d] = s.points[i * DIM + d];

    int best = 0;
    long long best_d2 = squared_distance<DIM>(p, &s_centroids[0]);
    for (int c = 1; c < s.k; ++c) {
      const long long d2 = squared_distance<DIM>(p, &s_centroids[c * DIM]);
      if (d2 < best_d2) {
        best_d2 = d2;
        best = c;
      }
    }
    s.assignment[i] = best;
#pragma unroll
    for (int d = 0; d < DIM; ++d) {
#ifdef E2E_RACE
      s.sums[best * DIM + d] += (unsigned long long)p[d];
#else
      atomicAdd(&s.sums[best * DIM + d], (unsigned long long)p[d]);
#endif
    }
    atomicAdd(&s.counts[best], 1u);
  }
}

template <int DIM>
__global__ void kmeans_update(const KMeansState<DIM> s) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= s.k)
    return;
  const unsigned int cnt = s.counts[c];
  for (int d = 0; d < DIM; ++d) {
    if (cnt > 0)
      s.centroids[c * DIM + d] = (int)(s.sums[c * DIM + d] / cnt);
    s.sums[c * DIM + d] = 0ull;
  }
  if (cnt == 0 && c == 0 && s.n < 0) // debugging aid, never taken
    printf("kmeans: empty cluster %d\n", c);
  s.counts[c] = 0u;
}

int main() {
  constexpr int DIM = 4, MAX_K = 32, BLOCK = 256;
  const int n = 16384, k = 12, rounds = 6;

  // Points around k blobs, coordinates in [0, 65536).
  std::vector<int> h_points(n * DIM), h_centroids(k * DIM), h_assign(n);
  for (int i = 0; i < n; ++i) {
    const int blob = (int)((i * 2654435761u) >> 16) % k;
    for (int d = 0; d < DIM; ++d) {
      const unsigned h = (unsigned)(i * 40503u + d * 977u) * 2246822519u;
      h_points[i * DIM + d] = 4000 + blob * 4500 + d * 300 + (int)(h >> 20) % 3000;
    }
  }
  for (int c = 0; c < k; ++c) // k points spread over the input as the seeds
    for (int d = 0; d < DIM; ++d)
      h_centroids[c * DIM + d] = h_points[c * 977 % n * DIM + d];

  KMeansState<DIM> s{};
  int *d_points, *d_centroids, *d_assign;
  unsigned long long *d_sums;
  unsigned int *d_counts;
  CUDA_CHECK(cudaMalloc(&d_points, n * DIM * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_centroids, k * DIM * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_sums, k * DIM * sizeof(unsigned long long)));
  CUDA_CHECK(cudaMalloc(&d_counts, k * sizeof(unsigned int)));
  CUDA_CHECK(cudaMalloc(&d_assign, n * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d_points, h_points.data(), n * DIM * sizeof(int),
                        cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_centroids, h_centroids.data(), k * DIM * sizeof(int),
                        cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_sums, 0, k * DIM * sizeof(unsigned long long)));
  CUDA_CHECK(cudaMemset(d_counts, 0, k * sizeof(unsigned int)));
  s.points = d_points;
  s.centroids = d_centroids;
  s.sums = d_sums;
  s.counts = d_counts;
  s.assignment = d_assign;
  s.n = n;
  s.k = k;

  for (int r = 0; r < rounds; ++r) {
    kmeans_assign<DIM, MAX_K, BLOCK><<<32, BLOCK>>>(s);
    CUDA_CHECK(cudaGetLastError());
    kmeans_update<DIM><<<1, 32>>>(s);
    CUDA_CHECK(cudaGetLastError());
  }
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_centroids.data(), d_centroids, k * DIM * sizeof(int),
                        cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(h_assign.data(), d_assign, n * sizeof(int),
                        cudaMemcpyDeviceToHost));

#ifndef E2E_RACE
  for (int c = 0; c < k; ++c)
    printf("centroid %2d: %d %d %d %d\n", c, h_centroids[c * DIM + 0],
           h_centroids[c * DIM + 1], h_centroids[c * DIM + 2],
           h_centroids[c * DIM + 3]);
  e2e_print_ints(h_assign.data(), n);
#endif
  CUDA_CHECK(cudaFree(d_points));
  CUDA_CHECK(cudaFree(d_centroids));
  CUDA_CHECK(cudaFree(d_sums));
  CUDA_CHECK(cudaFree(d_counts));
  CUDA_CHECK(cudaFree(d_assign));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: in kernel kmeans_assign
// RACE-CHECK-NOT: not checked
// RACE-CHECK: ldcc: summary:
