#!/usr/bin/env bash
# call B (HEAD 0d62ca7, right after call A on the same warm machine): collect the soak, the GPU suite, baselines
set -uo pipefail
[ -d build/gpu-bundle ] || { mkdir -p build && tar xJf build/carry/gpu-host.tar.xz -C build; }
nvidia-smi --query-gpu=name,driver_version,memory.used,memory.total --format=csv | tee $OUT/gpu.txt
for i in $(seq 1 90); do pgrep -f soak_gpu.sh > /dev/null || break; sleep 2; done
pgrep -f soak_gpu.sh > /dev/null && echo "soak still running after 180 s"
mkdir -p $OUT/soak; cp -r /tmp/soak-out/. $OUT/soak/ 2>/dev/null; cp /tmp/soak-console.txt $OUT/soak/ 2>/dev/null
tail -30 $OUT/soak/soak.md 2>/dev/null || tail -20 /tmp/soak-console.txt
mkdir -p $OUT/suite
OUT=$OUT/suite bash scripts/test_gpu_suite.sh 250 --include-tag gpu > $OUT/suite/summary.txt 2>&1; gzip -9 $OUT/suite/tests.log
cat $OUT/suite/summary.txt
G=build/gpu-bundle/graphs; B=build/gpu-bundle/gsssp-bench
timeout 110 $B jmh BatchBenchmark -f 1 -wi 1 -i 2 -w 1s -r 2s -p "graph=$G/USA-road-d.NY.gr.gz,$G/rome99.gr.gz,rmat:scale=20;ef=16;seed=1;w=1..1000" -p algorithm=auto -rf json -rff $OUT/batch.json > $OUT/batch.log 2>&1
grep -E "^BatchBenchmark|resolves" $OUT/batch.log
mkdir -p $OUT/serve
timeout 130 bash scripts/bench_serve.sh $G/USA-road-d.NY.gr.gz 64 100000 $OUT/serve > $OUT/serve/console.txt 2>&1
echo "bench_serve exit $?"; cat $OUT/serve/load.md 2>/dev/null | head -40
