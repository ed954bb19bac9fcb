#!/usr/bin/env python3
"""Turns a bench/run.py result (results.csv and meta.json) into a Markdown
report and a PNG chart of slowdowns, in a results folder to commit:

  bench/report.py RUN_OUT/results.csv [RUN_OUT/meta.json] [--outdir DIR]

DIR defaults to bench/results/<date>-<gpu>/ (from meta.json).  It receives
README.md (the tables), slowdown.png (per program, log scale, with geometric
means), and copies of results.csv and meta.json.  Slowdown is the variant's
median kernel time (CUDA events, in the program) over nvcc's; geometric means
are over the race-free programs only, since a racy twin's time says little.
The PNG needs matplotlib (Debian: apt-get install python3-matplotlib, then
run this with /usr/bin/python3); without it the Markdown is still written.
"""

import argparse
import csv
import json
import math
import os
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SLOW_VARIANTS = ["ldcc", "ldcc-replay", "ldcc-det", "racecheck"]


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("csv", help="results.csv written by run.py")
    p.add_argument("meta", nargs="?", help="meta.json (default: next to CSV)")
    p.add_argument("--outdir", help="results folder (default: "
                   "bench/results/<date>-<gpu>/)")
    p.add_argument("--note", action="append", default=[],
                   help="a line for the report's notes (repeatable): what "
                   "ldcc was, what changed since the last run")
    return p.parse_args(argv)


def load(csv_path, meta_path):
    with open(csv_path, newline="") as f:
        rows = list(csv.DictReader(f))
    meta = {}
    meta_path = meta_path or os.path.join(os.path.dirname(csv_path),
                                          "meta.json")
    if os.path.exists(meta_path):
        with open(meta_path) as f:
            meta = json.load(f)
    else:
        meta_path = None
    return rows, meta, meta_path


def table_by_program(rows):
    """{program: {"kind", "expected", variant: row}} in CSV order."""
    progs = {}
    for r in rows:
        p = progs.setdefault(r["program"], {"kind": r["kind"],
                                            "expected": r["expected"]})
        p[r["variant"]] = r
    return progs


def ms(row):
    if not row or not row.get("kernel_ms_median"):
        return None
    return float(row["kernel_ms_median"])


def slowdown(p, variant):
    """The variant's kernel time over nvcc's, or None."""
    base, t = ms(p.get("nvcc")), ms(p.get(variant))
    if base is None or t is None or base <= 0:
        return None
    return t / base


def completed(row):
    return bool(row) and row["status"].startswith("ok") and ms(row) is not None


def geomean(values):
    values = [v for v in values if v and v > 0]
    if not values:
        return None
    return math.exp(sum(math.log(v) for v in values) / len(values))


def geomeans(progs, variants):
    """Per variant: (geomean over fixed programs where it completed, n), and
    the geomeans over the programs where every variant completed."""
    fixed = {n: p for n, p in progs.items() if p["expected"] == "fixed"
             and completed(p.get("nvcc"))}
    each = {}
    for v in variants:
        vals = [slowdown(p, v) for p in fixed.values() if completed(p.get(v))]
        each[v] = (geomean(vals), len(vals))
    common = [n for n, p in fixed.items()
              if all(completed(p.get(v)) for v in variants)]
    same = {v: geomean([slowdown(fixed[n], v) for n in common])
            for v in variants}
    return each, same, common


def cell_slowdown(p, v):
    row = p.get(v)
    if not row:
        return "-"
    s = slowdown(p, v)
    if s is not None and completed(row):
        return "%.2f" % s
    if s is not None:  # timed, but the check failed or a run broke
        return "%.2f (%s)" % (s, row["status"])
    return row["status"] or "-"


def verdict(expected, reported):
    if reported not in ("yes", "no"):
        return reported or "-"
    if expected == "racy":
        return "found" if reported == "yes" else "**missed**"
    return "**false report**" if reported == "yes" else "clean"


def fmt(x, spec="%.2f"):
    return "-" if x is None else spec % x


