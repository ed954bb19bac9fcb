/* Runtime library entry: identifies the runtime linked into a program.
 * Host code.  The race-checking machinery arrives with the detector issues;
 * this file keeps the library non-empty and versioned. */
#include "ldcc/ldcc.h"

extern "C" {
/* The ABI version this runtime implements; translated code compares it. */
const int __ldcc_rt_abi_version = __LDCC_ABI_VERSION;
}
