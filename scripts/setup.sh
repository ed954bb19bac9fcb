#!/usr/bin/env bash
# Set-up shared by `make demo` and `make test`: check for CUDA, install the
# Debian packages ldcc needs when they are missing, configure the build.
# Usage: scripts/setup.sh BUILD_DIR
set -euo pipefail
build=${1:-build}
cd "$(dirname "$0")/.."

cuda=${CUDA_HOME:-/usr/local/cuda}
if [ ! -x "$cuda/bin/nvcc" ]; then
  echo "ldcc needs the CUDA toolkit: no nvcc at $cuda/bin/nvcc (install CUDA or set CUDA_HOME)." >&2
  exit 1
fi

packages="libclang-22-dev llvm-22-tools check pkg-config cmake ninja-build binutils"
missing=""
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "ldcc: installing missing packages:$missing"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi

if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S . -B "$build" -DCMAKE_CUDA_COMPILER="$cuda/bin/nvcc" >/dev/null
fi
