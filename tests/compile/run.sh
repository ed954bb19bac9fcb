#!/usr/bin/env bash
# Compile tier (no GPU): every CUDA program under tests/e2e/ (its fixed twin;
# deterministic mode too where the program has `// DET`), the racy example,
# the benchmark programs and tests/handmade/ build with ldcc, and each ldcc
# build really went through the translator (the ldcc ident is in the
# binary's .comment section; a build that fell back to plain nvcc lacks it).
#
# CI runs this on two cores inside a time limit, so the tier checks that the
# translated code is valid CUDA, not how fast it runs: device code is built
# as PTX (-arch=compute_90, no ptxas) with cicc at -O0.  The racy twins, the
# nvcc builds and the real sm_90 code are built by the GPU bundle
# (tests/gpu/bundle.sh), which `make gpu-bundle` and the GPU tier use.
# Usage: tests/compile/run.sh BUILD_DIR SOURCE_DIR
# Environment: LDCC_COMPILE_JOBS (default: number of CPUs).
set -euo pipefail
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
jobs=${LDCC_COMPILE_JOBS:-$(nproc)}
ldcc="$build/bin/ldcc"
nvcc=$(sed -n 's/^CMAKE_CUDA_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
fast=(-arch=compute_90 -Xcicc -O0)
export ldcc work
export fast_flags="${fast[*]}"
fail=0
checked=0

has_ident() { readelf -p .comment "$1" 2>/dev/null | grep -q 'ldcc: translated'; }

# One ldcc build of a tests/e2e program, from the source's directory with
# its bare name as a user would: build_one NAME SOURCE [ldcc flags...].
# Writes $work/NAME.status (ok or FAIL with the reason) and NAME.log.
build_one() {
  local name=$1 file=$2 log
  shift 2
  log=$work/$name.log
  # shellcheck disable=SC2086 # fast_flags holds several flags
  if ! (cd "$(dirname "$file")" && "$ldcc" -O2 $fast_flags -lineinfo --extended-lambda \
    "$@" -o "$work/$name.bin" "$(basename "$file")") >"$log" 2>&1; then
    echo "FAIL $name: ldcc failed" >"$work/$name.status"
  elif ! readelf -p .comment "$work/$name.bin" 2>/dev/null | grep -q 'ldcc: translated'; then
    echo "FAIL $name: the ldcc build was not translated" >"$work/$name.status"
  else
    echo "ok   $name" >"$work/$name.status"
  fi
  rm -f "$work/$name.bin"
}
export -f build_one

list=$work/list
: >"$list"
for f in "$src"/tests/e2e/*.cu; do
  name=$(basename "${f%.cu}")
  # `// FLAGS: ...`: build flags the program needs (tests/gpu/bundle.sh).
  # (No trailing blank: xargs -L would join the next line to the line.)
  extra=$(awk 'index($0, "// FLAGS: ") == 1 { printf " %s", substr($0, 11) }' "$f")
  printf '%s_norace %s%s\n' "$name" "$f" "$extra" >>"$list"
  if grep -qxF '// DET' "$f"; then
    printf '%s_det_norace %s --ldcc-deterministic%s\n' "$name" "$f" "$extra" >>"$list"
  fi
done
# The racy example as the demo builds it.
printf 'reduction_race %s\n' "$src/examples/reduction/reduce.cu" >>"$list"
# shellcheck disable=SC2016 # expanded by the inner shell
xargs -P "$jobs" -L 1 bash -c 'build_one "$@"' _ <"$list"

while read -r name _; do
  checked=$((checked + 1))
  status=$(cat "$work/$name.status")
  echo "$status"
  case $status in
    ok*) ;;
    *)
      tail -20 "$work/$name.log"
      fail=$((fail + 1))
      ;;
  esac
done <"$list"

# The benchmark programs, the ldcc variant as bench/build.sh builds it (but
# as PTX): every one must build and be translated.
if [ -x "$src/bench/build.sh" ]; then
  checked=$((checked + 1))
  if BENCH_ARCH=compute_90 BENCH_EXTRA_FLAGS="-Xcicc -O0" BENCH_VARIANTS=ldcc NVCC="$nvcc" LDCC="$ldcc" \
    "$src/bench/build.sh" "$work/bench" >"$work/bench.log" 2>&1 &&
    ! grep -q $'\tno$' "$work/bench/manifest.tsv"; then
    bad=0
    for b in "$work"/bench/bin/ldcc/*; do
      has_ident "$b" || {
        echo "FAIL bench: $(basename "$b") was not translated"
        bad=1
      }
    done
    if [ "$bad" = 0 ]; then
      echo "ok   bench/ ($(ls "$work/bench/bin/ldcc" | wc -l) programs)"
    else fail=$((fail + 1)); fi
  else
    cat "$work/bench.log"
    grep $'\tno$' "$work/bench/manifest.tsv" 2>/dev/null || true
    echo "FAIL bench/build.sh"
    fail=$((fail + 1))
  fi
fi

# The hand-written programs in the generated shape (tests/handmade/) still
# build against the current runtime API.
checked=$((checked + 1))
if NVCC="$nvcc" LDCC_RT_LIB="$build/lib/libldcc_rt.a" \
  "$src/tests/handmade/build.sh" "$work/handmade" >"$work/hm.log" 2>&1; then
  echo "ok   tests/handmade/"
else
  cat "$work/hm.log"
  echo "FAIL tests/handmade/build.sh"
  fail=$((fail + 1))
fi

echo "compile tier: $((checked - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
