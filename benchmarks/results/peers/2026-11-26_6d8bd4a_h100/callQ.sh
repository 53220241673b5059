#!/usr/bin/env bash
# call Q (6d8bd4a: ADDS's starting Delta from C = 64 / 8): the wider suite with both peers beside ADDS (default) and
# gsssp Near-Far, -r 2 -w 1, in two halves; then ADDS over the adds suite minus USA-road-t (the no-regression set), REPS=5
set -uo pipefail
rm -rf build/gpu-bundle; tar xJf build/carry20n/bench.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
mkdir -p ../shared; ln -sfn "$(cd build/gpu-bundle/graphs && pwd)" ../shared/graphs
for f in build/gpu-bundle/graphs/rome99.gr.gz build/gpu-bundle/graphs/delaunay_n15.graph.gz; do gunzip -kf $f; done
grep -v '^#' benchmarks/suites/wider.txt | grep . > benchmarks/suites/wider-all.txt
start=$(date +%s); mkdir -p /tmp/Q
GSSSP_COMMIT=$(cat build/calls/commit.txt) build/gpu-bundle/gsssp-bench run --suite benchmarks/suites/wider-all.txt -a near-far,adds \
  -r 2 -w 1 -o /tmp/Q/wider --peer nf=build/peers/bin/nf_fix2 --peer adds-artifact=build/peers/bin/ads_host --peer-timeout 25 > /tmp/Q/wider.log 2>&1
echo "runner exit $?"
grep -E '^\[' /tmp/Q/wider.log | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)/ (\1 edges)/'
sed -n '/## Over the best peer/,/^## Speedup/p' /tmp/Q/wider/summary.md | grep '^|'
echo "wider $(( $(date +%s) - start )) s"
GSSSP_COMMIT=$(cat build/calls/commit.txt) OUT=/tmp/Q/adds BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs ALGORITHMS=adds COMPARE=adds:adds REPS=5 WARMUP=1 \
  ONLY='^(rmat|grid|random|\.\./\.\./\.\./shared/graphs/(rome99|USA-road-d|delaunay|wiki|soc))' bash scripts/bench_adds.sh > /tmp/Q/adds.log 2>&1
grep -E "ok$|FAIL|mismatch" /tmp/Q/adds.log | sed -E 's/ \([0-9,]+ vertices.*\)//' | tail -8
echo "total $(( $(date +%s) - start )) s"
cp /tmp/Q/wider.log /tmp/Q/wider/run.log; tar czf $OUT/callQ.tgz -C /tmp Q
