/* What the analyse step offers the pipeline (translate.c): the parser's
 * command line (args.c, no libclang, unit-tested) and the parse that fills
 * the plan (parse.c and the facts passes, the only code that includes
 * clang-c/Index.h; CMake gives its include directory to this folder alone).
 * Host code only. */
#ifndef LD_ANALYSE_H
#define LD_ANALYSE_H

#include "ld_buf.h"
#include "ld_plan.h"
#include "ld_translate.h"

/* The arguments libclang parses the file with: CUDA mode for opts->gpu_arch,
 * the toolkit at opts->cuda_path (with its include/cccl, which CUDA 13's
 * cooperative_groups needs), clang's resource directory when CMake found
 * it (LDCC_CLANG_RESOURCE_DIR), nvcc's -D__CUDA_ARCH_LIST__, the host
 * compiler's omp.h when opts->clang_args has -fopenmp, the prelude, then
 * opts->clang_args in order.  *argv is one
 * malloc'd block (free it with free()); its strings live inside it. */
int ld__clang_args(const struct ld_translate_opts *opts, char ***argv,
                   int *argc);

/* clang's CUDA wrapper force-includes curand_mtgp32_kernel.h (nvcc does
 * not), so a command-line macro named like one of its identifiers
 * (`-DV=2`, `-DMAT`) broke a parse where nvcc compiles.  When a caller's
 * -D names such an identifier (one that does not start with `_`), *shim is
 * a header for the unsaved directory LD_CURAND_SHIM_DIR, which
 * ld__clang_args then searches first: it hides those macros
 * (push_macro, #undef), includes the toolkit's header with #include_next
 * and restores them; otherwise *shim is left empty. */
/* For each -D macro of opts->clang_args whose name does not start with
 * `_` and for which hide(name, ctx) is nonzero: `#pragma
 * push_macro("N")` and `#undef N` appended to before, `#pragma
 * pop_macro("N")` to after (text to put around an include). */
int ld__hide_macros(const struct ld_translate_opts *opts,
                    int (*hide)(const char *name, void *ctx), void *ctx,
                    struct ld_buf *before, struct ld_buf *after);

#define LD_CURAND_SHIM_DIR "/__ldcc__/shim"
#define LD_CURAND_SHIM_PATH LD_CURAND_SHIM_DIR "/curand_mtgp32_kernel.h"
int ld__curand_shim(const struct ld_translate_opts *opts, struct ld_buf *shim);
/* ld__clang_args, with ld__curand_shim's header in *shim (the parse's
 * unsaved file; the toolkit's headers are read once). */
int ld__parse_args(const struct ld_translate_opts *opts, struct ld_buf *shim,
                   char ***argv, int *argc);

/* A header clang includes after its CUDA runtime wrapper and before the
 * file (`-include`, one of ld__clang_args' fixed arguments), given to
 * libclang as an unsaved file: what clang's CUDA mode lacks of nvcc's.  It
 * is only ever parsed, never compiled by nvcc, so declaring something here
 * never changes the program; a declaration without a definition is enough.
 * - `__managed__` alone (nvcc: a managed __device__ variable) is an
 *   attribute clang's CUDA mode ignores, leaving a host variable that
 *   kernels may not use: it is made `__device__ __managed__`.
 * - nvcc's identity macros (__NVCC__, __CUDACC_VER_*__ from the toolkit's
 *   CUDART_VERSION; the build number is not in the headers: 0), so code and
 *   CCCL take the paths they take under nvcc (cooperative_groups'
 *   cluster_group needs __NVCC__).  nvcc's lambda traits for CCCL's
 *   extended-lambda path are never true for the parser.
 * - What nvcc's cuda_runtime.h includes and clang's wrapper does not
 *   (<new> for placement new, <stdio.h>, <time.h>, <assert.h>, and <math.h>,
 *   whose C++ form brings std::isfinite and the other classifications into
 *   the global namespace for host code).
 * - Under --extended-lambda (-D__LDCC_EXTENDED_LAMBDA, argv.c): nvcc's
 *   __CUDACC_EXTENDED_LAMBDA__, and the <functional> and <utility> its
 *   cuda_runtime.h then includes, here, after clang's wrapper.
 * - nvcc's host overloads of the integer min/max (clang has them in device
 *   code only: "no matching function for call to 'max'" in host code).
 * - Cache-hint loads and stores clang lacks (__ldca, __ldlu, __stcg,
 *   __stcs, __stwb) and nvcc's __nv_atomic_* builtins with their order and
 *   scope constants, declared for any T (nvcc checks the types later). */
