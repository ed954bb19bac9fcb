// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: FileCheck %s --check-prefix=TEXT < %t.cu
// RUN: tail -n +3 %t.cu | diff - %s
// RUN: %nvcc -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
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

// PLAN: KERNEL name=touch checked=yes at=11:17
// PLAN-NEXT: TARGET kernel=touch space=global name=p at=11:28 written=yes
// PLAN-NEXT: LAUNCH kernel=touch at=16:28
// PLAN-NEXT: LAUNCH kernel=touch at=28:21
// PLAN-NOT: {{.}}

// TEXT: {{^}}#include <ldcc/ldcc.h>
// TEXT-NEXT: {{^}}#line 1 "{{.*}}/host_code.cu"{{$}}
