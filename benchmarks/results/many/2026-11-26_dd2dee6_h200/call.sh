#!/usr/bin/env bash
# call D (HEAD dd2dee6): issue 14's benchmarks. BatchBenchmark.batch, three designs on four graphs; the one-launch
# design with 1, 2 and 4 source groups per launch; ManyBenchmark's pair distances against a full query; serve
# under load on road NY (64 clients, 100,000 requests).
set -uo pipefail
mkdir -p build && tar xJf build/carry3/gpu-host.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version,memory.used,memory.total --format=csv,noheader | tee $OUT/gpu.txt
lscpu | grep -E "Model name|^CPU\(s\)" | tee $OUT/cpu.txt
G=build/gpu-bundle/graphs; B=build/gpu-bundle/gsssp-bench
GRAPHS="$G/USA-road-d.NY.gr.gz,$G/rome99.gr.gz,rmat:scale=20;ef=16;seed=1;w=1..1000,random:n=1000000;d=7;seed=1;w=1..10"
timeout 230 $B jmh 'BatchBenchmark.batch' -f 1 -wi 1 -i 2 -w 1s -r 2s -p "graph=$GRAPHS" -p algorithm=multi-bf,adds,dijkstra-cpu -rf json -rff $OUT/batch.json > $OUT/batch.log 2>&1
grep -E "^BatchBenchmark" $OUT/batch.log
for groups in 1 2; do
  GSSSP_MULTI_BF_GROUPS=$groups timeout 60 $B jmh 'BatchBenchmark.batch' -f 1 -wi 1 -i 2 -w 1s -r 2s -p "graph=$G/USA-road-d.NY.gr.gz,rmat:scale=20;ef=16;seed=1;w=1..1000" -p algorithm=multi-bf -rf json -rff $OUT/batch-groups$groups.json > $OUT/batch-groups$groups.log 2>&1
  echo "groups $groups:"; grep -E "^BatchBenchmark" $OUT/batch-groups$groups.log
done
timeout 100 $B jmh 'ManyBenchmark.(distanceGpu|distanceCpu|fullQuery)' -p matrixSize=10 -p "graph=$G/USA-road-d.NY.gr.gz" -rf json -rff $OUT/distance.json > $OUT/distance.log 2>&1
grep -E "^ManyBenchmark|·p0.50 " $OUT/distance.log | head -20
mkdir -p /tmp/serve
timeout 110 bash scripts/bench_serve.sh $G/USA-road-d.NY.gr.gz 64 100000 /tmp/serve > /tmp/serve/console.txt 2>&1
echo "bench_serve exit $?"; cat /tmp/serve/load.md 2>/dev/null | head -20
tar czf $OUT/logs.tgz -C $OUT batch.log batch-groups1.log batch-groups2.log distance.log -C /tmp serve
