#!/usr/bin/env bash
# Where the shared-memory check's time goes: builds the race-free
# shared-memory programs of programs/programs.txt four ways into one folder that travels to a GPU machine:
#   nvcc.P     the nvcc build
#   full.P     ldcc
#   norep.P    ldcc -DLDCC_BENCH_SKIP_REPLAY: sweep 1, never a second pass
#   nosweep.P  ldcc -DLDCC_BENCH_SKIP_SWEEPS: every round ends at B1 (no
#              sweep, no replay; the results are wrong, the time is what
#              the instrumentation alone costs)
#   eager.P    ldcc -DLDCC_BENCH_EAGER: whole copies even where the
#              translator made them lazy
#   t768.P, t640.P, t512.P  ldcc -DLDCC_CLONE_THREADS=N: the first clone
#              bounded to N threads (80, 96, 128 registers); bigger blocks
#              run on the __lb clone
# plus OUTDIR/run.sh, which prints "VARIANT PROGRAM MS" (median kernel time
# of three processes).  The macros are in include/ldcc/replay.cuh and exist
# for this measurement only (LDCC_CLONE_THREADS is a setting of
# replay.cuh; the outlined protocol, LDCC_REPLAY_OUTLINE, was measured
# slower and removed: docs/CHANGELOG.md).  docs/CHANGELOG.md has its tables;
# bench/ptxas.sh what ptxas makes of each clone.
# Usage: bench/variants.sh OUTDIR   (LDCC, NVCC as in bench/build.sh; ONLY,
# an extended regex, picks programs by name; VARIANTS, an extended regex,
# picks the ldcc variants, e.g. VARIANTS='^(full|t640)$')
set -u
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
out=${1:?usage: bench/variants.sh OUTDIR}
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
ldcc=${LDCC:-$repo/build/bin/ldcc}
rm -rf "$out"
mkdir -p "$out/bin" "$out/lib" "$out/logs"
flags=(-O3 -arch=sm_90 -lineinfo -std=c++17 -cudart shared -Xlinker -rpath
  -Xlinker '$ORIGIN/../lib')
declare -A variant=([full]="" [norep]="-DLDCC_BENCH_SKIP_REPLAY"
  [nosweep]="-DLDCC_BENCH_SKIP_SWEEPS" [eager]="-DLDCC_BENCH_EAGER"
  [t768]="-DLDCC_CLONE_THREADS=768"
  [t640]="-DLDCC_CLONE_THREADS=640" [t512]="-DLDCC_CLONE_THREADS=512")
# The race-free shared-memory programs of programs.txt.
while read -r name src kind expected _ extra; do
  case $name in '' | '#'*) continue ;; esac
  [ "$kind" = shared ] && [ "$expected" = fixed ] || continue
  [[ $name =~ ${ONLY:-.} ]] || continue
  # shellcheck disable=SC2086 # extra holds a flag or nothing
  "$nvcc" "${flags[@]}" "-DBENCH_NAME=$name" $extra -o "$out/bin/nvcc.$name" \
    "$here/programs/$src" >"$out/logs/nvcc.$name.log" 2>&1 &
  for v in "${!variant[@]}"; do
    [[ $v =~ ${VARIANTS:-.} ]] || continue
    # shellcheck disable=SC2086
    "$ldcc" "${flags[@]}" "-DBENCH_NAME=$name" $extra ${variant[$v]} \
      -o "$out/bin/$v.$name" "$here/programs/$src" >"$out/logs/$v.$name.log" 2>&1 &
    while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do wait -n; done
  done
done <"$here/programs/programs.txt"
wait
cudalib=$(dirname "$(readlink -f "$nvcc")")/../lib64
cp -L "$cudalib"/libcudart.so.[0-9]* "$out/lib/" 2>/dev/null
cat >"$out/run.sh" <<'EOR'
#!/usr/bin/env bash
# Prints "VARIANT PROGRAM MS": median kernel time of three processes.
cd "$(dirname "$0")" || exit 1
for b in bin/*; do
  f=$(basename "$b") v=${f%%.*} p=${f#*.}
  ms=$(for i in 1 2 3; do timeout 60 "$b" 2>/dev/null |
    sed -n 's/.*kernel_ms_median=\([0-9.]*\).*/\1/p'; done | sort -g | sed -n 2p)
  echo "$v $p ${ms:-none}"
done
EOR
chmod +x "$out/run.sh"
echo "variants.sh: $(ls "$out/bin" | wc -l) binaries in $out; on the GPU machine: $out/run.sh"
