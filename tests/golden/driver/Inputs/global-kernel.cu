// A program whose only kernel is checked across blocks (no shared memory):
// its launch goes through __ldcc::launch_global.
__global__ void scale(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] *= 2.0f;
}

int main() {
  float *a;
  cudaMalloc(&a, 256 * sizeof(float));
  scale<<<2, 128>>>(a, 256);
  cudaDeviceSynchronize();
  cudaFree(a);
  return 0;
}
