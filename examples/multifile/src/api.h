// Host-visible entry points, implemented in the .cu files; plain C++.
#pragma once

void run_saxpy(float *d_y, const float *d_x, float a, int n);
template <int TILE> void run_transpose(float *d_out, const float *d_in, int n);
extern template void run_transpose<16>(float *, const float *, int);
extern template void run_transpose<32>(float *, const float *, int);
double device_sum(const float *d_x, int n);
