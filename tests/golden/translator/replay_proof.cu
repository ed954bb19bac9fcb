// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// The shared-memory proof (docs/shared-replay.md, "Kernels proved
// race-free"): which kernels are proved, the bounds their launches must
// meet, why the others are not, and the bounds in the kernel's metadata.
#define ROWS 8

// A scan: the read of a neighbour and the update of the own element are in
// different regions (the loop's back edge joins the update's region with
// the next read's, which only reads).
__global__ void scan(unsigned *io) {
  __shared__ unsigned s[256];
  const int t = threadIdx.x;
  s[t] = io[t];
  __syncthreads();
  for (int off = 1; off < 256; off *= 2) {
    unsigned left = t >= off ? s[t - off] : 0u;
    __syncthreads();
    s[t] += left;
    __syncthreads();
  }
  io[t] = s[t];
}

// The same without the first barrier in the loop: not proved.
__global__ void scan_racy(unsigned *io) {
  __shared__ unsigned s[256];
  const int t = threadIdx.x;
  s[t] = io[t];
  __syncthreads();
  for (int off = 1; off < 256; off *= 2) {
    unsigned left = t >= off ? s[t - off] : 0u;
    s[t] += left;
    __syncthreads();
  }
  io[t] = s[t];
}

// A template tile, written at [ty][tx] and read transposed: bounds from the
// layout's extents at each instance.
template <int TILE>
__global__ void flip(float *out, const float *in) {
  __shared__ float tile[TILE][TILE + 1];
  int tx = threadIdx.x, ty = threadIdx.y;
  tile[ty][tx] = in[ty * TILE + tx];
  __syncthreads();
  out[ty * TILE + tx] = tile[tx][ty];
}

// Rows written in a loop that steps by ROWS: blockDim.y <= ROWS.
__global__ void rows(float *out, const float *in) {
  __shared__ float tile[32][33];
  for (int j = 0; j < 32; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(threadIdx.y + j) * 32 + threadIdx.x];
  __syncthreads();
  for (int j = 0; j < 32; j += ROWS)
    out[(threadIdx.y + j) * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y + j];
}

// The loop variable changes another way too: not a stride.
__global__ void rows_changed(float *out, const float *in) {
  __shared__ float tile[32][33];
  for (int j = 0; j < 32; j += ROWS) {
    tile[threadIdx.y + j][threadIdx.x] = in[(threadIdx.y + j) * 32 + threadIdx.x];
    j += threadIdx.x == 0;
  }
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][0];
}

// A barrier under a condition.
__global__ void guarded(int *out, int n) {
  __shared__ int s[128];
  s[threadIdx.x] = n;
  if (n > 0)
    __syncthreads();
  out[threadIdx.x] = s[127 - threadIdx.x];
}

// A break out of a loop with a barrier.
__global__ void leaves(int *out, int n) {
  __shared__ int s[128];
  for (int i = 0; i < n; i++) {
    s[threadIdx.x] = i;
    __syncthreads();
    if (out[i])
      break;
    out[threadIdx.x] = s[127 - threadIdx.x];
    __syncthreads();
  }
}

// The local used as the index may change.
__global__ void moved(int *out) {
  __shared__ int s[128];
  int t = threadIdx.x;
  if (out[0])
    t = 0;
  s[t] = 1;
  __syncthreads();
  out[threadIdx.x] = s[0];
}

