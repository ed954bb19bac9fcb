#!/usr/bin/env python3
"""Runs the benchmark suite on a GPU machine (python3 standard library only).

It lives in the folder bench/build.sh makes and reads manifest.tsv there.
Phase 1 runs every built variant of every program (nvcc, ldcc, ldcc-replay:
the ldcc build with LDCC_OPTIONS=proofs=0, ldcc-det) --proc-reps times,
interleaved, timing the kernel with the program's own CUDA events (its BENCH
line) and the whole process with the wall clock.  Phase 2
runs each nvcc binary under `compute-sanitizer --tool racecheck` once, racy
twins and their fixed partners first, with a time limit per program; a run
killed at its limit is recorded as a time-out.  Both phases stay within
--budget-s; what does not fit is recorded as skipped_budget.

Writes to --out: results.csv (one row per program x variant), meta.json
(GPU, driver, CUDA version, options, build info), runs.jsonl (every process
run with its command, status and output tail), and prints a short table.

Race reported?  racecheck: its "RACECHECK SUMMARY: N hazards" line (N > 0) or
error/warning lines.  ldcc: exit status --ldcc-race-exit (default 66) or a
stderr line matching --ldcc-race-regex; both options exist so the definition
can follow the runtime's report format.
"""

import argparse
import csv
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
VARIANTS = ["nvcc", "ldcc", "ldcc-replay", "ldcc-det"]
# Variants that run another variant's binary with options of their own:
# ldcc-replay is the ldcc build with LDCC_OPTIONS=proofs=0, so every launch
# the proof would take runs its check (the replay, the check across blocks):
# what a kernel outside the proof's rules costs (issue 24's measure).
SAME_BINARY = {"ldcc-replay": "ldcc"}
BENCH_RE = re.compile(r"^BENCH name=(\S+) kernel_ms_median=([0-9.eE+-]+) "
                      r"kernel_ms_min=([0-9.eE+-]+) reps=(\d+) check=(\w+)",
                      re.M)
RACECHECK_SUMMARY_RE = re.compile(r"RACECHECK SUMMARY: (\d+) hazards?")
RACECHECK_HAZARD_RE = re.compile(
    r"^=+ (Error|Warning): Race reported|^=+ (ERROR|WARNING): Potential "
    r"(RAW|WAR|WAW) hazard", re.M)
CSV_FIELDS = ["program", "kind", "expected", "variant", "kernel_ms_median",
              "kernel_ms_min", "wall_s_median", "status", "reps",
              "race_reported", "detail"]


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", default=None,
                   help="output directory (default: ./results-<time>)")
    p.add_argument("--bundle", default=HERE,
                   help="folder with manifest.tsv (default: this script's)")
    p.add_argument("--budget-s", type=float, default=420,
                   help="overall time budget in seconds (default 420)")
    p.add_argument("--proc-reps", type=int, default=3,
                   help="processes per program and variant (default 3)")
    p.add_argument("--reps", type=int, default=20,
                   help="timed launches per process (default 20)")
    p.add_argument("--warmup", type=int, default=2,
                   help="untimed launches per process (default 2)")
    p.add_argument("--timeout-s", type=float, default=60,
                   help="limit for one plain run (default 60)")
    p.add_argument("--racecheck-timeout-s", type=float, default=30,
                   help="limit for one racecheck run (default 30)")
    p.add_argument("--racecheck-min-s", type=float, default=6,
                   help="time kept for each racecheck run still to come "
                   "(default 6)")
    p.add_argument("--racecheck-reps", type=int, default=1,
                   help="timed launches under racecheck (default 1)")
    p.add_argument("--racecheck-warmup", type=int, default=0,
                   help="untimed launches under racecheck (default 0; "
                   "modules load eagerly there)")
    p.add_argument("--racecheck-share", type=float, default=0.45,
                   help="part of the budget kept for racecheck (default 0.45)")
    p.add_argument("--no-racecheck", action="store_true",
                   help="skip phase 2")
    p.add_argument("--sanitizer", default=None,
                   help="compute-sanitizer path (default: PATH, then "
                   "/usr/local/cuda)")
    p.add_argument("--only", default=None,
                   help="regular expression: run only matching programs")
    p.add_argument("--variants", default=",".join(VARIANTS),
                   help="comma-separated variants to run (default: all built)")
    p.add_argument("--ldcc-race-exit", type=int, default=66,
                   help="ldcc's exit status when it reported a race")
    p.add_argument("--ldcc-race-regex",
                   default=r"^ldcc: (?!LDCC_OPTIONS)(?!.*\b(0|no) races?\b)"
                   r".*\b(race|races|racy)\b",
                   help="a stderr line matching this is an ldcc race report "
                   "(default: an 'ldcc:' line naming a race, not '0 races')")
    p.add_argument("--dry-run", action="store_true",
                   help="list what would run, run nothing")
    a = p.parse_args(argv)
    if a.proc_reps < 1 or a.reps < 1 or a.racecheck_reps < 1:
        p.error("repetitions must be >= 1")
    return a


