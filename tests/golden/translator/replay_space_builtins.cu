// RUN: %ldcc-translate %s -std=c++17 > %t.cu
// RUN: %nvcc -arch=compute_90 -O3 -std=c++17 -isystem %srcroot/include -ptx %t.cu -o %t.ptx
// RUN: grep -c isspacep %t.ptx
// The runtime headers ask a generic pointer's state space through inline
// PTX (include/ldcc/host.h __ldcc_is_local/_shared/_global), not CUDA's
// __isLocal/__isShared/__isGlobal: with those, cicc's optimiser folded a
// cast to the replay's layout into the built-in's argument
// (`isspacep.local(%struct.__ldcc_layout_hist64* ...)`) and rejected the
// module ("Call parameter type does not match function signature"), so
// the driver built cuda-samples' histogram64 unchecked (session 39).  The
// kernel below has that sample's forms, written anew: a per-thread byte
// histogram in a shared byte array, cleared through a word pointer, counted
// through a pointer into it in a device function, summed per bin.  Built at
// -O3, where the folding happened.
typedef unsigned char uchar;
#define THREADS 64
#define BINS 64

__device__ inline void add_byte(uchar *base, unsigned v) {
  base[v * THREADS]++;
}

__device__ inline void add_word(uchar *base, unsigned w) {
  add_byte(base, (w >> 2) & 0x3fu);
  add_byte(base, (w >> 10) & 0x3fu);
  add_byte(base, (w >> 18) & 0x3fu);
  add_byte(base, (w >> 26) & 0x3fu);
}

__global__ void hist64(unsigned *partial, const uint4 *data, unsigned n) {
  const unsigned pos0 = ((threadIdx.x & ~63u)) | ((threadIdx.x & 15u) << 2) |
                        ((threadIdx.x & 48u) >> 4);
  __shared__ uchar s_hist[THREADS * BINS];
  uchar *base = s_hist + pos0;
  for (unsigned i = 0; i < BINS / 4; i++)
    ((unsigned *)s_hist)[threadIdx.x + i * THREADS] = 0;
  __syncthreads();
  for (unsigned p = blockIdx.x * blockDim.x + threadIdx.x; p < n;
       p += blockDim.x * gridDim.x) {
    uint4 d = data[p];
    add_word(base, d.x);
    add_word(base, d.y);
    add_word(base, d.z);
    add_word(base, d.w);
  }
  __syncthreads();
  if (threadIdx.x < BINS) {
    uchar *row = s_hist + threadIdx.x * THREADS;
    unsigned sum = 0, pos = 4 * (threadIdx.x & 15u);
    for (unsigned i = 0; i < THREADS / 4; i++) {
      sum += row[pos] + row[pos + 1] + row[pos + 2] + row[pos + 3];
      pos = (pos + 4) & (THREADS - 1);
    }
    partial[blockIdx.x * BINS + threadIdx.x] = sum;
  }
}

void run(unsigned *partial, const uint4 *data, unsigned n) {
  hist64<<<32, THREADS>>>(partial, data, n);
}
