// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Pointers kept in variables of static storage (docs/global-check.md,
// "Pointers loaded from memory"): a `__device__` pointer and a `__constant__`
// struct of pointers; the direct one run claims their accesses by address
// (stores, loads, an atomic, an alias, a device function), the variables stay
// read. One compared is only looked at (session 43: it kept the reason
// before); one used as a value otherwise or stored keeps the reason; a replay kernel keeps
// them unseen, its inline checks leaving accesses through a `__shared__`
// pointer alone (nvcc rejected the nested wraps before).
// (tests/e2e/device_ptrs.cu runs both forms on the GPU.)
struct Params {
  float *out;
  const float *in;
  int *hist;
  int n;
};
__constant__ Params c_p;
__device__ float *d_buf;
__device__ float *d_rows;
__device__ int *d_flags;

__global__ void through_device_ptr(int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n)
    d_buf[i] = d_buf[i + 1] * 2.0f;
}

__device__ void bump(int b) { atomicAdd(&c_p.hist[b], 1); }

__global__ void through_constant() {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= c_p.n)
    return;
  c_p.out[i] = c_p.in[i] + 1.0f;
  bump((int)c_p.in[i] & 15);
}

__global__ void row_alias(int width) {
  float *row = d_rows + blockIdx.x * width;
  row[threadIdx.x] += 1.0f;
}

__global__ void compared(float *dst) {
  if (d_buf != dst)
    d_buf[threadIdx.x] = dst[threadIdx.x];
}

__global__ void used_as_value(float *dst) {
  d_buf[threadIdx.x] = (float)(d_buf - dst);
}

__global__ void stores_pointer(float *p) {
  d_buf = p;
  d_buf[threadIdx.x] = 0.0f;
}

__global__ void replayed(int n) {
  __shared__ int *sp;
  __shared__ int tile[64];
  if (threadIdx.x == 0)
    sp = d_flags;
  tile[threadIdx.x] = threadIdx.x;
  __syncthreads();
  sp[blockIdx.x * 64 + threadIdx.x] = tile[63 - threadIdx.x];
}

void run(float *dst) {
  through_device_ptr<<<4, 256>>>(1024);
  through_constant<<<4, 256>>>();
  row_alias<<<4, 64>>>(64);
  compared<<<1, 64>>>(dst);
  used_as_value<<<1, 64>>>(dst);
  stores_pointer<<<1, 64>>>(dst);
  replayed<<<4, 64>>>(256);
}

// PLAN: KERNEL name=through_device_ptr checked=yes at=25:17 global=yes units=warps writes= direct=yes atomics=0 loads=yes
// PLAN: KERNEL name=through_constant checked=yes at=33:17 global=yes units=warps writes= direct=yes atomics=0 loads=yes devfns=bump:1:1
// PLAN: KERNEL name=row_alias checked=yes at=41:17 global=yes units=warps writes= direct=yes atomics=0 loads=yes
// PLAN: KERNEL name=compared checked=yes at=46:17 global=yes units=warps writes= one_run=dst direct=yes atomics=0 loads=yes
// PLAN: KERNEL name=used_as_value checked=yes at=51:17 global=no global_reason="writes through the pointer in __device__ variable d_buf: a pointer read from a variable of static storage is used other than as the base of an access"
// PLAN: KERNEL name=stores_pointer checked=yes at=55:17 global=no global_reason="writes through the pointer in __device__ variable d_buf: p, which it writes through, is used other than as the base of an access"
// PLAN: KERNEL name=replayed checked=yes {{.*}}global_reason="writes through the pointer in __shared__ variable sp
// PLAN: TARGET kernel=through_device_ptr space=global name=d_buf at=21:19 written=no

// TEXT: __global__ void __ldcc_g_through_device_ptr(int n, __ldcc::global_info __ldcc_gi) {
// TEXT: __ldcc::gset(__ldcc_gi, -1, &(d_buf[i]), {{[0-9]+}}) = (*__ldcc::gget(__ldcc_gi, -1, &(d_buf[i + 1]), {{[0-9]+}})) * 2.0f;
// TEXT: __ldcc::gset(__ldcc_gi, -1, &(c_p.out[i]), {{[0-9]+}}) = (*__ldcc::gget(__ldcc_gi, -1, &(c_p.in[i]), {{[0-9]+}})) + 1.0f;
// TEXT: __global__ void __ldcc_g_row_alias(int width, __ldcc::global_info __ldcc_gi) {
// TEXT-NEXT: float *row = d_rows + blockIdx.x * width;
// TEXT-NEXT: __ldcc::gset(__ldcc_gi, -1, &(row[threadIdx.x]), {{[0-9]+}}) += 1.0f;
// TEXT: __global__ void __ldcc_g_compared(float *dst, __ldcc::global_info __ldcc_gi) {
// TEXT-NEXT: if (d_buf != dst)
// TEXT-NEXT: __ldcc::gset(__ldcc_gi, -1, &(d_buf[threadIdx.x]), {{[0-9]+}}) = (*__ldcc::gget(__ldcc_gi, 0, &(dst[threadIdx.x]), {{[0-9]+}}));