def read_manifest(bundle):
    """Programs in manifest order: {name: {kind, expected, twin, binaries}}."""
    programs = {}
    with open(os.path.join(bundle, "manifest.tsv"), newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            prog = programs.setdefault(row["program"], {
                "kind": row["kind"], "expected": row["expected"],
                "twin": row["twin"], "binaries": {}})
            if row["built"] == "yes":
                prog["binaries"][row["variant"]] = os.path.join(
                    bundle, row["binary"])
    for prog in programs.values():
        for v, of in SAME_BINARY.items():
            if of in prog["binaries"]:
                prog["binaries"][v] = prog["binaries"][of]
    return programs


def read_build_info(bundle):
    info = {}
    try:
        with open(os.path.join(bundle, "build-info.txt")) as f:
            for line in f:
                key, _, value = line.rstrip("\n").partition("=")
                info[key] = value
    except OSError:
        pass
    return info


def command_output(cmd):
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
        return r.stdout.strip() if r.returncode == 0 else ""
    except (OSError, subprocess.SubprocessError):
        return ""


def last_line(text):
    lines = text.splitlines()
    return lines[-1] if lines else ""


def gpu_meta():
    gpus = command_output(["nvidia-smi", "--query-gpu=name,driver_version",
                           "--format=csv,noheader"])
    header = command_output(["nvidia-smi"])
    cuda = re.search(r"CUDA Version:\s*([0-9.]+)", header)
    first = gpus.splitlines()[0] if gpus else ""
    name, _, driver = first.partition(",")
    return {"gpu": name.strip(), "driver": driver.strip(),
            "gpu_count": len(gpus.splitlines()),
            "cuda_driver_version": cuda.group(1) if cuda else ""}


def find_sanitizer(path):
    for c in ([path] if path else []) + [
            shutil.which("compute-sanitizer"),
            "/usr/local/cuda/bin/compute-sanitizer",
            "/usr/local/cuda/compute-sanitizer/compute-sanitizer"]:
        if c and os.access(c, os.X_OK):
            return c
    return None


def variant_env(variant, env):
    """A deterministic build stops at a launch it cannot run
    deterministically (docs/deterministic.md, "Deterministic or stopped");
    the bench times such launches as built, as before issue 26, with the
    warning.  ldcc-replay: the ldcc build with the proof off."""
    if variant == "ldcc-replay":
        return dict(env, LDCC_OPTIONS="proofs=0")
    if variant != "ldcc-det":
        return env
    return dict(env, LDCC_OPTIONS="deterministic_fallback=warn")


def run_process(cmd, env, timeout):
    """Runs cmd in its own process group; on time-out kills the whole group
    (compute-sanitizer's child too).  Returns (rc or None, wall_s, out, err)."""
    start = time.monotonic()
    try:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=env, text=True,
                                errors="replace", start_new_session=True)
    except OSError as e:
        return -1, 0.0, "", str(e)
    try:
        out, err = proc.communicate(timeout=max(timeout, 1))
        return proc.returncode, time.monotonic() - start, out, err
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            pass
        out, err = proc.communicate()
        return None, time.monotonic() - start, out, err


