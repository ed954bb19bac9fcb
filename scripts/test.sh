#!/usr/bin/env bash
# `make test`: every test tier this machine can run, after `make build`.
#   unit     Check suites (no GPU)
#   golden   lit + FileCheck goldens for the translator and driver (no GPU)
#   compile  every CUDA program builds with nvcc and with ldcc (no GPU)
#   format   clang-format agrees with .clang-format (no GPU)
#   structure  no circles between files, the layers' one direction, function
#            limits (scripts/check-structure.py over the build; no GPU)
#   gpu      only where a GPU is present: builds the bundle and runs it
# Usage: scripts/test.sh BUILD_DIR
set -uo pipefail
build=${1:-build}
cd "$(dirname "$0")/.."
status=0

ctest --test-dir "$build" --output-on-failure -j 2 || status=1

if command -v clang-format >/dev/null 2>&1; then
  files=$(git ls-files 'common/*.c' 'common/*.h' 'translator/*.c' 'translator/*.h' 'runtime/*.c' 'runtime/*.h' 'tests/unit/*.c' 'tests/unit/*.h')
  if [ -n "$files" ] && ! clang-format --dry-run -Werror $files; then
    echo "format: clang-format disagrees (run: clang-format -i <files>)"
    status=1
  else
    echo "format: ok"
  fi
else
  echo "format: skipped (clang-format not installed)"
fi

python3 scripts/check-structure.py "$build" || status=1

if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; then
  tests/gpu/bundle.sh "$build" gpu-bundle && gpu-bundle/run.sh || status=1
else
  echo "GPU tier: skipped (no GPU on this machine). To run it: make gpu-bundle here,"
  echo "          then gpu-bundle/run.sh on a machine with a GPU."
fi
exit $status
