#!/usr/bin/env bash
# Builds the benchmark suite (bench/programs/programs.txt) on a machine that
# needs no GPU, into one folder that travels to a GPU machine:
#   OUTDIR/bin/<variant>/<program>   variants: nvcc, ldcc, ldcc-det
#   OUTDIR/lib/libcudart.so.*        the binaries use it through their rpath
#   OUTDIR/manifest.tsv              program, kind, expected, twin, variant,
#                                    binary, built (yes/no)
#   OUTDIR/build-info.txt            date, commit, compilers, flags
#   OUTDIR/run.py                    the runner (python3, stdlib only)
#   OUTDIR/gsplit.sh                 the global check's time split (bash)
# Usage: bench/build.sh OUTDIR
# Environment:
#   NVCC        nvcc to use (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc)
#   LDCC        ldcc to use (default: build/bin/ldcc of this checkout if it
#               exists); LDCC=none builds the nvcc variant only.  The ldcc
#               variants are built only if LDCC compiles a probe program;
#               ldcc-det (ldcc --ldcc-deterministic) only if that flag works.
#   BENCH_ARCH  GPU architecture (default sm_90)
#   BENCH_JOBS  parallel compilations (default: number of CPUs)
#   BENCH_VARIANTS  the variants to build, of nvcc ldcc ldcc-det (default:
#               all three; the compile tier builds ldcc alone)
#   BENCH_EXTRA_FLAGS  flags added to every compilation (the compile tier:
#               -Xcicc -O0)
# A program that ldcc fails to build is listed with built=no and its log in
# OUTDIR/logs/; the run records it as not built.  nvcc failures are fatal.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
out=${1:?usage: bench/build.sh OUTDIR}
arch=${BENCH_ARCH:-sm_90}
jobs=${BENCH_JOBS:-$(nproc)}
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
ldcc=${LDCC:-}
if [ -z "$ldcc" ] && [ -x "$repo/build/bin/ldcc" ]; then
  ldcc=$repo/build/bin/ldcc
fi
[ "$ldcc" = none ] && ldcc=
# The same flags for every variant.  The CUDA runtime is linked shared and
# shipped once in OUTDIR/lib (static, each binary would carry ~1 MB of it).
flags=(-O3 "-arch=$arch" -lineinfo -std=c++17 -cudart shared
  -Xlinker -rpath -Xlinker '$ORIGIN/../../lib')
# shellcheck disable=SC2206 # several flags
flags+=(${BENCH_EXTRA_FLAGS:-})

rm -rf "$out"
mkdir -p "$out/bin" "$out/lib" "$out/logs"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Does COMPILER... build a small kernel with our flags?
probe() {
  cat >"$work/probe.cu" <<'EOF'
__global__ void probe_kernel(int *p) {
  __shared__ int s[32];
  s[threadIdx.x] = p[threadIdx.x];
  __syncthreads();
  p[threadIdx.x] = s[31 - threadIdx.x];
}
int main() { return 0; }
EOF
  "$@" "${flags[@]}" -o "$work/probe" "$work/probe.cu" >"$work/probe.log" 2>&1
}

variants=(nvcc)
declare -A compiler=([nvcc]="$nvcc")
if [ -n "$ldcc" ]; then
  if probe "$ldcc"; then
    variants+=(ldcc)
    compiler[ldcc]=$ldcc
    if probe "$ldcc" --ldcc-deterministic; then
      variants+=(ldcc-det)
      compiler[ldcc-det]="$ldcc --ldcc-deterministic"
    else
      echo "build.sh: $ldcc --ldcc-deterministic fails on a probe program; no ldcc-det variant:" >&2
      tail -5 "$work/probe.log" >&2
    fi
  else
    echo "build.sh: $ldcc fails on a probe program; no ldcc variants:" >&2
    tail -5 "$work/probe.log" >&2
  fi
else
  echo "build.sh: no ldcc (set LDCC=/path/to/ldcc or build it first): nvcc variant only" >&2
fi

