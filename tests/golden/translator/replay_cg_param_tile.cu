// RUN: %ldcc-translate --coverage %s -std=c++17 | FileCheck %s --check-prefix=COV
// RUN: %ldcc-translate %s -std=c++17 > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// A device function with block barriers that takes the block's handle by
// const reference and makes its warp tile from it, the way cuda-samples'
// shfl_scan computes an integral image's row sums (session 40): the tile
// was re-created at the clone's top only from a local block handle, so a
// parameter's left the kernel "not checked in shared memory: local of a
// type that cannot be hoisted" (replay_facts.c tile_of_block); and its
// `const uint4 &data` parameter, whose members it reads, counted as
// changed and was snapshot as `decltype(data) __ldcc_s0;`, a reference
// without an initialiser nvcc rejects (a const parameter never changes:
// const_param).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

struct packed_sums {
  uint4 lo;
  unsigned total;
};

__device__ packed_sums row_prefix(const uint4 &data,
                                  const cg::thread_block &cta) {
  const auto tile = cg::tiled_partition<32>(cta);
  __shared__ unsigned sums[32];
  const unsigned lane = tile.thread_rank();
  const unsigned warp = tile.meta_group_rank();
  unsigned v = data.x + data.y + data.z + data.w;
  for (int d = 1; d < 32; d *= 2) {
    unsigned n = tile.shfl_up(v, d);
    if (lane >= d)
      v += n;
  }
  if (lane == 31)
    sums[warp] = v;
  cta.sync();
  if (warp == 0) {
    unsigned s = lane < tile.meta_group_size() ? sums[lane] : 0;
    for (int d = 1; d < 32; d *= 2) {
      unsigned n = tile.shfl_up(s, d);
      if (lane >= d)
        s += n;
    }
    if (lane < tile.meta_group_size())
      sums[lane] = s;
  }
  cta.sync();
  packed_sums r;
  r.total = v + (warp ? sums[warp - 1] : 0);
  r.lo = make_uint4(data.x, data.x + data.y, data.x + data.y + data.z, r.total);
  return r;
}

__global__ void rows(const uint4 *img, uint4 *out, unsigned *totals) {
  const auto cta = cg::this_thread_block();
  const unsigned id = threadIdx.x;
  packed_sums p = row_prefix(img[blockIdx.x * blockDim.x + id], cta);
  out[blockIdx.x * blockDim.x + id] = p.lo;
  if (id == blockDim.x - 1)
    totals[blockIdx.x] = p.total;
}

void run(const uint4 *img, uint4 *out, unsigned *totals) {
  rows<<<120, 128>>>(img, out, totals);
}

// COV: KERNEL name=rows at=55 coverage=full shared=yes
// TEXT: __ldcc_rows__f_row_prefix(__ldcc::thread_ctx &__ldcc_c, {{.*}}const uint4 &data,
// TEXT-NEXT: const cg::thread_block &cta) {
// TEXT-NEXT: __ldcc_L *__ldcc_p
// TEXT-NEXT: const auto tile = cg::tiled_partition<32>(cta);
// TEXT-NOT: decltype(data)
// TEXT: swr(__ldcc_c, &((__ldcc_p->sums)[warp]))
