// A header that insists on being included (as some libraries' internal
// headers do): pasted into the including file, __INCLUDE_LEVEL__ is 0 there
// and the #error fires, so the translator cannot paste it.
#if __INCLUDE_LEVEL__ == 0
#error "counted.cuh must be included"
#endif
__global__ void counted_kernel(int *out) { out[threadIdx.x] = 1; }
