#include "h.h"
__global__ void ka(int *p) { p[threadIdx.x] = FROM_A; }
