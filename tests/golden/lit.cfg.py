# lit configuration for the translator and driver goldens (no GPU needed).
#   %ldcc            the ldcc driver
#   %ldcc-translate  the translator tool
#   %nvcc            the real nvcc
#   %nvcc-ptx        the real nvcc building device code as PTX at -O0
#                    (Inputs/nvcc-ptx): goldens prove translated output
#                    compiles; LDCC_GOLDEN_FULL_NVCC=1 builds it for real
#   %fake-nvcc       a stand-in nvcc that prints its argv one per line
#   %inputs          tests/golden/Inputs
import os
import lit.formats

config.name = "ldcc-golden"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".test", ".cu"]
config.excludes = ["Inputs", "lit.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ldcc_build_dir, "tests/golden")

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_bin_dir, config.ldcc_bin_dir, os.environ.get("PATH", "")])
for var in ("HOME", "TMPDIR", "LDCC_GOLDEN_FULL_NVCC"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
# Tests must not see a developer's own ldcc settings.
for var in ("LDCC_NVCC", "LDCC_DISABLE", "LDCC_OPTIONS", "CUDA_HOME"):
    config.environment.pop(var, None)

nvcc = os.path.join(config.cuda_home, "bin", "nvcc")
config.substitutions.append(("%ldcc-translate", os.path.join(config.ldcc_bin_dir, "ldcc-translate")))
config.substitutions.append(("%ldcc", os.path.join(config.ldcc_bin_dir, "ldcc")))
config.substitutions.append(("%fake-nvcc", os.path.join(config.test_source_root, "Inputs", "fake-nvcc")))
config.environment["LDCC_GOLDEN_NVCC"] = nvcc
config.substitutions.append(("%nvcc-ptx", os.path.join(config.test_source_root, "Inputs", "nvcc-ptx")))
config.substitutions.append(("%nvcc", nvcc))
config.substitutions.append(("%cuda_home", config.cuda_home))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(("%srcroot", config.ldcc_src_dir))

import shutil
import subprocess
def _has_gpu():
    smi = shutil.which("nvidia-smi")
    if not smi:
        return False
    return subprocess.run([smi, "-L"], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode == 0
if not _has_gpu():
    config.available_features.add("no-gpu")
