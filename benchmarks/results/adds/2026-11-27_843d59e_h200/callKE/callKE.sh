#!/usr/bin/env bash
# call KE, on call KD's machine (build/gpu-bundle of 843d59e still unpacked there): rome99 added to the bundle's graphs,
# then JMH from Java, the serving latency part (call KD's lacked rome99); then GSSSP_ADDS_PROFILE=1 with a library of
# 843d59e plus finer profile laps (warp 0's manage_blocks within the queue phase, its plan within the hand-out; sm_90,
# build/callsKE/libgsssp-prof.so) on five graphs.
set -uo pipefail
tar xf build/callsKE/rome.tar -C build || exit 3
start=$(date +%s)
export BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs GSSSP_COMMIT=843d59e
OUT=$OUT/serving timeout 300 bash scripts/bench_serving.sh latency > $OUT/latency.txt 2>&1; echo "latency exit $? t=$(( $(date +%s) - start )) s"
OUT=$OUT/serving bash scripts/bench_serving.sh summary > /dev/null 2>&1; grep '^|' $OUT/serving/summary.md | head -24
mkdir -p $OUT/p
cat > $OUT/p/s.txt <<'SUITE'
rgg:n=1048576,d=10,dim=2,seed=1,w=1..1000
random:n=4194304,d=7,seed=1,w=1..10
grid:2048x2048,seed=1,w=1..1000
road:2048x2048,hw=16,seed=1,w=1..1000
mesh:64x64x64,nb=26,seed=1,w=1..1000
SUITE
JAVA_TOOL_OPTIONS="-Dgsssp.library.path=$PWD/build/callsKE/libgsssp-prof.so" GSSSP_ADDS_PROFILE=1 timeout 150 $BENCH run --suite $OUT/p/s.txt -a adds -r 2 -w 1 -o $OUT/p/prof > $OUT/p/prof.log 2>&1
echo "profile rc=$? t=$(( $(date +%s) - start ))"; grep -E "adds profile" $OUT/p/prof.log | sed 's/, per sweep.*//'
find $OUT -name traces.csv -delete
gzip -9 $OUT/*.txt; tar czf $OUT/w.tgz -C $OUT serving p && rm -rf $OUT/serving $OUT/p
exit 0
