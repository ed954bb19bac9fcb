// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Default arguments (docs/translator.md, "Default arguments"): the clones
// cut the `= e` of the definition's parameters (they take parameters after
// them), and each rewritten launch passes the arguments it left out,
// written out from the declaration that gives them (a prototype for
// `later`).  A template kernel's launch that leaves one out stays as
// written.  The file compiles with nvcc: before, the clones did not.
#define STEP 2

__global__ void scale(float *a, int n, float f = 2.0f, int step = STEP) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * step;
  if (i < n)
    a[i] *= f;
}

__global__ void tile(int *out, int shift = 1) {
  __shared__ int s[32];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * 32 + threadIdx.x] = s[31 - threadIdx.x] + shift;
}

__global__ void later(int *out, const char *tag = "a, b", int v = (1, 2));

template <class T> __global__ void fill(T *p, T v = T(3)) {
  p[threadIdx.x] = v;
}

int main() {
  float *a;
  int *o;
  cudaMalloc(&a, 256 * sizeof(float));
  cudaMalloc(&o, 256 * sizeof(int));
  scale<<<2, 64>>>(a, 256);
  scale<<<2, 64>>>(a, 256, 0.5f);
  tile<<<2, 32>>>(o);
  later<<<2, 32>>>(o);
  fill<<<1, 32>>>(o);
  fill<int><<<1, 32>>>(o, 4);
  void *args[] = {&a, &o};
  (void)args;
  return 0;
}

__global__ void later(int *out, const char *tag, int v) {
  out[threadIdx.x] = tag[0] + v;
}

void after(int *o) { later<<<2, 32>>>(o); }

// PLAN: KERNEL name=scale checked=yes at=13:17 global=yes units=warps writes=a one_run=a{{$}}
// PLAN-NEXT: KERNEL name=tile checked=yes at=19:17 global=yes units=blocks writes=out one_run=out block_warps=1{{$}}
// PLAN-NEXT: KERNEL name=fill checked=yes at=28:36 template global=yes units=warps writes=p one_run=p{{$}}
// PLAN-NEXT: KERNEL name=later checked=yes at=48:17 global=yes units=warps writes=out one_run=out,tag{{$}}

// The clones' parameter lists without the defaults.
// TEXT: {{^}}__global__ void __ldcc_g_scale(float *a, int n, float f, int step, __ldcc::global_info __ldcc_gi) {
// TEXT: {{^}}__global__ void __ldcc_g_tile(int *out, int shift, __ldcc::global_info __ldcc_gi) {
// TEXT: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_tile(int *out, int shift, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi) {
// The launches pass every argument; the kernel's type without defaults.
// TEXT: {{^}}  __ldcc::launch_as<decltype(__ldcc::plain_fn(&scale))>::run({{.*}}, a, 256, 2.0f, STEP);{{$}}
// TEXT-NEXT: {{^}}  __ldcc::launch_as<decltype(__ldcc::plain_fn(&scale))>::run({{.*}}, a, 256, 0.5f, STEP);{{$}}
// TEXT-NEXT: {{^}}  __ldcc::launch_as<decltype(__ldcc::plain_fn(&tile))>::run({{.*}}, o, 1);{{$}}
// Before the definition, after a prototype with defaults: as written (the
// clone's prototype is not copied from one with defaults).
// TEXT-NEXT: {{^}}  later<<<2, 32>>>(o);{{$}}
// TEXT-NEXT: {{^}}  fill<<<1, 32>>>(o);{{$}}
// TEXT-NEXT: {{^}}  __ldcc::launch_as<decltype(__ldcc::plain_fn(&fill<int>))>::run({{.*}}, o, 4);{{$}}
// TEXT: {{^}}__global__ void __ldcc_g_later(int *out, const char *tag, int v, __ldcc::global_info __ldcc_gi) {
// After it, the defaults come from the prototype.
// TEXT: {{^}}void after(int *o) { __ldcc::launch_as<decltype(__ldcc::plain_fn(&later))>::run({{.*}}, o, "a, b", (1, 2)); }{{$}}
