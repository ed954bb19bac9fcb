// RUN: %ldcc-translate %s -o %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Kernels inside namespaces are registered for launches that bypass
// __ldcc::launch (a function pointer, another file's cudaLaunchKernel) by
// their qualified names (ld_kernel.scope): nested namespaces, an anonymous
// namespace (its kernels named as its parent's), `extern "C"`.  Before,
// any `namespace` before a kernel's definition left it unregistered, and
// its launches through pointers ran unchecked.
namespace solver {
namespace kernels {
__global__ void relax(int *out, int *flag) {
  out[blockIdx.x * blockDim.x + threadIdx.x] += 1;
  flag[blockIdx.x] = 1;
}
} // namespace kernels
__global__ void init(int *out) { out[threadIdx.x] = 0; }
} // namespace solver

namespace {
__global__ void finish(int *out) { out[threadIdx.x] += 2; }
} // namespace

extern "C" __global__ void plain_c(int *out) { out[threadIdx.x] = 3; }

typedef void (*step_fn)(int *, int *);
static const step_fn relax_step = solver::kernels::relax;

int main() {
  int *p = 0;
  relax_step<<<4, 32>>>(p, p);
  return 0;
}

// TEXT: /* ldcc: the file's kernels, for launches that bypass __ldcc::launch */
// TEXT: __ldcc::registration {{.*}}((const void *)solver::kernels::relax, __ldcc__rl_{{[0-9]+}}, "relax", __LDCC_REG_CHECKED);
// TEXT: __ldcc::registration {{.*}}((const void *)solver::init, __ldcc__rl_{{[0-9]+}}, "init", __LDCC_REG_CHECKED);
// TEXT: __ldcc::registration {{.*}}((const void *)finish, __ldcc__rl_{{[0-9]+}}, "finish", __LDCC_REG_CHECKED);
// TEXT: __ldcc::registration {{.*}}((const void *)plain_c, __ldcc__rl_{{[0-9]+}}, "plain_c", __LDCC_REG_CHECKED);
