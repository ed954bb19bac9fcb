#!/usr/bin/env bash
# The GPU tier's runner.  It travels inside the bundle that `make gpu-bundle`
# builds (on a machine without a GPU) and runs on a machine with one:
#   gpu-bundle/run.sh [CASE_NAME_SUBSTRING]
# Each case is a folder under cases/ with a file `kind`:
#   equiv   nvcc.bin and ldcc.bin must print the same stdout and exit alike
#   expect  ldcc.bin must exit with the status in `exit` and its output
#           (stdout+stderr) must contain every line of `expect.txt`
#           (fixed strings) and none of `reject.txt`
#   repeat  ldcc.bin run 20 times: the same stdout and exit status every
#           time, that status the one in `exit`, the lines of `expect.txt`
#           in its output and none of `reject.txt`; nvcc.bin's distinct
#           outputs over 20 runs are counted and printed, not judged
#   script  ./check.sh, run in the case folder, must exit 0; its last line
#           says why when it does not (tests/gpu/reports.sh builds these)
# `args` (optional) holds the program's arguments, `env` (optional) lines of
# VAR=value for the ldcc build.  Prints one line per case and, last,
# "N passed, M failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
filter=${1:-}
pass=0
fail=0
log=${LDCC_GPU_LOG:-/dev/null}

if ! command -v nvidia-smi >/dev/null 2>&1 || ! nvidia-smi -L >/dev/null 2>&1; then
  echo "GPU tier: no GPU here; nothing was run."
  echo "0 passed, 0 failed"
  exit 1
fi

run_bin() { # run_bin CASE BIN OUTFILE -> exit status
  local c=$1 bin=$2 out=$3 args=() envs=()
  [ -f "$c/args" ] && read -r -a args <"$c/args"
  [ -f "$c/env" ] && mapfile -t envs <"$c/env"
  (cd "$c" && env "${envs[@]}" timeout 120 "./$bin" "${args[@]}") >"$out" 2>"$out.err"
}

# compute-sanitizer's racecheck next to ldcc on every racy twin
# (LDCC_GPU_RACECHECK=0 leaves it out); kinds to run (LDCC_GPU_KINDS, e.g.
# "expect"), all by default.
racecheck=""
if [ "${LDCC_GPU_RACECHECK:-1}" != 0 ] && command -v compute-sanitizer >/dev/null 2>&1; then
  racecheck=compute-sanitizer
fi
kinds=${LDCC_GPU_KINDS:-}
rc_seen=0
rc_both=0

racecheck_errors() { # racecheck_errors CASE -> the hazard errors racecheck counts
  local c=$1 args=() envs=()
  [ -f "$c/args" ] && read -r -a args <"$c/args"
  [ -f "$c/env" ] && mapfile -t envs <"$c/env"
  (cd "$c" && env "${envs[@]}" timeout 300 "$racecheck" --tool racecheck \
    --print-limit 1 ./nvcc.bin "${args[@]}") >"$c/racecheck.out" 2>&1
  sed -n 's/.*RACECHECK SUMMARY: [0-9]* hazards* displayed (\([0-9]*\) error.*/\1/p' \
    "$c/racecheck.out" | head -n 1
}

check_lines() { # check_lines OUTPUT: prints why $c/expect.txt or reject.txt fails
  local line
  while IFS= read -r line; do
    [ -n "$line" ] && ! grep -qF -- "$line" "$1" && { echo "missing: $line"; return; }
  done <"$c/expect.txt"
  [ -f "$c/reject.txt" ] || return 0
  while IFS= read -r line; do
    [ -n "$line" ] && grep -qF -- "$line" "$1" && { echo "unexpected: $line"; return; }
  done <"$c/reject.txt"
  return 0
}

