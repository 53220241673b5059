#!/usr/bin/env bash
# call E (the session's last library code): the native GoogleTest executables, then the whole Java GPU suite
set -uo pipefail
mkdir -p build && tar xJf build/carryE/gpu-host.tar.xz -C build && tar xJf build/carryE/native-tests.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W/native $W/suite; start=$(date +%s)
OUT=$W/native RUN_TIMEOUT=240 bash scripts/test_native_gpu.sh build/native-tests
grep -h "target queries" $W/native/gsssp_concurrency_test.log
echo "native $(( $(date +%s) - start )) s"
OUT=$W/suite bash scripts/test_gpu_suite.sh 420 --include-tag gpu > $W/suite/summary.txt 2>&1; gzip -9 $W/suite/tests.log 2>/dev/null
tail -7 $W/suite/summary.txt
echo "total $(( $(date +%s) - start )) s"
gzip -9 $W/native/*.log
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