// Written only where the thread's index is: an extern array has no extent
// to bound, but threadIdx.x alone keeps the threads apart.
__global__ void ext(float *out) {
  extern __shared__ float buf[];
  buf[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = buf[0];
}

// Predicates of _count forms run before their barrier.
__global__ void vote(int *out) {
  __shared__ int s[128];
  s[threadIdx.x] = out[threadIdx.x];
  int n = __syncthreads_count(s[127 - threadIdx.x] > 0);
  out[threadIdx.x] = n;
}

// A tree reduction: the loop's variable is the same in every thread before
// the loop's barrier, and threads t < s write sum[t] and read sum[t + s].
__global__ void tree(int *out) {
  __shared__ int sum[256];
  int t = threadIdx.x;
  sum[t] = out[t];
  __syncthreads();
  for (int s = 128; s > 0; s >>= 1) {
    if (t < s)
      sum[t] += sum[t + s];
    __syncthreads();
  }
  if (t == 0)
    out[0] = sum[0];
}

// Without the loop's barrier, threads may be at different values of s.
__global__ void tree_racy(int *out) {
  __shared__ int sum[256];
  int t = threadIdx.x;
  sum[t] = out[t];
  __syncthreads();
  for (int s = 128; s > 0; s >>= 1)
    if (t < s)
      sum[t] += sum[t + s];
  if (t == 0)
    out[0] = sum[0];
}

// A halo on both sides: the block's elements at l = t + 1, thread 0 writes
// s[0] and s[l + 256]; apart while blockDim.x <= 256.
__global__ void halo(float *out) {
  __shared__ float s[256 + 2];
  int l = threadIdx.x + 1;
  s[l] = out[threadIdx.x];
  if (l == 1) {
    s[0] = 0.0f;
    s[l + 256] = 0.0f;
  }
  __syncthreads();
  out[threadIdx.x] = s[l - 1] + s[l + 1];
}

// A tile with a halo filled through the linear thread index: k walks the
// tile's elements row by row, each thread every 256th one (blockDim.x <= 16,
// at most 256 threads).
__global__ void fill(const float *in, float *out) {
  __shared__ float tile[18][18];
  for (int k = threadIdx.y * 16 + threadIdx.x; k < 18 * 18; k += 16 * 16) {
    int r = k / 18, c = k % 18;
    tile[r][c] = in[k];
  }
  __syncthreads();
  out[threadIdx.y * 16 + threadIdx.x] = tile[threadIdx.y + 1][threadIdx.x + 1];
}

// The same with rows of 17 elements read as 18: two k meet in one element.
__global__ void fill_skewed(const float *in, float *out) {
  __shared__ float tile[18][18];
  for (int k = threadIdx.y * 16 + threadIdx.x; k < 18 * 18; k += 16 * 16)
    tile[k / 17][k % 17] = in[k];
  __syncthreads();
  out[threadIdx.y * 16 + threadIdx.x] = tile[threadIdx.y + 1][threadIdx.x + 1];
}

int main() {
  unsigned *u = 0;
  float *f = 0;
  int *i = 0;
  scan<<<1, 256>>>(u);
  scan_racy<<<1, 256>>>(u);
  flip<16><<<1, dim3(16, 16)>>>(f, f);
  rows<<<1, dim3(32, ROWS)>>>(f, f);
  rows_changed<<<1, dim3(32, ROWS)>>>(f, f);
  guarded<<<1, 128>>>(i, 1);
  leaves<<<1, 128>>>(i, 1);
  moved<<<1, 128>>>(i);
  ext<<<1, 128, 512>>>(f);
  vote<<<1, 128>>>(i);
  tree<<<1, 256>>>(i);
  tree_racy<<<1, 256>>>(i);
  halo<<<1, 256>>>(f);
  fill<<<1, dim3(16, 16)>>>(f, f);
  fill_skewed<<<1, dim3(16, 16)>>>(f, f);
  return 0;
}

// PLAN: PROOF kernel=scan proved=yes bounds=x<=extent(s,0),y=1,z=1
// PLAN: PROOF kernel=scan_racy proved=no reason="'s' is written in a region that also uses it at another thread's element (line 34)"
// PLAN: PROOF kernel=flip proved=yes bounds=x<=extent(tile,1),y<=extent(tile,0),z=1
// PLAN: PROOF kernel=rows proved=yes bounds=x<=extent(tile,1),y<=8,z=1
// PLAN: PROOF kernel=rows_changed proved=no reason="'tile' is written in a region that also uses it at another thread's element (line 66)"
// PLAN: PROOF kernel=guarded proved=no reason="the barrier at line 78 is under a condition or is a call"
// PLAN: PROOF kernel=leaves proved=no reason="break or continue at line 89 in a loop with a barrier"
// PLAN: PROOF kernel=moved proved=no reason="'s' is written in a region that also uses it at another thread's element (line 101)"
// PLAN: PROOF kernel=ext proved=yes bounds=y=1,z=1
// PLAN: PROOF kernel=vote proved=no reason="'s' is written in a region that also uses it at another thread's element (line 119)"
// PLAN: PROOF kernel=tree proved=yes bounds=x<=extent(sum,0),y=1,z=1
// PLAN: PROOF kernel=tree_racy proved=no reason="'sum' is written in a region that also uses it at another thread's element (line 147)"
// PLAN: PROOF kernel=halo proved=yes bounds=x<=256,y=1,z=1
// PLAN: PROOF kernel=fill proved=yes bounds=x<=16,y<=16,z=1
// PLAN: PROOF kernel=fill_skewed proved=no reason="'tile' is written in a region that also uses it at another thread's element (line 183)"

// TEXT: {{^}}const __ldcc::kernel_meta __ldcc_meta_scan::meta = __ldcc::kernel<__ldcc_layout_scan, __ldcc_meta_scan>(
// TEXT-NEXT: {{^}}    "scan", __ldcc__file, 13, __ldcc_meta_scan::targets, 1, __ldcc__sites_0, 5, __ldcc__launches, 29,{{$}}
// TEXT-NEXT: {{^}}    nullptr, 1, __ldcc::pmin(std::extent<decltype(__ldcc_layout_scan::s), 0>::value), __ldcc::pmin(1u), __ldcc::pmin(1u));{{$}}
// TEXT: {{^}}    "scan_racy", __ldcc__file, 28, __ldcc_meta_scan_racy::targets, 1, __ldcc__sites_1, 4, __ldcc__launches, 29);{{$}}
// TEXT: {{^}}const __ldcc::kernel_meta __ldcc_meta_flip<TILE>::meta = __ldcc::kernel<__ldcc_layout_flip<TILE>, __ldcc_meta_flip<TILE>>(
// TEXT-NEXT: {{^}}    "flip", {{.*}}
// TEXT-NEXT: {{^}}    nullptr, 1, __ldcc::pmin(std::extent<decltype(__ldcc_layout_flip<TILE>::tile), 1>::value), __ldcc::pmin(std::extent<decltype(__ldcc_layout_flip<TILE>::tile), 0>::value), __ldcc::pmin(1u));{{$}}
// TEXT: {{^}}    nullptr, 1, __ldcc::pmin(std::extent<decltype(__ldcc_layout_rows::tile), 1>::value), __ldcc::pmin(8ull), __ldcc::pmin(1u));{{$}}
// TEXT: {{^}}    nullptr, 1, __ldcc::pmin(256ull), __ldcc::pmin(1u), __ldcc::pmin(1u));{{$}}
// TEXT: {{^}}    nullptr, 1, __ldcc::pmin(16ull), __ldcc::pmin(16ull), __ldcc::pmin(1u));{{$}}
