// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Called device functions (docs/inline-checks.md): the warp-synchronous
// tail of a reduction written as a helper, `warpReduce(sdata, tid)` over a
// volatile pointer, makes its kernel warp-synchronous, and the helper's
// accesses and __syncwarps are checked in the replay's plain clone of it,
// with the kernel's number and sites.  A template helper called with a
// dependent argument from a template kernel over `extern __shared__`
// memory, fixed with __syncwarp, gets its epoch steps.  A `__host__
// __device__` helper is looked into, and its replay clone drops `__host__`
// (nvcc refused the clone's device-only calls there: the file went
// unchecked).  A kernel calling a helper with an atomic (threads that may
// order each other through memory) looks into none of its callees, the
// `__host__ __device__` one included; a shuffle-only helper (no access)
// does not make its caller warp-synchronous.

#define BLOCK 256

__device__ void warpReduce(volatile float *sdata, int tid) {
  sdata[tid] += sdata[tid + 32];
  sdata[tid] += sdata[tid + 16];
  sdata[tid] += sdata[tid + 1];
}

__global__ void reduce_tail(const float *in, float *out) {
  __shared__ float sdata[BLOCK];
  int tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * BLOCK + tid];
  __syncthreads();
  for (int s = BLOCK / 2; s > 32; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32)
    warpReduce(sdata, tid);
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

template <unsigned int blockSize>
__device__ void warpReduceSync(volatile int *sdata, unsigned int tid) {
  int v = sdata[tid];
  for (unsigned int offset = 32; offset > 0; offset >>= 1) {
    if (blockSize >= 2 * offset)
      v += sdata[tid + offset];
    __syncwarp();
    sdata[tid] = v;
    __syncwarp();
  }
}

template <unsigned int blockSize>
__global__ void reduce_ext(const int *in, int *out) {
  extern __shared__ int sm[];
  unsigned int tid = threadIdx.x;
  sm[tid] = in[blockIdx.x * blockSize + tid];
  __syncthreads();
  if (tid < 32)
    warpReduceSync<blockSize>(sm, tid);
  if (tid == 0)
    out[blockIdx.x] = sm[0];
}

__device__ void bump(int *count, int *slot, int v) {
  slot[threadIdx.x % 32] = v;
  atomicAdd(count, 1);
}

__host__ __device__ void put_hd(volatile int *p, int i, int v) { p[i] = v; }

__device__ int warp_sum(int v) {
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_down_sync(0xffffffff, v, o);
  return v;
}

__global__ void others(const int *in, int *out, int *count) {
  __shared__ int slots[BLOCK];
  int v = warp_sum(in[blockIdx.x * BLOCK + threadIdx.x]);
  bump(count, slots, v);
  put_hd(slots, threadIdx.x, v);
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = slots[0] + slots[32];
}

__global__ void hd_only(const int *in, int *out) {
  __shared__ int slots[BLOCK];
  put_hd(slots, threadIdx.x, in[blockIdx.x * BLOCK + threadIdx.x]);
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = slots[0] + slots[32];
}

__global__ void shfl_only(const int *in, int *out) {
  int v = warp_sum(in[blockIdx.x * blockDim.x + threadIdx.x]);
  if ((threadIdx.x & 31) == 0)
    out[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = v;
}

void launch(const float *fin, float *fout, const int *in, int *out,
            int *count) {
  reduce_tail<<<4, BLOCK>>>(fin, fout);
  reduce_ext<128><<<4, 128, 128 * sizeof(int)>>>(in, out);
  others<<<4, BLOCK>>>(in, out, count);
  hd_only<<<4, BLOCK>>>(in, out);
  shfl_only<<<4, BLOCK>>>(in, out);
}


// PLAN: ITS kernel=reduce_tail checked=yes rule="warp-synchronous code in a called device function"
// PLAN: ACCESS kernel=reduce_tail id=3 at=34:21 var=sdata mode=read
// PLAN-NEXT: ACCESS kernel=reduce_tail id=4 at=22:3 var=sdata mode=rw in=warpReduce
// PLAN-NEXT: ACCESS kernel=reduce_tail id=5 at=22:17 var=sdata mode=read in=warpReduce
// PLAN: ACCESS kernel=reduce_tail id=9 at=24:17 var=sdata mode=read in=warpReduce
// PLAN-NEXT: ACCESS kernel=reduce_tail id=10 at=40:5 var=out mode=write
// PLAN: ITS kernel=reduce_ext checked=yes rule="warp-synchronous code in a called device function"
// PLAN: ACCESS kernel=reduce_ext id=2 at=45:11 var=sdata mode=read in=warpReduceSync
// PLAN: ACCESS kernel=reduce_ext id=4 at=50:5 var=sdata mode=write in=warpReduceSync
// PLAN: WSYNC kernel=reduce_ext at=49:5 form=__syncwarp
// PLAN-NEXT: WSYNC kernel=reduce_ext at=51:5 form=__syncwarp
// PLAN: ITS kernel=others checked=yes rule="shared memory across threads in a region"
// PLAN-NOT: in=
// PLAN: ITS kernel=hd_only checked=yes rule="warp-synchronous code in a called device function"
// PLAN-NEXT: ACCESS kernel=hd_only id=1 at=72:66 var=p mode=write in=put_hd
// PLAN-NOT: ITS kernel=shfl_only

// TEXT: __device__ void __ldcc_reduce_tail__f_warpReduce(__ldcc::thread_ctx &__ldcc_c, volatile float *sdata, int tid) {
// TEXT-NEXT: (*__ldcc::pwr(__ldcc_c, &((*__ldcc::its_rw(&(sdata[tid]), sdata, 0u, 4u, __ldcc_c.pass))))) += (*__ldcc::its_r(&(sdata[tid + 32]), sdata, 0u, 5u, __ldcc_c.pass));
// TEXT: __device__ void __ldcc_reduce_ext__f_warpReduceSync(__ldcc::thread_ctx &__ldcc_c, volatile int *sdata, unsigned int tid) {
// TEXT-NEXT: int v = (*__ldcc::its_r(&(sdata[tid]), sdata, 1u, 2u, __ldcc_c.pass));
// TEXT: v += (*__ldcc::its_r(&(sdata[tid + offset]), sdata, 1u, 3u, __ldcc_c.pass));
// TEXT-NEXT: (__syncwarp(), __ldcc::its_sync());
// TEXT-NEXT: (*__ldcc::pwr(__ldcc_c, &((*__ldcc::its_w(&(sdata[tid]), sdata, 1u, 4u, __ldcc_c.pass))))) = v;
// TEXT-NEXT: (__syncwarp(), __ldcc::its_sync());
// TEXT: {{^}} __device__ void __ldcc_others__f_put_hd(__ldcc::thread_ctx &__ldcc_c, volatile int *p, int i, int v) { (*__ldcc::pwr(__ldcc_c, &(p[i]))) = v; }
// TEXT: {{^}} __device__ void __ldcc_hd_only__f_put_hd(__ldcc::thread_ctx &__ldcc_c, volatile int *p, int i, int v) { (*__ldcc::pwr(__ldcc_c, &((*__ldcc::its_w(&(p[i]), p, 2u, 1u, __ldcc_c.pass))))) = v; }
// TEXT: static const int __ldcc_its_lines_0[] = {27, 30, 34, 34, 22, 22, 23, 23, 24, 24, 40, 40, 41};
