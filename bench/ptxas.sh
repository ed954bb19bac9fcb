#!/usr/bin/env bash
# What ptxas makes of the replay clones, without a GPU: translates and
# compiles the race-free shared-memory programs of programs/programs.txt
# with ldcc (-Xptxas -v, one cubin each) and prints one line per clone
# (__ldcc_* entry function):
#   program clone regs stack spill_st spill_ld callee_spill_st code_bytes
# regs, stack (bytes of stack frame) and spill_st/spill_ld (bytes of spill
# stores/loads) are ptxas's for the entry function; callee_spill_st sums the
# spill stores of the functions it calls (the __noinline__ helpers of
# include/ldcc/replay.cuh); code_bytes is the size of the clone's code
# section (its callees included, 16 bytes an instruction on sm_90).
# Usage: bench/ptxas.sh [EXTRA NVCC FLAGS...]   e.g. bench/ptxas.sh -DLDCC_X=1
# Environment: LDCC (default build/bin/ldcc), ONLY (an extended regex on
# program names), KIND (shared, the default, or global: the global-memory
# programs' clones), BENCH_ARCH (default sm_90), KEEP (a folder to keep the
# logs and cubins in).
set -u
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
ldcc=${LDCC:-$repo/build/bin/ldcc}
arch=${BENCH_ARCH:-sm_90}
work=${KEEP:-$(mktemp -d)}
mkdir -p "$work"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
flags=(-O3 "-arch=$arch" -lineinfo -std=c++17 -Xptxas -v -cubin "$@")
names=()
while read -r name src kind expected _ extra; do
  case $name in '' | '#'*) continue ;; esac
  [ "$kind" = "${KIND:-shared}" ] && [ "$expected" = fixed ] || continue
  [[ $name =~ ${ONLY:-.} ]] || continue
  names+=("$name")
  # shellcheck disable=SC2086 # extra holds a flag or nothing
  "$ldcc" "${flags[@]}" "-DBENCH_NAME=$name" $extra -o "$work/$name.cubin" \
    "$here/programs/$src" >"$work/$name.log" 2>&1 &
  while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do wait -n; done
done <"$here/programs/programs.txt"
wait
printf '%-17s %-28s %4s %5s %8s %8s %15s %10s\n' program clone regs stack \
  spill_st spill_ld callee_spill_st code_bytes
for name in "${names[@]}"; do
  log=$work/$name.log
  if [ ! -s "$work/$name.cubin" ]; then
    echo "$name: not built (see $log)" >&2
    continue
  fi
  # Code section sizes of the entry functions (GLOBAL FUNC symbols).
  readelf -sW "$work/$name.cubin" |
    awk '$4 == "FUNC" && $5 == "GLOBAL" { print $NF, $3 }' |
    while read -r sym size; do echo "$sym $((size))"; done >"$work/$name.sizes"
  awk -v prog="$name" -v sizes="$work/$name.sizes" '
    BEGIN { while ((getline l < sizes) > 0) { split(l, f, " "); sz[f[1]] = f[2] } }
    function flush() {
      if (entry != "" && entry ~ /__ldcc_/) {
        n = entry; sub(/^_Z[0-9]*/, "", n)
        # the clone name: the mangled length prefix says where it ends
        len = entry; sub(/^_Z/, "", len); sub(/[^0-9].*/, "", len)
        if (len != "") n = substr(n, 1, len + 0)
        c = sz[entry]
        printf "%-17s %-28s %4s %5s %8s %8s %15s %10s\n", prog, n, regs, stack, st, ld, cst, c
      }
      entry = ""; cst = 0
    }
    /Compiling entry function/ {
      flush(); entry = $0; sub(/.*function .\047?/, "", entry); sub(/\047.*/, "", entry)
      cur = ""; next
    }
    /Function properties for/ { cur = $0; sub(/.*for /, "", cur); next }
    /bytes stack frame/ {
      if (cur == entry) { stack = $1; st = $5; ld = $9 } else cst += $5
      next
    }
    /Used [0-9]+ registers/ { for (i = 1; i <= NF; i++) if ($i == "Used") regs = $(i + 1) }
    END { flush() }
  ' "$log"
done
