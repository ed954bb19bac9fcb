#!/usr/bin/env bash
# Runs on the GPU machine, from the repository root, with the folder that
# tests/gpu/device-pack.sh made carried along: unpacks libclang (to /opt
# and the LLVM path the translator was built with) and the build (at the
# path it was built in, which the ldcc binary names), builds the GPU-tier
# bundles of the e2e programs matching REGEX in GROUPS parallel parts
# (LDCC_GPU_ONLY; `rest` adds the examples and reports, LDCC_GPU_REST=1),
# runs them four at a time and prints each part's "N passed, M failed" and
# racecheck lines, then every FAIL line.  Logs go to $OUT (the device
# tool's output folder) when it is set.
#   bash tests/gpu/device-tier.sh CARRY REGEX GROUPS [rest]
set -u
carry=$(cd "${1:?carry dir}" && pwd)
regex=${2:?regex}
groups=${3:?groups}
repo=$(pwd)
out=${OUT:-/tmp/device-tier-out}
mkdir -p "$out"
t0=$(date +%s)
tar -xJf "$carry/llvm.tar.xz" -C / || exit 1
export LD_LIBRARY_PATH=/opt/ldccdeps${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
build=$(cat "$carry/build-dir")
src=$(dirname "$build") # the checkout the build was made in
mkdir -p "$(dirname "$src")" /tmp/device-build
tar -xJf "$carry/build.tar.xz" -C /tmp/device-build || exit 1
[ "$src" = "$repo" ] || ln -sfn "$repo" "$src"
rm -rf "$build"
ln -sfn /tmp/device-build "$build"
nvidia-smi -L >"$out/gpu.txt" 2>&1
progs=$(cd "$src/tests/e2e" && ls *.cu | sed 's/\.cu$//' | grep -E "$regex")
i=0
declare -a grp
for p in $progs; do
  g=$((i % groups))
  grp[$g]="${grp[$g]:-}${grp[$g]:+|}$p"
  i=$((i + 1))
done
rm -rf /tmp/dtier
mkdir -p /tmp/dtier
for g in $(seq 0 $((groups - 1))); do
  [ -n "${grp[$g]:-}" ] || continue
  (LDCC_GPU_ONLY="^(${grp[$g]})\$" "$src/tests/gpu/bundle.sh" "$build" /tmp/dtier/part$g \
    >/tmp/dtier/part$g.log 2>&1 || echo "bundle part$g failed" >>/tmp/dtier/part$g.log) &
done
if [ "${4:-}" = rest ]; then
  (LDCC_GPU_REST=1 "$src/tests/gpu/bundle.sh" "$build" /tmp/dtier/rest \
    >/tmp/dtier/rest.log 2>&1 || echo "bundle rest failed" >>/tmp/dtier/rest.log) &
fi
wait
echo "$i programs built in $(($(date +%s) - t0)) s"
cat /tmp/dtier/*.log >"$out/bundles.log"
grep -h "failed" /tmp/dtier/*.log | grep bundle
ls -d /tmp/dtier/*/ | xargs -P 4 -I{} bash -c \
  'd={}; n=$(basename $d); cd $d && LDCC_GPU_LOG=/tmp/dtier/$n.run timeout 500 ./run.sh >/tmp/dtier/$n.out 2>&1'
cat /tmp/dtier/*.out >"$out/runs.out"
cat /tmp/dtier/*.run >"$out/runs.log" 2>/dev/null
grep -h "passed, \|^racecheck" /tmp/dtier/*.out
grep -h "FAIL" /tmp/dtier/*.out
echo "total $(($(date +%s) - t0)) s"