def classify(rc, out, err, variant, args):
    """One process run -> dict with status, timing and race_reported."""
    m = None
    for m in BENCH_RE.finditer(out):
        pass
    r = {"rc": rc, "kernel_ms_median": None, "kernel_ms_min": None,
         "race_reported": "n/a"}
    if m:
        r["kernel_ms_median"] = float(m.group(2))
        r["kernel_ms_min"] = float(m.group(3))
        r["kernel_reps"] = int(m.group(4))
    if rc is None:
        r["status"] = "timeout"
    elif m and m.group(5) != "ok":
        r["status"] = "check_fail"
    elif m:
        r["status"] = "ok"
    else:
        r["status"] = "error(rc=%d)" % rc
    if variant.startswith("ldcc"):
        reported = (rc == args.ldcc_race_exit or
                    re.search(args.ldcc_race_regex, err, re.M) is not None)
        r["race_reported"] = ("yes" if reported else
                              "unknown" if rc is None else "no")
    elif variant == "racecheck":
        text = out + err
        s = RACECHECK_SUMMARY_RE.search(text)
        # Without the summary (killed at its limit) only hazard lines count.
        hazards = (int(s.group(1)) if s else
                   len(RACECHECK_HAZARD_RE.findall(text)) or None)
        r["hazards"] = hazards
        r["race_reported"] = ("yes" if hazards else
                              "no" if s is not None else "unknown")
    return r


def summarize(runs):
    """Process runs of one program x variant -> one CSV row's values."""
    timed = [r for r in runs if r["kernel_ms_median"] is not None]
    statuses = [r["status"] for r in runs]
    bad = [s for s in statuses if s != "ok"]
    status = "ok" if not bad else max(set(bad), key=bad.count)
    if bad and len(bad) < len(statuses):
        status += " %d/%d" % (len(bad), len(statuses))
    races = [r["race_reported"] for r in runs]
    race = ("yes" if "yes" in races else "no" if "no" in races else
            races[0] if races else "")
    return {
        "kernel_ms_median": fmt(statistics.median(
            [r["kernel_ms_median"] for r in timed]) if timed else None),
        "kernel_ms_min": fmt(min(r["kernel_ms_min"] for r in timed)
                             if timed else None),
        "wall_s_median": fmt(statistics.median(r["wall_s"] for r in runs)
                             if runs else None),
        "status": status, "reps": len(timed), "race_reported": race,
    }


def fmt(x):
    return "" if x is None else "%.4f" % x


