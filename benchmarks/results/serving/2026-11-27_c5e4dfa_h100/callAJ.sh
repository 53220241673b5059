#!/usr/bin/env bash
# call AJ (H100, on call AI's warm machine; main at c5e4dfa): AUTO on rome99 (ServingBenchmark.autoQuery: CPU Dijkstra,
# now on Dial's buckets) and the FFM call costs (FfmCallBenchmark, cpuQuery1k), with scripts/bench_serving.sh's options.
set -uo pipefail
[ -x build/gpu-bundle/run-tests.sh ] || { echo "no warm bundle: call AI's machine is gone"; exit 3; }
xz -dc build/callsAI/gsssp-bench.jar.xz > build/gpu-bundle/gsssp-bench.jar
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
lscpu | grep -E 'Model name|^CPU\(s\)' | tee $OUT/cpu.txt
B=build/gpu-bundle/gsssp-bench; rome=$PWD/build/gpu-bundle/graphs/rome99.gr.gz
mkdir -p $OUT/serving; start=$(date +%s)
$B jmh 'ServingBenchmark.autoQuery' -f 1 -wi 2 -i 4 -w 1s -r 1s -p "autoGraph=$rome" -rf json -rff $OUT/serving/auto.json > $OUT/serving/auto.log 2>&1
echo "auto exit $? t=$(( $(date +%s) - start )) s"; grep -E "^ServingBenchmark|p0.50|p0.99|AUTO picks" $OUT/serving/auto.log | head -12
$B jmh FfmCallBenchmark -f 1 -wi 2 -i 3 -w 1s -r 1s -rf json -rff $OUT/serving/ffm.json > $OUT/serving/ffm.log 2>&1
echo "ffm exit $? t=$(( $(date +%s) - start )) s"; grep -E "^FfmCallBenchmark" $OUT/serving/ffm.log
gzip -9 $OUT/serving/*.log
