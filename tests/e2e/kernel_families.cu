// Kernels that share a name, as public code writes them (HeCBench's
// fma-cuda specializes its template kernel for float with a vectorised
// body; gd-cuda overloads `update` with and without a norm): each launch
// runs the checked clone of the kernel its call resolves to.  Before, all
// of them ran unchecked ("template kernel with an explicit
// specialization", "another kernel of the file has its name").
// Racy twin (-DE2E_RACE): the float specialization reads its neighbour's
// tile element without the barrier (a shared-memory race racecheck sees
// too; the replay finds it through the store of the value read), and the overload with a norm has every block store its own value
// to norm[0] (a write-write race across blocks).  The template's other
// instances and the other overload are race-free in both twins.
#include "e2e.h"

template <typename T> __global__ void smooth(const T *in, T *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i] + (i + 1 < n ? in[i + 1] : T(0));
}

template <>
__global__ void smooth<float>(const float *in, float *out, int n) {
  __shared__ float tile[128];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? in[i] : 0.0f;
#ifndef E2E_RACE
  __syncthreads();
#endif
  float right = threadIdx.x + 1 < blockDim.x ? tile[threadIdx.x + 1]
                                             : (i + 1 < n ? in[i + 1] : 0.0f);
  if (i < n)
    out[i] = tile[threadIdx.x] + right;
}

__global__ void update(float *x, const float *g, float *norm, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] -= 0.5f * g[i];
  if (threadIdx.x == 0)
#ifdef E2E_RACE
    norm[0] = x[blockIdx.x * blockDim.x];
#else
    norm[blockIdx.x] = x[blockIdx.x * blockDim.x];
#endif
}

__global__ void update(float *x, const float *g, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] -= 0.25f * g[i];
}

int main() {
  const int n = 1024, blocks = n / 128;
  static float hf[1024], of[1024], norm[8];
  static int hi[1024], oi[1024];
  for (int i = 0; i < n; i++) {
    hf[i] = (float)((i * 37) % 101) * 0.5f;
    hi[i] = (i * 53) % 97;
  }
  float *df = e2e_to_device(hf, n), *dof, *dg = e2e_to_device(hf, n), *dn;
  int *di = e2e_to_device(hi, n), *doi;
  E2E_CHECK(cudaMalloc(&dof, n * sizeof(float)));
  E2E_CHECK(cudaMalloc(&doi, n * sizeof(int)));
  E2E_CHECK(cudaMalloc(&dn, blocks * sizeof(float)));
  E2E_CHECK(cudaMemset(dn, 0, blocks * sizeof(float)));
  smooth<<<blocks, 128>>>(df, dof, n); // deduced: the float specialization
  E2E_CHECK(cudaGetLastError());
  smooth<int><<<blocks, 128>>>(di, doi, n);
  E2E_CHECK(cudaGetLastError());
  update<<<blocks, 128>>>(df, dg, dn, n);
  E2E_CHECK(cudaGetLastError());
  update<<<blocks, 128>>>(df, dg, n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(of, dof, n);
  e2e_to_host(oi, doi, n);
  e2e_to_host(hf, df, n);
  e2e_to_host(norm, dn, blocks);
  printf("smooth float %llx int %llx update %llx norm %llx\n",
         e2e_hash(of, sizeof of), e2e_hash(oi, sizeof oi),
         e2e_hash(hf, sizeof hf), e2e_hash(norm, sizeof norm));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: read-write race through a global store in kernel smooth
// RACE-CHECK: ldcc: write-write race on global memory norm[0] in kernel update
// RACE-CHECK: ldcc: summary:
// RACE-CHECK: 4 checked launches
// RACE-CHECK-NOT: not checked
// RACE-CHECK-NOT: smooth__
