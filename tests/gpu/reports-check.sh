#!/usr/bin/env bash
# Runs on the GPU machine as check.sh of a `script` case that
# tests/gpu/reports.sh built; the case folder's `mode` says which:
#   ctest    the integration example's CTest tests: `dot` passes, `dot_racy`
#            fails because ldcc reports its race (without ctest on the
#            machine, the tests' commands are run directly)
#   options  LDCC_OPTIONS on ldcc.bin (racy) and fixed.bin (correct): text,
#            JSON lines, SARIF (validated by check_reports.py against the
#            SARIF 2.1.0 schema when python3 is there), suppressions,
#            exitcode, halt_on_error, max_reports, log_path, report, help,
#            verbosity, bad input
# Prints a line per check; the last line says how many failed.  Exit 0 when
# none did.
set -u
cd "$(dirname "$0")"
n=0
failed=0

pass() { n=$((n + 1)); echo "ok   $1"; }
fail() { n=$((n + 1)); failed=$((failed + 1)); echo "FAIL $1"; }
check() { # check DESCRIPTION COMMAND...
  local what=$1
  shift
  if "$@"; then pass "$what"; else fail "$what"; fi
}
has() { grep -qF -- "$2" "$1"; }
lacks() { ! grep -qF -- "$2" "$1"; }
status() { [ "$st" -eq "$1" ]; }

# run NAME BIN OPTIONS: NAME.out, NAME.err, $st
run() {
  LDCC_OPTIONS=$3 timeout 120 "./$2" >"$1.out" 2>"$1.err"
  st=$?
}

json_lines_only() { # every line of $1 is one JSON object
  [ -s "$1" ] && ! grep -qv '^{.*}$' "$1"
}

validate() { # validate FILE...: the schema and the fields, with python3
  if command -v python3 >/dev/null 2>&1; then
    python3 check_reports.py sarif-schema-2.1.0.json "$@" >"validate-$n.log" 2>&1 ||
      { cat "validate-$n.log"; return 1; }
  else
    echo "note: no python3 here; $* checked by grep only"
  fi
}

mode_ctest() {
  sed "s|@BUILD@|$PWD/build|g" build/CTestTestfile.cmake.in >build/CTestTestfile.cmake
  if command -v ctest >/dev/null 2>&1; then
    (cd build && ctest --output-on-failure) >ctest.log 2>&1
    st=$?
    cat ctest.log
    check "ctest fails (a race was reported)" test "$st" -ne 0
    check "test dot passes" grep -qE 'Test +#1: dot \.+ +Passed' ctest.log
    check "test dot_racy fails" grep -qE 'Test +#2: dot_racy \.+\*\*\*Failed' ctest.log
    check "ctest shows the report" has ctest.log "ldcc: read-write race on shared variable acc["
  else
    echo "note: no ctest here; running the tests' commands directly"
    ./build/dot >dot.out 2>dot.err
    check "dot exits 0" test $? -eq 0
    ./build/dot_racy >racy.out 2>racy.err
    check "dot_racy exits 66" test $? -eq 66
    check "dot_racy reports" has racy.err "ldcc: read-write race on shared variable acc["
  fi
}

