// b/h.h: only b/k2.cu may see this one.
#define FROM_B 2
