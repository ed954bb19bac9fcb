// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// The shared-memory proof's pairs (docs/shared-replay.md, "Kernels proved
// race-free"): a bitonic step compares key[i] with key[i + m], i = 2 * t -
// (t & (m - 1)), m a power of two the same in every thread; no two
// threads' pairs meet.  Which forms are proved and why the others are not.
#define SEG 256

// The sort: m halves from size / 2, size doubles up to a constant.
__global__ void bitonic(unsigned *io) {
  __shared__ unsigned key[SEG];
  int t = threadIdx.x;
  key[t] = io[t];
  key[t + SEG / 2] = io[t + SEG / 2];
  __syncthreads();
  for (int size = 2; size <= SEG; size <<= 1) {
    for (int stride = size / 2; stride > 0; stride >>= 1) {
      int i = 2 * t - (t & (stride - 1));
      unsigned a = key[i], b = key[i + stride];
      if ((a > b) == ((i & size) == 0)) {
        key[i] = b;
        key[stride + i] = a;
      }
      __syncthreads();
    }
  }
  io[t] = key[t];
  io[t + SEG / 2] = key[t + SEG / 2];
}

// A constant step.
__global__ void step8(unsigned *io) {
  __shared__ unsigned key[SEG];
  unsigned t = threadIdx.x;
  key[t] = io[t];
  key[t + SEG / 2] = io[t + SEG / 2];
  __syncthreads();
  unsigned i = 2 * t - (t & (8 - 1));
  key[i] += key[i + 8];
  __syncthreads();
  io[t] = key[t];
}

// The mask is not m - 1: threads 0 and 1 both get i = 0.
__global__ void wrong_mask(unsigned *io) {
  __shared__ unsigned key[SEG];
  int t = threadIdx.x;
  key[t] = io[t];
  __syncthreads();
  for (int stride = SEG / 4; stride > 0; stride >>= 1) {
    int i = 2 * t - (t & stride);
    key[i] += key[i + stride];
    __syncthreads();
  }
  io[t] = key[t];
}

// m steps by one: not a power of two.
__global__ void odd_step(unsigned *io) {
  __shared__ unsigned key[SEG];
  int t = threadIdx.x;
  key[t] = io[t];
  __syncthreads();
  for (int stride = SEG / 4; stride > 0; stride -= 1) {
    int i = 2 * t - (t & (stride - 1));
    key[i] += key[i + stride];
    __syncthreads();
  }
  io[t] = key[t];
}

// m doubles with no constant bound.
__global__ void unbounded(unsigned *io, int n) {
  __shared__ unsigned key[SEG];
  int t = threadIdx.x;
  key[t] = io[t];
  __syncthreads();
  for (int stride = 1; stride < n; stride <<= 1) {
    int i = 2 * t - (t & (stride - 1));
    key[i] += key[i + stride];
    __syncthreads();
  }
  io[t] = key[t];
}

// The pair is read after the loop's barrier, where another thread may
// already run the next step with m halved.
__global__ void after_barrier(unsigned *io) {
  __shared__ unsigned key[SEG];
  int t = threadIdx.x;
  key[t] = io[t];
  for (int stride = SEG / 4; stride > 0; stride >>= 1) {
    __syncthreads();
    int i = 2 * t - (t & (stride - 1));
    key[i] += key[i + stride];
  }
  __syncthreads();
  io[t] = key[t];
}

// Another step than the pair's.
__global__ void other_step(unsigned *io) {
  __shared__ unsigned key[SEG];
  int t = threadIdx.x;
  key[t] = io[t];
  __syncthreads();
  for (int stride = SEG / 4; stride > 1; stride >>= 1) {
    int half = stride / 2;
    int i = 2 * t - (t & (stride - 1));
    key[i] += key[i + half];
    __syncthreads();
  }
  io[t] = key[t];
}

// Regions around a loop: its condition runs again on the way out, after the
// last barrier, so the read of s[0] there meets thread 0's store after the
// loop: not proved.  The same store before the loop is apart from it.
__global__ void cond_then_store(unsigned *io) {
  __shared__ unsigned s[128];
  int t = threadIdx.x;
  s[t] = io[t];
  __syncthreads();
  for (unsigned k = 0; s[0] > k; k++) {
    io[t] += s[t];
    __syncthreads();
  }
  if (t == 0)
    s[0] = 0;
  io[t] = s[t];
}

int main() {
  unsigned *u = nullptr;
  bitonic<<<1, SEG / 2>>>(u);
  step8<<<1, SEG / 2>>>(u);
  wrong_mask<<<1, SEG / 2>>>(u);
  odd_step<<<1, SEG / 2>>>(u);
  unbounded<<<1, SEG / 2>>>(u, SEG);
  after_barrier<<<1, SEG / 2>>>(u);
  other_step<<<1, SEG / 2>>>(u);
  cond_then_store<<<1, 128>>>(u);
  return 0;
}

// PLAN: PROOF kernel=bitonic proved=yes bounds=x<=128,y=1,z=1
// PLAN: PROOF kernel=step8 proved=yes bounds=x<=128,y=1,z=1
// PLAN: PROOF kernel=wrong_mask proved=no reason="'key' is written in a region that also uses it at another thread's element (line 54)"
// PLAN: PROOF kernel=odd_step proved=no reason="'key' is written in a region that also uses it at another thread's element (line 68)"
// PLAN: PROOF kernel=unbounded proved=no reason="'key' is written in a region that also uses it at another thread's element (line 82)"
// PLAN: PROOF kernel=after_barrier proved=no reason="'key' is written in a region that also uses it at another thread's element (line 97)"
// PLAN: PROOF kernel=other_step proved=no reason="'key' is written in a region that also uses it at another thread's element (line 112)"
// PLAN: PROOF kernel=cond_then_store proved=no reason="'s' is written in a region that also uses it at another thread's element (line 126)"

// TEXT: {{^}}    "bitonic", __ldcc__file, 12, __ldcc_meta_bitonic::targets, 1, {{.*}}
// TEXT-NEXT: {{^}}    nullptr, 1, __ldcc::pmin(128ull), __ldcc::pmin(1u), __ldcc::pmin(1u));{{$}}
