// Shared by the GPU end-to-end programs: error checking and a checksum.
// Every program prints its results on stdout (compared bit for bit with the
// nvcc build for *_norace.cu) and exits 0 unless a CUDA call failed, so a
// race report is what turns an ldcc build's status into 66.
#pragma once
#include <cstdio>
#include <cstdlib>

#define E2E_CHECK(call)                                                        \
  do {                                                                         \
    cudaError_t e2e_err_ = (call);                                             \
    if (e2e_err_ != cudaSuccess) {                                             \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                       \
              cudaGetErrorString(e2e_err_));                                   \
      exit(2);                                                                 \
    }                                                                          \
  } while (0)

// Order-dependent checksum of raw bytes: any difference in any element shows.
static inline unsigned long long e2e_hash(const void *p, size_t n) {
  const unsigned char *b = (const unsigned char *)p;
  unsigned long long h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++)
    h = (h ^ b[i]) * 1099511628211ull;
  return h;
}

template <typename T> static T *e2e_to_device(const T *h, size_t n) {
  T *d;
  E2E_CHECK(cudaMalloc(&d, n * sizeof(T)));
  E2E_CHECK(cudaMemcpy(d, h, n * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}

template <typename T> static void e2e_to_host(T *h, const T *d, size_t n) {
  E2E_CHECK(cudaDeviceSynchronize());
  E2E_CHECK(cudaMemcpy(h, d, n * sizeof(T), cudaMemcpyDeviceToHost));
}

// The line the int-array programs print: the sum, the first element and
// the checksum of n results (the same for the nvcc and the ldcc build).
static inline void e2e_print_ints(const int *out, int n) {
  long long total = 0;
  for (int i = 0; i < n; i++)
    total += out[i];
  printf("total %lld first %d hash %llx\n", total, out[0],
         e2e_hash(out, n * sizeof *out));
}
