/* The command line libclang parses a CUDA file with (see ld_xlate_int.h).
 *
 * It mirrors what nvcc would do closely enough for analysis: CUDA language
 * mode, the real toolkit's headers (`--cuda-path`, plus include/cccl where
 * CUDA 13 keeps cooperative_groups' dependencies), one GPU architecture and
 * no warnings (only errors matter to the translator), and the prelude
 * (LD_CLANG_PRELUDE: what clang's CUDA mode lacks of nvcc's).  Not -nocudalib:
 * with it clang 22 skips its CUDA runtime wrapper and `k<<<...>>>` fails to
 * parse ("undeclared identifier cudaConfigureCall").  Host code only; no
 * libclang. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ld_analyse.h"
#include "ld_error.h"

#define LD_DEFAULT_CUDA_PATH "/usr/local/cuda"
#define LD_DEFAULT_GPU_ARCH "sm_90"
#define LD_FIXED_ARGS 10

int ld__clang_args(const struct ld_translate_opts *opts, char ***argv,
                   int *argc) {
  const char *cuda = opts->cuda_path ? opts->cuda_path : LD_DEFAULT_CUDA_PATH;
  const char *arch = opts->gpu_arch ? opts->gpu_arch : LD_DEFAULT_GPU_ARCH;
  char fixed[LD_FIXED_ARGS][4096];
  size_t nargs, bytes, i;
  char **v;
  char *s;
  int n = 0;

  *argv = NULL;
  *argc = 0;
  if (opts->nclang_args < 0 || (opts->nclang_args && !opts->clang_args))
    return LD_EINVAL;
  if (strlen(cuda) > sizeof fixed[0] - 64 || strlen(arch) > 64)
    return LD_ERANGE;
  snprintf(fixed[n++], sizeof fixed[0], "-x");
  snprintf(fixed[n++], sizeof fixed[0], "cuda");
  snprintf(fixed[n++], sizeof fixed[0], "--cuda-path=%s", cuda);
  snprintf(fixed[n++], sizeof fixed[0], "--cuda-gpu-arch=%s", arch);
  snprintf(fixed[n++], sizeof fixed[0], "-Wno-unknown-cuda-version");
  snprintf(fixed[n++], sizeof fixed[0], "-w");
  snprintf(fixed[n++], sizeof fixed[0], "-isystem");
  snprintf(fixed[n++], sizeof fixed[0], "%s/include/cccl", cuda);
  snprintf(fixed[n++], sizeof fixed[0], "-include");
  snprintf(fixed[n++], sizeof fixed[0], "%s", LD_CLANG_PRELUDE_PATH);

  nargs = (size_t)n + (size_t)opts->nclang_args;
  bytes = (nargs + 1) * sizeof(char *);
  for (i = 0; i < (size_t)n; i++)
    bytes += strlen(fixed[i]) + 1;
  for (i = 0; i < (size_t)opts->nclang_args; i++) {
    if (!opts->clang_args[i])
      return LD_EINVAL;
    bytes += strlen(opts->clang_args[i]) + 1;
  }
  v = malloc(bytes);
  if (!v)
    return LD_ENOMEM;
  s = (char *)(v + nargs + 1);
  for (i = 0; i < nargs; i++) {
    const char *a = i < (size_t)n ? fixed[i] : opts->clang_args[i - n];
    size_t len = strlen(a) + 1;
    memcpy(s, a, len);
    v[i] = s;
    s += len;
  }
  v[nargs] = NULL;
  *argv = v;
  *argc = (int)nargs;
  return LD_OK;
}
