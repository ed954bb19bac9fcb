// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate --coverage %s | FileCheck %s --check-prefix=COV
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Atomics through pointer variables in the shared-memory replay
// (replay_facts.c visit_pointer_atomic): a device helper's parameter
// (cuda-samples' histogram64/256 `addByte(s_WarpHist, data)`), a local
// pointer into a shared array kept in the kernel, a helper whose result
// is used.  A 32-bit integer add or subtract becomes __ldcc::patomic_add,
// which tells a warp's copy (a shared atomic, its delta merged) from
// global memory (applied once) at run time.  Before, "atomic in a device
// function" and "global atomic in a kernel that keeps a pointer to a
// shared variable" left these kernels' shared memory unchecked.  Other
// atomics through a kernel's local pointer are global atomics (row_sums),
// and a global atomic through a parameter is taken in a kernel that keeps
// a pointer to a shared variable (kept_and_total): a parameter cannot
// point into a warp's copy.  Kept out of the replay: a float atomic through
// a helper's pointer, atomicMax through a local pointer (since session 47
// the block's shadow beside their warp tables checks their shared memory).
// Also: a kernel that keeps a pointer to a shared variable and stores to
// global memory has the store's claim inside pwr (global_emit.c): the
// two wraps used to interleave into code nvcc rejected, and the driver
// built the whole file unchecked.
#define BINS 64

inline __device__ void addByte(unsigned *s_WarpHist, unsigned data) {
  atomicAdd(s_WarpHist + data, 1);
}

inline __device__ void addWord(unsigned *s_WarpHist, unsigned data) {
  addByte(s_WarpHist, data & 0x3FU);
  addByte(s_WarpHist, (data >> 8) & 0x3FU);
}

__device__ unsigned take(unsigned *count) { return atomicAdd(count, 1u); }

__device__ void drop(int *count, int by) { atomicSub(&count[0], by); }

__device__ void accumulate(float *sum, float v) { atomicAdd(sum, v); }

// PLAN-LABEL: KERNEL name=warp_histo
// PLAN: TARGET kernel=warp_histo space=shared name=s_Hist {{.*}}written=yes
// PLAN: PROOF kernel=warp_histo proved=no reason="a pointer to a target is kept in a local"
// COV: KERNEL name=warp_histo {{.*}}coverage=full shared=yes global=yes
// TEXT: __ldcc::patomic_add(__ldcc_c, s_WarpHist + data, 1);
// TEXT: (*__ldcc::pwr(__ldcc_c, __ldcc::gput(__ldcc_gi, 0, &({{.*}}out[blockIdx.x * BINS + t]{{.*}}), {{[0-9]+}}))) =
__global__ void warp_histo(unsigned *out, const unsigned *in, int n) {
  __shared__ unsigned s_Hist[4 * BINS];
  unsigned *s_WarpHist = s_Hist + (threadIdx.x >> 5) * BINS;
  for (int i = threadIdx.x; i < 4 * BINS; i += blockDim.x)
    s_Hist[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    addWord(s_WarpHist, in[i]);
  __syncthreads();
  for (int t = threadIdx.x; t < BINS; t += blockDim.x)
    out[blockIdx.x * BINS + t] = s_Hist[t] + s_Hist[BINS + t] +
                                 s_Hist[2 * BINS + t] + s_Hist[3 * BINS + t];
}

// COV: KERNEL name=local_view {{.*}}coverage=full shared=yes
// TEXT: __ldcc::patomic_add(__ldcc_c, &mine[{{.*}}in[i]{{.*}} & 31], -(2));
// TEXT: __ldcc::patomic_add(__ldcc_c, (unsigned *)&mine[{{.*}}in[i]{{.*}} & 31], 1u);
__global__ void local_view(int *out, const int *in, int n) {
  __shared__ int bins[2][32];
  int *mine = bins[threadIdx.x & 1];
  if (threadIdx.x < 64)
    bins[threadIdx.x >> 5][threadIdx.x & 31] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicSub(&mine[in[i] & 31], 2);
    atomicAdd((unsigned *)&mine[in[i] & 31], 1u);
  }
  __syncthreads();
  if (threadIdx.x < 64)
    out[blockIdx.x * 64 + threadIdx.x] = bins[threadIdx.x >> 5][threadIdx.x & 31];
}

// COV: KERNEL name=slots {{.*}}coverage=full shared=yes
// TEXT: return __ldcc::patomic_v_add(__ldcc_c, count, 1u);
// TEXT: __ldcc::patomic_add(__ldcc_c, &count[0], -(by));
__global__ void slots(int *out, unsigned *total, int *left) {
  __shared__ unsigned count;
  __shared__ int remaining;
  if (threadIdx.x == 0) {
    count = 0;
    remaining = blockDim.x;
  }
  __syncthreads();
  unsigned s = take(&count);
  take(total);
  drop(&remaining, 1);
  out[blockIdx.x * blockDim.x + s] = threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 0)
    left[blockIdx.x] = remaining;
}