#define LD_CLANG_PRELUDE_PATH "/__ldcc__/prelude.h"
#define LD_CLANG_PRELUDE                                                       \
  "#undef __managed__\n#define __managed__ __device__ "                        \
  "__attribute__((managed))\n"                                                 \
  "#define __NVCC__ 1\n"                                                       \
  "#define __CUDACC_VER_MAJOR__ (CUDART_VERSION / 1000)\n"                     \
  "#define __CUDACC_VER_MINOR__ (CUDART_VERSION % 1000 / 10)\n"                \
  "#define __CUDACC_VER_BUILD__ 0\n"                                           \
  "#define __NVCC_DIAG_PRAGMA_SUPPORT__ 1\n"                                   \
  "#define __CUDACC_DEVICE_ATOMIC_BUILTINS__ 1\n"                              \
  "#define __nv_is_extended_device_lambda_closure_type(X) false\n"             \
  "#define __nv_is_extended_host_device_lambda_closure_type(X) false\n"        \
  "#define __nv_is_extended_device_lambda_with_preserved_return_type(X) "      \
  "false\n"                                                                    \
  "#include <new>\n#include <stdio.h>\n#include <time.h>\n#include <math.h>\n" \
  "#include <assert.h>\n"                                                      \
  "#ifdef __LDCC_EXTENDED_LAMBDA\n#define __CUDACC_EXTENDED_LAMBDA__ 1\n"      \
  "#include <functional>\n#include <utility>\n#endif\n"                        \
  "inline __host__ int min(int, int);\n"                                       \
  "inline __host__ unsigned umin(unsigned, unsigned);\n"                       \
  "inline __host__ long long llmin(long long, long long);\n"                   \
  "inline __host__ unsigned long long ullmin(unsigned long long, "             \
  "unsigned long long);\n"                                                     \
  "inline __host__ int max(int, int);\n"                                       \
  "inline __host__ unsigned umax(unsigned, unsigned);\n"                       \
  "inline __host__ long long llmax(long long, long long);\n"                   \
  "inline __host__ unsigned long long ullmax(unsigned long long, "             \
  "unsigned long long);\n"                                                     \
  "template <class T> struct __ldcc_same { typedef T type; };\n"               \
  "template <class T> __device__ T __ldca(const T *);\n"                       \
  "template <class T> __device__ T __ldlu(const T *);\n"                       \
  "template <class T> __device__ void __stcg(T *, "                            \
  "typename __ldcc_same<T>::type);\n"                                          \
  "template <class T> __device__ void __stcs(T *, "                            \
  "typename __ldcc_same<T>::type);\n"                                          \
  "template <class T> __device__ void __stwb(T *, "                            \
  "typename __ldcc_same<T>::type);\n"                                          \
  "enum { __NV_ATOMIC_RELAXED, __NV_ATOMIC_CONSUME, __NV_ATOMIC_ACQUIRE, "     \
  "__NV_ATOMIC_RELEASE, __NV_ATOMIC_ACQ_REL, __NV_ATOMIC_SEQ_CST };\n"         \
  "enum { __NV_THREAD_SCOPE_THREAD, __NV_THREAD_SCOPE_BLOCK, "                 \
  "__NV_THREAD_SCOPE_CLUSTER, __NV_THREAD_SCOPE_DEVICE, "                      \
  "__NV_THREAD_SCOPE_SYSTEM };\n"                                              \
  "#define __LDCC_NVA(op) template <class T> __device__ T "                    \
  "__nv_atomic_##op(T *, typename __ldcc_same<T>::type, int, "                 \
  "int = __NV_THREAD_SCOPE_SYSTEM);\n"                                         \
  "__LDCC_NVA(fetch_add) __LDCC_NVA(fetch_sub) __LDCC_NVA(fetch_min) "         \
  "__LDCC_NVA(fetch_max) __LDCC_NVA(fetch_and) __LDCC_NVA(fetch_or) "          \
  "__LDCC_NVA(fetch_xor) __LDCC_NVA(exchange_n) __LDCC_NVA(add) "              \
  "__LDCC_NVA(sub) __LDCC_NVA(min) __LDCC_NVA(max) __LDCC_NVA(and) "           \
  "__LDCC_NVA(or) __LDCC_NVA(xor)\n#undef __LDCC_NVA\n"                        \
  "template <class T> __device__ T __nv_atomic_load_n(const T *, int, "        \
  "int = __NV_THREAD_SCOPE_SYSTEM);\n"                                         \
  "template <class T> __device__ void __nv_atomic_load(const T *, T *, int, "  \
  "int = __NV_THREAD_SCOPE_SYSTEM);\n"                                         \
  "template <class T> __device__ void __nv_atomic_store_n(T *, "               \
  "typename __ldcc_same<T>::type, int, int = __NV_THREAD_SCOPE_SYSTEM);\n"     \
  "template <class T> __device__ void __nv_atomic_store(T *, T *, int, "       \
  "int = __NV_THREAD_SCOPE_SYSTEM);\n"                                         \
  "template <class T> __device__ void __nv_atomic_exchange(T *, T *, T *, "    \
  "int, int = __NV_THREAD_SCOPE_SYSTEM);\n"                                    \
  "template <class T> __device__ bool __nv_atomic_compare_exchange(T *, T *, " \
  "T *, bool, int, int, int = __NV_THREAD_SCOPE_SYSTEM);\n"                    \
  "template <class T> __device__ bool __nv_atomic_compare_exchange_n(T *, "    \
  "T *, typename __ldcc_same<T>::type, bool, int, int, "                       \
  "int = __NV_THREAD_SCOPE_SYSTEM);\n"                                         \
  "__device__ void __nv_atomic_thread_fence(int, "                             \
  "int = __NV_THREAD_SCOPE_SYSTEM);\n"

/* Parse opts->input_path and fill plan (zeroed by the caller).  When user
 * headers are translated with the file (inclusions.c), *flat (empty on
 * entry) receives the flattened text the plan's offsets refer to and
 * plan->lines where its lines come from; otherwise both stay empty and the
 * offsets are the file's.  On a parse error returns LD_EPARSE and sets
 * *error to one malloc'd sentence naming the first error, e.g.
 * "app.cu:3:5: expected ';' after expression". */
int ld__parse(const struct ld_translate_opts *opts, struct ld_plan *plan,
              struct ld_buf *flat, char **error);

#endif
