// A __device__ variable declared in a header (global_device_var.cu).
__device__ unsigned header_count;
