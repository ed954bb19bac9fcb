// RUN: %ldcc-translate --dump-plan %s -- -std=c++17 | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s -- -std=c++17 > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -std=c++17 -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Stores of class type and elements written through names of their own
// (docs/global-check.md, "One run"; session 33).  A store of a float2, a
// float4 or a struct element is a call of the class's assignment
// operator: its object is stored, `(*__ldcc::gput(...)) = make_float2(...)`
// (before: `gget`, a read, so two units storing one element were never
// compared).  A local reference to non-const bound to an element
// (`float &r = out[i]`, `auto &n = nodes[v]`) and the object of a
// non-const method (`pts[i].scale(s)`) may be written later or inside, which
// no claim can say: such a kernel goes to the copies (no `one_run=`); a
// const method (`len()`) and a const reference read, and keep the one run.
struct P {
  float x, y;
  __device__ void scale(float s) {
    x *= s;
    y *= s;
  }
  __device__ float len() const { return x * x + y * y; }
};

__global__ void vec2(float2 *out) { out[threadIdx.x] = make_float2(1.f, 2.f); }

__global__ void structs(P *out, P q) { out[threadIdx.x] = q; }

__global__ void vec4(float4 *out, const float4 *in) {
  float4 v = in[threadIdx.x];
  v.x += 1;
  out[threadIdx.x] = v;
}

__global__ void method(P *pts, float s) { pts[threadIdx.x].scale(s); }

__global__ void reference(float *out, float v) {
  float &r = out[threadIdx.x];
  r += v;
}

__global__ void node_ref(P *nodes, const int *order) {
  auto &n = nodes[order[threadIdx.x]];
  n.x = 1.f;
}

__global__ void readers(float *out, const P *pts) {
  const P &p = pts[threadIdx.x];
  out[threadIdx.x] = pts[threadIdx.x].len() + p.y;
}

int main() {
  vec2<<<4, 64>>>(0);
  structs<<<4, 64>>>(0, P{});
  vec4<<<4, 64>>>(0, 0);
  method<<<4, 64>>>(0, 2.f);
  reference<<<4, 64>>>(0, 1.f);
  node_ref<<<4, 64>>>(0, 0);
  readers<<<4, 64>>>(0, 0);
  return 0;
}

// PLAN: KERNEL name=vec2 checked=yes at=24:17 global=yes units=warps writes=out one_run=out{{$}}
// PLAN-NEXT: KERNEL name=structs checked=yes at=26:17 global=yes units=warps writes=out one_run=out{{$}}
// PLAN-NEXT: KERNEL name=vec4 checked=yes at=28:17 global=yes units=warps writes=out one_run=out,in{{$}}
// PLAN-NEXT: KERNEL name=method checked=yes at=34:17 global=yes units=warps writes=pts{{$}}
// PLAN-NEXT: KERNEL name=reference checked=yes at=36:17 global=yes units=warps writes=out{{$}}
// PLAN-NEXT: KERNEL name=node_ref checked=yes at=41:17 global=yes units=warps writes=nodes{{$}}
// PLAN-NEXT: KERNEL name=readers checked=yes at=46:17 global=yes units=warps writes=out one_run=out,pts{{$}}

// TEXT: __global__ void __ldcc_g_vec2(
// TEXT-SAME: (*__ldcc::gput(__ldcc_gi, 0, &(out[threadIdx.x]))) = make_float2(1.f, 2.f); }
// TEXT: __global__ void __ldcc_g_structs(
// TEXT-SAME: (*__ldcc::gput(__ldcc_gi, 0, &(out[threadIdx.x]))) = q; }
// TEXT: __global__ void __ldcc_g_vec4(
// TEXT: (*__ldcc::gput(__ldcc_gi, 0, &(out[threadIdx.x]))) = v;
