#!/usr/bin/env bash
# Usage: scripts/bench_adds.sh            (env: OUT, BENCH, GRAPHS, ALGORITHMS, COMPARE, ONLY, REPS)
# On the lent GPU host, from the repository root: the harness over benchmarks/suites/adds.txt for ADDS, its
# Table 5 ablations, ADDS without local rounds (the paper's worker), Near-Far, H-BF, Bellman-Ford and both
# CPU baselines, with the comparisons whose rows "adds over near-far" are the paper's Tables 3 and 4. Needs a gsssp-bench launcher (build/bench-bundle from
# scripts/bundle_bench.sh, or BENCH=...) and the graphs (build/gpu-bundle/graphs, or GRAPHS=DIR); the suite's
# ../shared/graphs is pointed at them. Results go to $OUT as one tarball (the device returns few files); draw
# the parallelism figures afterwards on a full JDK with `gsssp-bench plot DIR`.
#
#   scripts/bench_adds.sh                         # the whole suite
#   ONLY='rmat|USA-road-d' scripts/bench_adds.sh  # the suite lines matching a regex (to fit 10 minutes)
#
# Environment: REPS (default 5), WARMUP (1), ALGORITHMS and COMPARE (the lists below), ONLY, BENCH, GRAPHS.
set -uo pipefail
out=${OUT:-gpu-host-bench}
bench=${BENCH:-build/bench-bundle/gsssp-bench}
graphs=${GRAPHS:-build/gpu-bundle/graphs}
algorithms=${ALGORITHMS:-jgrapht,dijkstra-cpu,bellman-ford,hbf,near-far,adds:2-buckets,adds:static-delta,adds:no-local,adds}
compare=${COMPARE:-adds:near-far,adds:static-delta:near-far,adds:2-buckets:near-far,adds:no-local:near-far,adds:adds:no-local,adds:hbf,adds:bellman-ford,adds:dijkstra-cpu,adds:jgrapht,adds:adds:static-delta,adds:adds:2-buckets,near-far:dijkstra-cpu}
stamp=$(date -u +%Y%m%dT%H%M%SZ)
work=/tmp/adds-bench-$stamp
mkdir -p "$out" "$work" ../shared
ln -sfn "$(cd "$graphs" && pwd)" ../shared/graphs
# the suite names these two uncompressed; the bundle carries them gzip'd
for f in "$graphs"/rome99.gr.gz "$graphs"/delaunay_n15.graph.gz; do
  [ -f "$f" ] && gunzip -kf "$f"
done
suite=benchmarks/suites/adds.txt
if [ -n "${ONLY:-}" ]; then
  # same directory, so the suite's relative paths still hold
  grep -E -- "${ONLY}" "$suite" | grep -v '^#' > benchmarks/suites/adds-only.txt
  suite=benchmarks/suites/adds-only.txt
fi
export GSSSP_COMMIT=${GSSSP_COMMIT:-unknown}
"$bench" run --suite "$suite" -a "$algorithms" --compare "$compare" -r "${REPS:-5}" -w "${WARMUP:-1}" \
  -o "$work/results" 2>&1 | tee "$work/run.log"
echo "runner exit ${PIPESTATUS[0]}"
grep -A8 "ADDS Table 3" "$work/results/summary.md" | head -12
tar czf "$out/adds-bench-$stamp.tgz" -C "$work" results run.log
echo "wrote $out/adds-bench-$stamp.tgz"
