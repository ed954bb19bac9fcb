/* nvcc 13's option table and the matcher (see ld_nvcc_opts.h).
 *
 * The rows were taken from `nvcc --help` (CUDA 13.0) plus three options nvcc
 * accepts but does not document (-Xcudafe, -Xfatbin, -Xcicc); the flags
 * were checked against `nvcc --dryrun`.  Keep the rows sorted by long name:
 * the unit test test_nvcc_opts checks it.  Host code only. */
#include "ld_nvcc_opts.h"

#include <string.h>

const struct ld_nvcc_opt ld_nvcc_opts[] = {
    {"--Ofast-compile", "-Ofc", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--Wdefault-stream-launch", "-Wdefault-stream-launch", 0, LD_ROLE_NONE},
    {"--Werror", "-Werror", LD_OPT_VALUE | LD_OPT_LIST, LD_ROLE_NONE},
    {"--Wext-lambda-captures-this", "-Wext-lambda-captures-this", 0,
     LD_ROLE_NONE},
    {"--Wmissing-launch-bounds", "-Wmissing-launch-bounds", 0, LD_ROLE_NONE},
    {"--Wno-deprecated-declarations", "-Wno-deprecated-declarations", 0,
     LD_ROLE_NONE},
    {"--Wno-deprecated-gpu-targets", "-Wno-deprecated-gpu-targets", 0,
     LD_ROLE_NONE},
    {"--Wreorder", "-Wreorder", 0, LD_ROLE_NONE},
    {"--allow-unsupported-compiler", "-allow-unsupported-compiler", 0,
     LD_ROLE_NONE},
    {"--archive-options", "-Xarchive", LD_OPT_VALUE | LD_OPT_LIST,
     LD_ROLE_NONE},
    {"--archiver-binary", "-arbin", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--augment-host-linker-script", "-aug-hls", 0, LD_ROLE_NONE},
    {"--brief-diagnostics", "-brief-diag", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--cicc-options", "-Xcicc", LD_OPT_VALUE | LD_OPT_LIST, LD_ROLE_NONE},
    {"--clean-targets", "-clean", LD_OPT_INFO, LD_ROLE_NONE},
    {"--compile", "-c", LD_OPT_NOLINK, LD_ROLE_NONE},
    {"--compile-as-tools-patch", "-astoolspatch", 0, LD_ROLE_NONE},
    {"--compiler-bindir", "-ccbin", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--compiler-options", "-Xcompiler", LD_OPT_VALUE | LD_OPT_LIST,
     LD_ROLE_XCOMPILER},
    {"--compress-mode", "-compress-mode", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--cubin", "-cubin", LD_OPT_NOLINK, LD_ROLE_NONE},
    {"--cuda", "-cuda", LD_OPT_NOLINK, LD_ROLE_NONE},
    {"--cudadevrt", "-cudadevrt", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--cudafe-options", "-Xcudafe", LD_OPT_VALUE | LD_OPT_LIST, LD_ROLE_NONE},
    {"--cudart", "-cudart", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--debug", "-g", 0, LD_ROLE_NONE},
    {"--default-stream", "-default-stream", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--define-macro", "-D", LD_OPT_VALUE | LD_OPT_GLUE | LD_OPT_LIST,
     LD_ROLE_DEFINE},
    {"--dependency-drive-prefix", "-ddp", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--dependency-output", "-MF", LD_OPT_VALUE, LD_ROLE_DEPFILE},
    {"--dependency-target-name", "-MT", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--device-c", "-dc", LD_OPT_NOLINK, LD_ROLE_RDC},
    {"--device-debug", "-G", 0, LD_ROLE_MODE},
    {"--device-entity-has-hidden-visibility",
     "-device-entity-has-hidden-visibility", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--device-link", "-dlink", LD_OPT_NOLINK, LD_ROLE_NONE},
    {"--device-stack-protector", "-device-stack-protector", LD_OPT_VALUE,
     LD_ROLE_NONE},
    {"--device-w", "-dw", LD_OPT_NOLINK, LD_ROLE_NONE},
    {"--diag-error", "-diag-error", LD_OPT_VALUE | LD_OPT_LIST, LD_ROLE_NONE},
    {"--diag-suppress", "-diag-suppress", LD_OPT_VALUE | LD_OPT_LIST,
     LD_ROLE_NONE},
    {"--diag-warn", "-diag-warn", LD_OPT_VALUE | LD_OPT_LIST, LD_ROLE_NONE},
    {"--disable-warnings", "-w", 0, LD_ROLE_NONE},
    {"--display-error-number", "-err-no", 0, LD_ROLE_NONE},
    {"--dlink-time-opt", "-dlto", 0, LD_ROLE_NONE},
    {"--dont-use-profile", "-noprof", 0, LD_ROLE_NONE},
    {"--dopt", "-dopt", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--drive-prefix", "-dp", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--dryrun", "-dryrun", LD_OPT_INFO, LD_ROLE_NONE},
    {"--entries", "-e", LD_OPT_VALUE | LD_OPT_LIST, LD_ROLE_NONE},
    {"--expt-extended-lambda", "-expt-extended-lambda", 0, LD_ROLE_MODE},
    {"--expt-relaxed-constexpr", "-expt-relaxed-constexpr", 0, LD_ROLE_MODE},
    {"--extended-lambda", "-extended-lambda", 0, LD_ROLE_MODE},
    {"--extensible-whole-program", "-ewp", 0, LD_ROLE_NONE},
    {"--extra-device-vectorization", "-extra-device-vectorization", 0,
     LD_ROLE_NONE},
    {"--fatbin", "-fatbin", LD_OPT_NOLINK, LD_ROLE_NONE},
    {"--fatbin-options", "-Xfatbin", LD_OPT_VALUE | LD_OPT_LIST, LD_ROLE_NONE},
    {"--fdevice-syntax-only", "-fdevice-syntax-only", LD_OPT_NOLINK,
     LD_ROLE_NONE},
    {"--fdevice-time-trace", "-fdevice-time-trace", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--fmad", "-fmad", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--force-cl-env-setup", "-force-cl-env-setup", 0, LD_ROLE_NONE},
    {"--forward-unknown-opts", "-forward-unknown-opts", 0, LD_ROLE_NONE},
    {"--forward-unknown-to-host-compiler", "-forward-unknown-to-host-compiler",
     0, LD_ROLE_NONE},
    {"--forward-unknown-to-host-linker", "-forward-unknown-to-host-linker", 0,
     LD_ROLE_NONE},
    {"--frandom-seed", "-frandom-seed", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--ftemplate-backtrace-limit", "-ftemplate-backtrace-limit", LD_OPT_VALUE,
     LD_ROLE_NONE},
    {"--ftemplate-depth", "-ftemplate-depth", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--ftz", "-ftz", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--gen-opt-lto", "-gen-opt-lto", 0, LD_ROLE_NONE},
    {"--generate-code", "-gencode", LD_OPT_VALUE | LD_OPT_LIST,
     LD_ROLE_GENCODE},
    {"--generate-dependencies", "-M", LD_OPT_NOLINK | LD_OPT_PREPROCESS,
     LD_ROLE_NONE},
    {"--generate-dependencies-with-compile", "-MD", LD_OPT_DEPS, LD_ROLE_NONE},
    {"--generate-dependency-targets", "-MP", 0, LD_ROLE_NONE},
    {"--generate-line-info", "-lineinfo", 0, LD_ROLE_NONE},
    {"--generate-nonsystem-dependencies", "-MM",
     LD_OPT_NOLINK | LD_OPT_PREPROCESS, LD_ROLE_NONE},
    {"--generate-nonsystem-dependencies-with-compile", "-MMD", LD_OPT_DEPS,
     LD_ROLE_NONE},
    {"--gpu-architecture", "-arch", LD_OPT_VALUE, LD_ROLE_ARCH},
    {"--gpu-code", "-code", LD_OPT_VALUE | LD_OPT_LIST, LD_ROLE_NONE},
    {"--help", "-h", LD_OPT_INFO, LD_ROLE_NONE},
    {"--host-linker-script", "-hls", LD_OPT_VALUE | LD_OPT_NOLINK,
     LD_ROLE_NONE},
    {"--include-path", "-I", LD_OPT_VALUE | LD_OPT_GLUE | LD_OPT_LIST,
     LD_ROLE_INCLUDE},
    {"--input-drive-prefix", "-idp", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--jobserver", "-jobserver", 0, LD_ROLE_NONE},
    {"--jump-table-density", "-jtd", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--keep", "-keep", 0, LD_ROLE_NONE},
    {"--keep-device-functions", "-keep-device-functions", 0, LD_ROLE_NONE},
    {"--keep-dir", "-keep-dir", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--lib", "-lib", LD_OPT_NOLINK, LD_ROLE_NONE},
    {"--libdevice-directory", "-ldir", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--library", "-l", LD_OPT_VALUE | LD_OPT_GLUE | LD_OPT_LIST, LD_ROLE_NONE},
    {"--library-path", "-L", LD_OPT_VALUE | LD_OPT_GLUE | LD_OPT_LIST,
     LD_ROLE_NONE},
    {"--link", "-link", 0, LD_ROLE_NONE},
    {"--linker-options", "-Xlinker", LD_OPT_VALUE | LD_OPT_LIST, LD_ROLE_NONE},
    {"--list-gpu-arch", "-arch-ls", LD_OPT_INFO, LD_ROLE_NONE},
    {"--list-gpu-code", "-code-ls", LD_OPT_INFO, LD_ROLE_NONE},
    {"--lto", "-lto", 0, LD_ROLE_NONE},
    {"--ltoir", "-ltoir", LD_OPT_NOLINK, LD_ROLE_NONE},
    {"--m64", "-m64", 0, LD_ROLE_NONE},
    {"--machine", "-m", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--maxrregcount", "-maxrregcount", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--no-align-double", NULL, 0, LD_ROLE_NONE},
    {"--no-compress", "-no-compress", 0, LD_ROLE_NONE},
    {"--no-device-link", "-nodlink", 0, LD_ROLE_NONE},
    {"--no-display-error-number", "-no-err-no", 0, LD_ROLE_NONE},
    {"--no-exceptions", "-noeh", 0, LD_ROLE_NONE},
    {"--no-host-device-initializer-list", "-nohdinitlist", 0, LD_ROLE_NONE},
    {"--no-host-device-move-forward", "-nohdmoveforward", 0, LD_ROLE_NONE},
    {"--nvlink-options", "-Xnvlink", LD_OPT_VALUE | LD_OPT_LIST, LD_ROLE_NONE},
    {"--objdir-as-tempdir", "-objtemp", 0, LD_ROLE_NONE},
    {"--optimization-info", "-opt-info", LD_OPT_VALUE | LD_OPT_LIST,
     LD_ROLE_NONE},
    {"--optimize", "-O", LD_OPT_VALUE | LD_OPT_GLUE, LD_ROLE_NONE},
    {"--options-file", "-optf", LD_OPT_VALUE | LD_OPT_LIST, LD_ROLE_OPTF},
    {"--optix-ir", "-optix-ir", LD_OPT_NOLINK, LD_ROLE_NONE},
    {"--output-directory", "-odir", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--output-file", "-o", LD_OPT_VALUE, LD_ROLE_OUTPUT},
    {"--pre-include", "-include", LD_OPT_VALUE | LD_OPT_LIST,
     LD_ROLE_PREINCLUDE},
    {"--prec-div", "-prec-div", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--prec-sqrt", "-prec-sqrt", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--preprocess", "-E", LD_OPT_NOLINK | LD_OPT_PREPROCESS, LD_ROLE_NONE},
    {"--profile", "-pg", 0, LD_ROLE_NONE},
    {"--ptx", "-ptx", LD_OPT_NOLINK, LD_ROLE_NONE},
    {"--ptxas-options", "-Xptxas", LD_OPT_VALUE | LD_OPT_LIST, LD_ROLE_NONE},
    {"--qpp-config", "-qpp-config", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--relocatable-device-code", "-rdc", LD_OPT_VALUE, LD_ROLE_RDC},
    {"--relocatable-link", "-r", LD_OPT_NOLINK, LD_ROLE_NONE},
    {"--relocatable-ptx", "-reloc-ptx", 0, LD_ROLE_NONE},
    {"--resource-usage", "-res-usage", 0, LD_ROLE_NONE},
    {"--restrict", "-restrict", 0, LD_ROLE_NONE},
    {"--run", "-run", 0, LD_ROLE_NONE},
    {"--run-args", "-run-args", LD_OPT_VALUE | LD_OPT_LIST, LD_ROLE_NONE},
    {"--sanitize", "-sanitize", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--save-temps", "-save-temps", 0, LD_ROLE_NONE},
    {"--shared", "-shared", 0, LD_ROLE_NONE},
    {"--source-in-ptx", "-src-in-ptx", 0, LD_ROLE_NONE},
    {"--split-compile", "-split-compile", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--split-compile-extended", "-split-compile-extended", LD_OPT_VALUE,
     LD_ROLE_NONE},
    {"--static-global-template-stub", "-static-global-template-stub",
     LD_OPT_VALUE, LD_ROLE_NONE},
    {"--std", "-std", LD_OPT_VALUE, LD_ROLE_STD},
    {"--system-include", "-isystem", LD_OPT_VALUE | LD_OPT_LIST,
     LD_ROLE_SYSINCLUDE},
    {"--target-directory", "-target-dir", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--threads", "-t", LD_OPT_VALUE | LD_OPT_GLUE, LD_ROLE_NONE},
    {"--time", "-time", LD_OPT_VALUE, LD_ROLE_NONE},
    {"--undefine-macro", "-U", LD_OPT_VALUE | LD_OPT_GLUE | LD_OPT_LIST,
     LD_ROLE_UNDEFINE},
    {"--use-local-env", "-use-local-env", 0, LD_ROLE_NONE},
    {"--use_fast_math", "-use_fast_math", 0, LD_ROLE_NONE},
    {"--verbose", "-v", LD_OPT_INFO, LD_ROLE_NONE},
    {"--version", "-V", LD_OPT_INFO, LD_ROLE_NONE},
    {"--x", "-x", LD_OPT_VALUE, LD_ROLE_LANG},
};

const size_t ld_nvcc_opt_count = sizeof ld_nvcc_opts / sizeof ld_nvcc_opts[0];

const struct ld_nvcc_opt *ld_nvcc_opt_find(const char *spelling) {
  size_t i;

  for (i = 0; i < ld_nvcc_opt_count; i++) {
    const struct ld_nvcc_opt *o = &ld_nvcc_opts[i];
    if (strcmp(o->long_name, spelling) == 0 ||
        (o->short_name && strcmp(o->short_name, spelling) == 0))
      return o;
  }
  return NULL;
}

/* The glued form exists only for single-letter short spellings, so the
 * prefix is always two characters: "-I" of "-Ifoo". */
static const struct ld_nvcc_opt *find_glued(const char *arg) {
  size_t i;

  if (arg[1] == '-' || arg[1] == '\0' || arg[2] == '\0')
    return NULL;
  for (i = 0; i < ld_nvcc_opt_count; i++) {
    const struct ld_nvcc_opt *o = &ld_nvcc_opts[i];
    if ((o->flags & LD_OPT_GLUE) && o->short_name &&
        strncmp(o->short_name, arg, 2) == 0 && o->short_name[2] == '\0')
      return o;
  }
  return NULL;
}

int ld_nvcc_opt_match(const char *arg, struct ld_opt_match *m) {
  const char *eq;
  char name[128];

  m->opt = NULL;
  m->value = NULL;
  if (arg[0] != '-' || arg[1] == '\0')
    return 0;
  if ((m->opt = ld_nvcc_opt_find(arg)) != NULL)
    return 1;
  eq = strchr(arg, '=');
  if (eq && (size_t)(eq - arg) < sizeof name) {
    memcpy(name, arg, (size_t)(eq - arg));
    name[eq - arg] = '\0';
    m->opt = ld_nvcc_opt_find(name);
    /* nvcc rejects "=value" on an option that takes none: leave such an
     * argument unmatched so it is forwarded and nvcc reports it. */
    if (m->opt && (m->opt->flags & LD_OPT_VALUE)) {
      m->value = eq + 1;
      return 1;
    }
    m->opt = NULL;
  }
  if ((m->opt = find_glued(arg)) != NULL) {
    m->value = arg + 2;
    return 1;
  }
  return 0;
}