# BENCH_VARIANTS keeps some of them.
if [ -n "${BENCH_VARIANTS:-}" ]; then
  kept=()
  for v in "${variants[@]}"; do
    case " $BENCH_VARIANTS " in *" $v "*) kept+=("$v") ;; esac
  done
  for v in $BENCH_VARIANTS; do
    case " ${kept[*]} " in *" $v "*) ;; *)
      echo "build.sh: variant $v asked for in BENCH_VARIANTS cannot be built" >&2
      exit 1
      ;;
    esac
  done
  variants=("${kept[@]}")
fi

# One compilation; its status goes to a file so that jobs can run in parallel.
compile() { # compile VARIANT NAME SOURCE FLAGS...
  local variant=$1 name=$2 src=$3 log
  shift 3
  log=$out/logs/$variant-$name.log
  # shellcheck disable=SC2086 # compiler[] holds a command and its flags
  if ${compiler[$variant]} "${flags[@]}" "-DBENCH_NAME=$name" "$@" \
    -o "$out/bin/$variant/$name" "$here/programs/$src" >"$log" 2>&1; then
    echo yes >"$work/$variant-$name.built"
    [ -s "$log" ] || rm -f "$log"
  else
    echo no >"$work/$variant-$name.built"
  fi
}

programs=()
while read -r name src kind expected twin extra; do
  case $name in '' | '#'*) continue ;; esac
  programs+=("$name $src $kind $expected $twin")
  for v in "${variants[@]}"; do
    mkdir -p "$out/bin/$v"
    # shellcheck disable=SC2086 # extra holds several flags
    compile "$v" "$name" "$src" $extra &
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  done
done <"$here/programs/programs.txt"
wait

printf 'program\tsource\tkind\texpected\ttwin\tvariant\tbinary\tbuilt\n' >"$out/manifest.tsv"
failed=0
for p in "${programs[@]}"; do
  read -r name src kind expected twin <<<"$p"
  for v in "${variants[@]}"; do
    built=$(cat "$work/$v-$name.built")
    if [ "$built" != yes ]; then
      echo "build.sh: $v failed on $name (log: $out/logs/$v-$name.log):" >&2
      tail -5 "$out/logs/$v-$name.log" >&2
      [ "$v" = nvcc ] && failed=1
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$src" "$kind" "$expected" \
      "$twin" "$v" "bin/$v/$name" "$built" >>"$out/manifest.tsv"
  done
done
[ "$failed" = 0 ] || {
  echo "build.sh: nvcc failed; fix the programs" >&2
  exit 1
}

# The CUDA runtime the binaries were linked against (they find it through
# their rpath, so the GPU machine's library path does not matter).
cudalib=$(dirname "$(readlink -f "$(command -v "$nvcc")")")/../lib64
need=$(readelf -d "$out/bin/${variants[0]}/${programs[0]%% *}" |
  sed -n 's/.*NEEDED.*\[\(libcudart\.so[^]]*\)\].*/\1/p')
[ -n "$need" ] && cp -L "$cudalib/$need" "$out/lib/"
cp "$here/run.py" "$out/run.py"
cp "$here/gsplit.sh" "$out/gsplit.sh"
cp "$here/programs/programs.txt" "$out/"
{
  echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "commit=$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$repo" diff --quiet HEAD -- bench 2>/dev/null || echo -dirty)"
  echo "nvcc=$nvcc"
  echo "nvcc_version=$("$nvcc" --version | sed -n 's/.*release \([0-9.]*\).*/\1/p')"
  echo "ldcc=${ldcc:-none}"
  echo "variants=${variants[*]}"
  echo "flags=${flags[*]}"
  echo "arch=$arch"
} >"$out/build-info.txt"
rmdir "$out/logs" 2>/dev/null || true

size_kb=$(du -sk "$out" | cut -f1)
echo "build.sh: ${#programs[@]} programs x variants (${variants[*]}) in $out ($((size_kb / 1024)) MiB)"
if [ "$size_kb" -gt $((30 * 1024)) ]; then
  echo "build.sh: warning: $out is over 30 MiB" >&2
fi
echo "build.sh: on the GPU machine: python3 $out/run.py --out RESULTS_DIR"
