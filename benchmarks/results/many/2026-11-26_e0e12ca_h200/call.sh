#!/usr/bin/env bash
# call J: block-bf's whole-graph kernel and block-nf natively; the whole Java GPU suite alone; batches by AUTO's new
# rule; the small-graph crossover (CPU, block-bf, ADDS); AUTO on rome99
set -uo pipefail
T0=$(date +%s)
mkdir -p build && tar xJf build/carry8/gpu-host.tar.xz -C build
lib=$(mktemp -d)
python3 -c "import zipfile,sys,glob; zipfile.ZipFile([j for j in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in j][0]).extract('native/linux-x86_64/libgsssp.so', sys.argv[1])" $lib
export LD_LIBRARY_PATH=$lib/native/linux-x86_64
nvidia-smi --query-gpu=name,driver_version,memory.used,memory.total --format=csv,noheader | tee $OUT/gpu.txt
lscpu | grep -E "Model name|^CPU\(s\)" >> $OUT/gpu.txt
W=$OUT/w; mkdir -p $W
G=build/gpu-bundle/graphs; B=build/gpu-bundle/gsssp-bench
echo "== native rome99 block-bf,block-nf"; timeout 60 build/selftest-mini/gsssp_selftest --gr $G/rome99.gr.gz --only block-bf,block-nf --repeat 3 > $W/native-rome.txt 2>&1; echo "exit $?" >> $W/native-rome.txt; grep -E "^block|passed|FAIL|exit" $W/native-rome.txt | head -12
echo "== probe rome99"; timeout 60 build/selftest-mini/gsssp_selftest --probe --gr $G/rome99.gr.gz --repeat 300 > $W/probe-rome.txt 2>&1; grep -E "cpu-dijkstra|block-bf|adds " $W/probe-rome.txt | head
echo "== t=$(( $(date +%s) - T0 ))s"
mkdir -p $W/suite
OUT=$W/suite bash scripts/test_gpu_suite.sh 330 --include-tag gpu > $W/suite/summary.txt 2>&1; gzip -9 $W/suite/tests.log 2>/dev/null
echo "== suite"; tail -12 $W/suite/summary.txt
echo "== t=$(( $(date +%s) - T0 ))s"
timeout 120 $B jmh BatchBenchmark.batch -f 1 -wi 1 -i 2 -w 1s -r 2s -p "graph=$G/USA-road-d.NY.gr.gz,rmat:scale=20;ef=16;seed=1;w=1..1000,random:n=1048576;d=7;seed=1;w=1..1000,$G/rome99.gr.gz" -p algorithm=auto,adds -rf json -rff $W/batch.json > $W/batch.log 2>&1
grep -E "^BatchBenchmark|resolves|Exception|Error" $W/batch.log | head -24
echo "== t=$(( $(date +%s) - T0 ))s"
timeout 100 $B jmh CrossoverBenchmark -f 1 -wi 2 -i 3 -w 500ms -r 500ms -p "graph=$G/rome99.gr.gz,random:n=256;d=7;seed=1;w=1..1000,random:n=1024;d=7;seed=1;w=1..1000,random:n=4096;d=7;seed=1;w=1..1000,grid:32x32;seed=1;w=1..1000,grid:64x64;seed=1;w=1..1000" -p algorithm=dijkstra-cpu,block-bf,adds -rf json -rff $W/crossover.json > $W/crossover.log 2>&1
grep -E "^CrossoverBenchmark|Exception|Error" $W/crossover.log | head -24
echo "== t=$(( $(date +%s) - T0 ))s"
timeout 40 $B jmh ServingBenchmark.autoQuery -f 1 -wi 2 -i 3 -w 1s -r 1s -p autoGraph=$G/rome99.gr.gz -rf json -rff $W/auto.json > $W/auto.log 2>&1
grep -E "autoQuery|p0.50|p0.99|Exception" $W/auto.log | head -12
echo "== t=$(( $(date +%s) - T0 ))s"
tar czf $OUT/callJ.tgz -C $OUT w gpu.txt
