/* What every translated file includes first: the host ABI of the ldcc
 * runtime.  Every symbol is __ldcc_* and versioned by __LDCC_ABI_VERSION.
 * Host and device code (guarded where it matters); C and C++. */
#ifndef __LDCC_H
#define __LDCC_H

#define __LDCC_ABI_VERSION 1
/* Defined in every translation unit that ldcc translated. */
#define __LDCC__ 1

#endif