for c in "$here"/cases/*/; do
  c=${c%/}
  name=$(basename "$c")
  case "$name" in *"$filter"*) ;; *) continue ;; esac
  kind=$(cat "$c/kind")
  [ -n "$kinds" ] && [[ " $kinds " != *" $kind "* ]] && continue
  why=""
  note=""
  case "$kind" in
  equiv)
    run_bin "$c" nvcc.bin "$c/nvcc.out"; s1=$?
    run_bin "$c" ldcc.bin "$c/ldcc.out"; s2=$?
    if [ "$s1" -ne "$s2" ]; then
      why="exit status nvcc=$s1 ldcc=$s2"
    elif ! cmp -s "$c/nvcc.out" "$c/ldcc.out"; then
      why="stdout differs: $(diff "$c/nvcc.out" "$c/ldcc.out" | head -3 | tr '\n' ' ')"
    fi
    ;;
  expect)
    run_bin "$c" ldcc.bin "$c/ldcc.out"; s=$?
    cat "$c/ldcc.out.err" >>"$c/ldcc.out"
    want=$(cat "$c/exit")
    if [ "$s" -ne "$want" ]; then
      why="exit status $s, expected $want"
    fi
    [ -z "$why" ] && why=$(check_lines "$c/ldcc.out")
    # racecheck on the same racy twin's nvcc build: where it sees a hazard,
    # ldcc must report a race too (exit 66).
    if [ -n "$racecheck" ] && [ -f "$c/nvcc.bin" ] && [[ "$name" == *_race ]]; then
      rc_out=$(racecheck_errors "$c")
      if [ "${rc_out:-0}" -gt 0 ]; then
        rc_seen=$((rc_seen + 1))
        if [ "$s" -eq 66 ]; then
          rc_both=$((rc_both + 1))
        else
          [ -z "$why" ] && why="racecheck reports $rc_out hazard error(s), ldcc no race (exit $s)"
        fi
        note=" (racecheck: $rc_out hazard errors; ldcc: race reported)"
      fi
    fi
    ;;
  repeat)
    runs=${LDCC_GPU_REPEAT:-20}
    native=""
    for k in $(seq 1 "$runs"); do
      run_bin "$c" ldcc.bin "$c/ldcc.out"; s=$?
      if [ "$k" -eq 1 ]; then
        first=$s
        cp "$c/ldcc.out" "$c/first.stdout"
        cat "$c/ldcc.out" "$c/ldcc.out.err" >"$c/first.all"
      elif [ -z "$why" ] && [ "$s" -ne "$first" ]; then
        why="run $k: exit status $s, run 1: $first"
      elif [ -z "$why" ] && ! cmp -s "$c/first.stdout" "$c/ldcc.out"; then
        why="run $k: stdout differs from run 1: $(diff "$c/first.stdout" "$c/ldcc.out" | head -3 | tr '\n' ' ')"
      fi
      run_bin "$c" nvcc.bin "$c/nvcc.out"
      native+="$(md5sum <"$c/nvcc.out" | cut -c1-32) "
    done
    want=$(cat "$c/exit")
    [ -z "$why" ] && [ "$first" -ne "$want" ] && why="exit status $first, expected $want"
    [ -z "$why" ] && why=$(check_lines "$c/first.all")
    note=" ($runs identical runs; nvcc build: $(echo $native | tr ' ' '\n' | sort -u | wc -l) distinct outputs in $runs runs)"
    ;;
  script)
    (cd "$c" && timeout 600 ./check.sh) >"$c/ldcc.out" 2>&1
    [ $? -eq 0 ] || why="check.sh: $(tail -n 1 "$c/ldcc.out")"
    ;;
  *) why="unknown kind '$kind'" ;;
  esac
  # A case bundle.sh could not build fails: two missing binaries "exit
  # alike with the same output" (debug_slot_norace passed so, session 40).
  if [ "$kind" != script ]; then
    [ -x "$c/ldcc.bin" ] || why="not built: no ldcc.bin"
    if [ "$kind" != expect ] && [ ! -x "$c/nvcc.bin" ]; then
      why="not built: no nvcc.bin"
    fi
  fi
  if [ -z "$why" ]; then
    pass=$((pass + 1))
    echo "PASS $name$note"
  else
    fail=$((fail + 1))
    echo "FAIL $name: $why"
    { echo "== $name"; cat "$c"/*.out "$c"/*.err 2>/dev/null; } >>"$log"
  fi
done
[ -n "$racecheck" ] &&
  echo "racecheck: hazards in $rc_seen racy twins; ldcc reported a race in $rc_both of them"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
