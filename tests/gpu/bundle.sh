#!/usr/bin/env bash
# Builds the GPU tier on a machine that needs no GPU: every case program is
# compiled with nvcc and with ldcc into BUNDLE/cases/<name>/, next to the
# runner (tests/gpu/run.sh -> BUNDLE/run.sh).  Copy BUNDLE to a GPU machine
# and run BUNDLE/run.sh there; it prints "N passed, M failed".
# Usage: tests/gpu/bundle.sh BUILD_DIR BUNDLE_DIR
# Cases:
#   - tests/e2e/NAME.cu            kind equiv: built as NAME_norace, same output
#                                  and exit status as the nvcc build
#   - tests/e2e/NAME.race.expect   when present, NAME.cu is also built with
#     -DE2E_RACE as NAME_race, kind expect: the lines of NAME.race.expect must
#     appear in its output, NAME.race.exit holds the exit status (66 if
#     absent); optional NAME.race.args / .env / .reject (lines that must not
#     appear), and NAME.args for both builds
#   - tests/e2e/NAME.noproof       NAME_norace (and NAME_det_norace) again
#     with LDCC_OPTIONS=proofs=0 as NAME_norace_noproof: the replay (or
#     the check across blocks) of a kernel the translator proved race-free
#     in shared (or global) memory, which a plain launch skips
#   - tests/e2e/NAME.det           deterministic mode (issue 6): NAME.cu built
#     with `ldcc --ldcc-deterministic` as NAME_det_norace, kind equiv (the
#     nvcc build's output bit for bit); with NAME.race.expect (or
#     NAME.det.expect) also the racy
#     twin as NAME_det_race, kind repeat: 20 runs of the ldcc build print the
#     same stdout and exit alike (NAME.det.exit, 0 if absent), the lines of
#     NAME.det.expect appear and those of NAME.det.reject do not; the racy
#     nvcc build's distinct outputs over 20 runs are counted for the record;
#     NAME.det.quiet: that build again with LDCC_OPTIONS=report=0, its lines
#     must appear, no line starting `ldcc: ` and exit 0 (NAME_det_quiet);
#     NAME.det.few: both det cases again with LDCC_OPTIONS=max_copies=2
#     (NAME_det_norace_few, NAME_det_race_few: rounds of 2 units).
#   - examples: the fixed reduction and the multi-file project, built in
#     every ldcc form (command line, `ldcc nvcc`, CMake launcher, CMake
#     compiler), each kind equiv.
#   - tests/gpu/reports.sh: examples/integration (Makefile, both CMake forms
#     with their CTest tests) and the report formats and options, partly of
#     kind script (a check.sh in the case folder).
set -euo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:?build dir}" && pwd)
bundle=${2:?bundle dir}
ldcc="$build/bin/ldcc"
nvcc=$(sed -n 's/^CMAKE_CUDA_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
arch=${LDCC_GPU_ARCH:-sm_90}
flags=(-O2 -arch="$arch" -lineinfo)

rm -rf "$bundle"
mkdir -p "$bundle/cases"
bundle=$(cd "$bundle" && pwd)
cp "$src/tests/gpu/run.sh" "$bundle/run.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

newcase() { # newcase NAME KIND -> prints the case dir
  local d="$bundle/cases/$1"
  mkdir -p "$d"
  echo "$2" >"$d/kind"
  echo "$d"
}

# Single-file program: nvcc.bin and ldcc.bin from the same source and flags.
# Compiled from the source's directory with its bare name, as a user would,
# so reports name it as `reduce.cu:51`.
# ldcc_only: flags for the ldcc build alone (--ldcc-deterministic).
ldcc_only=()
single() { # single NAME KIND SOURCE [extra flags...]
  local name=$1 kind=$2 file=$3 d
  shift 3
  d=$(newcase "$name" "$kind")
  (cd "$(dirname "$file")" &&
    "$nvcc" "${flags[@]}" "$@" -o "$d/nvcc.bin" "$(basename "$file")" &&
    "$ldcc" "${flags[@]}" ${ldcc_only[@]+"${ldcc_only[@]}"} "$@" \
      -o "$d/ldcc.bin" "$(basename "$file")")
}

# NAME.noproof: the translator proves NAME's fixed kernel race-free in shared
# memory (or its launches in global memory), so that build skips the replay
# (or the check across blocks); the case runs again with
# LDCC_OPTIONS=proofs=0 (CASE_noproof), which checks it, so the replay and
# the check of such kernels stay tested.
noproof() { # noproof BASE CASE_DIR
  [ -f "$1.noproof" ] || return 0
  cp -r "$2" "$2_noproof"
  echo "LDCC_OPTIONS=proofs=0" >"$2_noproof/env"
}

for f in "$src"/tests/e2e/*.cu; do
  [ -e "$f" ] || continue
  base=${f%.cu}
  name=$(basename "$base")
  single "${name}_norace" equiv "$f"
  [ -f "$base.args" ] && cp "$base.args" "$bundle/cases/${name}_norace/args"
  noproof "$base" "$bundle/cases/${name}_norace"
  [ -f "$base.race.expect" ] || continue
  single "${name}_race" expect "$f" -DE2E_RACE
  d="$bundle/cases/${name}_race"
  cp "$base.race.expect" "$d/expect.txt"
  if [ -f "$base.race.exit" ]; then cp "$base.race.exit" "$d/exit"; else echo 66 >"$d/exit"; fi
  [ -f "$base.args" ] && cp "$base.args" "$d/args"
  for x in args env; do
    [ -f "$base.race.$x" ] && cp "$base.race.$x" "$d/$x"
  done
  # run.sh reads the lines that must not appear from reject.txt.
  [ -f "$base.race.reject" ] && cp "$base.race.reject" "$d/reject.txt"
done

# Deterministic mode (issue 6).
ldcc_only=(--ldcc-deterministic)
for f in "$src"/tests/e2e/*.cu; do
  base=${f%.cu}
  name=$(basename "$base")
  [ -f "$base.det" ] || continue
  single "${name}_det_norace" equiv "$f"
  [ -f "$base.args" ] && cp "$base.args" "$bundle/cases/${name}_det_norace/args"
  noproof "$base" "$bundle/cases/${name}_det_norace"
  if [ -f "$base.det.few" ]; then
    cp -r "$bundle/cases/${name}_det_norace" "$bundle/cases/${name}_det_norace_few"
    echo "LDCC_OPTIONS=max_copies=2" >"$bundle/cases/${name}_det_norace_few/env"
  fi
  [ -f "$base.race.expect" ] || [ -f "$base.det.expect" ] || continue
  single "${name}_det_race" repeat "$f" -DE2E_RACE
  d="$bundle/cases/${name}_det_race"
  touch "$d/expect.txt"
  [ -f "$base.det.expect" ] && cp "$base.det.expect" "$d/expect.txt"
  [ -f "$base.det.reject" ] && cp "$base.det.reject" "$d/reject.txt"
  if [ -f "$base.det.exit" ]; then cp "$base.det.exit" "$d/exit"; else echo 0 >"$d/exit"; fi
  [ -f "$base.args" ] && cp "$base.args" "$d/args"
  [ -f "$base.race.args" ] && cp "$base.race.args" "$d/args"
  if [ -f "$base.det.few" ]; then
    cp -r "$d" "${d}_few"
    echo "LDCC_OPTIONS=max_copies=2" >"${d}_few/env"
  fi
  [ -f "$base.det.quiet" ] || continue
  # The same build with LDCC_OPTIONS=report=0: the lines of NAME.det.quiet,
  # no report, exit 0.
  q="$bundle/cases/${name}_det_quiet"
  cp -r "$d" "$q"
  cp "$base.det.quiet" "$q/expect.txt"
  echo "LDCC_OPTIONS=report=0" >"$q/env"
  echo "ldcc: " >"$q/reject.txt"
  echo 0 >"$q/exit"
done
ldcc_only=()

single reduction-fixed equiv "$src/examples/reduction/reduce.cu" -DFIXED

# The multi-file project, separate compilation, in each form of ldcc.
mf="$src/examples/multifile"
mfcli() { # mfcli OUT COMPILER...: -dc each .cu, compile main.cpp, link
  local out=$1 o=$work/cli-$RANDOM
  shift
  mkdir -p "$o"
  for f in launch ops stats; do
    "$@" "${flags[@]}" -I"$mf/src" -dc "$mf/src/$f.cu" -o "$o/$f.o"
  done
  "$@" "${flags[@]}" -I"$mf/src" -c "$mf/src/main.cpp" -o "$o/main.o"
  "$@" "${flags[@]}" -o "$out" "$o"/*.o
}
d=$(newcase multifile-cli equiv)
mfcli "$d/nvcc.bin" "$nvcc"
mfcli "$d/ldcc.bin" "$ldcc"
d=$(newcase multifile-nvcc-form equiv)
cp "$bundle/cases/multifile-cli/nvcc.bin" "$d/nvcc.bin"
mfcli "$d/ldcc.bin" "$ldcc" "$nvcc"

mfcmake() { # mfcmake OUT CMAKE_ARGS...
  local out=$1 b=$work/cmake-$RANDOM
  shift
  cmake -S "$mf" -B "$b" -DCMAKE_CUDA_ARCHITECTURES="${arch#sm_}" "$@" >"$b.log" 2>&1 ||
    { cat "$b.log"; return 1; }
  cmake --build "$b" >>"$b.log" 2>&1 || { cat "$b.log"; return 1; }
  cp "$b/multifile" "$out"
}
d=$(newcase multifile-cmake-launcher equiv)
mfcmake "$d/nvcc.bin" -DCMAKE_CUDA_COMPILER="$nvcc"
mfcmake "$d/ldcc.bin" -DCMAKE_CUDA_COMPILER="$nvcc" -DCMAKE_CUDA_COMPILER_LAUNCHER="$ldcc" \
  -DLDCC_RUNTIME="$build/lib/libldcc_rt.a"
d=$(newcase multifile-cmake-compiler equiv)
cp "$bundle/cases/multifile-cmake-launcher/nvcc.bin" "$d/nvcc.bin"
# CMake reads any compiler named ld* as a linker, so the compiler form uses
# the driver under the name nvcc (see translator/driver/CMakeLists.txt).
mfcmake "$d/ldcc.bin" -DCMAKE_CUDA_COMPILER="$build/libexec/ldcc/nvcc" \
  -DLDCC_RUNTIME="$build/lib/libldcc_rt.a"

# Reports, options and the integration examples (issue 8): see reports.sh.
. "$src/tests/gpu/reports.sh"

echo "GPU bundle: $(ls "$bundle/cases" | wc -l) cases in $bundle ($(du -sh "$bundle" | cut -f1)); run $bundle/run.sh on a GPU machine"
