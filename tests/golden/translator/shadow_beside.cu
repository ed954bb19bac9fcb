// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -rdc=true -c %t.cu -o %t.o
// RUN: %ldcc-translate --coverage %s | FileCheck %s --check-prefix=COV
// The block's shadow beside the warp tables (docs/inline-checks.md, "Beside
// the warp tables"): a warp-synchronous kernel (shuffles, __syncwarp in its
// body) whose shared memory the replay refuses (float atomics into shared
// accumulators) keeps its tables for lanes and gets the shadow for warps.
// An expression both check is wrapped once, the tables' wrapper inside the
// shadow's; a barrier steps both epochs, a collective the tables' alone.
// The checks' metadata table is in the order of their numbers, whatever
// the kernels' order.

// Shadow alone (no rule of lanes), numbered after the tables of the later
// kernels: an atomic in a loop body without braces is no spin.
__global__ void hist(const int *in, float *out, int n) {
  __shared__ float bins[64];
  for (int i = threadIdx.x; i < 64; i += blockDim.x)
    bins[i] = 0.0f;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    atomicAdd(&bins[in[i] & 63], 1.0f);
  __syncthreads();
  for (int i = threadIdx.x; i < 64; i += blockDim.x)
    atomicAdd(&out[i], bins[i]);
}

// llm.c's layernorm_backward_kernel2 form: a local view of dynamic shared
// memory, shuffles in the body.
__global__ void bias_backward(float *dbias, const float *dout, int rows,
                              int C) {
  extern __shared__ float shared[];
  int warp_id = threadIdx.x / 32, lane = threadIdx.x % 32;
  float *dbias_shared = shared;
  for (int i = threadIdx.x; i < C; i += blockDim.x)
    dbias_shared[i] = 0.0f;
  __syncthreads();
  for (int row = blockIdx.x * (blockDim.x / 32) + warp_id; row < rows;
       row += gridDim.x * (blockDim.x / 32)) {
    float total = 0.0f;
    for (int i = lane; i < C; i += 32)
      total += dout[row * C + i];
    for (int o = 16; o > 0; o /= 2)
      total += __shfl_xor_sync(0xffffffffu, total, o);
    for (int i = lane; i < C; i += 32)
      atomicAdd(&dbias_shared[i], dout[row * C + i] - total);
  }
  __syncthreads();
  for (int i = threadIdx.x; i < C; i += blockDim.x)
    atomicAdd(&dbias[i], dbias_shared[i]);
}

// A shared slot a lane writes and its warp reads after __syncwarp, a
// barrier with a value: `ws_set` around the tables' `its_w`, `ws_after`
// around `its_after`.
__global__ void slots(const float *in, float *out) {
  __shared__ float s_total[8];
  __shared__ float acc[32];
  int warp_id = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (threadIdx.x < 32)
    acc[threadIdx.x] = 0.0f;
  int any = __syncthreads_count(in[threadIdx.x] > 0.0f);
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (lane == 0) {
    s_total[warp_id] = v;
  }
  __syncwarp();
  atomicAdd(&acc[lane], v * s_total[warp_id] + any);
  __syncthreads();
  if (threadIdx.x < 32)
    atomicAdd(&out[threadIdx.x], acc[threadIdx.x]);
}

// A fence: the warps may order each other through memory, which the
// shadow does not follow; the message-passing checks, no shadow.
__global__ void fenced(float *out, int *flag) {
  __shared__ float acc[32];
  if (threadIdx.x < 32)
    acc[threadIdx.x] = 0.0f;
  __syncthreads();
  float v = __shfl_down_sync(0xffffffffu, (float)threadIdx.x, 1);
  atomicAdd(&acc[threadIdx.x % 32], v);
  __syncthreads();
  if (threadIdx.x < 32)
    out[blockIdx.x * 32 + threadIdx.x] = acc[threadIdx.x];
  __threadfence();
  if (threadIdx.x == 0)
    atomicExch(flag, 1);
}

void run(const int *in, float *h, float *db, const float *dout, float *o,
         int *flag) {
  hist<<<4, 128>>>(in, h, 1024);
  bias_backward<<<4, 256, 128 * sizeof(float)>>>(db, dout, 64, 128);
  slots<<<4, 256>>>(dout, o);
  fenced<<<4, 64>>>(o, flag);
}

// PLAN: KERNEL name=hist checked=yes at=17:17 global=yes
// PLAN-NEXT: KERNEL name=bias_backward checked=yes at=32:17 global=yes
// PLAN-NEXT: KERNEL name=slots checked=yes at=58:17 global=yes
// PLAN-NEXT: KERNEL name=fenced checked=yes shared_reason="synchronises through memory (a fence, flag or lock), which the replay does not model" at=78:17
// PLAN: ITS kernel=hist checked=yes rule="shared memory without a replay" checks=shadow
// PLAN: ATOMIC kernel=hist id=3 at=24:15 op=atomicAdd var=bins
// PLAN: ITS kernel=bias_backward checked=yes rule="__syncwarp or warp collective"{{$}}
// PLAN-NEXT: ACCESS kernel=bias_backward id=1 at=38:5 var=dbias_shared mode=write
// PLAN-NEXT: WSYNC kernel=bias_backward at=39:3 form=__syncthreads
// PLAN-NEXT: WSYNC kernel=bias_backward at=46:16 form=__shfl_xor_sync
// PLAN-NEXT: WSYNC kernel=bias_backward at=50:3 form=__syncthreads
// PLAN-NEXT: ITS kernel=bias_backward checked=yes rule="shared memory without a replay" checks=shadow
// PLAN-NEXT: ACCESS kernel=bias_backward id=1 at=38:5 var=dbias_shared mode=write
// PLAN-NEXT: ACCESS kernel=bias_backward id=2 at=52:26 var=dbias_shared mode=read
// PLAN-NEXT: BSYNC kernel=bias_backward at=39:3 form=__syncthreads
// PLAN-NEXT: BSYNC kernel=bias_backward at=50:3 form=__syncthreads
// PLAN-NEXT: ATOMIC kernel=bias_backward id=3 at=48:17 op=atomicAdd var=dbias_shared
// PLAN-NEXT: ATOMIC kernel=bias_backward id=4 at=52:15 op=atomicAdd var=dbias
// PLAN-NEXT: ITS kernel=slots checked=yes rule="lane-range condition"{{$}}
// PLAN: ITS kernel=slots checked=yes rule="shared memory without a replay" checks=shadow
// PLAN: ITS kernel=fenced checked=yes rule="lane-range condition" checks=message-passing
// PLAN-NOT: ITS kernel=fenced

