// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Lanes of one warp (docs/global-check.md, "Lanes of one warp"): every
// store or update through a claimed pointer in the global clone is wrapped
// as `__ldcc::gset(__ldcc_gi, J, &(E), LINE)`, whose operators claim the
// word, match the warp's lanes by address and store; a store whose right
// side computes from the word itself at its top (after casts) is an update,
// `, 1u` arithmetic (`E = E + v`, `E = v * E`, `E = (int)(E - v)`), `, 2u`
// bitwise or a maximum (`E = E | v`, `E = max(E, v)`).  A read stays
// gget; a store of another word's value stays a plain store.
#include <cuda_runtime.h>

struct Pair {
  int a, b;
};

template <class T> __global__ void tmpl(T *out, const T *in) {
  int i = threadIdx.x;
  out[i / 2] = in[i];
  out[i] += in[i];
}

__global__ void forms(int *p, unsigned *bits, float *f, Pair *s, int n) {
  int i = threadIdx.x;
  p[i] = n;
  p[i]++;
  --p[i + 1];
  p[0] = p[0] + i;
  p[1] = i * p[1];
  p[2] = (int)(p[2] - i);
  p[3] = p[4] + i;
  bits[0] = bits[0] | (1u << i);
  bits[1] = max(bits[1], (unsigned)i);
  bits[2] &= ~1u;
  f[i] = fmaxf(f[i], 0.5f);
  s[i].a = s[i].b + 1;
}

void launch(int *p, unsigned *bits, float *f, Pair *s, float *o,
            const float *in) {
  forms<<<4, 64>>>(p, bits, f, s, 3);
  tmpl<float><<<1, 32>>>(o, in);
}

// PLAN: KERNEL name=tmpl checked=yes {{.*}} global=yes units=warps writes=out one_run=out,in
// PLAN: KERNEL name=forms checked=yes {{.*}} global=yes units=warps writes=p,bits,f,s one_run=p,bits,f,s

// TEXT: __ldcc::gset(__ldcc_gi, 0, &(out[i / 2]), 21) = (*__ldcc::gget(__ldcc_gi, 1, &(in[i])));
// TEXT: __ldcc::gset(__ldcc_gi, 0, &(out[i]), 22) += (*__ldcc::gget(__ldcc_gi, 1, &(in[i])));
// TEXT: __ldcc::gset(__ldcc_gi, 0, &(p[i]), 27) = n;
// TEXT-NEXT: __ldcc::gset(__ldcc_gi, 0, &(p[i]), 28)++;
// TEXT-NEXT: --__ldcc::gset(__ldcc_gi, 0, &(p[i + 1]), 29);
// TEXT-NEXT: __ldcc::gset(__ldcc_gi, 0, &(p[0]), 30, 1u) = (*__ldcc::gget(__ldcc_gi, 0, &(p[0]))) + i;
// TEXT-NEXT: __ldcc::gset(__ldcc_gi, 0, &(p[1]), 31, 1u) = i * (*__ldcc::gget(__ldcc_gi, 0, &(p[1])));
// TEXT-NEXT: __ldcc::gset(__ldcc_gi, 0, &(p[2]), 32, 1u) = (int)((*__ldcc::gget(__ldcc_gi, 0, &(p[2]))) - i);
// TEXT-NEXT: __ldcc::gset(__ldcc_gi, 0, &(p[3]), 33) = (*__ldcc::gget(__ldcc_gi, 0, &(p[4]))) + i;
// TEXT-NEXT: __ldcc::gset(__ldcc_gi, 1, &(bits[0]), 34, 2u) = (*__ldcc::gget(__ldcc_gi, 1, &(bits[0]))) | (1u << i);
// TEXT-NEXT: __ldcc::gset(__ldcc_gi, 1, &(bits[1]), 35, 2u) = max((*__ldcc::gget(__ldcc_gi, 1, &(bits[1]))), (unsigned)i);
// TEXT-NEXT: __ldcc::gset(__ldcc_gi, 1, &(bits[2]), 36) &= ~1u;
// TEXT-NEXT: __ldcc::gset(__ldcc_gi, 2, &(f[i]), 37, 2u) = fmaxf((*__ldcc::gget(__ldcc_gi, 2, &(f[i]))), 0.5f);
// TEXT-NEXT: __ldcc::gset(__ldcc_gi, 3, &(s[i].a), 38) = (*__ldcc::gget(__ldcc_gi, 3, &(s[i].b))) + 1;
