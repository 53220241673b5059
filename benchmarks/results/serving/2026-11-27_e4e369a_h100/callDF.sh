#!/usr/bin/env bash
# call DF (H100): main + the ADDS kernel handing its report and counters to the host itself (uncommitted at the call,
# committed next): the native tests and the Java GPU suite (scripts/test_gpu_carry.sh), then ServingBenchmark.resident*
# in three forks (AverageTime) and scripts/bench_serving.sh ffm, with the same bundle.
set -uo pipefail
D=build/callsDF
start=$(date +%s)
RUN_TIMEOUT=150 bash scripts/test_gpu_carry.sh $D/gpu-all.tar.xz build/callsCC/graphs.tar $D/nt.tar.xz 400
echo "tests exit $? t=$(( $(date +%s) - start )) s"
export BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs
W=$OUT/b; mkdir -p $W
R22='rmat:scale=22;ef=16;seed=1;w=1..1000'
timeout 170 $BENCH jmh 'ServingBenchmark.resident' -bm avgt -f 3 -wi 2 -i 4 -w 1s -r 1s -p "oneTargetGraph=$R22" -rf json -rff $W/resident-f3.json > $W/resident-f3.txt 2>&1
echo "resident f3 exit $? t=$(( $(date +%s) - start )) s"
grep -E "^ServingBenchmark|^KERNEL" $W/resident-f3.txt | sed 's/oneTargetGraph=[^ ]* //'
OUT=$W/serving timeout 100 bash scripts/bench_serving.sh ffm > $W/serving-ffm.txt 2>&1
echo "ffm exit $? t=$(( $(date +%s) - start )) s"
grep -E "^FfmCallBenchmark" $W/serving-ffm.txt
tar czf $OUT/b.tgz -C $OUT b && rm -rf $W
exit 0
