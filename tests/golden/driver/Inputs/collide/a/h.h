// a/h.h: only a/k.cu may see this one.
#define FROM_A 1
