// RUN: %ldcc-translate --coverage %s | FileCheck %s --check-prefix=COV
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Two forms of cuda-samples' tensor-core products (tf32TensorCoreGemm,
// bf16TensorCoreGemm, dmmaTensorCoreGemm), which nvcc rejected once
// translated, so that the driver built the whole file unchecked:
//  - a body inside `#if __CUDA_ARCH__ >= 800`: the parser sees the device
//    side, nvcc's host pass none of it, so the replay clone's exit jumped
//    to labels the host pass never saw ("label __ldcc_L1 was referenced
//    but not defined").  The clone's body is now inside `#ifdef
//    __CUDA_ARCH__` when the kernel's tests __CUDA_ARCH__ (replay_emit.c
//    edit_body): the host needs no kernel body.
//  - a two-dimensional `extern __shared__ float shmem[][ROW];`: its
//    references became `((float[72] *)__ldcc_c.ext)`, which is not C++;
//    now `((__ldcc::ptr_t<float[72]>)__ldcc_c.ext)`, a `float (*)[72]`.
#define ROW 72

// COV: KERNEL name=staged_rows {{.*}}coverage=full shared=yes global=yes
// TEXT-LABEL: __ldcc_staged_rows(
// TEXT: {{^}}#ifdef __CUDA_ARCH__
// TEXT: ((__ldcc::ptr_t<float[72]>)(__ldcc_c.rd = 1, __ldcc_c.ext))[threadIdx.y]
// TEXT: __ldcc_L1:;
// TEXT: __ldcc::finish(__ldcc_c, __ldcc_bs);
// TEXT: {{^}}#endif
__global__ void staged_rows(const float *in, float *out) {
#if __CUDA_ARCH__ >= 800
  extern __shared__ float shmem[][ROW];
  float *row = &shmem[threadIdx.y][0];
  row[threadIdx.x] = in[threadIdx.y * ROW + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * ROW + threadIdx.x] =
      shmem[(threadIdx.y + 1) % blockDim.y][threadIdx.x];
#endif
}

// A kernel that does not test __CUDA_ARCH__ keeps its body as it was.
// TEXT-LABEL: __ldcc_plain_rows(
// TEXT-NOT: #ifdef __CUDA_ARCH__
// TEXT: __ldcc::finish(__ldcc_c, __ldcc_bs);
__global__ void plain_rows(const float *in, float *out) {
  __shared__ float rows[4][ROW];
  rows[threadIdx.y][threadIdx.x] = in[threadIdx.y * ROW + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * ROW + threadIdx.x] =
      rows[(threadIdx.y + 1) % 4][threadIdx.x];
}

void run(const float *in, float *out) {
  staged_rows<<<1, dim3(ROW, 4), 4 * ROW * sizeof(float)>>>(in, out);
  plain_rows<<<1, dim3(ROW, 4)>>>(in, out);
}
