/* ldcc: a drop-in replacement for nvcc that builds CUDA programs checked for
 * data races.  All the work is in ldcc_driver_core (driver.c); this file
 * only reads the environment.  Host code only. */
#include <stdlib.h>

#include "ld_driver.h"

int main(int argc, char **argv) {
  struct ld_driver_env env;

  env.ldcc_nvcc = getenv("LDCC_NVCC");
  env.ldcc_disable = getenv("LDCC_DISABLE");
  env.path = getenv("PATH");
  env.cuda_home = getenv("CUDA_HOME");
  env.tmpdir = getenv("TMPDIR");
  return ld_driver_main(argc, argv, &env);
}
