#!/usr/bin/env bash
# Builds the GPU tier on a machine that needs no GPU: every case program is
# compiled with nvcc and with ldcc into BUNDLE/cases/<name>/, next to the
# runner (tests/gpu/run.sh -> BUNDLE/run.sh).  Copy BUNDLE to a GPU machine
# and run BUNDLE/run.sh there; it prints "N passed, M failed".
# Usage: tests/gpu/bundle.sh BUILD_DIR BUNDLE_DIR
# Cases:
#   - tests/e2e/NAME.cu            kind equiv: built as NAME_norace, same output
#     and exit status as the nvcc build.  What else NAME.cu is built as, and
#     what each build must print, the directives at its end say (below and
#     docs/testing.md, "The GPU tier"):
#   - RACE-CHECK lines: NAME.cu is also built with -DE2E_RACE as NAME_race,
#     kind expect: the text of each RACE-CHECK line must appear in its output
#     and that of no RACE-CHECK-NOT line; RACE-EXIT gives the exit status (66
#     if absent); RACE-ARGS and RACE-ENV (one VAR=value a line) its arguments
#     and environment, ARGS the arguments of every build; ENV lines (one
#     VAR=value a line) the environment of NAME_norace and its NOPROOF copy
#   - NOPROOF: NAME_norace (and NAME_det_norace) again with
#     LDCC_OPTIONS=proofs=0 as NAME_norace_noproof: the replay (or the check
#     across blocks) of a kernel the translator proved race-free in shared
#     (or global) memory, which a plain launch skips
#   - DET: deterministic mode (issue 6): NAME.cu built with
#     `ldcc --ldcc-deterministic` as NAME_det_norace, kind equiv (the nvcc
#     build's output bit for bit); with RACE-CHECK or DET-CHECK lines also
#     the racy twin as NAME_det_race, kind repeat: 20 runs of the ldcc build
#     print the same stdout and exit alike (DET-EXIT, 0 if absent), the text
#     of each DET-CHECK line appears and that of no DET-CHECK-NOT line; the
#     racy nvcc build's distinct outputs over 20 runs are counted for the
#     record; DET-QUIET-CHECK lines: that build again with
#     LDCC_OPTIONS=report=0, their text must appear, no line starting
#     `ldcc: ` and exit 0 (NAME_det_quiet); DET-FEW: both det cases again
#     with LDCC_OPTIONS=max_copies=2 (NAME_det_norace_few, NAME_det_race_few:
#     rounds of 2 units); DET-WARN-CHECK lines: that build again with
#     LDCC_OPTIONS=deterministic_fallback=warn (NAME_det_warn, kind expect,
#     exit 0): their text must appear and that of no DET-WARN-CHECK-NOT
#     line (a launch the mode cannot order warns and runs as built).
#     DET-ENV lines (VAR=value): the environment of NAME_det_norace and
#     NAME_det_race (DET-FEW, quiet and warn copies set their own).
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
flags=(-O2 -arch="$arch" -lineinfo --extended-lambda)

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

# The directives of a tests/e2e program are comment lines, one each, in a
# block at the end of its source (after the code, so that adding one moves
# no line the reports name):
#   // KEYWORD: text   text from after ": " to the end of the line, trailing
#                      spaces included; the keyword may repeat
#   // KEYWORD         a flag
# texts KEYWORD FILE: prints the text of each `// KEYWORD: text` line of FILE.
texts() {
  awk -v p="// $1: " 'index($0, p) == 1 { print substr($0, length(p) + 1) }' "$2"
}
# has KEYWORD FILE: whether FILE has a `// KEYWORD: text` line.
has() {
  awk -v p="// $1: " 'index($0, p) == 1 { found = 1; exit } END { exit !found }' "$2"
}
# flag KEYWORD FILE: whether FILE has the line `// KEYWORD`.
flag() { grep -qxF "// $1" "$2"; }
# checked FILE: fails on a line that looks like a directive but is none (a
# misspelt keyword would otherwise drop its expectation in silence).
checked() {
  local bad
  bad=$(grep -nE '^//[[:space:]]*(RACE|DET|NOPROOF|ARGS|ENV|FLAGS)[A-Z-]*(:|[[:space:]]*$)' "$1" |
    grep -vE '^[0-9]+:// ((NOPROOF|DET|DET-FEW)|(ARGS|ENV|FLAGS|RACE-ARGS|RACE-ENV|RACE-EXIT|RACE-CHECK|RACE-CHECK-NOT|DET-EXIT|DET-CHECK|DET-CHECK-NOT|DET-QUIET-CHECK|DET-WARN-CHECK|DET-WARN-CHECK-NOT|DET-ENV): .*)$') ||
    true
  [ -z "$bad" ] || { echo "bundle.sh: $1: not a directive: $bad" >&2; return 1; }
}
# put KEYWORD FILE OUT: writes the texts of KEYWORD to OUT when FILE has any.
put() { if has "$1" "$2"; then texts "$1" "$2" >"$3"; fi; }

# NOPROOF: the translator proves NAME's fixed kernel race-free in shared
# memory (or its launches in global memory), so that build skips the replay
# (or the check across blocks); the case runs again with
# LDCC_OPTIONS=proofs=0 (CASE_noproof), which checks it, so the replay and
# the check of such kernels stay tested.
noproof() { # noproof SOURCE CASE_DIR
  flag NOPROOF "$1" || return 0
  cp -r "$2" "$2_noproof"
  # Options the case already has (DET-ENV) are kept, proofs=0 added.
  if grep -q '^LDCC_OPTIONS=' "$2_noproof/env" 2>/dev/null; then
    sed -i 's/^LDCC_OPTIONS=.*/&:proofs=0/' "$2_noproof/env"
  else
    echo "LDCC_OPTIONS=proofs=0" >>"$2_noproof/env"
  fi
}

