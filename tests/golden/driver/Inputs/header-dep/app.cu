// Includes a header with a kernel (depfile-headers.test).
#include "k.cuh"

int main() {
  int *p = 0;
  fill<<<1, 32>>>(p);
  return 0;
}
