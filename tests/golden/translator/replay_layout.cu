// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Replay: a 2-D padded tile, a shared struct and an array of structs move
// into the layout as written.
struct particle {
  float x, y;
  int id;
};

__global__ void transpose_move(const float *in, float *out, particle *ps) {
  __shared__ float tile[16][17];
  __shared__ particle one;
  __shared__ particle many[64];
  int x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = in[y * 16 + x];
  if (x == 0 && y == 0)
    one.id = 7;
  many[y * 4 + x % 4].x = tile[y][x];
  many[x % 64] = ps[x];
  __syncthreads();
  out[x * 16 + y] = tile[x][y] + one.id + many[x % 64].x;
}

int main() {
  float *d = 0;
  particle *p = 0;
  transpose_move<<<1, dim3(16, 16)>>>(d, d, p);
  return 0;
}


// PLAN: KERNEL name=transpose_move checked=yes at=12:17
// PLAN-NEXT: TARGET kernel=transpose_move space=global name=out at=12:56 written=yes
// PLAN-NEXT: TARGET kernel=transpose_move space=global name=ps at=12:71 written=no
// PLAN-NEXT: TARGET kernel=transpose_move space=shared name=tile at=13:20 written=yes
// PLAN-NEXT: TARGET kernel=transpose_move space=shared name=one at=14:23 written=yes
// PLAN-NEXT: TARGET kernel=transpose_move space=shared name=many at=15:23 written=yes
// PLAN-NEXT: BARRIER kernel=transpose_move form=__syncthreads at=22:3
// PLAN-NEXT: LAUNCH kernel=transpose_move at=29:3
// PLAN-NEXT: SITE kernel=transpose_move id=0 at=12:17 form=entry
// PLAN-NEXT: SITE kernel=transpose_move id=1 at=22:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=transpose_move id=2 at=24:1 form=exit
// PLAN-NEXT: COPIES kernel=transpose_move scratch=whole reason="a target's address is taken or it is bound to a reference"
// PLAN-NEXT: PROOF kernel=transpose_move proved=no reason="'many' is used other than element by element (line 21)"
// PLAN-NEXT: ITS kernel=transpose_move checked=yes rule="shared memory across threads in a region"
// PLAN-NEXT: ACCESS kernel=transpose_move id=1 at=17:3 var=tile mode=write
// PLAN-NEXT: ACCESS kernel=transpose_move id=2 at=20:27 var=tile mode=read
// PLAN-NEXT: ACCESS kernel=transpose_move id=3 at=23:3 var=out mode=write
// PLAN-NEXT: ACCESS kernel=transpose_move id=4 at=23:21 var=tile mode=read
// PLAN-NEXT: WSYNC kernel=transpose_move at=22:3 form=__syncthreads
// PLAN-NEXT: OWN kernel=transpose_move proved=yes conds="1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.y-1)+16*(blockDim.x-1)+0<2147483648;1*(blockDim.z-1)<1;1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.y-1)<16;1*(blockDim.y-1)+16*(blockDim.x-1)+0<2147483648"
// PLAN-NOT: {{.}}
// CLONE: {{^}}struct __ldcc_layout_transpose_move {
// CLONE-NEXT: {{^}}  float tile[16][17];
// CLONE-NEXT: {{^}}  particle one;
// CLONE-NEXT: {{^}}  particle many[64];
// CLONE-NEXT: {{^}}};
// CLONE: {{^}}  int x{};
// CLONE-NEXT: {{^}}  int y{};
// CLONE: {{^}}  x = threadIdx.x, y = threadIdx.y;
// CLONE-NEXT: {{^}} (*__ldcc::swr(__ldcc_c, &((*__ldcc::its_wo(&((__ldcc_p->tile)[y][x]), (__ldcc_p->tile), 0u, 1u, __ldcc_c.pass))))) = in[y * 16 + x];
// CLONE: {{^}}    (*__ldcc::swr(__ldcc_c, &((__ldcc_p->one).id))) = 7;
// CLONE-NEXT: {{^}} (*__ldcc::swr(__ldcc_c, &((__ldcc_p->many)[y * 4 + x % 4].x))) = (*__ldcc::srd(__ldcc_c, &((*__ldcc::its_r(&((__ldcc_p->tile)[y][x]), (__ldcc_p->tile), 0u, 2u, __ldcc_c.pass)))));
// CLONE-NEXT: {{^}}  (*__ldcc::swr(__ldcc_c, &(((__ldcc_c.rd = 1, __ldcc_p)->many)[x % 64]))) = ps[x];
// CLONE: {{^}} (*__ldcc::glog(__ldcc_c, &((*__ldcc::its_wo(&(out[x * 16 + y]), out, 0u, 3u, __ldcc_c.pass))))) = (*__ldcc::srd(__ldcc_c, &((*__ldcc::its_r(&((__ldcc_p->tile)[x][y]), (__ldcc_p->tile), 0u, 4u, __ldcc_c.pass))))) + (*__ldcc::srd(__ldcc_c, &((__ldcc_p->one).id))) + (*__ldcc::srd(__ldcc_c, &((__ldcc_p->many)[x % 64].x)));
// CLONE: {{^}}  __ldcc::target<decltype(__ldcc_layout_transpose_move::tile)>("tile", __builtin_offsetof(__ldcc_layout_transpose_move, tile), __ldcc__wl_0_0, 1),
// CLONE-NEXT: {{^}}  __ldcc::target<decltype(__ldcc_layout_transpose_move::one)>("one", __builtin_offsetof(__ldcc_layout_transpose_move, one), __ldcc__wl_0_1, 1),
// CLONE-NEXT: {{^}}  __ldcc::target<decltype(__ldcc_layout_transpose_move::many)>("many", __builtin_offsetof(__ldcc_layout_transpose_move, many), __ldcc__wl_0_2, 2),
