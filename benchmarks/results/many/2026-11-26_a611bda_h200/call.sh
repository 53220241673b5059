#!/usr/bin/env bash
# call F (HEAD a611bda): the GPU tests of this session's API (multi-bf, target queries, batches, DeviceGroup, serving),
# serve under load after the early stop was taken out, and the distance matrices of ManyBenchmark
set -uo pipefail
mkdir -p build && tar xJf build/carry4/gpu-host.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
lscpu | grep -E "Model name|^CPU\(s\)" >> $OUT/gpu.txt
G=build/gpu-bundle/graphs; B=build/gpu-bundle/gsssp-bench; W=/tmp/f; mkdir -p $W
timeout 200 build/gpu-bundle/run-tests.sh --details=tree --select-class org.gsssp.MultiBellmanFordGpuTest --select-class org.gsssp.TargetQueryGpuTest --select-class org.gsssp.BatchGpuTest --select-class org.gsssp.DeviceGroupGpuTest --select-class org.gsssp.ServingGpuTest > $W/tests.txt 2>&1
echo "java tests exit $?"; grep -E "tests (successful|failed|found)|✘" $W/tests.txt | head -20
mkdir -p $W/serve
timeout 110 bash scripts/bench_serve.sh $G/USA-road-d.NY.gr.gz 64 100000 $W/serve > $W/serve/console.txt 2>&1
echo "bench_serve exit $?"; head -20 $W/serve/load.md
timeout 170 $B jmh 'ManyBenchmark.matrix' -p matrixSize=200 -p "graph=$G/USA-road-d.NY.gr.gz" -rf json -rff $W/matrix200.json > $W/matrix200.log 2>&1
grep -E "^ManyBenchmark|agree" $W/matrix200.log
timeout 90 $B jmh 'ManyBenchmark.matrix(Gpu|Cpu)' -p matrixSize=1000 -p "graph=$G/USA-road-d.NY.gr.gz" -rf json -rff $W/matrix1000.json > $W/matrix1000.log 2>&1
grep -E "^ManyBenchmark|agree" $W/matrix1000.log
cd $W && tar czf $OUT/f.tgz tests.txt serve matrix200.json matrix200.log matrix1000.json matrix1000.log
