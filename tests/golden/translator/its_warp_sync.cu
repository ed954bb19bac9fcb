// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Inline intra-warp checks (docs/inline-checks.md): which kernels are
// warp-synchronous (a lane-range condition guarding accesses, a pointer to
// volatile memory, a __syncwarp or collective, an element indexed by a lane
// index), which accesses are checked
// (loads, stores and read-modify-writes of shared arrays and scalars and of
// what non-const pointers point to; not address-of, not call arguments, not
// reads through const pointers), where the epoch steps, the kernels left
// alone (no warp-synchronous code), and a lock (lanes synchronising through
// memory): it gets the message-passing checks instead of warp tables.
template <int BLOCK>
__global__ void tail(const int *in, int *out) {
  __shared__ int s[BLOCK];
  int tid = threadIdx.x;
  s[tid] = in[blockIdx.x * BLOCK + tid];
  __syncthreads();
  if (tid < 32) {
    s[tid] += s[tid + 32];
    __syncwarp();
    s[tid] += s[tid + 16];
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

__global__ void exchange(float *g) {
  __shared__ float grid2[2][32];
  __shared__ int flag;
  volatile float *v = g;
  int lane = threadIdx.x % 32;
  grid2[0][lane] = v[lane];
  flag = lane;
  float x = grid2[1][31 - lane] + *g;
  atomicAdd(&grid2[1][lane], x);
  v[lane] = (float)__ballot_sync(0xffffffffu, x > 0) + sqrtf(x);
}

__device__ void helper(int *p) { __syncwarp(); p[0] = 1; }

__global__ void calls(int *p) {
  unsigned b = __ballot_sync(__activemask(), p[threadIdx.x] > 0);
  helper(p);
  p[threadIdx.x] = b;
}

__global__ void plain(int *p) {
  __shared__ int s[64];
  s[threadIdx.x] = p[threadIdx.x];
  __syncthreads();
  p[threadIdx.x] = s[63 - threadIdx.x];
}

__global__ void flagged(int *p, int *lock) {
  __syncwarp();
  while (atomicCAS(lock, 0, 1) != 0)
    ;
  p[0]++;
  __threadfence();
  atomicExch(lock, 0);
}

__global__ void lanes(int *g) {
  __shared__ int buf[32];
  int lane = threadIdx.x & 31;
  buf[lane] = g[threadIdx.x];
  g[threadIdx.x] = buf[(lane + 1) % 32];
}

int main() {
  int *p = 0;
  tail<64><<<1, 64>>>(p, p);
  exchange<<<1, 32>>>((float *)p);
  calls<<<1, 32>>>(p);
  plain<<<1, 64>>>(p);
  lanes<<<1, 32>>>(p);
  return 0;
}

// tail and lanes write shared memory, so they also get the replay clone and
// the check across blocks, and the clone carries the same inline checks
// (pass 1 only, its_sync at each site); exchange (its float atomicAdd on
// shared memory: the replay's own refusal, which its shared_reason says;
// a pointer to volatile no longer keeps it from the replay) and calls (no
// shared memory) are checked across blocks by a global clone that carries
// the inline checks (exchange's float atomic on shared memory in the
// direct one run: a float sum's rounding could differ between two passes).
// PLAN: KERNEL name=tail checked=yes at=15:17 template global=yes units=blocks writes=out one_run=out
// PLAN-NEXT: KERNEL name=exchange checked=yes shared_reason="shared atomic on a type other than a 32-bit integer" at=29:17 global=yes units=warps writes=g one_run=g direct=yes atomics=2
// PLAN-NEXT: KERNEL name=calls checked=yes at=43:17 global=yes units=warps writes=p
// PLAN-NEXT: KERNEL name=plain checked=yes at=49:17 global=yes units=blocks writes=p
// PLAN-NEXT: KERNEL name=flagged checked=yes at=56:17 global=yes units=warps writes=p,lock one_run=p,lock direct=yes atomics=2 fences=1
// PLAN-NEXT: KERNEL name=lanes checked=yes at=65:17 global=yes units=warps writes=g
// PLAN-NEXT: TARGET kernel=tail space=global name=out at=15:42 written=yes
// PLAN-NEXT: TARGET kernel=tail space=shared name=s at=16:18 written=yes
// PLAN-NEXT: TARGET kernel=exchange space=global name=g at=29:33 written=yes
// PLAN-NEXT: TARGET kernel=exchange space=shared name=grid2 at=30:20 written=yes
// PLAN-NEXT: TARGET kernel=exchange space=shared name=flag at=31:18 written=yes
// PLAN-NEXT: TARGET kernel=calls space=global name=p at=43:28 written=yes
// PLAN-NEXT: TARGET kernel=plain space=global name=p at=49:28 written=yes
// PLAN-NEXT: TARGET kernel=plain space=shared name=s at=50:18 written=yes
// PLAN-NEXT: TARGET kernel=flagged space=global name=p at=56:30 written=yes
// PLAN-NEXT: TARGET kernel=flagged space=global name=lock at=56:38 written=yes
// PLAN-NEXT: TARGET kernel=lanes space=global name=g at=65:28 written=yes
// PLAN-NEXT: TARGET kernel=lanes space=shared name=buf at=66:18 written=yes
// PLAN-NEXT: BARRIER kernel=tail form=__syncthreads at=19:3
// PLAN-NEXT: BARRIER kernel=plain form=__syncthreads at=52:3
// PLAN-NEXT: LAUNCH kernel=tail at=74:3
// PLAN-NEXT: LAUNCH kernel=exchange at=75:3
// PLAN-NEXT: LAUNCH kernel=calls at=76:3
// PLAN-NEXT: LAUNCH kernel=plain at=77:3
// PLAN-NEXT: LAUNCH kernel=lanes at=78:3
// PLAN-NEXT: SITE kernel=tail id=0 at=15:17 form=entry
// PLAN-NEXT: SITE kernel=tail id=1 at=19:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=tail id=2 at=27:1 form=exit
// PLAN-NEXT: COPIES kernel=tail scratch=lazy
// PLAN-NEXT: PROOF kernel=tail proved=yes bounds=x<=extent(s,0),x<=16,y=1,z=1
// PLAN-NEXT: SITE kernel=plain id=0 at=49:17 form=entry
// PLAN-NEXT: SITE kernel=plain id=1 at=52:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=plain id=2 at=54:1 form=exit
// PLAN-NEXT: COPIES kernel=plain scratch=lazy
// PLAN-NEXT: PROOF kernel=plain proved=yes bounds=x<=extent(s,0),y=1,z=1
// PLAN-NEXT: SITE kernel=lanes id=0 at=65:17 form=entry
// PLAN-NEXT: SITE kernel=lanes id=1 at=70:1 form=exit
// PLAN-NEXT: COPIES kernel=lanes scratch=lazy
// PLAN-NEXT: PROOF kernel=lanes proved=no reason="'buf' is written in a region that also uses it at another thread's element (line 68)"
// PLAN-NEXT: ITS kernel=tail checked=yes rule="lane-range condition"
// PLAN-NEXT: ACCESS kernel=tail id=1 at=18:3 var=s mode=write
// PLAN-NEXT: ACCESS kernel=tail id=2 at=21:5 var=s mode=rw
// PLAN-NEXT: ACCESS kernel=tail id=3 at=21:15 var=s mode=read
// PLAN-NEXT: ACCESS kernel=tail id=4 at=23:5 var=s mode=rw
// PLAN-NEXT: ACCESS kernel=tail id=5 at=23:15 var=s mode=read
// PLAN-NEXT: ACCESS kernel=tail id=6 at=26:5 var=out mode=write
// PLAN-NEXT: ACCESS kernel=tail id=7 at=26:23 var=s mode=read
// PLAN-NEXT: WSYNC kernel=tail at=19:3 form=__syncthreads
// PLAN-NEXT: WSYNC kernel=tail at=22:5 form=__syncwarp
// PLAN-NEXT: ITS kernel=exchange checked=yes rule="pointer to volatile memory"
// PLAN-NEXT: ACCESS kernel=exchange id=1 at=34:3 var=grid2 mode=write
// PLAN-NEXT: ACCESS kernel=exchange id=2 at=34:20 var=v mode=read
// PLAN-NEXT: ACCESS kernel=exchange id=3 at=35:3 var=flag mode=write
// PLAN-NEXT: ACCESS kernel=exchange id=4 at=36:13 var=grid2 mode=read
// PLAN-NEXT: ACCESS kernel=exchange id=5 at=36:35 var=g mode=read
// PLAN-NEXT: ACCESS kernel=exchange id=6 at=38:3 var=v mode=write
// PLAN-NEXT: WSYNC kernel=exchange at=38:20 form=__ballot_sync
// PLAN-NEXT: ITS kernel=calls checked=yes rule="__syncwarp or warp collective"
// PLAN-NEXT: ACCESS kernel=calls id=1 at=44:46 var=p mode=read
// PLAN-NEXT: ACCESS kernel=calls id=2 at=41:48 var=p mode=write in=helper
// PLAN-NEXT: ACCESS kernel=calls id=3 at=46:3 var=p mode=write
// PLAN-NEXT: WSYNC kernel=calls at=44:16 form=__ballot_sync
// PLAN-NEXT: WSYNC kernel=calls at=45:3 form=helper
// PLAN-NEXT: WSYNC kernel=calls at=41:34 form=__syncwarp
// PLAN-NEXT: ITS kernel=flagged checked=yes rule="__syncwarp or warp collective" checks=message-passing
// PLAN-NEXT: ACCESS kernel=flagged id=1 at=60:3 var=p mode=rw role=data
// PLAN-NEXT: FENCE kernel=flagged at=61:3 form=__threadfence
// PLAN-NEXT: ATOMIC kernel=flagged id=2 at=58:20 op=atomicCAS var=lock
// PLAN-NEXT: ATOMIC kernel=flagged id=3 at=62:14 op=atomicExch var=lock
// PLAN-NEXT: ITS kernel=lanes checked=yes rule="lane index"
// PLAN-NEXT: ACCESS kernel=lanes id=1 at=68:3 var=buf mode=write
// PLAN-NEXT: ACCESS kernel=lanes id=2 at=68:15 var=g mode=read
// PLAN-NEXT: ACCESS kernel=lanes id=3 at=69:3 var=g mode=write
// PLAN-NEXT: ACCESS kernel=lanes id=4 at=69:20 var=buf mode=read
// PLAN-NEXT: OWN kernel=tail proved=yes conds="1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(gridDim.x-1)+0<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(gridDim.x-1)+0<2147483648"
// PLAN-NEXT: OWN kernel=exchange proved=no reason="direct one run"
// PLAN-NEXT: OWN kernel=calls proved=no reason="a pointer it writes through is used other than as the base of an access"
// PLAN-NEXT: OWN kernel=plain proved=yes conds="1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648"
// PLAN-NEXT: OWN kernel=flagged proved=no reason="direct one run"
// PLAN-NEXT: OWN kernel=lanes proved=yes conds="1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648"
// PLAN-NOT: {{.}}

// TEXT: {{^}}#include <ldcc/ldcc.h>
// TEXT-NEXT: {{^}}#line 1 "{{.*}}its_warp_sync.cu"{{$}}
// TEXT-NEXT: {{^}}static const __ldcc::global_meta *__ldcc__gmeta(int);{{$}}
// TEXT-NEXT: {{^}}#include <ldcc/its.cuh>
// TEXT-NEXT: {{^}}#line 1 "{{.*}}its_warp_sync.cu"{{$}}
// TEXT: {{^}}__global__ void tail(const int *in, int *out) { __ldcc::its_enter();
// TEXT-NEXT: {{^}}  __shared__ int s[BLOCK];
// TEXT-NEXT: {{^}}  int tid = threadIdx.x;
// TEXT-NEXT: {{^}}  (*__ldcc::its_w(&(s[tid]), s, 0u, 1u)) = in[blockIdx.x * BLOCK + tid];
// TEXT-NEXT: {{^}}  (__syncthreads(), __ldcc::its_sync());
// TEXT-NEXT: {{^}}  if (tid < 32) {
// TEXT-NEXT: {{^}}    (*__ldcc::its_rw(&(s[tid]), s, 0u, 2u)) += (*__ldcc::its_r(&(s[tid + 32]), s, 0u, 3u));
// TEXT-NEXT: {{^}}    (__syncwarp(), __ldcc::its_sync());
// TEXT-NEXT: {{^}}    (*__ldcc::its_rw(&(s[tid]), s, 0u, 4u)) += (*__ldcc::its_r(&(s[tid + 16]), s, 0u, 5u));
// TEXT: {{^}}    (*__ldcc::its_w(&(out[blockIdx.x]), out, 0u, 6u)) = (*__ldcc::its_r(&(s[0]), s, 0u, 7u));
// TEXT: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_tail(const int *in, int *out, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi) { __ldcc::its_enter();{{.*}}
// TEXT: {{^}}  (*__ldcc::swr(__ldcc_c, &((*__ldcc::its_w(&((__ldcc_p->s)[tid]), (__ldcc_p->s), 0u, 1u, __ldcc_c.pass))))) = in[blockIdx.x * BLOCK + tid];
// TEXT: {{^}}__ldcc_L1:; __ldcc::its_sync();
// TEXT: {{^}}    (*__ldcc::swr(__ldcc_c, &((*__ldcc::its_rw(&(((__ldcc_c.rd = 1, __ldcc_p)->s)[tid]), ((__ldcc_p)->s), 0u, 2u, __ldcc_c.pass))))) += (*__ldcc::srd(__ldcc_c, &((*__ldcc::its_r(&((__ldcc_p->s)[tid + 32]), (__ldcc_p->s), 0u, 3u, __ldcc_c.pass)))));
// TEXT-NEXT: {{^}}    (__syncwarp(), __ldcc::its_sync());
// TEXT-NEXT: {{^}}    (*__ldcc::swr(__ldcc_c, &((*__ldcc::its_rw(&(((__ldcc_c.rd = 1, __ldcc_p)->s)[tid]), ((__ldcc_p)->s), 0u, 4u, __ldcc_c.pass))))) += (*__ldcc::srd(__ldcc_c, &((*__ldcc::its_r(&((__ldcc_p->s)[tid + 16]), (__ldcc_p->s), 0u, 5u, __ldcc_c.pass)))));
// TEXT: {{^}}    (*__ldcc::glog(__ldcc_c, &((*__ldcc::its_w(&(out[blockIdx.x]), out, 0u, 6u, __ldcc_c.pass))))) = (*__ldcc::srd(__ldcc_c, &((*__ldcc::its_r(&((__ldcc_p->s)[0]), (__ldcc_p->s), 0u, 7u, __ldcc_c.pass)))));
// TEXT: {{^}}  (*__ldcc::its_w(&(grid2[0][lane]), grid2, 1u, 1u)) = (*__ldcc::its_r(&(v[lane]), v, 1u, 2u));
// TEXT-NEXT: {{^}}  (*__ldcc::its_w(&(flag), flag, 1u, 3u)) = lane;
// TEXT-NEXT: {{^}}  float x = (*__ldcc::its_r(&(grid2[1][31 - lane]), grid2, 1u, 4u)) + (*__ldcc::its_r(&(*g), g, 1u, 5u));
// TEXT-NEXT: {{^}}  atomicAdd(&grid2[1][lane], x);
// TEXT-NEXT: {{^}}  (*__ldcc::its_w(&(v[lane]), v, 1u, 6u)) = (float)__ldcc::its_after(__ballot_sync(0xffffffffu, x > 0)) + sqrtf(x);
// TEXT: {{^}}  unsigned b = __ldcc::its_after(__ballot_sync(__activemask(), (*__ldcc::its_r(&(p[threadIdx.x]), p, 2u, 1u)) > 0));
// TEXT-NEXT: {{^}}  (helper(p), __ldcc::its_sync());
// TEXT-NEXT: {{^}}  (*__ldcc::its_w(&(p[threadIdx.x]), p, 2u, 3u)) = b;
// TEXT: {{^}}__global__ void __ldcc_g_calls(int *p, __ldcc::global_info __ldcc_gi) { __ldcc::its_enter(); const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); __ldcc::gshift(__ldcc_gi, __ldcc_gc, p, 0);{{$}}
// TEXT-NEXT: {{^}}  unsigned b = __ldcc::its_after(__ballot_sync(__activemask(), (*__ldcc::its_r(&(p[threadIdx.x]), p, 2u, 1u)) > 0));
// TEXT-NEXT: {{^}}  (helper(p), __ldcc::its_sync());
// TEXT-NEXT: {{^}}  (*__ldcc::its_w(&(p[threadIdx.x]), p, 2u, 3u)) = b;
// TEXT: {{^}}__global__ void plain(int *p) {{{$}}
// TEXT: {{^}}__global__ void flagged(int *p, int *lock) { __ldcc::mp_thread __ldcc_mp = {};{{$}}
// TEXT-NEXT: {{^}}  __syncwarp();
// TEXT-NEXT: {{^}}  while (atomicCAS(__ldcc::mp_atomic(lock, __ldcc_mp, 3u, 2u, 0, 1), 0, 1) != 0)
// TEXT-NEXT: {{^}}    ;
// TEXT-NEXT: {{^}}  (*__ldcc::mp_rw(&(p[0]), __ldcc_mp, p, 3u, 1u))++;
// TEXT-NEXT: {{^}}  __ldcc::mp_fence(__ldcc_mp, 2u), __threadfence();
// TEXT-NEXT: {{^}}  atomicExch(__ldcc::mp_atomic(lock, __ldcc_mp, 3u, 3u, 0, 1), 0);
// TEXT: {{^}}  (*__ldcc::its_w(&(buf[lane]), buf, 4u, 1u)) = (*__ldcc::its_r(&(g[threadIdx.x]), g, 4u, 2u));
// TEXT-NEXT: {{^}}  (*__ldcc::its_w(&(g[threadIdx.x]), g, 4u, 3u)) = (*__ldcc::its_r(&(buf[(lane + 1) % 32]), buf, 4u, 4u));
// TEXT: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_lanes(int *g, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi) { __ldcc::its_enter();{{.*}}
// TEXT: {{^}}  (*__ldcc::swr(__ldcc_c, &((*__ldcc::its_w(&((__ldcc_p->buf)[lane]), (__ldcc_p->buf), 4u, 1u, __ldcc_c.pass))))) = (*__ldcc::its_r(&(g[threadIdx.x]), g, 4u, 2u, __ldcc_c.pass));
// TEXT-NEXT: {{^}}  (*__ldcc::glog(__ldcc_c, &((*__ldcc::its_w(&(g[threadIdx.x]), g, 4u, 3u, __ldcc_c.pass))))) = (*__ldcc::srd(__ldcc_c, &((*__ldcc::its_r(&((__ldcc_p->buf)[(lane + 1) % 32]), (__ldcc_p->buf), 4u, 4u, __ldcc_c.pass)))));
// TEXT: {{^}}  __ldcc::its_arm<1>(), __ldcc::launch_as<decltype(__ldcc::plain_fn(&tail<64>))>::run(__ldcc__gmeta(0), 0, 1, 64, 0, 0, [&](dim3 __ldcc_m__g, dim3 __ldcc_m__b, size_t __ldcc_m__sh, cudaStream_t __ldcc_m__st, const __ldcc::global_info *__ldcc_m__gi, auto &...__ldcc_m__a) { const __ldcc::global_info __ldcc_m__i = __ldcc_m__gi ? *__ldcc_m__gi : __ldcc::global_identity(); __ldcc::launch(&__ldcc_meta_tail<64>::meta, (const void *)__ldcc_tail<64>, (const void *)__ldcc_tail__lb<64>, 0, __ldcc_m__g, __ldcc_m__b, __ldcc_m__sh, __ldcc_m__st, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, __ldcc::launch_info __ldcc_l__li, int __ldcc_l__big) { if (__ldcc_l__big) __ldcc_tail__lb<64><<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., __ldcc_l__li, __ldcc_m__i); else __ldcc_tail<64><<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., __ldcc_l__li, __ldcc_m__i); }, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st) { if (__ldcc_m__gi) __ldcc_g_tail<64><<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., *__ldcc_m__gi); else tail<64><<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a...); }); }, p, p);
// TEXT-NEXT: {{^}}  __ldcc::its_arm<1>(), __ldcc::launch_as<decltype(__ldcc::plain_fn(&exchange))>::run(__ldcc__gmeta(1), 0, 1, 32, 0, 0, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, const __ldcc::global_info *__ldcc_l__gi, auto &...__ldcc_l__a) { if (__ldcc_l__gi) __ldcc_g_exchange<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a..., *__ldcc_l__gi); else exchange<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a...); }, (float *)p);
// TEXT-NEXT: {{^}}  __ldcc::its_arm<1>(), __ldcc::launch_as<decltype(__ldcc::plain_fn(&calls))>::run(__ldcc__gmeta(2), 0, 1, 32, 0, 0, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, const __ldcc::global_info *__ldcc_l__gi, auto &...__ldcc_l__a) { if (__ldcc_l__gi) __ldcc_g_calls<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a..., *__ldcc_l__gi); else calls<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a...); }, p);
// TEXT-NEXT: {{^}}  __ldcc::launch_as<decltype(__ldcc::plain_fn(&plain))>::run(__ldcc__gmeta(3), 0, 1, 64, 0, 0, [&](dim3 __ldcc_m__g, dim3 __ldcc_m__b, size_t __ldcc_m__sh, cudaStream_t __ldcc_m__st, const __ldcc::global_info *__ldcc_m__gi, auto &...__ldcc_m__a) { const __ldcc::global_info __ldcc_m__i = __ldcc_m__gi ? *__ldcc_m__gi : __ldcc::global_identity(); __ldcc::launch(&__ldcc_meta_plain::meta, (const void *)__ldcc_plain, (const void *)__ldcc_plain__lb, 1, __ldcc_m__g, __ldcc_m__b, __ldcc_m__sh, __ldcc_m__st, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, __ldcc::launch_info __ldcc_l__li, int __ldcc_l__big) { if (__ldcc_l__big) __ldcc_plain__lb<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., __ldcc_l__li, __ldcc_m__i); else __ldcc_plain<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., __ldcc_l__li, __ldcc_m__i); }, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st) { if (__ldcc_m__gi) __ldcc_g_plain<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., *__ldcc_m__gi); else plain<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a...); }); }, p);
// TEXT-NEXT: {{^}}  __ldcc::its_arm<1>(), __ldcc::launch_as<decltype(__ldcc::plain_fn(&lanes))>::run(__ldcc__gmeta(5), 0, 1, 32, 0, 0, [&](dim3 __ldcc_m__g, dim3 __ldcc_m__b, size_t __ldcc_m__sh, cudaStream_t __ldcc_m__st, const __ldcc::global_info *__ldcc_m__gi, auto &...__ldcc_m__a) { const __ldcc::global_info __ldcc_m__i = __ldcc_m__gi ? *__ldcc_m__gi : __ldcc::global_identity(); __ldcc::launch(&__ldcc_meta_lanes::meta, (const void *)__ldcc_lanes, (const void *)__ldcc_lanes__lb, 2, __ldcc_m__g, __ldcc_m__b, __ldcc_m__sh, __ldcc_m__st, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, __ldcc::launch_info __ldcc_l__li, int __ldcc_l__big) { if (__ldcc_l__big) __ldcc_lanes__lb<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., __ldcc_l__li, __ldcc_m__i); else __ldcc_lanes<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., __ldcc_l__li, __ldcc_m__i); }, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st) { if (__ldcc_m__gi) __ldcc_g_lanes<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., *__ldcc_m__gi); else lanes<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a...); }); }, p);
// TEXT: {{^}}static const int __ldcc_its_lines_0[] = {15, 18, 21, 21, 23, 23, 26, 26, 27};
// TEXT: {{^}}  {"s", 0, 0, 1, {0, 0, 0, 0}, 0, 3, 0, 3, __ldcc_its_wl_0_0},
// TEXT: {{^}}static const __ldcc_kernel_meta __ldcc_its_meta_2 = {__LDCC_HOST_ABI, 3u, "calls", __ldcc_its_file, 43, 5u, 0, 0, 1, __ldcc_its_vars_2, __ldcc_its_lines_2, 0, 0, 0};
// TEXT: {{^}}static const __ldcc_kernel_meta *const __ldcc_its_metas[] = {&__ldcc_its_meta_0, &__ldcc_its_meta_1, &__ldcc_its_meta_2, &__ldcc_its_meta_3, &__ldcc_its_meta_4, };
// TEXT-NEXT: {{^}}static __attribute__((unused)) const __ldcc_kernel_meta *const *__ldcc_its_table(unsigned *n) {
// TEXT-NEXT: {{^}}  *n = 5u;
