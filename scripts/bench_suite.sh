#!/usr/bin/env bash
# Usage: scripts/bench_suite.sh [SUITE]    (default benchmarks/suites/core.txt; env: OUT, REPS, WARMUP)
# On the lent GPU host: the experiment runner over a suite, then the JMH FFM-overhead benchmarks.
# Needs build/bench-bundle and build/gpu-bundle/graphs carried; the suite's ../shared/graphs is made to
# point at the carried graphs. Results go to $OUT as one tarball (the device returns few files).
set -uo pipefail
suite=${1:-benchmarks/suites/core.txt}
out=${OUT:-gpu-host-bench}
mkdir -p "$out/results" ../shared
ln -sfn "$PWD/build/gpu-bundle/graphs" ../shared/graphs
for f in build/gpu-bundle/graphs/rome99.gr.gz build/gpu-bundle/graphs/delaunay_n15.graph.gz; do
  [ -f "$f" ] && gunzip -kf "$f"
done
export GSSSP_COMMIT=${GSSSP_COMMIT:-unknown}
bench=build/bench-bundle/gsssp-bench
$bench run --suite "$suite" -r "${REPS:-5}" -w "${WARMUP:-1}" -o "$out/results" 2>&1 | tee "$out/run.log"
echo "runner exit ${PIPESTATUS[0]}"
$bench jmh FfmCallBenchmark -f 1 -wi 3 -i 5 -w 1s -r 1s -rf json -rff "$out/results/jmh-ffm.json" 2>&1 \
  | tee "$out/jmh.log" | grep -E "^Benchmark|^FfmCall|Error|Exception" | head -20
tar czf "$out/results.tgz" -C "$out" results run.log jmh.log