# LDCC_GPU_ONLY=REGEX (grep -E on the program's name) builds only those
# e2e programs and leaves out the examples and reports: a partial bundle
# for a quick rerun of a few cases, never the tier's verdict.
# LDCC_GPU_REST=1 builds the examples and reports alone, no e2e program:
# with partial bundles of the e2e programs run side by side (one per core)
# and their cases folders merged, the whole tier in a fraction of the time.
only=${LDCC_GPU_ONLY:-}
rest=${LDCC_GPU_REST:-0}
chosen() {
  [ "$rest" != 1 ] && { [ -z "$only" ] || basename "${1%.cu}" | grep -qE "$only"; }
}

for f in "$src"/tests/e2e/*.cu; do
  [ -e "$f" ] || continue
  chosen "$f" || continue
  checked "$f"
  name=$(basename "${f%.cu}")
  # FLAGS: build flags of both builds (-rdc=true for device-side launches).
  read -r -a extra <<<"$(texts FLAGS "$f")"
  single "${name}_norace" equiv "$f" ${extra[@]+"${extra[@]}"}
  put ARGS "$f" "$bundle/cases/${name}_norace/args"
  # ENV: the fixed build's environment (both builds of the case; the
  # NOPROOF copy adds proofs=0 to its LDCC_OPTIONS).
  put ENV "$f" "$bundle/cases/${name}_norace/env"
  noproof "$f" "$bundle/cases/${name}_norace"
  has RACE-CHECK "$f" || continue
  single "${name}_race" expect "$f" -DE2E_RACE ${extra[@]+"${extra[@]}"}
  d="$bundle/cases/${name}_race"
  texts RACE-CHECK "$f" >"$d/expect.txt"
  if has RACE-EXIT "$f"; then texts RACE-EXIT "$f" >"$d/exit"; else echo 66 >"$d/exit"; fi
  put ARGS "$f" "$d/args"
  put RACE-ARGS "$f" "$d/args"
  put RACE-ENV "$f" "$d/env"
  # run.sh reads the lines that must not appear from reject.txt.
  put RACE-CHECK-NOT "$f" "$d/reject.txt"
done

# Deterministic mode (issue 6).
ldcc_only=(--ldcc-deterministic)
for f in "$src"/tests/e2e/*.cu; do
  name=$(basename "${f%.cu}")
  chosen "$f" || continue
  flag DET "$f" || continue
  single "${name}_det_norace" equiv "$f"
  put ARGS "$f" "$bundle/cases/${name}_det_norace/args"
  put DET-ENV "$f" "$bundle/cases/${name}_det_norace/env"
  noproof "$f" "$bundle/cases/${name}_det_norace"
  if flag DET-FEW "$f"; then
    cp -r "$bundle/cases/${name}_det_norace" "$bundle/cases/${name}_det_norace_few"
    echo "LDCC_OPTIONS=max_copies=2" >"$bundle/cases/${name}_det_norace_few/env"
  fi
  has RACE-CHECK "$f" || has DET-CHECK "$f" || continue
  single "${name}_det_race" repeat "$f" -DE2E_RACE
  d="$bundle/cases/${name}_det_race"
  texts DET-CHECK "$f" >"$d/expect.txt"
  put DET-CHECK-NOT "$f" "$d/reject.txt"
  if has DET-EXIT "$f"; then texts DET-EXIT "$f" >"$d/exit"; else echo 0 >"$d/exit"; fi
  put ARGS "$f" "$d/args"
  put RACE-ARGS "$f" "$d/args"
  put DET-ENV "$f" "$d/env"
  if flag DET-FEW "$f"; then
    cp -r "$d" "${d}_few"
    echo "LDCC_OPTIONS=max_copies=2" >"${d}_few/env"
  fi
  if has DET-WARN-CHECK "$f"; then
    # The same build with LDCC_OPTIONS=deterministic_fallback=warn: a
    # launch it cannot run deterministically warns and runs as built
    # (kind expect: its output may differ from run to run), exit 0.
    w="$bundle/cases/${name}_det_warn"
    cp -r "$d" "$w"
    rm -f "$w/reject.txt"
    echo expect >"$w/kind"
    texts DET-WARN-CHECK "$f" >"$w/expect.txt"
    put DET-WARN-CHECK-NOT "$f" "$w/reject.txt"
    echo "LDCC_OPTIONS=deterministic_fallback=warn" >"$w/env"
    echo 0 >"$w/exit"
  fi
  has DET-QUIET-CHECK "$f" || continue
  # The same build with LDCC_OPTIONS=report=0: the DET-QUIET-CHECK texts, no
  # report, exit 0.
  q="$bundle/cases/${name}_det_quiet"
  cp -r "$d" "$q"
  texts DET-QUIET-CHECK "$f" >"$q/expect.txt"
  echo "LDCC_OPTIONS=report=0" >"$q/env"
  echo "ldcc: " >"$q/reject.txt"
  echo 0 >"$q/exit"
done
ldcc_only=()
if [ -n "$only" ]; then
  echo "GPU bundle (partial, LDCC_GPU_ONLY=$only): $(ls "$bundle/cases" | wc -l) cases in $bundle"
  exit 0
fi

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
