// A small kernel with a shared target and a barrier, for driver tests.
__global__ void reverse(int *a) {
  __shared__ int tile[64];
  int i = threadIdx.x;
  tile[i] = a[i];
  __syncthreads();
  a[i] = tile[63 - i];
}
