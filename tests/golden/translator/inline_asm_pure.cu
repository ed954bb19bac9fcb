// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Inline assembly that only computes on registers (cursor.c ld__asm_pure):
// the lane from `%%laneid`, `bfind`, `vabsdiff4`, a `{ .reg ... }` block
// with a guard, in the kernel or in a device function, with register or
// immediate operands, outputs that are plain locals and inputs that read
// no memory.  It touches nothing the checks follow, so it is left as it
// is and the kernel keeps every check (cuda-samples' inlinePTX,
// stereoDisparity, cdpBitonicSort; before, "inline assembly" left them
// unchecked).  Kept out: a clock (`%%globaltimer`), a store or a "memory"
// clobber, an output that is an array element, an input that loads
// (inline_asm.cu: a raw bar.sync).
__device__ __forceinline__ unsigned lane_id() {
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}

__device__ __forceinline__ int top_bit(unsigned word) {
  int ret;
  asm volatile("bfind.u32 %0, %1;" : "=r"(ret) : "r"(word));
  return ret;
}

__global__ void lanes_out(int *out) {
  unsigned lane, lt;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(lt));
  out[blockIdx.x * blockDim.x + threadIdx.x] = lane + __popc(lt);
}

__global__ void tile_bits(const unsigned *in, int *out) {
  __shared__ int s[128];
  unsigned v = in[blockIdx.x * 128 + threadIdx.x], d;
  asm("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;"
      : "=r"(d)
      : "r"(v), "r"(v >> 1), "r"(0));
  asm("{\n\t.reg .pred p;\n\tsetp.eq.u32 p, %1, 0;\n\t@p mov.u32 %0, 7;\n\t}"
      : "+r"(d)
      : "r"(v));
  s[threadIdx.x] = top_bit(d) + (int)lane_id();
  __syncthreads();
  out[blockIdx.x * 128 + threadIdx.x] = s[127 - threadIdx.x];
}

__global__ void clock_asm(long long *out) {
  long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  out[threadIdx.x] = t;
}

__global__ void store_asm(int *out) {
  asm volatile("st.global.u32 [%0], %1;" ::"l"(out + threadIdx.x), "r"(1)
               : "memory");
}

__global__ void element_out(int *out) {
  asm("mov.u32 %0, %%laneid;" : "=r"(out[threadIdx.x]));
}

__global__ void loading_in(const unsigned *in, int *out) {
  int r;
  asm("bfind.u32 %0, %1;" : "=r"(r) : "r"(in[threadIdx.x]));
  out[threadIdx.x] = r;
}

// ECL-GC's `init`: an error's printf, then an abort (`trap`, no effect the
// checks follow); `nanosleep` in a back-off.  Checked across blocks.
__global__ void trap_on_error(const int *in, int *out, int n) {
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (v >= n) {
    printf("too many active neighbors\n");
    asm("trap;");
  }
  asm volatile("nanosleep.u32 %0;" ::"r"(100));
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

int main() {
  int *p = 0;
  unsigned *u = 0;
  lanes_out<<<4, 64>>>(p);
  tile_bits<<<4, 128>>>(u, p);
  clock_asm<<<1, 32>>>((long long *)p);
  store_asm<<<1, 32>>>(p);
  element_out<<<1, 32>>>(p);
  loading_in<<<1, 32>>>(u, p);
  trap_on_error<<<4, 64>>>(p, p, 8);
  return 0;
}

// PLAN: KERNEL name=lanes_out checked=yes at=27:17 global=yes units=warps writes=out one_run=out
// PLAN-NEXT: KERNEL name=tile_bits checked=yes at=34:17 global=yes units=blocks writes=out one_run=out block_warps=1
// PLAN-NEXT: KERNEL name=clock_asm checked=no reason="inline assembly" at=48:17 global=no global_reason="inline assembly"
// PLAN-NEXT: KERNEL name=store_asm checked=no reason="inline assembly" at=54:17
// PLAN-NEXT: KERNEL name=element_out checked=no reason="inline assembly" at=59:17
// PLAN-NEXT: KERNEL name=loading_in checked=no reason="inline assembly" at=63:17 global=no global_reason="inline assembly"
// PLAN-NEXT: KERNEL name=trap_on_error checked=yes at={{[0-9]+}}:17 global=yes
// PLAN: SITE kernel=tile_bits id=1 at=44:3 form=SYNC_PLAIN
// PLAN: PROOF kernel=tile_bits proved=yes

// TEXT: {{^}}__global__ void __ldcc_g_lanes_out(int *out, __ldcc::global_info __ldcc_gi) {
// TEXT-NEXT: {{^}}  unsigned lane, lt;
// TEXT-NEXT: {{^}}  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
// TEXT-NEXT: {{^}}  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(lt));
// TEXT-NEXT: {{^}}  __ldcc::gset(__ldcc_gi, 0, &(out[blockIdx.x * blockDim.x + threadIdx.x]), 31) = lane + __popc(lt);
// TEXT: {{^}}__global__ void __launch_bounds__(1024) __ldcc_tile_bits__lb(
// TEXT: {{^}}  asm("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;"
// TEXT-NEXT: {{^}}      : "=r"(d)
// TEXT: (*__ldcc::swr(__ldcc_c, &((__ldcc_p->s)[threadIdx.x]))) = top_bit(d) + (int)lane_id();
