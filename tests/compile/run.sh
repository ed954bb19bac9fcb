#!/usr/bin/env bash
# Compile tier (no GPU): every CUDA program under examples/, tests/e2e/,
# tests/handmade/ and bench/ builds with nvcc and with ldcc, in every form
# ldcc supports, and each ldcc build really went through the translator (the
# ldcc ident is in the binary's .comment section) while no nvcc build has it.
# Usage: tests/compile/run.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
checked=0

has_ident() { readelf -p .comment "$1" 2>/dev/null | grep -q 'ldcc: translated'; }

"$src/tests/gpu/bundle.sh" "$build" "$work/bundle"
for d in "$work"/bundle/cases/*/; do
  name=$(basename "$d")
  checked=$((checked + 1))
  if [ -f "$d/nvcc.bin" ] && has_ident "$d/nvcc.bin"; then
    echo "FAIL $name: the nvcc build carries the ldcc ident"; fail=$((fail + 1))
  elif ! has_ident "$d/ldcc.bin"; then
    echo "FAIL $name: the ldcc build was not translated"; fail=$((fail + 1))
  else
    echo "ok   $name (nvcc and ldcc builds)"
  fi
done

# The racy example as the demo builds it.
ldcc="$build/bin/ldcc"
"$ldcc" -O2 -arch=sm_90 -o "$work/reduce" "$src/examples/reduction/reduce.cu"
checked=$((checked + 1))
if has_ident "$work/reduce"; then echo "ok   examples/reduction (racy)"; else
  echo "FAIL examples/reduction: not translated"; fail=$((fail + 1)); fi

# The benchmark programs, each way bench/build.sh builds them.
if [ -x "$src/bench/build.sh" ]; then
  nvcc=$(sed -n 's/^CMAKE_CUDA_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
  checked=$((checked + 1))
  if NVCC="$nvcc" LDCC="$ldcc" "$src/bench/build.sh" "$work/bench" >"$work/bench.log" 2>&1; then
    echo "ok   bench/ ($(ls "$work/bench" | wc -l) files)"
  else
    cat "$work/bench.log"; echo "FAIL bench/build.sh"; fail=$((fail + 1))
  fi
fi

# The hand-written programs in the generated shape (tests/handmade/) still
# build against the current runtime API.
checked=$((checked + 1))
if NVCC="$(sed -n 's/^CMAKE_CUDA_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")" \
  LDCC_RT_LIB="$build/lib/libldcc_rt.a" "$src/tests/handmade/build.sh" "$work/handmade" >"$work/hm.log" 2>&1; then
  echo "ok   tests/handmade/"
else
  cat "$work/hm.log"; echo "FAIL tests/handmade/build.sh"; fail=$((fail + 1))
fi

echo "compile tier: $((checked - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
