# The GPU tier's cases for reports, options and integration (issue 8),
# built by tests/gpu/bundle.sh into the same bundle:
#   integration-make            examples/integration built by its Makefile
#                               with NVCC=nvcc and NVCC=ldcc (equiv)
#   integration-cmake-launcher  CMake with CMAKE_CUDA_COMPILER_LAUNCHER=ldcc:
#                               the example's CTest tests, run by ctest on the
#                               GPU machine: `dot` passes, `dot_racy` fails
#                               because ldcc reports its race (script)
#   integration-cmake-compiler  CMake with CMAKE_CUDA_COMPILER=<ldcc's nvcc>:
#                               the racy program reports (expect, exit 66)
#   reports                     every LDCC_OPTIONS option on the racy program
#                               (the Makefile's) and the correct one: text,
#                               JSON lines and SARIF (validated against the
#                               SARIF 2.1.0 schema when python3 is there),
#                               suppressions, bad input (script)
# A script case runs its check.sh (tests/gpu/reports-check.sh) in its folder.
# The binaries are stripped and shared through relative links where two
# cases run the same one: the bundle travels whole and its size is limited.
# Sourced by tests/gpu/bundle.sh, whose variables (src, build, bundle, ldcc,
# nvcc, arch, work) and newcase it uses.
ex="$src/examples/integration"
rwork="$work/reports"
mkdir -p "$rwork"

# The Makefile, as a user runs it, on a copy of the example.
for form in nvcc ldcc; do
  cp -r "$ex" "$rwork/make-$form"
  compiler=$nvcc
  [ "$form" = ldcc ] && compiler=$ldcc
  make -s -C "$rwork/make-$form" NVCC="$compiler" ARCH="$arch" all
done
d=$(newcase integration-make equiv)
install -s "$rwork/make-nvcc/dot" "$d/nvcc.bin"
install -s "$rwork/make-ldcc/dot" "$d/ldcc.bin"

# CMake in both forms; the build folder's CTest file travels with the
# binaries, its paths replaced by @BUILD@ (check.sh puts the folder's path
# on the GPU machine back).
cmake_build() { # cmake_build DIR CMAKE_ARGS...
  local b=$1
  shift
  cmake -S "$ex" -B "$b" -DCMAKE_CUDA_ARCHITECTURES="${arch#sm_}" "$@" >"$b.log" 2>&1 &&
    cmake --build "$b" >>"$b.log" 2>&1 || { cat "$b.log"; return 1; }
}
b="$rwork/cmake-launcher"
cmake_build "$b" -DCMAKE_CUDA_COMPILER="$nvcc" -DCMAKE_CUDA_COMPILER_LAUNCHER="$ldcc"
d=$(newcase integration-cmake-launcher script)
mkdir -p "$d/build"
install -s "$b/dot" "$b/dot_racy" "$d/build/"
sed "s|$b|@BUILD@|g" "$b/CTestTestfile.cmake" >"$d/build/CTestTestfile.cmake.in"
ln -s build/dot_racy "$d/ldcc.bin"
echo ctest >"$d/mode"
cp "$src/tests/gpu/reports-check.sh" "$d/check.sh"

b="$rwork/cmake-compiler"
cmake_build "$b" -DCMAKE_CUDA_COMPILER="$build/libexec/ldcc/nvcc"
d=$(newcase integration-cmake-compiler expect)
install -s "$b/dot_racy" "$d/ldcc.bin"
printf '%s\n' "ldcc: read-write race on shared variable acc[" "in kernel dot" \
  "dot.cu:" "ldcc: summary: " >"$d/expect.txt"
echo 66 >"$d/exit"

# Report formats and options on the Makefile's ldcc builds.
d=$(newcase reports script)
install -s "$rwork/make-ldcc/dot_racy" "$d/ldcc.bin"
ln -s ../integration-make/ldcc.bin "$d/fixed.bin"
cp "$src/tests/report/check_reports.py" "$src/tests/report/sarif-schema-2.1.0.json" "$d/"
echo options >"$d/mode"
cp "$src/tests/gpu/reports-check.sh" "$d/check.sh"
