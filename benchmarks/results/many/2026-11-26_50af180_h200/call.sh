#!/usr/bin/env bash
# call K (e792674+README): AUTO's batch rule across graph classes (block-nf against concurrent ADDS on a grid, a
# Delaunay mesh and a social graph), the NY matrix by AUTO, and the native block-nf checks after the block-size fix
set -uo pipefail
T0=$(date +%s)
mkdir -p build && tar xJf build/carry9/gpu-host.tar.xz -C build
lib=$(mktemp -d)
python3 -c "import zipfile,sys,glob; zipfile.ZipFile([j for j in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in j][0]).extract('native/linux-x86_64/libgsssp.so', sys.argv[1])" $lib
export LD_LIBRARY_PATH=$lib/native/linux-x86_64
nvidia-smi --query-gpu=name,driver_version,memory.used,memory.total --format=csv,noheader | tee $OUT/gpu.txt
lscpu | grep -E "Model name|^CPU\(s\)" >> $OUT/gpu.txt
W=$OUT/w; mkdir -p $W
G=build/gpu-bundle/graphs; B=build/gpu-bundle/gsssp-bench
for b in 32 64 128 288; do timeout 60 build/selftest-mini/gsssp_selftest --gr $G/rome99.gr.gz --only block-nf --block $b > $W/native-block$b.txt 2>&1; echo "block $b exit $?: $(grep -E 'passed, .* failed' $W/native-block$b.txt)"; grep -m3 FAIL $W/native-block$b.txt; done
echo "== t=$(( $(date +%s) - T0 ))s"
timeout 200 $B jmh BatchBenchmark.batch -f 1 -wi 1 -i 2 -w 1s -r 2s -p "graph=grid:1024x1024;seed=1;w=1..1000,$G/delaunay_n15.graph.gz,$G/soc-Slashdot0902.txt.gz" -p algorithm=auto,adds,block-nf -rf json -rff $W/batch-classes.json > $W/batch-classes.log 2>&1
grep -E "^BatchBenchmark|resolves|Exception|Error" $W/batch-classes.log | head -24
echo "== t=$(( $(date +%s) - T0 ))s"
timeout 100 $B jmh "ManyBenchmark.matrix(Gpu|Cpu)" -f 1 -p graph=$G/USA-road-d.NY.gr.gz -p matrixAlgorithm=auto -rf json -rff $W/matrix-auto.json > $W/matrix-auto.log 2>&1
grep -E "^ManyBenchmark|agree|Exception|Error" $W/matrix-auto.log | head -10
echo "== t=$(( $(date +%s) - T0 ))s"
tar czf $OUT/callK.tgz -C $OUT w gpu.txt
