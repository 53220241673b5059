#!/usr/bin/env bash
# call N (final code): the 2-byte output probed natively, the whole Java GPU suite, then the serving latency benchmarks
# (Java against kernel, resident one target, AUTO on rome99) alone on the GPU
set -uo pipefail
T0=$(date +%s)
mkdir -p build && tar xJf build/carry11/gpu-host.tar.xz -C build
lib=$(mktemp -d)
python3 -c "import zipfile,sys,glob; zipfile.ZipFile([j for j in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in j][0]).extract('native/linux-x86_64/libgsssp.so', sys.argv[1])" $lib
nvidia-smi --query-gpu=name,driver_version,memory.used,memory.total --format=csv,noheader | tee $OUT/gpu.txt
lscpu | grep -E "Model name|^CPU\(s\)" >> $OUT/gpu.txt
W=$OUT/w; mkdir -p $W
G=build/gpu-bundle/graphs
( export LD_LIBRARY_PATH=$lib/native/linux-x86_64; S=build/selftest-mini/gsssp_selftest
  timeout 40 $S --probe --gr $G/USA-road-d.NY.gr.gz --repeat 20 --only gpu,resident
  timeout 40 $S --probe --gen random:1000000:7 --repeat 30 --only gpu,resident
  timeout 60 $S --probe --gen rmat:20 --repeat 20 --only gpu,resident ) > $W/probe.txt 2>&1
grep -E "probe|differ|compact|resident " $W/probe.txt
echo "== t=$(( $(date +%s) - T0 ))s"
mkdir -p $W/suite
OUT=$W/suite bash scripts/test_gpu_suite.sh 300 --include-tag gpu > $W/suite/summary.txt 2>&1; gzip -9 $W/suite/tests.log 2>/dev/null
echo "== suite"; tail -8 $W/suite/summary.txt
echo "== t=$(( $(date +%s) - T0 ))s"
BENCH=build/gpu-bundle/gsssp-bench GRAPHS=$G OUT=$W/serving timeout 200 bash scripts/bench_serving.sh latency > $W/latency-console.txt 2>&1
echo "latency exit $?"; grep -E "^ServingBenchmark" $W/serving/bench_serving-latency.log | grep -vE ":(kernel|native|queries)" | tail -20
echo "== t=$(( $(date +%s) - T0 ))s"
tar czf $OUT/callN.tgz -C $OUT w gpu.txt
