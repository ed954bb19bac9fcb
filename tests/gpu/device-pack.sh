#!/usr/bin/env bash
# Packs what building the GPU tier on the GPU machine needs, into OUT
# (default devcarry/, ignored by git): the translator's libclang and LLVM
# libraries with clang's resource headers (llvm.tar.xz, about 38 MB), and
# the build's binaries and runtime (build.tar.xz).  The GPU machine has
# CUDA but no libclang; with these, tests/gpu/device-tier.sh builds the
# bundles there in parallel (16 cores) and runs them -- the whole tier in
# three calls of about five minutes, where building it on a 2-core machine
# takes hours.
#   tests/gpu/device-pack.sh BUILD_DIR [OUT]
# Then, on the device (carry OUT, run from the repository root):
#   bash tests/gpu/device-tier.sh OUT REGEX GROUPS [rest]
# libxml2 and z3 are replaced by stubs: libLLVM links them, libclang's
# parsing never calls them, and they would bring 55 MB more.
set -euo pipefail
build=$(cd "${1:?build dir}" && pwd)
out=${2:-devcarry}
mkdir -p "$out"
out=$(cd "$out" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
llvm=$(sed -n 's/^LDCC_LLVM_ROOT:[A-Z]*=//p' "$build/CMakeCache.txt")
llvm=${llvm:-/usr/lib/llvm-22}
res=$(ls -d "$llvm"/lib/clang/* | sort -V | tail -1)
mkdir -p "$tmp/root/opt/ldccdeps" "$tmp/root$res" "$tmp/root$llvm/lib"
# libclang where the translator's RUNPATH finds it
clang_so=$(ldd "$build/bin/ldcc-translate" | awk '$1 ~ /^libclang/ {print $3}')
cp -L "$clang_so" "$tmp/root$llvm/lib/"
cp -a "$res/include" "$tmp/root$res/"
for lib in $(ldd "$build/bin/ldcc-translate" | awk '$3 ~ /^\// {print $3}'); do
  case $(basename "$lib") in
  libc.so.* | libm.so.* | libgcc_s.so.* | libstdc++.so.* | libclang*) ;;
  libxml2.so.* | libz3.so.* | libicu*) ;; # stubs below; libxml2's own needs
  *) cp -L "$lib" "$tmp/root/opt/ldccdeps/" ;;
  esac
done
# The stubs: an empty libz3, and libxml2 with the one data symbol and the
# symbol versions libLLVM asks for at load time.
echo 'void *xmlFree = 0;' >"$tmp/xml.c"
printf 'LIBXML2_2.4.30 { global: xmlFree; };\nLIBXML2_2.6.0 { } LIBXML2_2.4.30;\n' >"$tmp/xml.map"
gcc -shared -fPIC -o "$tmp/root/opt/ldccdeps/libxml2.so.2" -Wl,-soname,libxml2.so.2 \
  -Wl,--version-script="$tmp/xml.map" "$tmp/xml.c"
: >"$tmp/z3.c"
gcc -shared -fPIC -o "$tmp/root/opt/ldccdeps/libz3.so.4" -Wl,-soname,libz3.so.4 "$tmp/z3.c"
# The translator loads with them alone (a missing library fails here).
LD_LIBRARY_PATH="$tmp/root/opt/ldccdeps" ldd "$build/bin/ldcc-translate" |
  { ! grep "not found"; }
tar -C "$tmp/root" -cf - . | xz -T2 -6 >"$out/llvm.tar.xz"
mkdir -p "$tmp/b"
cp -a "$build/bin" "$build/lib" "$build/libexec" "$build/CMakeCache.txt" "$tmp/b/"
tar -C "$tmp/b" -cJf "$out/build.tar.xz" .
echo "$build" >"$out/build-dir"
ls -la "$out"
