#pragma once
__global__ void fill(int *p) { p[threadIdx.x] = 1; }