def markdown(progs, meta, variants, csv_name, notes):
    b = meta.get("build", {})
    o = meta.get("options", {})
    lines = [
        "# Benchmark: native vs ldcc vs compute-sanitizer racecheck", "",
        "- Date (UTC): %s" % meta.get("date_utc", "?"),
        "- GPU: %s (driver %s, CUDA %s), host %s" % (
            meta.get("gpu") or "?", meta.get("driver") or "?",
            meta.get("cuda_driver_version") or "?", meta.get("host", "?")),
        "- Built with nvcc %s, flags `%s`, commit %s; ldcc: %s" % (
            b.get("nvcc_version", "?"), b.get("flags", "?"),
            b.get("commit", "?"), b.get("ldcc", "?")),
        "- racecheck: %s" % (meta.get("sanitizer_version") or "not run"),
        "- Runs: %s processes x %s timed launches (after %s warm-up) per "
        "variant; racecheck %s launch(es), limit %s s; budget %s s, took %s s"
        % (o.get("proc_reps", "?"), o.get("reps", "?"), o.get("warmup", "?"),
           o.get("racecheck_reps", "?"), o.get("racecheck_timeout_s", "?"),
           o.get("budget_s", "?"), meta.get("elapsed_s", "?")),
        "- Raw data: [%s](%s), [meta.json](meta.json)" % (csv_name, csv_name),
        ] + ["- Note: " + n for n in notes] + [
        "",
        "Kernel time is the median of CUDA-event times per launch (median "
        "over processes); the variant columns are slowdowns over nvcc "
        "(x1.00 = no cost).  A status instead of a number: `timeout` (killed "
        "at the limit), `skipped_budget`, `not_built`, `check_fail`.", "",
        "## Slowdown per program", "",
        "| program | kind | native ms | " +
        " | ".join(v + " x" for v in variants) + " |",
        "|---|---|---:|" + "---:|" * len(variants)]
    for name, p in progs.items():
        if p["expected"] != "fixed":
            continue
        lines.append("| %s | %s | %s | %s |" % (
            name, p["kind"], fmt(ms(p.get("nvcc")), "%.3f"),
            " | ".join(cell_slowdown(p, v) for v in variants)))
    each, same, common = geomeans(progs, variants)
    lines.append("| **geomean** (programs each column completed) | | | %s |"
                 % " | ".join("**%s** (n=%d)" % (fmt(g), n)
                              for g, n in (each[v] for v in variants)))
    lines.append("| **geomean, same %d programs** | | | %s |" % (
        len(common), " | ".join("**%s**" % fmt(same[v]) for v in variants)))
    lines += ["", "## Process wall time (s, median)", "",
              "| program | nvcc | " + " | ".join(variants) + " |",
              "|---|---:|" + "---:|" * len(variants)]
    for name, p in progs.items():
        cells = []
        for v in ["nvcc"] + variants:
            row = p.get(v) or {}
            w = row.get("wall_s_median")
            cells.append(("%.2f" % float(w) if w else "-") +
                         ("" if not row or row["status"].startswith("ok")
                          else " (%s)" % row["status"]))
        lines.append("| %s | %s |" % (name, " | ".join(cells)))
    detectors = [v for v in variants if v in ("ldcc", "ldcc-replay",
                                                "ldcc-det", "racecheck")]
    pairs = [n for n, p in progs.items()
             if p["expected"] == "racy" or n + "_race" in progs]
    lines += ["", "## Detection (racy twins and their fixed programs)", "",
              "racecheck sees shared-memory hazards only; `found`/`missed` on "
              "a racy twin, `clean`/`false report` on a fixed program.", "",
              "| program | expected | " + " | ".join(detectors) + " |",
              "|---|---|" + "---|" * len(detectors)]
    for name in pairs:
        p = progs[name]
        lines.append("| %s | %s | %s |" % (name, p["expected"], " | ".join(
            verdict(p["expected"], (p.get(v) or {}).get("race_reported"))
            for v in detectors)))
    return "\n".join(lines) + "\n"


def chart(progs, variants, path, title):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("report.py: no matplotlib in %s: no PNG (apt-get install "
              "python3-matplotlib; run with /usr/bin/python3)" %
              sys.executable, file=sys.stderr)
        return False
    names = [n for n, p in progs.items() if p["expected"] == "fixed"]
    each, _, _ = geomeans(progs, variants)
    fig, ax = plt.subplots(figsize=(max(8, 0.6 * len(names) + 3), 5))
    width = 0.8 / max(1, len(variants))
    colors = {"ldcc": "tab:blue", "ldcc-replay": "tab:purple",
              "ldcc-det": "tab:green",
              "racecheck": "tab:red"}
    top = 2.0
    for i, v in enumerate(variants):
        xs, ys, lost = [], [], []
        for j, n in enumerate(names):
            s = slowdown(progs[n], v) if completed(progs[n].get(v)) else None
            x = j + (i - (len(variants) - 1) / 2) * width
            if s is None:
                lost.append((x, (progs[n].get(v) or {}).get("status", "-")))
            else:
                xs.append(x)
                ys.append(s)
                top = max(top, s)
        g, n = each[v]
        label = v if g is None else "%s (geomean x%.2f, n=%d)" % (v, g, n)
        ax.bar(xs, ys, width, color=colors.get(v), label=label)
        for x, status in lost:
            ax.text(x, 1.05, status.split()[0][:8], rotation=90, ha="center",
                    va="bottom", fontsize=7, color=colors.get(v))
        if g:
            ax.axhline(g, color=colors.get(v), linestyle="--", linewidth=1)
    ax.set_yscale("log")
    ax.set_ylim(0.5, top * 2)
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_xticks(range(len(names)))
    ax.set_xticklabels(names, rotation=45, ha="right")
    ax.set_ylabel("kernel time / nvcc (log scale)")
    ax.set_title(title)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def slug(text):
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower() or "unknown"


def main(argv):
    a = parse_args(argv)
    rows, meta, meta_path = load(a.csv, a.meta)
    progs = table_by_program(rows)
    present = {r["variant"] for r in rows}
    variants = [v for v in SLOW_VARIANTS if v in present]
    outdir = a.outdir or os.path.join(HERE, "results", "%s-%s" % (
        (meta.get("date_utc") or "undated")[:10],
        slug(meta.get("gpu") or "unknown-gpu")))
    os.makedirs(outdir, exist_ok=True)
    for src in [a.csv, meta_path]:
        if src and os.path.abspath(os.path.dirname(src)) != \
                os.path.abspath(outdir):
            shutil.copy(src, outdir)
    csv_name = os.path.basename(a.csv)
    text = markdown(progs, meta, variants, csv_name, a.note)
    title = "ldcc benchmark, %s, %s" % (meta.get("gpu") or "?",
                                        (meta.get("date_utc") or "?")[:10])
    if chart(progs, variants, os.path.join(outdir, "slowdown.png"), title):
        text += "\n![slowdown per program](slowdown.png)\n"
    with open(os.path.join(outdir, "README.md"), "w") as f:
        f.write(text)
    each, same, common = geomeans(progs, variants)
    print("report.py: wrote %s (README.md%s)" % (
        outdir, ", slowdown.png" if "slowdown.png" in text else ""))
    for v in variants:
        print("  geomean %-9s x%s over %d programs; x%s over the same %d" % (
            v, fmt(each[v][0]), each[v][1], fmt(same[v]), len(common)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
