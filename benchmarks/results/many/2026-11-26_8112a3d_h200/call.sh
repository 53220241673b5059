#!/usr/bin/env bash
# call I (block-nf, batch row reuse): native checks of BLOCK_NEAR_FAR first, then the whole Java GPU suite beside
# the native quick self-test, then batch and matrix benchmarks alone on the GPU
set -uo pipefail
T0=$(date +%s)
mkdir -p build && tar xJf build/carry7/gpu-host.tar.xz -C build
lib=$(mktemp -d)
python3 -c "import zipfile,sys,glob; zipfile.ZipFile([j for j in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in j][0]).extract('native/linux-x86_64/libgsssp.so', sys.argv[1])" $lib
export LD_LIBRARY_PATH=$lib/native/linux-x86_64
nvidia-smi --query-gpu=name,driver_version,memory.used,memory.total --format=csv,noheader | tee $OUT/gpu.txt
lscpu | grep -E "Model name|^CPU\(s\)" >> $OUT/gpu.txt
W=$OUT/w; mkdir -p $W
G=build/gpu-bundle/graphs; B=build/gpu-bundle/gsssp-bench
echo "== native block-nf rome99"; timeout 60 build/selftest-mini/gsssp_selftest --gr $G/rome99.gr.gz --only block-nf --repeat 3 > $W/nf-rome.txt 2>&1; echo "exit $?" >> $W/nf-rome.txt; grep -E "block-nf|passed|FAIL|exit" $W/nf-rome.txt | head -12
echo "== native block-nf NY"; timeout 60 build/selftest-mini/gsssp_selftest --gr $G/USA-road-d.NY.gr.gz --only block-nf --repeat 2 > $W/nf-ny.txt 2>&1; echo "exit $?" >> $W/nf-ny.txt; grep -E "block-nf|passed|FAIL|exit" $W/nf-ny.txt | head -12
echo "== t=$(( $(date +%s) - T0 ))s"
( timeout 230 build/selftest-mini/gsssp_selftest --quick > $W/selftest-quick.txt 2>&1; echo "selftest exit $?" >> $W/selftest-quick.txt ) &
st=$!
mkdir -p $W/suite
OUT=$W/suite bash scripts/test_gpu_suite.sh 260 --include-tag gpu > $W/suite/summary.txt 2>&1; gzip -9 $W/suite/tests.log 2>/dev/null
wait $st
echo "== selftest"; grep -E "passed, .* failed|exit" $W/selftest-quick.txt | tail -3; grep -m5 "FAIL" $W/selftest-quick.txt
echo "== suite"; tail -15 $W/suite/summary.txt
echo "== t=$(( $(date +%s) - T0 ))s"
timeout 110 $B jmh BatchBenchmark.batch -f 1 -wi 1 -i 2 -w 1s -r 2s -p "graph=$G/USA-road-d.NY.gr.gz,rmat:scale=20;ef=16;seed=1;w=1..1000" -p algorithm=auto,block-nf -rf json -rff $W/batch-large.json > $W/batch-large.log 2>&1
grep -E "^BatchBenchmark|resolves|Exception|Error" $W/batch-large.log | head -20
timeout 60 $B jmh BatchBenchmark.batch -f 1 -wi 1 -i 2 -w 1s -r 2s -p "graph=$G/rome99.gr.gz" -p algorithm=auto,block-bf,block-nf -rf json -rff $W/batch-small.json > $W/batch-small.log 2>&1
grep -E "^BatchBenchmark|resolves|Exception|Error" $W/batch-small.log | head -20
echo "== t=$(( $(date +%s) - T0 ))s"
timeout 100 $B jmh "ManyBenchmark.matrix(Gpu|Cpu)" -f 1 -p graph=$G/USA-road-d.NY.gr.gz -p matrixAlgorithm=block-nf,auto -rf json -rff $W/matrix.json > $W/matrix.log 2>&1
grep -E "^ManyBenchmark|agree|Exception|Error" $W/matrix.log | head -20
echo "== t=$(( $(date +%s) - T0 ))s"
tar czf $OUT/callI.tgz -C $OUT w gpu.txt
