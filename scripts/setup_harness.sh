#!/usr/bin/env bash
# Usage: . scripts/setup_harness.sh    (sourced by scripts/bench_peers.sh and scripts/bench_libraries.sh; env: BENCH, GRAPHS)
# What a harness run on the GPU host needs first: sets `bench` to the gsssp-bench launcher (BENCH, else
# build/bench-bundle's, else build/gpu-bundle's; returns 2 without one), points ../shared/graphs, which the suites
# name, at the carried graphs (GRAPHS, default build/gpu-bundle/graphs; a real ../shared/graphs folder, as on the
# development machine, is left as it is), and unpacks the gzip'd graphs that the suites name uncompressed.
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
