#!/usr/bin/env bash
# call A (82a6961, the tenth session's final code): native tests, the serving benchmarks' latency and ffm parts
# (issue 13's targets after Dial's buckets), the whole Java GPU suite
set -uo pipefail
mkdir -p build && tar xJf build/carryA/gpu-host.tar.xz -C build && tar xJf build/carryA/native-tests.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W/native $W/suite $W/serving; start=$(date +%s)
OUT=$W/native RUN_TIMEOUT=240 bash scripts/test_native_gpu.sh build/native-tests
echo "native $(( $(date +%s) - start )) s"
export GSSSP_COMMIT=82a6961
OUT=$W/serving BENCH=build/gpu-bundle/gsssp-bench bash scripts/bench_serving.sh latency > $W/serving/latency-console.txt 2>&1
OUT=$W/serving BENCH=build/gpu-bundle/gsssp-bench bash scripts/bench_serving.sh ffm > $W/serving/ffm-console.txt 2>&1
grep -E "^(Serving|FfmCall)Benchmark" $W/serving/*-console.txt | tr -s ' '
echo "bench $(( $(date +%s) - start )) s"
OUT=$W/suite bash scripts/test_gpu_suite.sh 400 --include-tag gpu > $W/suite/summary.txt 2>&1; gzip -9 $W/suite/tests.log 2>/dev/null
tail -7 $W/suite/summary.txt
echo "total $(( $(date +%s) - start )) s"
gzip -9 $W/native/*.log 2>/dev/null
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
