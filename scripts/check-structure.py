#!/usr/bin/env python3
"""Checks the structure issue 22 set for ldcc's code (docs/architecture.md):

  * no circles between files: A depends on B when A calls a function defined
    in B (read from the built objects with nm) or includes B's header (ld_B.h
    or B.h beside B.c/B.cu); a strongly connected set of two or more files
    is a circle;
  * the one direction data flows: translator/analyse never depends on
    translator/emit, decide on neither analyse nor emit, emit not on analyse,
    the runtime and common/ never on translator/;
  * no function over 120 lines and none with more than 8 parameters in
    translator/ and runtime/ (clang-formatted C: a definition starts at
    column 0 and ends at the first '}' at column 0).

Usage: scripts/check-structure.py BUILD_DIR   (after the build; host only)
Prints one line per finding and 'structure: ok' or 'structure: N problems';
exits 1 on any problem."""
import os
import re
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCOPES = ("common/", "translator/", "runtime/")
MAX_LINES, MAX_PARAMS = 120, 8


def sources():
    out = []
    for scope in SCOPES:
        for dp, _, files in os.walk(os.path.join(REPO, scope)):
            for f in files:
                if f.endswith((".c", ".cu", ".h", ".cuh")):
                    out.append(os.path.relpath(os.path.join(dp, f), REPO))
    return sorted(out)


def header_owner(header, all_files):
    """The .c/.cu a header belongs to: ld_X.h -> X.c or ld_X.c beside it."""
    d, base = os.path.split(header)
    stem = base.rsplit(".", 1)[0]
    for s in (stem, stem[3:] if stem.startswith("ld_") else None):
        if not s:
            continue
        for ext in (".c", ".cu"):
            for cand in (s, "ld_" + s):
                p = os.path.join(d, cand + ext)
                if p in all_files:
                    return p
    return None


def include_edges(files):
    by_name = {}
    for f in files:
        by_name.setdefault(os.path.basename(f), []).append(f)
    fileset = set(files)
    edges = set()
    for f in files:
        if not f.endswith((".c", ".cu")):
            continue
        for line in open(os.path.join(REPO, f), errors="replace"):
            m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
            if not m:
                continue
            for h in by_name.get(os.path.basename(m.group(1)), []):
                owner = header_owner(h, fileset)
                if owner and owner != f:
                    edges.add((f, owner, "includes " + os.path.basename(h)))
    return edges


def object_sources(build):
    """Built objects of common/, translator/ and runtime/ -> their source."""
    out = {}
    for dp, _, fs in os.walk(build):
        for f in fs:
            if not f.endswith(".o") or ".dir" not in dp:
                continue
            obj = os.path.join(dp, f)
            rel = os.path.relpath(obj, build)
            m = re.match(r"(.*?)CMakeFiles/[^/]+\.dir/(.*)\.o$", rel)
            if not m:
                continue
            src = os.path.normpath(os.path.join(m.group(1), m.group(2).replace("__", "..")))
            if src.startswith(SCOPES) and os.path.exists(os.path.join(REPO, src)):
                out[obj] = src
    return out


def nm(obj, defined):
    args = ["nm", "-P", "--defined-only" if defined else "--undefined-only", obj]
    res = subprocess.run(args, capture_output=True, text=True)
    syms = set()
    for line in res.stdout.splitlines():
        parts = line.split()
        if len(parts) >= 2 and (not defined or parts[1] in "TDBRVW"):
            syms.add(parts[0])
    return syms


def call_edges(build):
    objs = object_sources(build)
    defs, uses = {}, {}
    for obj, src in objs.items():
        for s in nm(obj, True):
            defs.setdefault(s, set()).add(src)
        uses.setdefault(src, set()).update(nm(obj, False))
    edges = set()
    for src, syms in uses.items():
        for s in syms:
            for d in defs.get(s, ()):
                if d != src:
                    edges.add((src, d, "calls " + s))
    return edges, set(objs.values())


def circles(nodes, edges):
    graph = {n: set() for n in nodes}
    for a, b, _ in edges:
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set())
    index, low, stack, on, comps = {}, {}, [], set(), []
    counter = [0]

    def visit(v):  # Tarjan, iterative enough for a few hundred files
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return comps


LAYER_RULES = [
    ("translator/analyse/", "translator/emit/"),
    ("translator/decide/", "translator/analyse/"),
    ("translator/decide/", "translator/emit/"),
    ("translator/emit/", "translator/analyse/"),
    ("runtime/", "translator/"),
    ("common/", "translator/"),
    ("common/", "runtime/"),
]


def functions(path):
    """(name, first line, lines, parameters) of each definition in path."""
    lines = open(os.path.join(REPO, path), errors="replace").read().split("\n")
    out, i = [], 0
    while i < len(lines):
        line = lines[i]
        starts = line[:1].isalpha() or line[:1] == "_"
        if (starts and "(" in line and not line.rstrip().endswith(";")
                and not re.match(r"(typedef|struct|enum|union|static const|#)\b", line)):
            j, head = i, line
            while j < len(lines) and not lines[j].rstrip().endswith(("{", ";")):
                j += 1
                head += " " + (lines[j] if j < len(lines) else "")
            if j < len(lines) and lines[j].rstrip().endswith("{") and not lines[j].rstrip().endswith("= {"):
                k = j + 1
                while k < len(lines) and not lines[k].startswith("}"):
                    k += 1
                m = re.search(r"([A-Za-z_0-9]+)\s*\((.*)\)[^()]*\{\s*$", head)
                if m:
                    params, depth = m.group(2).strip(), 0
                    n = 0 if params in ("", "void") else 1
                    for ch in params:
                        depth += ch in "(<[" 
                        depth -= ch in ")>]"
                        n += ch == "," and depth == 0
                    out.append((m.group(1), i + 1, k - i + 1, n))
                i = k
        i += 1
    return out


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    build = sys.argv[1]
    files = sources()
    problems = []
    cedges, built = call_edges(build)
    if not built:
        sys.exit("check-structure: no objects under %s (build first)" % build)
    edges = cedges | include_edges(files)
    why = {}
    for a, b, w in edges:
        why.setdefault((a, b), w)
    for comp in circles(set(f for f in files if f.endswith((".c", ".cu"))), edges):
        inner = ["%s -> %s (%s)" % (a, b, w) for (a, b), w in sorted(why.items())
                 if a in comp and b in comp]
        problems.append("circle: %s\n    %s" % (" ".join(comp), "\n    ".join(inner)))
    for (a, b), w in sorted(why.items()):
        for src, dst in LAYER_RULES:
            if a.startswith(src) and b.startswith(dst):
                problems.append("layer: %s -> %s (%s): %s must not depend on %s"
                                % (a, b, w, src, dst))
    for f in files:
        if not f.startswith(("translator/", "runtime/")) or f.endswith((".h", ".cuh")):
            continue
        for name, line, n, params in functions(f):
            if n > MAX_LINES:
                problems.append("long: %s:%d %s is %d lines (at most %d)" % (f, line, name, n, MAX_LINES))
            if params > MAX_PARAMS:
                problems.append("wide: %s:%d %s takes %d parameters (at most %d)" % (f, line, name, params, MAX_PARAMS))
    for p in problems:
        print(p)
    print("structure: ok" if not problems else "structure: %d problems" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