// TEXT: {{^}}#define __LDCC_WSHADOW 1{{$}}
// TEXT: {{^}}__global__ void hist(const int *in, float *out, int n) { __ldcc::ws_thread __ldcc_cl = {};{{$}}
// TEXT: {{^}}    atomicAdd(__ldcc::ws_a(&bins[in[i] & 63], __ldcc_cl, 3u, 3u), 1.0f);{{$}}
// TEXT: {{^}}                              int C) { __ldcc::its_enter(); __ldcc::ws_thread __ldcc_cl = {};{{$}}
// TEXT: {{^}}    (*__ldcc::ws_w(__ldcc::its_w(&(dbias_shared[i]), dbias_shared, 0u, 1u), __ldcc_cl, dbias_shared, 4u, 1u)) = 0.0f;{{$}}
// TEXT: {{^}}  (__ldcc::ws_sync(__ldcc_cl), __syncthreads(), __ldcc::its_sync());{{$}}
// TEXT: {{^}}      total += __ldcc::its_after(__shfl_xor_sync(0xffffffffu, total, o));{{$}}
// TEXT: {{^}}      atomicAdd(__ldcc::ws_a(&dbias_shared[i], __ldcc_cl, 4u, 3u), dout[row * C + i] - total);{{$}}
// TEXT: {{^}}    atomicAdd(__ldcc::ws_a(&dbias[i], __ldcc_cl, 4u, 4u), (*__ldcc::ws_r(&(dbias_shared[i]), __ldcc_cl, dbias_shared, 4u, 2u)));{{$}}
// The global clone carries both, inside its own rewriting.
// TEXT: {{^}}  (__ldcc::ws_sync(__ldcc_cl), (__syncthreads(), __ldcc::gbarrier(__ldcc_gi)), __ldcc::its_sync());{{$}}
// TEXT: {{^}}__global__ void slots(const float *in, float *out) { __ldcc::its_enter(); __ldcc::ws_thread __ldcc_cl = {};{{$}}
// TEXT: {{^}}  int any = __ldcc::ws_after(__ldcc_cl, __ldcc::its_after(__syncthreads_count(in[threadIdx.x] > 0.0f)));{{$}}
// TEXT: {{^}}    __ldcc::ws_set(__ldcc::its_w(&(s_total[warp_id]), s_total, 1u, 2u), __ldcc_cl, s_total, 5u, 2u) = v;{{$}}
// TEXT: {{^}}  (__syncwarp(), __ldcc::its_sync());{{$}}
// TEXT: {{^}}  atomicAdd(__ldcc::ws_a(&acc[lane], __ldcc_cl, 5u, 5u), v * (*__ldcc::ws_r(__ldcc::its_r(&(s_total[warp_id]), s_total, 1u, 3u), __ldcc_cl, s_total, 5u, 3u)) + any);{{$}}
// TEXT: {{^}}  int any = __ldcc::gbarrier(__ldcc_gi, __ldcc::ws_after(__ldcc_cl, __ldcc::its_after(__syncthreads_count((*__ldcc::gget(__ldcc_gi, 0, &(in[threadIdx.x]), 64)) > 0.0f))));{{$}}
// TEXT: {{^}}static const __ldcc_kernel_meta __ldcc_its_meta_3 = {__LDCC_HOST_ABI, 4u, "hist",
// TEXT: {{^}}static const __ldcc_kernel_meta __ldcc_its_meta_0 = {__LDCC_HOST_ABI, 1u, "bias_backward",
// TEXT: {{^}}static const __ldcc_kernel_meta __ldcc_its_meta_4 = {__LDCC_HOST_ABI, 4u, "bias_backward",
// The table in the order of the checks' numbers (the device code's).
// TEXT: {{^}}static const __ldcc_kernel_meta *const __ldcc_its_metas[] = {&__ldcc_its_meta_0, &__ldcc_its_meta_1, &__ldcc_its_meta_2, &__ldcc_its_meta_3, &__ldcc_its_meta_4, &__ldcc_its_meta_5, };{{$}}
// TEXT: {{^}}  *n = 6u;{{$}}

// COV: KERNEL name=hist at=17 coverage=full shared=yes global=yes warp=yes warp_rule="shared memory without a replay"
// COV-NEXT: KERNEL name=bias_backward at=32 coverage=full shared=yes global=yes warp=yes warp_rule="__syncwarp or warp collective"
// COV-NEXT: KERNEL name=slots at=58 coverage=full shared=yes global=yes warp=yes warp_rule="lane-range condition"
// COV-NEXT: KERNEL name=fenced at=78 coverage=partly shared=no
