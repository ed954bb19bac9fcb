#!/usr/bin/env bash
# Build the handmade replay programs: each .cu here is a program written by
# hand in the translator's generated shape (docs/shared-replay.md §2), with
# its plain original selected by -DLDCC_NATIVE.  For every program P and
# variant V (race / fixed, from the VARIANTS line in P.cu) it writes
#   OUT/P_V        checked build (links the ldcc runtime)
#   OUT/P_V.native plain nvcc build of the original kernel
#   OUT/P_V.expect what check.sh requires of the checked run
# plus OUT/check.sh and OUT/libldcc_rt.a (built here from runtime/ unless
# LDCC_RT_LIB names an existing libldcc_rt.a).  No GPU needed to build.
# Usage: tests/handmade/build.sh OUTDIR [program...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:?usage: build.sh OUTDIR [program...]}
shift
mkdir -p "$out"
out=$(cd "$out" && pwd)
NVCC=${NVCC:-nvcc}
flags=(-O2 -arch=sm_90 -lineinfo -isystem "$root/include" -Xcompiler -Wall)

lib=${LDCC_RT_LIB:-}
if [ -z "$lib" ]; then
  obj=$out/rt-obj
  mkdir -p "$obj"
  # The files of runtime/CMakeLists.txt (ldcc_rt_host and ldcc_rt), but
  # ld_rt_wrap.c: the handmade programs are linked without --wrap.
  # ld_config.h (SARIF) comes from a CMake build in build/.
  for c in ld_rt_options ld_rt_place ld_rt_kind ld_rt_describe ld_rt_text \
      ld_rt_report ld_rt_json ld_rt_sarif ld_rt_suppress ld_rt_registry \
      ld_rt_schedule ld_rt_intercept ld_rt_global ld_rt_gtime; do
    cc -std=gnu11 -O2 -Wall -Wextra -fPIC -I"$root/runtime" -I"$root/include" \
      -I"$root/common" -I"$root/build/generated" \
      -c "$root/runtime/$c.c" -o "$obj/$c.o"
  done
  for c in ld_error ld_buf; do
    cc -std=gnu11 -O2 -Wall -Wextra -fPIC -I"$root/common" \
      -c "$root/common/$c.c" -o "$obj/$c.o"
  done
  for c in ld_rt_core ld_rt_launch ld_rt_glaunch ld_rt_gpool ld_rt_gtimer \
      ld_rt_gsweep ld_rt_gcheck; do
    "$NVCC" -O2 -arch=sm_90 -Xcompiler -fPIC,-Wall -I"$root/include" \
      -I"$root/runtime" -I"$root/common" -c "$root/runtime/$c.cu" \
      -o "$obj/$c.o"
  done
  rm -f "$out/libldcc_rt.a"
  ar rcs "$out/libldcc_rt.a" "$obj"/*.o
  lib=$out/libldcc_rt.a
fi

progs=("$@")
if [ ${#progs[@]} -eq 0 ]; then
  for f in "$here"/*.cu; do progs+=("$(basename "$f" .cu)"); done
fi
for p in "${progs[@]}"; do
  src=$here/$p.cu
  variants=$(sed -n 's|^// VARIANTS: *||p' "$src")
  for v in $variants; do
    def=(-DHM_VARIANT_$v)
    [ "$v" = fixed ] && def+=(-DFIXED)
    # Translated code refers to the runtime weakly (include/ldcc/host.h):
    # name the entry point undefined so the archive member is pulled in,
    # as the ldcc driver does.
    "$NVCC" "${flags[@]}" "${def[@]}" -o "$out/${p}_$v" "$src" \
      -Xlinker --undefined=__ldcc_launch_prepare "$lib"
    "$NVCC" "${flags[@]}" "${def[@]}" -DLDCC_NATIVE -o "$out/${p}_$v.native" "$src"
    # Expectations: lines "// EXPECT <variant>: <line>" of the source.
    sed -n "s|^// EXPECT $v: ||p" "$src" >"$out/${p}_$v.expect"
    echo "built ${p}_$v"
  done
done
cp "$here/check.sh" "$out/check.sh"
