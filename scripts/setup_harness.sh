#!/usr/bin/env bash
# Usage: . scripts/setup_harness.sh    (sourced by scripts/bench_peers.sh, bench_libraries.sh and profile_adds.sh; env: BENCH, GRAPHS)
# What a harness run on the GPU host needs first: sets `bench` to the gsssp-bench launcher (BENCH, else
# build/bench-bundle's, else build/gpu-bundle's; returns 2 without one), points ../shared/graphs, which the suites
# name, at the carried graphs (GRAPHS, default build/gpu-bundle/graphs; a real ../shared/graphs folder, as on the
# development machine, is left as it is), and unpacks the gzip'd graphs that the suites name uncompressed. Defines
# check_variants and parse_variant for the scripts that take NAME=LIBRARY[,VAR=VALUE...] variants.

# check_variants VARIANT...: each NAME=LIBRARY[,VAR=VALUE...], NAME of letters, digits, . _ -, LIBRARY a file or "-";
# sets `names` to the NAMEs; returns 2, with a message, at the first bad one.
check_variants() {
  names=()
  local v name rest library
  for v in "$@"; do
    name=${v%%=*}
    rest=${v#*=}
    library=${rest%%,*}
    case "$name" in ''|*[!A-Za-z0-9_.-]*) echo "variant '$v': NAME must be letters, digits, . _ -" >&2; return 2;; esac
    [ "$v" != "$name" ] || { echo "variant '$v': expected NAME=LIBRARY[,VAR=VALUE...]" >&2; return 2; }
    [ "$library" = - ] || [ -f "$library" ] || { echo "variant '$name': no library $library" >&2; return 2; }
    names+=("$name")
  done
  return 0
}

# parse_variant VARIANT: sets `name`, `switches` (the VAR=VALUE words, an array) and `options` (JAVA_TOOL_OPTIONS that
# load LIBRARY, empty for "-").
parse_variant() {
  local rest library
  name=${1%%=*}
  rest=${1#*=}
  library=${rest%%,*}
  switches=()
  [ "$rest" != "$library" ] && IFS=, read -r -a switches <<< "${rest#*,}"
  options=""
  [ "$library" != - ] && options="-Dgsssp.library.path=$(cd "$(dirname "$library")" && pwd)/$(basename "$library")"
  return 0
}

mkdir -p ../shared
bench=${BENCH:-}
if [ -z "$bench" ]; then
  for b in build/bench-bundle/gsssp-bench build/gpu-bundle/gsssp-bench; do [ -x "$b" ] && { bench=$b; break; }; done
fi
if [ -z "$bench" ] || [ ! -x "$bench" ]; then
  echo "no gsssp-bench launcher${bench:+ at $bench} (carry build/bench-bundle or a pack_gpu_host.sh bundle)" >&2
  return 2
fi
graphs=${GRAPHS:-build/gpu-bundle/graphs}
if [ -d "$graphs" ] && { [ -L ../shared/graphs ] || [ ! -e ../shared/graphs ]; }; then
  ln -sfn "$(cd "$graphs" && pwd)" ../shared/graphs
fi
for f in ../shared/graphs/*.graph.gz ../shared/graphs/*.gr.gz; do
  [ -f "$f" ] && [ ! -f "${f%.gz}" ] && case "$f" in *rome99*|*delaunay*) gunzip -kf "$f";; esac
done
return 0
