#!/usr/bin/env bash
# call LA: local rounds that keep vertices up to k buckets past the assignment's own (build/exp/libgsssp-ahead.so:
# 5453c58 plus GSSSP_ADDS_LOCAL_AHEAD=k, sm_90), against the bundle's library (5453c58). The 2-D rgg's profile says its
# workers spend ~43 us per assignment in local rounds, and the run is bound by path latency, not the manager's sweep.
# Profile on four graphs (k = 0, 1, 2), then an A/B over the wider suite's ten generated graphs, two rounds.
set -uo pipefail
bash scripts/unpack_call.sh build/callsLA || exit 3
start=$(date +%s)
export BENCH=build/gpu-bundle/gsssp-bench
L=$PWD/build/exp/libgsssp-ahead.so
mkdir -p $OUT/p
cat > $OUT/p/s.txt <<'SUITE'
rgg:n=1048576,d=10,dim=2,seed=1,w=1..1000
mesh:64x64x64,nb=26,seed=1,w=1..1000
grid:2048x2048,seed=1,w=1..1000
road:2048x2048,hw=16,seed=1,w=1..1000
SUITE
OUT=$OUT/p timeout 200 bash scripts/profile_adds.sh $OUT/p/s.txt main=- a1=$L,GSSSP_ADDS_LOCAL_AHEAD=1 a2=$L,GSSSP_ADDS_LOCAL_AHEAD=2 > $OUT/profile.txt 2>&1
echo "profile rc=$? t=$(( $(date +%s) - start ))"; sed 's/, per sweep.*//' $OUT/profile.txt
grep -v '^#' benchmarks/suites/wider.txt | grep . | grep -v shared/graphs > benchmarks/suites/.ab_LA.txt
OUT=$OUT/ab ROUNDS=2 REPS=5 ALGORITHMS=adds timeout $(( 580 - ($(date +%s) - start) )) bash scripts/bench_libraries.sh benchmarks/suites/.ab_LA.txt \
  main=- a1=$L,GSSSP_ADDS_LOCAL_AHEAD=1 a2=$L,GSSSP_ADDS_LOCAL_AHEAD=2 a4=$L,GSSSP_ADDS_LOCAL_AHEAD=4 > $OUT/ab.txt 2>&1
echo "ab exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab/table.md
grep -h "profile" $OUT/p/*.log | head -0
find $OUT -name traces.csv -delete; find $OUT -name results.json -delete
gzip -9 $OUT/*.txt; tar czf $OUT/ab.tgz -C $OUT ab p && rm -rf $OUT/ab $OUT/p
exit 0
