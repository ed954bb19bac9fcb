// A syntax error: ldcc-translate fails with exactly one line on stderr that
// names the first error, and prints nothing on stdout.
// RUN: not %ldcc-translate %s > %t.out 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: count 1 < %t.err
// RUN: count 0 < %t.out
// RUN: not %ldcc-translate --dump-plan %s 2>&1 | count 1

__global__ void broken(int *p) {
  int x = 1
  p[0] = x;
  undeclared_one();
  undeclared_two();
}

// CHECK: ldcc-translate: {{.*}}syntax_error.cu:10:12: expected ';' at end of declaration
