// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate --coverage %s | FileCheck %s --check-prefix=COV
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Parameters whose type is a macro (`Real *__restrict__ u` with `#define
// Real double`, HeCBench's lid-driven-cavity and laplace, the dslash
// kernels) and a file-scope `const Real c = 1.7;` between the macro and the
// kernel.  The parameter's extent starts at the macro's definition, and the
// search for a default argument's `=` read the tokens from there: it found
// the constant's `=` and cut the text from it to the parameter, so every
// clone's edits overlapped ("constructs the clone cannot combine", 15
// kernels of the census unchecked).  The `=` is now looked for from the
// parameter's name on; a real default of a macro-typed parameter is still
// cut.
#define NUM 64
#define Real double
#define ZERO 0.0
#define ONE 1.0

const Real omega = 1.7;
const Real mix_param = 0.9;

#define u(I, J) u[((I) * ((NUM) + 2)) + (J)]
#define v(I, J) v[((I) * ((NUM) + 2)) + (J)]

__global__ void set_bcs(Real *__restrict__ u, Real *__restrict__ v) {
  int ind = (blockIdx.x * blockDim.x) + threadIdx.x + 1;
  u(0, ind) = ZERO;
  v(0, ind) = -v(1, ind);
  u(NUM, ind) = ZERO;
}

__global__ void relax(const Real dt, const Real *__restrict__ u,
                      Real *__restrict__ v, Real scale = ONE) {
  int row = blockIdx.x + 1, col = threadIdx.x + 1;
  v(row, col) = scale * (u(row, col) + dt * omega * mix_param);
}

int main() {
  Real *u, *v;
  cudaMalloc(&u, (NUM + 2) * (NUM + 2) * sizeof(Real));
  cudaMalloc(&v, (NUM + 2) * (NUM + 2) * sizeof(Real));
  set_bcs<<<NUM / 32, 32>>>(u, v);
  relax<<<NUM, NUM>>>(0.5, u, v);
  return 0;
}

// PLAN: KERNEL name=set_bcs checked=yes at=27:17 global=yes units=warps writes=u,v
// PLAN: KERNEL name=relax checked=yes at=34:17 global=yes units=warps writes=v

// COV: KERNEL name=set_bcs at=27 coverage=full shared=- global=yes warp=-
// COV: KERNEL name=relax at=34 coverage=full shared=- global=yes warp=-
// COV: SUMMARY files=1 parsed=1 kernels=2 full=2 partly=0 none=0 unseen=0

// The constants keep their initialisers; the clones keep the macro-typed
// parameters and cut only relax's real default.
// TEXT: const Real omega = 1.7;
// TEXT: const Real mix_param = 0.9;
// TEXT: __global__ void __ldcc_g_set_bcs(Real *__restrict__ u, Real *__restrict__ v, __ldcc::global_info __ldcc_gi) {
// TEXT: __global__ void __ldcc_g_relax(const Real dt, const Real *__restrict__ u,
// TEXT-NEXT: Real *__restrict__ v, Real scale, __ldcc::global_info __ldcc_gi) {
// The launches pass what the declaration gives: relax's default, nothing
// for set_bcs.
// TEXT: __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a...); }, u, v);
// TEXT: __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a...); }, 0.5, u, v, ONE);
