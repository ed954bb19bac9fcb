// Malformed CUDA: nvcc's own diagnostics must be what the user sees.
__global__ void k(int *a) {
  a[0] = undefined_thing;
}
