#!/usr/bin/env bash
# Where the time of the check across blocks goes (issue 5), on the GPU
# machine: runs the ldcc builds of the global programs of a bench bundle
# (bench/build.sh, `make bench-bundle`) with
# LDCC_OPTIONS=verbosity=2:max_copies=M for several M and prints, per program
# and M, the median over the timed launches of each phase of the
# verbosity=2 line (docs/global-check.md, "Where the time goes").
# Needs only the bundle, bash, coreutils and python3: no cmake, no libclang.
# Usage: gsplit.sh [OUTDIR]        (OUTDIR keeps one log per run; default: a
#                                   temporary folder, removed at the end)
# Environment:
#   BUNDLE    the bundle (default: this script's folder when it holds
#             bin/ldcc, as in a bundle, else ./bench-bundle)
#   PROGRAMS  default "vecupdate stencil2d_global"
#   COPIES    values of max_copies, default "2 4 8 16 64"
#   REPS      timed launches per run (BENCH_REPS, default 3)
#   WARMUP    untimed launches per run (BENCH_WARMUP, default 1): their
#             lines come first and are left out of the medians
#   RUN_TIMEOUT_S  limit per run (default 300)
# Prints a table: ms per phase,
# stream total, host total and blocked, rounds, GB copied, and the
# program's own kernel_ms_median (launches are synchronous with the host
# under verbosity=2, so it can differ from a bench/run.py run).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ -z "${BUNDLE:-}" ]; then
  if [ -d "$here/bin/ldcc" ]; then BUNDLE=$here; else BUNDLE=./bench-bundle; fi
fi
programs=${PROGRAMS:-vecupdate stencil2d_global}
copies=${COPIES:-2 4 8 16 64}
reps=${REPS:-3}
warmup=${WARMUP:-1}
limit=${RUN_TIMEOUT_S:-300}
kept=${1:-}
if [ -n "$kept" ]; then
  out=$1
  mkdir -p "$out"
else
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi

for p in $programs; do
  bin=$BUNDLE/bin/ldcc/$p
  [ -x "$bin" ] || {
    echo "gsplit.sh: no ldcc build of $p in $BUNDLE (make bench-bundle)" >&2
    exit 1
  }
  for m in $copies; do
    log=$out/$p.m$m.log
    echo "gsplit.sh: $p max_copies=$m" >&2
    rc=0
    LDCC_OPTIONS="verbosity=2:max_copies=$m" BENCH_REPS=$reps \
      BENCH_WARMUP=$warmup timeout "$limit" "$bin" >"$log" 2>&1 || rc=$?
    echo "rc=$rc" >>"$log"
  done
done

python3 - "$out" "$warmup" "$programs" "$copies" "$kept" <<'EOF'
import os, re, statistics, sys

out, warmup, programs, copies, kept = sys.argv[1], int(sys.argv[2]), \
    sys.argv[3].split(), sys.argv[4].split(), sys.argv[5]
line_re = re.compile(r"^ldcc: launch of \S+ at \S+ time: (.*) \((\d+) rounds, "
                     r"(\d+) bytes copied\)$")
part_re = re.compile(r"([a-z0-9 ]+?) ([0-9.]+) ms")
cols = ["alloc", "fill", "pass1", "sweep1", "pass2", "sweep2", "free",
        "host waits", "stream total", "host total", "host blocked"]
short = ["alloc", "fill", "pass1", "sweep1", "pass2", "sweep2", "free",
         "waits", "stream", "host", "blocked"]
print("%-17s %4s %6s %7s" % ("program", "M", "rounds", "GB") +
      "".join(" %8s" % s for s in short) + " %9s %s" % ("kernel_ms", "note"))
for p in programs:
    for m in copies:
        text = open(os.path.join(out, "%s.m%s.log" % (p, m))).read()
        rc = re.search(r"^rc=(\d+)$", text, re.M).group(1)
        runs = [line_re.match(l) for l in text.splitlines()]
        runs = [r for r in runs if r][warmup:]
        bench = re.search(r"kernel_ms_median=([0-9.]+)", text)
        note = "" if rc == "0" else "rc=" + rc
        if not runs:
            print("%-17s %4s no split line (%s)" % (p, m, note or "unchecked?"))
            continue
        med = {}
        for c in cols:
            vals = [float(v) for r in runs
                    for k, v in part_re.findall(r.group(1)) if k.strip() == c]
            med[c] = statistics.median(vals) if vals else float("nan")
        rounds = runs[-1].group(2)
        gb = int(runs[-1].group(3)) / 1e9
        print("%-17s %4s %6s %7.2f" % (p, m, rounds, gb) +
              "".join(" %8.2f" % med[c] for c in cols) +
              " %9s %s" % (bench.group(1) if bench else "-", note))
print("ms per launch, median over the timed launches" +
      ("; logs in " + kept if kept else ""))
EOF