class Runner:
    def __init__(self, args, programs, out_dir):
        self.args = args
        self.programs = programs
        self.start = time.monotonic()
        self.deadline = args.budget_s  # seconds after start
        self.log = open(os.path.join(out_dir, "runs.jsonl"), "w") \
            if out_dir else None
        self.runs = {}  # (program, variant) -> [run dicts]

    def left(self):
        return self.deadline - (time.monotonic() - self.start)

    def one(self, name, variant, cmd, env_extra, timeout, dry, reserve=0.0,
            floor=0.0):
        """Runs one process within `timeout`, within the budget less `reserve`
        seconds kept for the runs after it, but given at least `floor` seconds
        while the budget lasts."""
        env = dict(os.environ, **env_extra)
        if dry:
            print("  %s %s" % (" ".join("%s=%s" % kv for kv in
                                         sorted(env_extra.items())),
                               " ".join(cmd)))
            return
        key = (name, variant)
        timeout = min(timeout, max(self.left() - reserve, floor), self.left())
        if timeout < 2:
            self.runs.setdefault(key, []).append(
                {"status": "skipped_budget", "kernel_ms_median": None,
                 "wall_s": 0.0, "race_reported": ""})
            return
        rc, wall, out, err = run_process(cmd, env, timeout)
        r = classify(rc, out, err, variant, self.args)
        r["wall_s"] = wall
        self.runs.setdefault(key, []).append(r)
        if self.log:
            self.log.write(json.dumps({
                "program": name, "variant": variant, "cmd": cmd,
                "env": env_extra, "wall_s": round(wall, 4), **r,
                "stdout_tail": out[-2000:], "stderr_tail": err[-4000:]}) + "\n")
            self.log.flush()
        print("  %-18s %-11s %-14s kernel %s ms, wall %.2f s%s" % (
            name, variant, r["status"], fmt(r["kernel_ms_median"]) or "-",
            wall, "" if r["race_reported"] == "n/a"
            else ", race " + r["race_reported"]), flush=True)

    def plain_phase(self, variants, dry):
        a = self.args
        env = {"BENCH_REPS": str(a.reps), "BENCH_WARMUP": str(a.warmup)}
        print("phase 1: %d process(es) per program and variant" % a.proc_reps)
        # Round by round, so that a short budget costs late repetitions,
        # not whole programs.
        for _ in range(a.proc_reps):
            for name, prog in self.programs.items():
                for v in variants:
                    if v in prog["binaries"]:
                        self.one(name, v, [prog["binaries"][v]],
                                 variant_env(v, env), a.timeout_s, dry)

    def native_ms(self, name):
        ms = [r["kernel_ms_median"] for r in self.runs.get((name, "nvcc"), [])
              if r["kernel_ms_median"] is not None]
        return statistics.median(ms) if ms else float("inf")

    def racecheck_phase(self, sanitizer, dry):
        a = self.args
        env = {"BENCH_REPS": str(a.racecheck_reps),
               "BENCH_WARMUP": str(a.racecheck_warmup),
               "CUDA_MODULE_LOADING": "EAGER"}
        # Racy twins first, then their fixed partners, then the rest, each
        # group cheapest first (by the nvcc kernel time of phase 1), so that
        # detection is measured before the budget runs out.
        def group(n):
            p = self.programs[n]
            return 0 if p["expected"] == "racy" else 1 if p["twin"] != "-" else 2
        order = sorted(self.programs, key=lambda n: (group(n),
                                                     self.native_ms(n)))
        order = [n for n in order if "nvcc" in self.programs[n]["binaries"]]
        print("phase 2: racecheck, racy pairs first")
        for i, name in enumerate(order):
            # Each run after this one keeps a minimum slot, so that a few
            # slow programs cannot take the whole budget.
            reserve = a.racecheck_min_s * (len(order) - 1 - i)
            self.one(name, "racecheck", [sanitizer, "--tool", "racecheck",
                                         self.programs[name]["binaries"]["nvcc"]],
                     env, a.racecheck_timeout_s, dry, reserve,
                     a.racecheck_min_s)


def write_csv(path, programs, runs, variants):
    rows = []
    for name, prog in programs.items():
        for v in variants:
            row = {"program": name, "kind": prog["kind"],
                   "expected": prog["expected"], "variant": v}
            if (name, v) in runs:
                row.update(summarize(runs[(name, v)]))
                hz = [r.get("hazards") for r in runs[(name, v)]
                      if r.get("hazards") is not None]
                row["detail"] = "hazards=%d" % max(hz) if hz else ""
            elif v == "racecheck" or v in prog["binaries"]:
                row.update(status="not_run", reps=0)
            else:
                row.update(status="not_built", reps=0)
            rows.append(row)
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=CSV_FIELDS)
        w.writeheader()
        for row in rows:
            w.writerow({k: row.get(k, "") for k in CSV_FIELDS})
    return rows