// COV: KERNEL name=float_helper {{.*}}coverage=full shared=yes global=yes warp=yes warp_rule="lane-range condition"
__global__ void float_helper(float *out, const float *in) {
  __shared__ float s[32];
  if (threadIdx.x < 32)
    s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  accumulate(out, s[threadIdx.x & 31]);
}

// COV: KERNEL name=max_view {{.*}}coverage=full shared=yes global=yes warp=yes warp_rule="lane-range condition"
__global__ void max_view(int *out, const int *in) {
  __shared__ int best[32];
  int *b = best;
  if (threadIdx.x < 32)
    best[threadIdx.x] = 0;
  __syncthreads();
  atomicMax(b + (threadIdx.x & 31), in[threadIdx.x]);
  __syncthreads();
  if (threadIdx.x < 32)
    out[threadIdx.x] = best[threadIdx.x];
}

// COV: KERNEL name=row_sums {{.*}}coverage=full shared=yes
// TEXT: __ldcc::global_atomic_add(__ldcc_c, __ldcc::gatomic_claim(__ldcc_gi, 0, (row + (threadIdx.x & 7)), 1, {{[0-9]+}}), (*__ldcc::srd(__ldcc_c, &((__ldcc_p->tile)[threadIdx.x]))));
__global__ void row_sums(float *out, const float *in) {
  __shared__ float tile[64];
  float *row = out + blockIdx.x * 8;
  if (threadIdx.x < 64)
    tile[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x];
  __syncthreads();
  if (threadIdx.x < 64)
    atomicAdd(row + (threadIdx.x & 7), tile[threadIdx.x]);
}

// COV: KERNEL name=kept_and_total {{.*}}coverage=full shared=yes
// TEXT: __ldcc::global_atomic_add(__ldcc_c, __ldcc::gatomic_claim(__ldcc_gi, 0, (total), 1, {{[0-9]+}}), v);
__global__ void kept_and_total(float *total, const float *in) {
  __shared__ float part[128];
  float *mine = part + (threadIdx.x & ~31);
  mine[threadIdx.x & 31] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  float v = 0.f;
  if ((threadIdx.x & 31) == 0)
    for (int k = 0; k < 32; k++)
      v += mine[k];
  atomicAdd(total, v);
}

// A pointer member of a class parameter taken by value, which the kernel
// only reads members of, is the host's pointer: global memory (Packt's
// gaussian elimination, `atomicMax(solverState.pivotRowIndex, ...)` after a
// shared max; session 44, replay_state.c kernel_param_pointer).  Before,
// "atomic through a pointer it cannot follow" left the shared memory
// unchecked.  A kernel that re-points the member (here at its shared
// array) keeps that reason.
struct Solver {
  int *pivot;
  const int *rows;
  int count[2];
};

// COV: KERNEL name=pivot_max {{.*}}coverage=full shared=yes
// TEXT: __ldcc::global_atomic_max(__ldcc_c, __ldcc::gatomic_claim(__ldcc_gi, -1, (s.pivot), 1, {{[0-9]+}}), best);
__global__ void pivot_max(Solver s) {
  __shared__ int cand[128];
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  cand[threadIdx.x] = row < s.count[0] ? s.rows[row] : -1;
  __syncthreads();
  if (threadIdx.x == 0) {
    int best = -1;
    for (int k = 0; k < 128; k++)
      best = cand[k] > best ? cand[k] : best;
    atomicMax(s.pivot, best);
  }
}

// COV: KERNEL name=pivot_repointed {{.*}}shared=no shared_reason="atomic through a pointer it cannot follow"
__global__ void pivot_repointed(Solver s) {
  __shared__ int cand[128];
  cand[threadIdx.x] = s.rows[threadIdx.x];
  if (threadIdx.x == 0)
    s.pivot = cand;
  __syncthreads();
  atomicMax(s.pivot, threadIdx.x);
}

// An array member that decays (`int *c = s.count`) could be changed
// through: no replay either; the inline shadow checks take its shared
// memory instead.
// COV: KERNEL name=pivot_decayed {{.*}}warp_rule="shared memory without a replay"
__global__ void pivot_decayed(Solver s) {
  __shared__ int cand[128];
  int *c = s.count;
  cand[threadIdx.x] = s.rows[threadIdx.x] + c[0];
  __syncthreads();
  atomicMax(s.pivot, cand[threadIdx.x]);
}
