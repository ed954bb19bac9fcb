#!/usr/bin/env bash
# `make demo`: build the racy reduction in examples/ with ldcc and show what
# ldcc did; run it where a GPU is present.
# Usage: scripts/demo.sh BUILD_DIR
set -euo pipefail
build=$(cd "${1:-build}" && pwd)
cd "$(dirname "$0")/.."
out=$build/demo
mkdir -p "$out"

echo "== ldcc -O2 -arch=sm_90 -o $out/reduce examples/reduction/reduce.cu --ldcc-verbose"
"$build/bin/ldcc" -O2 -arch=sm_90 -o "$out/reduce" examples/reduction/reduce.cu --ldcc-verbose
echo
echo "== what the translator found (ldcc-translate --dump-plan)"
"$build/bin/ldcc-translate" --dump-plan examples/reduction/reduce.cu
echo
if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; then
  echo "== $out/reduce"
  "$out/reduce" || echo "(exit status $?)"
else
  echo "No GPU on this machine: the program was built ($out/reduce) but running it needs a GPU."
fi
