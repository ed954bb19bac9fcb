// In a subfolder: its own relative include must still find common.h when
// its text is pasted into the file that includes k.cuh.
#ifndef INNER_CUH
#define INNER_CUH
#include "../common.h"
__device__ inline int scale(int x) { return x * SCALE; }
#endif
