#!/usr/bin/env bash
# Usage: scripts/bench_nearfar.sh DIR      (DIR holds bench-bundle/, graphs/ and the two suite files; env: REPS, OUT)
# On the lent GPU host: the harness over the core suite for Near-Far and DA2CF next to the earlier GPU
# algorithms and both CPU baselines. Expects its folder (DIR, carried) to hold bench-bundle/, graphs/ and the
# two suite files. Works in /tmp/nearfar-bench and leaves only results.tgz (results-a/, results-b/ and the
# logs) in $OUT, since the device returns at most 8 files.
set -uo pipefail
dir=${1:?bundle dir}
out=/tmp/nearfar-bench
reps=${REPS:-3}
mkdir -p "$out" ../shared
ln -sfn "$PWD/$dir/graphs" ../shared/graphs
for f in "$dir"/graphs/rome99.gr.gz "$dir"/graphs/delaunay_n15.graph.gz; do
  [ -f "$f" ] && gunzip -kf "$f"
done
mkdir -p benchmarks/suites
cp "$dir"/nearfar-core-*.txt benchmarks/suites/
export GSSSP_COMMIT=${GSSSP_COMMIT:-unknown}
bench=$dir/bench-bundle/gsssp-bench
$bench run --suite benchmarks/suites/nearfar-core-a.txt -r "$reps" -w 1 -o "$out/results-a" \
  -a jgrapht,dijkstra-cpu,bellman-ford,frontier,near-far,da2cf-f,da2cf-u 2>&1 | tee "$out/run-a.log"
$bench run --suite benchmarks/suites/nearfar-core-b.txt -r "$reps" -w 1 -o "$out/results-b" \
  -a jgrapht,dijkstra-cpu,bellman-ford,frontier,near-far 2>&1 | tee "$out/run-b.log"
tar czf "${OUT:-.}/results.tgz" -C "$out" results-a results-b run-a.log run-b.log
