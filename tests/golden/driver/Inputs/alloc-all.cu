// Calls every allocation function ldcc wraps, with void ** so no template
// overload stands between main and the call (tests/golden/driver/wrap.test).
#include <cstdio>

__device__ int dev_counter[4];
__managed__ int managed_flag; // registered, so wrapped, even unused
__constant__ int table[2];

__global__ void touch(int *p) {
  p[threadIdx.x] = dev_counter[threadIdx.x] + table[0];
}

int main() {
  void *a, *m, *pi, *as, *pa, *h, *ha;
  size_t pitch;
  cudaPitchedPtr p3;
  cudaMemPool_t pool;
  cudaStream_t s;

  cudaMalloc(&a, 16);
  cudaMallocManaged(&m, 64, cudaMemAttachGlobal);
  cudaMallocPitch(&pi, &pitch, 100, 4);
  cudaMalloc3D(&p3, make_cudaExtent(64, 4, 2));
  cudaStreamCreate(&s);
  cudaMallocAsync(&as, 64, s);
  cudaDeviceGetDefaultMemPool(&pool, 0);
  cudaMallocFromPoolAsync(&pa, 64, pool, s);
  cudaMallocHost(&h, 64);
  cudaHostAlloc(&ha, 64, cudaHostAllocMapped);
  static char locked[4096];
  cudaHostRegister(locked, sizeof locked, cudaHostRegisterMapped);
  touch<<<1, 4, 0, s>>>((int *)a);
  cudaFreeAsync(as, s);
  cudaFreeAsync(pa, s);
  cudaStreamSynchronize(s);
  cudaFree(p3.ptr);
  cudaFree(pi);
  cudaFree(m);
  cudaFree(a);
  cudaFreeHost(ha);
  cudaFreeHost(h);
  cudaHostUnregister(locked);
  printf("%s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
