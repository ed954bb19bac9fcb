// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=WARPS
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// RUN: %ldcc-translate --deterministic --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate --deterministic %s > %t.det.cu
// RUN: %nvcc-ptx -arch=sm_90 -D__LDCC_DETERMINISTIC=1 -isystem %srcroot/include -c %t.det.cu -o %t.det.o
// The global-memory proof (docs/global-check.md, "Proved launches"): every
// index through a written pointer parameter as a sum of thread, block and
// loop-counter digits, and the launch conditions that keep two units'
// elements apart.  The OWN lines list them (|pN|: the magnitude of
// parameter N); the metadata of a proved kernel carries __LDCC_GM_OWN and
// the conditions' terms.

__global__ void axpy(float *y, const float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

__global__ void tiled(float *c, int n) {
  int row = blockIdx.y * 16 + threadIdx.y, col = blockIdx.x * 16 + threadIdx.x;
  c[row * n + col] = 1.0f;
}

__global__ void halves(unsigned *out) {
  __shared__ unsigned s[512];
  size_t base = (size_t)blockIdx.x * 512;
  int t = threadIdx.x;
  s[t] = t;
  s[t + 256] = t;
  __syncthreads();
  out[base + t] = s[t];
  out[base + t + 256] = s[t + 256];
}

__global__ void per_block(int *partial) {
  if (threadIdx.x == 0)
    partial[blockIdx.x] = 1;
}

__global__ void moved(float *out, const float *in, int n) {
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  float v = in[(size_t)y * n + x];
  x = blockIdx.y * 32 + threadIdx.x; /* the value at the stores below */
  y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    out[(size_t)(y + j) * n + x] = v;
}

__global__ void divided(float *out) { out[threadIdx.x / 2] = 1.0f; }

__global__ void branch_local(float *out) {
  int i = threadIdx.x;
  if (blockIdx.x)
    i += 1;
  out[i] = 1.0f;
}

__global__ void gathered(float *out, const int *idx) {
  out[idx[threadIdx.x]] = 1.0f;
}

__global__ void shifted_param(float *out, int n) {
  n += 1;
  out[threadIdx.x + n] = 1.0f;
}

__global__ void loop_changed(float *out) {
  for (int k = 0; k < 4; k++) {
    out[k * 32 + threadIdx.x] = 0.0f;
    k++;
  }
}

__global__ void two_offsets(float *out, int n) {
  out[threadIdx.x] = 0.0f;
  out[threadIdx.x + n] = 1.0f;
}

__global__ void neighbour(float *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = a[i + 1];
}

__global__ void smooth(float *m) {
  size_t base = (size_t)blockIdx.x * 1024;
  float v[4];
  for (int k = 0; k < 4; k++) {
    int c = threadIdx.x + k * 256;
    float l = c > 0 ? m[base + c - 1] : m[base + c];
    float r = c + 1 < 1024 ? m[base + c + 1] : m[base + c];
    v[k] = l + m[base + c] + r;
  }
  __syncthreads();
  for (int k = 0; k < 4; k++)
    m[base + threadIdx.x + k * 256] = v[k];
}

__global__ void smooth_across(float *m) {
  size_t base = (size_t)blockIdx.x * 1024;
  int c = threadIdx.x;
  /* thread 0 reads the previous row's last element, which that row's block
   * stores only with 1024 threads: the launch condition says so */
  float l = c >= 0 ? m[base + c - 1] : 0.0f;
  __syncthreads();
  m[base + c] = l;
}

__global__ void jumps(float *out) {
  int i = threadIdx.x, n = 0;
again:
  out[i] = 1.0f; /* the second time out[threadIdx.x + 16]: warps meet */
  i = threadIdx.x + 16;
  if (++n < 2)
    goto again;
}

__global__ void narrow(float *out) {
  unsigned char k = threadIdx.x; /* threads 0 and 256 both store out[0] */
  out[k] = 1.0f;
}

__global__ void narrow_loop(float *out) {
  /* k wraps at 256 before it reaches 300: 259 becomes 3, off the grid */
  for (unsigned char k = 0; k < 300; k += 7)
    out[k * 64 + threadIdx.x] = 1.0f;
}

__global__ void copied(float *out) {
  float *p = out;
  p += threadIdx.x; // moved: not an alias of out
  *p = 1.0f;
}

int main() {
  float *f = 0;
  unsigned *u = 0;
  int *ip = 0;
  axpy<<<4, 256>>>(f, f, 2.0f, 1024);
  tiled<<<dim3(4, 4), dim3(16, 16)>>>(f, 64);
  halves<<<8, 256>>>(u);
  per_block<<<8, 32>>>(ip);
  moved<<<dim3(2, 2), dim3(32, 8)>>>(f, f, 64);
  divided<<<1, 64>>>(f);
  branch_local<<<2, 64>>>(f);
  gathered<<<1, 64>>>(f, ip);
  shifted_param<<<1, 64>>>(f, 3);
  loop_changed<<<1, 32>>>(f);
  two_offsets<<<1, 32>>>(f, 32);
  neighbour<<<2, 32>>>(f);
  smooth<<<4, 256>>>(f);
  smooth_across<<<4, 256>>>(f);
  jumps<<<1, 64>>>(f);
  narrow<<<1, 512>>>(f);
  narrow_loop<<<1, 64>>>(f);
  copied<<<1, 32>>>(f);
  return 0;
}

// PLAN: OWN kernel=axpy proved=yes conds="1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<1*blockDim.x;1*(blockDim.x-1)+1*blockDim.x*(gridDim.x-1)+0<2147483648"
// PLAN-NEXT: OWN kernel=tiled proved=yes conds="1*(blockDim.z-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<16;1*(blockDim.x-1)+16*(gridDim.x-1)<1*|p1|;1*(blockDim.x-1)+16*(gridDim.x-1)+1*|p1|*(blockDim.y-1)<16*|p1|;1*(blockDim.x-1)+16*(gridDim.x-1)+1*|p1|*(blockDim.y-1)+16*|p1|*(gridDim.y-1)+0<2147483648"
// PLAN-NEXT: OWN kernel=halves proved=yes conds="1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+256<512;1*(blockDim.x-1)+256+512*(gridDim.x-1)+256<2147483648{{(;[^"]*)?}}"
// PLAN-NEXT: OWN kernel=per_block proved=yes conds="1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(gridDim.x-1)+0<2147483648"
// PLAN-NEXT: OWN kernel=moved proved=yes conds="1*(blockDim.z-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<32;1*(blockDim.x-1)+32*(gridDim.y-1)<1*|p2|;1*(blockDim.x-1)+32*(gridDim.y-1)+1*|p2|*(blockDim.y-1)<8*|p2|;1*(blockDim.x-1)+32*(gridDim.y-1)+1*|p2|*(blockDim.y-1)+24*|p2|<32*|p2|;1*(blockDim.x-1)+32*(gridDim.y-1)+1*|p2|*(blockDim.y-1)+24*|p2|+32*|p2|*(gridDim.x-1)+0<2147483648"
// PLAN-NEXT: OWN kernel=divided proved=no reason="an index of out is not a sum of thread, block and loop indices times constants and unchanged parameters"
// PLAN-NEXT: OWN kernel=branch_local proved=no reason="an index of out is not a sum of thread, block and loop indices times constants and unchanged parameters"
// PLAN-NEXT: OWN kernel=gathered proved=no reason="an index of out is not a sum of thread, block and loop indices times constants and unchanged parameters"
// PLAN-NEXT: OWN kernel=shifted_param proved=no reason="an index of out is not a sum of thread, block and loop indices times constants and unchanged parameters"
// PLAN-NEXT: OWN kernel=loop_changed proved=no reason="an index of out is not a sum of thread, block and loop indices times constants and unchanged parameters"
// PLAN-NEXT: OWN kernel=two_offsets proved=no reason="accesses through out differ by more than a constant offset"
// PLAN-NEXT: OWN kernel=neighbour proved=no reason="two units may touch one element through a"
// PLAN-NEXT: OWN kernel=smooth proved=yes conds="1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+768+0<1024;2+1*(blockDim.x-1)+768+1024*(gridDim.x-1)+1<2147483648{{(;[^"]*)?}}"
// PLAN-NEXT: OWN kernel=smooth_across proved=yes conds="1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1+1*(blockDim.x-1)<1024;1+1*(blockDim.x-1)+1024*(gridDim.x-1)+1<2147483648{{(;[^"]*)?}}"
// PLAN-NEXT: OWN kernel=jumps proved=no reason="a goto in the kernel"
// PLAN-NEXT: OWN kernel=narrow proved=no reason="an index of out is not a sum of thread, block and loop indices times constants and unchanged parameters"
// PLAN-NEXT: OWN kernel=narrow_loop proved=no reason="an index of out is not a sum of thread, block and loop indices times constants and unchanged parameters"
// PLAN-NEXT: OWN kernel=copied proved=no reason="a pointer it writes through is used other than as the base of an access"
// PLAN-NOT: {{.}}

// TEXT: {{^}} {__LDCC_GLOBAL_ABI, 1, {__LDCC_HOST_ABI, 0, "axpy", {{.*}}, 4, __LDCC_GM_OWN, __ldcc_n0, __ldcc_f0, __ldcc_p0, NULL, 0, NULL, 14, __ldcc_o0},{{$}}
// TEXT: {{^}} {__LDCC_GLOBAL_ABI, 1, {__LDCC_HOST_ABI, 0, "divided", {{.*}}, 1, 0, __ldcc_n5, __ldcc_f5, __ldcc_p5, NULL, 0, NULL, 0, NULL},{{$}}

// Warps of one block (not in deterministic builds): each region that writes
// asks its accesses apart in every two threads, conditions of their own.
// WARPS: OWN kernel=halves proved=yes conds="1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+256<512;1*(blockDim.x-1)+256+512*(gridDim.x-1)+256<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<256;1*(blockDim.x-1)+256<512;1*(blockDim.x-1)+256+512*(gridDim.x-1)+256<2147483648"
// WARPS: OWN kernel=smooth proved=yes conds="1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+768+0<1024;2+1*(blockDim.x-1)+768+1024*(gridDim.x-1)+1<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<256;1*(blockDim.x-1)+768<1024;1*(blockDim.x-1)+768+1024*(gridDim.x-1)+0<2147483648"
// WARPS: OWN kernel=smooth_across proved=yes conds="1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1+1*(blockDim.x-1)<1024;1+1*(blockDim.x-1)+1024*(gridDim.x-1)+1<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<1024;1*(blockDim.x-1)+1024*(gridDim.x-1)+0<2147483648"
