// A project's own header named cuda.h (rodinia's util/cuda/cuda.h): a
// helper of its own, no CUDA_VERSION.
#pragma once
void setdevice(void);
