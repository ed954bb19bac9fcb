/* Runtime library entry: identifies the runtime linked into a program.
 * Host code.  The race-checking machinery arrives with the detector issues;
 * this file keeps the library non-empty and versioned. */
#include "ldcc/ldcc.h"

/* The ABI version this runtime implements; translated code compares it.
 * `extern "C"` without braces gives the const external linkage. */
extern "C" const int __ldcc_rt_abi_version = __LDCC_ABI_VERSION;
