// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// The check across blocks clones its kernels and rewrites their launches.
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Host code with classes, templates and lambdas around a kernel: nothing
// in it is a kernel, a target or a barrier; the launch inside a lambda and
// the one inside a class method are found.
#include <vector>

__global__ void touch(int *p) { p[threadIdx.x] = 1; }

class launcher {
public:
  explicit launcher(int n) : n_(n) {}
  void run(int *p) const { touch<<<1, n_>>>(p); }
  int size() const { return n_; }
private:
  int n_;
};

template <typename F> static void twice(F f) { f(); f(); }

int main() {
  std::vector<int> v(4, 0);
  int *d = 0;
  launcher l(32);
  auto go = [&]() { touch<<<1, 32>>>(d); };
  twice(go);
  l.run(d);
  twice([&v, &l]() { v.push_back(l.size()); });
  return v.size() == 8 ? 0 : 1;
}

// PLAN: KERNEL name=touch checked=yes at=11:17 global=yes units=warps writes=p
// PLAN-NEXT: TARGET kernel=touch space=global name=p at=11:28 written=yes
// PLAN-NEXT: LAUNCH kernel=touch at=16:28
// PLAN-NEXT: LAUNCH kernel=touch at=28:21
// PLAN-NEXT: OWN kernel=touch proved=yes conds="1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648"
// PLAN-NOT: {{.}}

// TEXT: {{^}}#include <ldcc/ldcc.h>
// TEXT-NEXT: {{^}}#line 1 "{{.*}}/host_code.cu"{{$}}
// TEXT-NEXT: {{^}}static const __ldcc::global_meta *__ldcc__gmeta(int);{{$}}
// TEXT: {{^}}__global__ void __ldcc_g_touch(int *p, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); __ldcc::gshift(__ldcc_gi, __ldcc_gc, p, 0); __ldcc::gset(__ldcc_gi, 0, &(p[threadIdx.x]), 11) = 1; }{{$}}
// TEXT: {{^}}  void run(int *p) const { __ldcc::launch_as<decltype(__ldcc::plain_fn(&touch))>::run(__ldcc__gmeta(0), 0, 1, n_, 0, 0, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, const __ldcc::global_info *__ldcc_l__gi, auto &...__ldcc_l__a) { if (__ldcc_l__gi) __ldcc_g_touch<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a..., *__ldcc_l__gi); else touch<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a...); }, p); }{{$}}
// TEXT: {{^}}  auto go = [&]() { __ldcc::launch_as<decltype(__ldcc::plain_fn(&touch))>::run(__ldcc__gmeta(0), 1, 1, 32, 0, 0, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, const __ldcc::global_info *__ldcc_l__gi, auto &...__ldcc_l__a) { if (__ldcc_l__gi) __ldcc_g_touch<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a..., *__ldcc_l__gi); else touch<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a...); }, d); };{{$}}
// TEXT: {{^}}static const __ldcc::global_meta *__ldcc__gmeta(int __ldcc_i) {{{$}}
// TEXT: {{^}}      {__LDCC_GLOBAL_ABI, 1, {__LDCC_HOST_ABI, 0, "touch", __ldcc_file, 11, 0, NULL, 0, 16, NULL, NULL, __ldcc_l0, 3, 0}, 1, __LDCC_GM_OWN, __ldcc_n0, __ldcc_f0, __ldcc_p0, NULL, 0, NULL, 13, __ldcc_o0},{{$}}
