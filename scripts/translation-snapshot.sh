#!/usr/bin/env bash
# Translates every CUDA source of the tree's tests, bench and examples with
# ldcc-translate -- the text and the plan, plain and --deterministic, the
# fixed and (where the source has one) the racy twin -- into one folder, so
# that two builds of the translator can be compared byte for byte:
#   scripts/translation-snapshot.sh BUILD OUTDIR [PATH-FILTER]
#   diff -r OUTDIR_before OUTDIR_after          # nothing printed: no change
# PATH-FILTER (a grep -E pattern on the source's path) narrows the set for a
# quick look; JOBS sets the parallel translations (default: nproc).  Host
# only; needs no GPU.  SNAPSHOT_SOURCES=DIR takes the sources from another
# tree (e.g. `git archive` of an older commit), so a new translator can be
# compared with an old one on the same inputs.  Exits non-zero if a translation crashes (a parse error
# is part of the snapshot, not a failure).  About 8 CPU-minutes in all.
set -uo pipefail
build=${1:?usage: scripts/translation-snapshot.sh BUILD OUTDIR [PATH-FILTER]}
out=${2:?usage: scripts/translation-snapshot.sh BUILD OUTDIR [PATH-FILTER]}
filter=${3:-.}
repo=$(cd "${SNAPSHOT_SOURCES:-$(dirname "$0")/..}" && pwd)
tr=$(cd "$build" && pwd)/bin/ldcc-translate
[ -x "$tr" ] || { echo "translation-snapshot: no $tr (make build)" >&2; exit 2; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$repo"
# One line per translation: NAME, the source, mode flags, extra clang flags.
list=$(mktemp)
trap 'rm -f "$list"' EXIT
for f in tests/e2e/*.cu tests/golden/translator/*.cu bench/programs/*.cu \
  tests/handmade/*.cu examples/*/*.cu examples/*/src/*.cu; do
  [ -f "$f" ] || continue
  echo "$f" | grep -qE "$filter" || continue
  base=$(echo "$f" | tr '/' '_')
  for twin in fixed race; do
    defs=
    if [ $twin = race ]; then
      grep -qE 'E2E_RACE|BENCH_RACE' "$f" || continue
      defs="-DE2E_RACE -DBENCH_RACE=1"
    fi
    for mode in plain det; do
      m=
      [ $mode = det ] && m=--deterministic
      printf '%s\t%s\t%s\t%s\n' "$base.$twin.$mode.cu" "$f" "$m" "$defs"
      printf '%s\t%s\t%s\t%s\n' "$base.$twin.$mode.plan" "$f" \
        "--dump-plan $m" "$defs"
    done
  done
done >"$list"
export tr out repo
# shellcheck disable=SC2016
tr '\t' '\037' <"$list" | xargs -d '\n' -P "${JOBS:-$(nproc)}" -n 1 bash -c '
  IFS=$'"'"'\037'"'"' read -r name file mode defs <<<"$1"
  # shellcheck disable=SC2086
  "$tr" $mode "$file" -- -I"$repo/include" -I"$(dirname "$file")" \
    -std=c++17 $defs >"$out/$name" 2>&1
  rc=$?
  echo "rc=$rc" >>"$out/$name"
  [ $rc -lt 128 ] || echo "crash: $name" >&2' _
n=$(wc -l <"$list")
crashes=$(grep -l '^rc=1[2-9][0-9]$\|^rc=2[0-9][0-9]$' "$out"/* 2>/dev/null | wc -l)
echo "translation-snapshot: $n translations in $out, $crashes crashes"
[ "$crashes" -eq 0 ]
