#!/usr/bin/env bash
# call F (8fbda77: sink sources, the stale-expansion watch), one GPU: the native tests (all but the partitioned ones and
# the one past 2^31 edges), then the Java GPU suite (USA-road-t.NY left out of the carry).
set -uo pipefail
mkdir -p build && rm -rf build/gpu-bundle && tar xJf build/callsF/gpu-host-nographs.tar.xz -C build \
  && tar xf build/callsF/graphs.tar -C build && tar xJf build/callsF/native-tests.tar.xz -C build
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W/native $W/suite; start=$(date +%s)
OUT=$W/native RUN_TIMEOUT=200 bash scripts/test_native_gpu.sh build/ntF > $W/native/summary.txt 2>&1
echo "native exit $?"; cat $W/native/summary.txt | head -30
echo "t=$(( $(date +%s) - start )) s"
OUT=$W/suite bash scripts/test_gpu_suite.sh 420 --include-tag gpu
echo "suite exit $?"
echo "t=$(( $(date +%s) - start )) s"
gzip -9 $W/native/*.log $W/suite/tests.log 2>/dev/null; rm -f $W/native/*.xml
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