def print_table(rows, variants):
    by = {}
    for r in rows:
        by.setdefault(r["program"], {})[r["variant"]] = r
    others = [v for v in variants if v != "nvcc"]
    head = "%-18s %-6s %10s" % ("program", "expect", "nvcc ms")
    for v in others:
        head += " %12s" % (v + " x")
    print("\n" + head + "  race(ldcc/racecheck)")
    for name, cols in by.items():
        nv = cols.get("nvcc", {})
        base = nv.get("kernel_ms_median") or ""
        line = "%-18s %-6s %10s" % (name, next(iter(cols.values()))["expected"],
                                    base or nv.get("status", ""))
        for v in others:
            c = cols.get(v, {})
            ms = c.get("kernel_ms_median")
            cell = ("%.2f" % (float(ms) / float(base))
                    if ms and base and float(base) > 0 else
                    c.get("status", ""))
            line += " %12s" % cell[:12]
        line += "  %s/%s" % (cols.get("ldcc", {}).get("race_reported", "-"),
                             cols.get("racecheck", {}).get("race_reported", "-"))
        print(line)


def main(argv):
    a = parse_args(argv)
    try:
        programs = read_manifest(a.bundle)
    except OSError as e:
        sys.exit("run.py: %s (run bench/build.sh first; run.py reads the "
                 "folder it makes)" % e)
    if a.only:
        programs = {n: p for n, p in programs.items() if re.search(a.only, n)}
    wanted = [v for v in a.variants.split(",") if v]
    built = set(v for p in programs.values() for v in p["binaries"])
    variants = [v for v in VARIANTS if v in wanted and v in built]
    sanitizer = None if a.no_racecheck else find_sanitizer(a.sanitizer)
    print("run.py: %d programs, variants %s, racecheck %s, budget %.0f s" % (
        len(programs), ",".join(variants),
        sanitizer or ("off" if a.no_racecheck else "NOT FOUND"), a.budget_s))
    if a.dry_run:
        r = Runner(a, programs, None)
        r.plain_phase(variants, True)
        if sanitizer or not a.no_racecheck:
            r.racecheck_phase(sanitizer or "compute-sanitizer", True)
        n = len(programs) * len(variants) * a.proc_reps
        print("run.py: dry run: %d plain runs, %d racecheck runs (limit %.0f s"
              " each), nothing run" % (n, 0 if a.no_racecheck else
                                        len(programs), a.racecheck_timeout_s))
        return 0

    out = a.out or os.path.join(os.getcwd(), time.strftime("results-%Y%m%d-%H%M%S"))
    os.makedirs(out, exist_ok=True)
    meta = {"date_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "host": os.uname().nodename, **gpu_meta(),
            "sanitizer": sanitizer or "",
            "sanitizer_version": last_line(command_output(
                [sanitizer, "--version"])) if sanitizer else "",
            "build": read_build_info(a.bundle), "options": vars(a),
            "variants": variants}
    runner = Runner(a, programs, out)
    if sanitizer:
        runner.deadline = a.budget_s * (1 - a.racecheck_share)
    runner.plain_phase(variants, False)
    if sanitizer:
        runner.deadline = a.budget_s
        runner.racecheck_phase(sanitizer, False)
    cols = variants + (["racecheck"] if sanitizer else [])
    rows = write_csv(os.path.join(out, "results.csv"), programs, runner.runs,
                     cols)
    meta["elapsed_s"] = round(time.monotonic() - runner.start, 1)
    with open(os.path.join(out, "meta.json"), "w") as f:
        json.dump(meta, f, indent=2)
        f.write("\n")
    print_table(rows, cols)
    print("\nrun.py: %s, %s, CUDA %s: %.0f s; wrote %s/results.csv, "
          "meta.json, runs.jsonl" % (meta["gpu"] or "no GPU found",
                                     meta["driver"], meta["cuda_driver_version"],
                                     meta["elapsed_s"], out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