mode_options() {
  local race="ldcc: read-write race on shared variable acc["

  run text ldcc.bin ""
  check "text: exit 66" status 66
  check "text: the program ran" has text.out "dot = "
  check "text: the race" has text.err "$race"
  check "text: launch site" has text.err "launched at src/dot.cu:"
  check "text: summary" has text.err "ldcc: summary: "
  check "text: instances per race" grep -qE '^  .* in kernel dot: [0-9]+ instances?$' text.err
  check "text: no colour off a terminal" lacks text.err $'\033['

  run fixed fixed.bin ""
  check "fixed: exit 0" status 0
  check "fixed: no race" has fixed.err "ldcc: summary: no races found"

  run json ldcc.bin "format=json:log_path=report.jsonl"
  check "json: exit 66" status 66
  check "json: one object per line" json_lines_only report.jsonl
  check "json: a race on acc" grep -q '"type":"race",.*"kernel":"dot","variable":"acc"' report.jsonl
  check "json: summary last" sh -c 'tail -n 1 report.jsonl | grep -q "^{\"type\":\"summary\",\"races\":[1-9]"'
  check "json: text summary on stderr" has json.err "ldcc: summary: "
  check "json: no JSON on stderr" lacks json.err '{"type"'
  check "json: fields" validate report.jsonl

  run jsonerr ldcc.bin "format=json"
  check "json to stderr: exit 66" status 66
  check "json to stderr: race lines" grep -q '^{"type":"race"' jsonerr.err

  run sarif ldcc.bin "format=sarif:log_path=report.sarif"
  check "sarif: exit 66" status 66
  check "sarif: version 2.1.0" has report.sarif '"version":"2.1.0"'
  check "sarif: a read-write result" has report.sarif '"ruleId":"read-write"'
  check "sarif: located in src/dot.cu" has report.sarif '"uri":"src/dot.cu"'
  check "sarif: valid against the schema" validate report.sarif
  check "sarif: text summary on stderr" has sarif.err "ldcc: summary: "

  run sarif0 fixed.bin "format=sarif:log_path=fixed.sarif:verbosity=1"
  check "sarif, correct program: exit 0" status 0
  check "sarif, correct program: no results" has fixed.sarif '"results":[]'
  check "sarif, correct program: valid" validate fixed.sarif
  check "verbosity=1 with sarif: the line on stderr" has sarif0.err "ldcc: launch of dot at"

  echo '*:dot' >all.supp
  run supp ldcc.bin "suppressions=all.supp"
  check "suppressions: exit 0" status 0
  check "suppressions: no race reported" lacks supp.err "$race"
  check "suppressions: counted" grep -qE 'ldcc: [0-9]+ distinct races? (was|were) suppressed' supp.err
  echo 'write-write:other_kernel' >none.supp
  run supp2 ldcc.bin "suppressions=none.supp"
  check "suppressions that match nothing: exit 66" status 66

  run code ldcc.bin "exitcode=3"
  check "exitcode=3: exit 3" status 3

  run bad ldcc.bin "bogus=1:exitcode=x:suppressions=/nonexistent/ldcc.supp"
  check "bad input: unknown option" has bad.err "ldcc: LDCC_OPTIONS: unknown option 'bogus'"
  check "bad input: malformed value" has bad.err "ldcc: LDCC_OPTIONS: exitcode=x: expected an integer"
  check "bad input: unreadable suppressions" has bad.err "ldcc: suppressions: cannot read /nonexistent/ldcc.supp"
  check "bad input: the program still runs" has bad.out "dot = "
  check "bad input: and is still checked (exit 66)" status 66

  run max ldcc.bin "max_reports=0"
  check "max_reports=0: exit 66" status 66
  check "max_reports=0: nothing in full" lacks max.err "$race"
  check "max_reports=0: counted" has max.err "beyond max_reports=0 not shown"

  run halt ldcc.bin "halt_on_error=1"
  check "halt_on_error: exit 66" status 66
  check "halt_on_error: stopped before the program's output" lacks halt.out "dot = "

  run log ldcc.bin "log_path=report.txt"
  check "log_path: exit 66" status 66
  check "log_path: the report in the file" has report.txt "$race"
  check "log_path: nothing on stderr" lacks log.err "$race"

  run quiet ldcc.bin "report=0"
  check "report=0: exit 0" status 0
  check "report=0: no report" lacks quiet.err "$race"

  run help fixed.bin "help=1"
  check "help=1: the table" has help.err "ldcc runtime options, LDCC_OPTIONS=key=value:key=value"

  run same ldcc.bin "report_same_value_writes=1"
  check "report_same_value_writes=1: still reports (exit 66)" status 66
}

case "$(cat mode)" in
ctest) mode_ctest ;;
options) mode_options ;;
*) echo "unknown mode"; exit 1 ;;
esac
echo "$failed of $n checks failed"
[ "$failed" -eq 0 ]
