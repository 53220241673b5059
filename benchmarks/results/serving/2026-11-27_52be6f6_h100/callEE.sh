#!/usr/bin/env bash
# call EE (H100): the resident result's reader (uncommitted at the call; library md5 0093a7b0...): native tests (the
# reader tests now without predecessors) and the Java GPU suite (scripts/test_gpu_carry.sh); then
# ServingBenchmark.resident* in three forks (AverageTime) and scripts/bench_serving.sh concurrency.
set -uo pipefail
D=build/callsEE  # carried: gpu-all.tar.xz (the whole bundle less its graphs), nt.tar.xz; and build/callsCC/graphs.tar
start=$(date +%s)
RUN_TIMEOUT=150 bash scripts/test_gpu_carry.sh $D/gpu-all.tar.xz build/callsCC/graphs.tar $D/nt.tar.xz 330
echo "tests exit $? t=$(( $(date +%s) - start )) s"
grep -h "answered by a reader\|reads answered" $OUT/*/*.log $OUT/*.log 2>/dev/null | head
export BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs
W=$OUT/b; mkdir -p $W
R22='rmat:scale=22;ef=16;seed=1;w=1..1000'
timeout 120 $BENCH jmh 'ServingBenchmark.resident' -bm avgt -f 3 -wi 2 -i 4 -w 1s -r 1s -p "oneTargetGraph=$R22" -rf json -rff $W/resident-f3.json > $W/resident-f3.txt 2>&1
echo "resident f3 exit $? t=$(( $(date +%s) - start )) s"
grep -E "^ServingBenchmark|^KERNEL" $W/resident-f3.txt | sed 's/oneTargetGraph=[^ ]* //'
OUT=$W/serving timeout 130 bash scripts/bench_serving.sh concurrency > $W/serving-concurrency.txt 2>&1
echo "concurrency exit $? t=$(( $(date +%s) - start )) s"
grep -E "^ConcurrencyBenchmark" $W/serving-concurrency.txt | head -20
tar czf $OUT/b.tgz -C $OUT b && rm -rf $W
exit 0
