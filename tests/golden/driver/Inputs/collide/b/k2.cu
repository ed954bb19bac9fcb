#include "h.h"
__global__ void kb(int *p) { p[threadIdx.x] = FROM_B; }
