#!/usr/bin/env bash
# call M: block-nf relaxing four edges per thread at a time: native checks, its Java GPU tests, then batches against
# concurrent ADDS on six graph classes (the same graphs as calls J and K, where it relaxed one at a time)
set -uo pipefail
T0=$(date +%s)
mkdir -p build && tar xJf build/carry10/gpu-host.tar.xz -C build
lib=$(mktemp -d)
python3 -c "import zipfile,sys,glob; zipfile.ZipFile([j for j in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in j][0]).extract('native/linux-x86_64/libgsssp.so', sys.argv[1])" $lib
export LD_LIBRARY_PATH=$lib/native/linux-x86_64
nvidia-smi --query-gpu=name,driver_version,memory.used,memory.total --format=csv,noheader | tee $OUT/gpu.txt
lscpu | grep -E "Model name|^CPU\(s\)" >> $OUT/gpu.txt
W=$OUT/w; mkdir -p $W
G=build/gpu-bundle/graphs; B=build/gpu-bundle/gsssp-bench
for gr in rome99.gr.gz USA-road-d.NY.gr.gz; do timeout 60 build/selftest-mini/gsssp_selftest --gr $G/$gr --only block-nf --repeat 2 > $W/native-$gr.txt 2>&1; echo "$gr exit $?: $(grep -E 'passed, .* failed' $W/native-$gr.txt)"; grep -E "^block-nf +time" $W/native-$gr.txt | tail -1; grep -m3 FAIL $W/native-$gr.txt; done
timeout 120 build/gpu-bundle/run-tests.sh --details=tree --select-class org.gsssp.MultiBellmanFordGpuTest --select-class org.gsssp.MatrixGpuTest --select-class org.gsssp.BatchGpuTest > $W/tests.txt 2>&1
echo "tests exit $?"; grep -E "tests (successful|failed|found)|✘" $W/tests.txt | head
echo "== t=$(( $(date +%s) - T0 ))s"
timeout 330 $B jmh BatchBenchmark.batch -f 1 -wi 1 -i 2 -w 1s -r 2s -p "graph=$G/USA-road-d.NY.gr.gz,rmat:scale=20;ef=16;seed=1;w=1..1000,random:n=1048576;d=7;seed=1;w=1..1000,grid:1024x1024;seed=1;w=1..1000,$G/delaunay_n15.graph.gz,$G/soc-Slashdot0902.txt.gz" -p algorithm=adds,block-nf -rf json -rff $W/batch.json > $W/batch.log 2>&1
grep -E "^BatchBenchmark|Exception|Error" $W/batch.log | head -24
echo "== t=$(( $(date +%s) - T0 ))s"
tar czf $OUT/callM.tgz -C $OUT w gpu.txt
