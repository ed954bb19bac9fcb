// Input of deterministic.test: a kernel the mode orders (shared and global
// memory), one it orders in shared memory only (its global atomic and store
// stay direct: with the atomic alone it would be ordered, docs/
// deterministic.md) and one it cannot order (an atomic whose result is
// used: a lock).
#define N 256

__global__ void ordered(const int *in, int *out) {
  __shared__ int s[N];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x + 1) % N];
}

__global__ void bins(const int *in, unsigned *out) {
  __shared__ unsigned b[N];
  b[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&b[in[threadIdx.x] % N], 1u);
  __syncthreads();
  atomicAdd(&out[threadIdx.x], b[threadIdx.x]);
  out[N + threadIdx.x] = b[0];
}

__device__ int lock;
__device__ int total;

// A spin lock: the order in which blocks take it is the order of their
// atomicCAS, which no copy can fix.
__global__ void
spin_lock(int *out) {
  __shared__ int mine;
  mine = threadIdx.x;
  if (threadIdx.x == 0) {
    while (atomicCAS(&lock, 0, 1) != 0)
      ;
    total += mine;
    out[blockIdx.x] = total;
    atomicExch(&lock, 0);
  }
}
