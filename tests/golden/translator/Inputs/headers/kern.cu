// A kernel in a .cu file that another one includes (header_include_cu.cu).
__global__ void add_one(int *p) {
  __shared__ int tmp[32];
  tmp[threadIdx.x] = p[threadIdx.x];
  __syncthreads();
  p[threadIdx.x] = tmp[blockDim.x - 1 - threadIdx.x] + 1;
}
