#!/usr/bin/env bash
# call LB: the local round's stop check loaded as the round starts (build/exp2/libgsssp-stop.so: 5453c58 plus
# build/exp2/stop.patch, sm_90), against the bundle's library (5453c58). Thread 0 read the stop word after the round,
# a round trip before the round's closing barrier, on the path of every hop a block chases itself. Profile on four
# graphs, then an A/B over the wider suite's ten generated graphs, three rounds.
set -uo pipefail
bash scripts/unpack_call.sh build/callsLB || exit 3
start=$(date +%s)
export BENCH=build/gpu-bundle/gsssp-bench
L=$PWD/build/exp2/libgsssp-stop.so
mkdir -p $OUT/p
cat > $OUT/p/s.txt <<'SUITE'
rgg:n=1048576,d=10,dim=2,seed=1,w=1..1000
mesh:64x64x64,nb=26,seed=1,w=1..1000
grid:2048x2048,seed=1,w=1..1000
road:2048x2048,hw=16,seed=1,w=1..1000
SUITE
OUT=$OUT/p timeout 150 bash scripts/profile_adds.sh $OUT/p/s.txt main=- stop=$L > $OUT/profile.txt 2>&1
echo "profile rc=$? t=$(( $(date +%s) - start ))"; sed 's/, per sweep.*//' $OUT/profile.txt
grep -v '^#' benchmarks/suites/wider.txt | grep . | grep -v shared/graphs > benchmarks/suites/.ab_LB.txt
OUT=$OUT/ab ROUNDS=3 REPS=5 ALGORITHMS=adds timeout $(( 580 - ($(date +%s) - start) )) bash scripts/bench_libraries.sh benchmarks/suites/.ab_LB.txt \
  main=- stop=$L > $OUT/ab.txt 2>&1
echo "ab exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab/table.md
find $OUT -name traces.csv -delete; find $OUT -name results.json -delete
gzip -9 $OUT/*.txt; tar czf $OUT/ab.tgz -C $OUT ab p && rm -rf $OUT/ab $OUT/p
exit 0
