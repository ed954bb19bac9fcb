// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=NOSITE
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Warp-synchronous kernels keep the shared-memory replay and the check
// across blocks (issue 24; docs/inline-checks.md, "With the replay"): a
// shuffle reduction (the barrier between the warps' sums and warp 0's reads
// is what the replay checks) gets its sites, copies and global check next
// to its ITS lines; the clone carries the inline checks, innermost around
// each access, recorded in pass 1 only, with the epoch stepped after each
// site; the collectives stay in the clone.  A kernel that writes no shared
// memory keeps the inline checks alone, not checked across blocks.

__global__ void reduce_shfl(const int *in, int *out, int n) {
  __shared__ int warpsum[8];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_down_sync(0xffffffff, v, o);
  if ((threadIdx.x & 31) == 0)
    warpsum[threadIdx.x >> 5] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = threadIdx.x < 8 ? warpsum[threadIdx.x] : 0;
    for (int o = 16; o > 0; o >>= 1)
      v += __shfl_down_sync(0xffffffff, v, o);
    if (threadIdx.x == 0)
      out[blockIdx.x] = v;
  }
}

__global__ void exchange(int *buf) {
  int lane = threadIdx.x % 32;
  buf[lane] = lane;
  __syncwarp();
  buf[lane] += buf[(lane + 1) % 32];
}

void run(const int *in, int *out, int *buf, int n) {
  reduce_shfl<<<4, 256>>>(in, out, n);
  exchange<<<1, 32>>>(buf);
}

// PLAN: KERNEL name=reduce_shfl checked=yes at=15:17 global=yes units=blocks writes=out one_run=out
// PLAN: KERNEL name=exchange checked=yes at=33:17 global=yes units=warps writes=buf one_run=buf
// PLAN: SITE kernel=reduce_shfl id=1 at=23:3 form=SYNC_PLAIN
// PLAN: COPIES kernel=reduce_shfl scratch=lazy
// PLAN: ITS kernel=reduce_shfl checked=yes rule="__syncwarp or warp collective"
// PLAN: ACCESS kernel=reduce_shfl id=1 at=22:5 var=warpsum mode=write
// PLAN: ITS kernel=exchange checked=yes rule="lane index"
// NOSITE-NOT: SITE kernel=exchange
// NOSITE-NOT: COPIES kernel=exchange

// The original keeps its inline checks; the clone has them inside the
// replay's wrappers, with the pass, and steps the epoch after the site.
// TEXT: (*__ldcc::its_w(&(warpsum[threadIdx.x >> 5]), warpsum, 0u, 1u)) = v;
// TEXT: __ldcc_reduce_shfl(const int *in, int *out, int n, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi) { __ldcc::its_enter();
// TEXT: v += __ldcc::its_after(__shfl_down_sync(0xffffffff, v, o));
// TEXT: (*__ldcc::swr(__ldcc_c, &((*__ldcc::its_w(&((__ldcc_p->warpsum)[threadIdx.x >> 5]), (__ldcc_p->warpsum), 0u, 1u, __ldcc_c.pass))))) = v;
// TEXT: __ldcc_L1:; __ldcc::its_sync();
// TEXT: (*__ldcc::glog(__ldcc_c, &((*__ldcc::its_w(&(out[blockIdx.x]), out, 0u, 2u, __ldcc_c.pass))))) = v;
// exchange has no shared memory: its global clone carries the checks
// (no pass), innermost, inside the claims of the one run.
// TEXT: __global__ void __ldcc_g_exchange(int *buf, __ldcc::global_info __ldcc_gi) { __ldcc::its_enter(); const unsigned __ldcc_gc
// TEXT: __ldcc::gset(__ldcc_gi, 0, &((*__ldcc::its_w(&(buf[lane]), buf, 1u, 1u))), 35) = lane;
// TEXT-NEXT: (__syncwarp(), __ldcc::its_sync());
// TEXT-NEXT: __ldcc::gset(__ldcc_gi, 0, &((*__ldcc::its_rw(&(buf[lane]), buf, 1u, 2u))), 37) += (*__ldcc::gget(__ldcc_gi, 0, &((*__ldcc::its_r(&(buf[(lane + 1) % 32]), buf, 1u, 3u)))));
// TEXT: __ldcc::its_arm<1>(), __ldcc::launch_as<decltype(__ldcc::plain_fn(&reduce_shfl))>
// TEXT: __ldcc::its_arm<1>(), __ldcc::launch_as<decltype(__ldcc::plain_fn(&exchange))>
