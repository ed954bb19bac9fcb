#!/usr/bin/env bash
# Run the handmade replay programs built by build.sh (on a machine with a
# GPU) and check each against its .expect file:
#   same-output      stdout equals the native build's stdout, bit for bit
#   exit N           the checked run exits with status N
#   has REGEX        some line of stderr matches (grep -E)
#   lacks REGEX      no line of stderr matches
#   env K=V          run the checked build with this environment variable
# Prints one line per program and a total; exits 1 when any check failed.
# Usage: check.sh [DIR] (default: the folder of this script)
set -uo pipefail
dir=${1:-$(cd "$(dirname "$0")" && pwd)}
fail=0
for e in "$dir"/*.expect; do
  p=${e%.expect}
  name=$(basename "$p")
  envs=()
  while read -r k rest; do
    [ "$k" = env ] && envs+=("$rest")
  done <"$e"
  "$p.native" >"$p.native.out" 2>"$p.native.err"
  env "${envs[@]}" timeout 120 "$p" >"$p.out" 2>"$p.err"
  status=$?
  why=""
  while read -r k rest; do
    case $k in
    same-output) cmp -s "$p.out" "$p.native.out" || why+=" [stdout differs from native]" ;;
    exit) [ "$status" = "$rest" ] || why+=" [exit $status, expected $rest]" ;;
    has) grep -Eq -- "$rest" "$p.err" || why+=" [missing: $rest]" ;;
    lacks) grep -Eq -- "$rest" "$p.err" && why+=" [unexpected: $rest]" ;;
    env | '' | '#'*) ;;
    *) why+=" [bad expect line: $k]" ;;
    esac
  done <"$e"
  if [ -z "$why" ]; then
    echo "PASS $name"
  else
    echo "FAIL $name:$why"
    sed 's/^/    out: /' "$p.out" | head -5
    sed 's/^/    err: /' "$p.err" | head -30
    fail=1
  fi
done
[ $fail = 0 ] && echo "handmade: all passed" || echo "handmade: FAILURES"
exit $fail
