#!/usr/bin/env bash
# call R1 (code of the Near-Far default change, library as committed in 1ec36d9; tests' mode detection after it):
# the native GPU tests (all but the one past 2^31 edges) in the default Near-Far loop, the Near-Far ones again under
# GSSSP_NF_PERSISTENT=0 (the stepped fallback), then the Java GPU suite (USA-road-t.NY left out of the carry).
set -uo pipefail
C=build/callsR
mkdir -p build && rm -rf build/gpu-bundle build/ntR && tar xJf $C/gpu-host-nographs.tar.xz -C build && tar xf $C/graphs.tar -C build \
  && tar xJf $C/nt.tar.xz -C build && tar xJf $C/peers.tar.xz -C build
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W/native $W/native0 $W/suite; start=$(date +%s)
OUT=$W/native RUN_TIMEOUT=200 bash scripts/test_native_gpu.sh build/ntR > $W/native/summary.txt 2>&1
echo "native exit $?"; head -30 $W/native/summary.txt
mkdir -p build/ntR0 && cp build/ntR/gsssp_{generated_graphs,device_api,concurrency}_test build/ntR0/
OUT=$W/native0 RUN_TIMEOUT=150 NF_PERSISTENT_MODES=0 bash scripts/test_native_gpu.sh build/ntR0 > $W/native0/summary.txt 2>&1
echo "native (stepped Near-Far) exit $?"; head -10 $W/native0/summary.txt
echo "t=$(( $(date +%s) - start )) s"
OUT=$W/suite bash scripts/test_gpu_suite.sh 400 --include-tag gpu
echo "suite exit $?"
echo "t=$(( $(date +%s) - start )) s"
gzip -9 $W/native/*.log $W/native0/*.log $W/suite/tests.log 2>/dev/null; rm -f $W/native/*.xml $W/native0/*.xml
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
