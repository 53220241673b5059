#!/usr/bin/env bash
# call V1 (8fb29d6), one H100: every native test executable (scripts/test_native_gpu.sh), the beyond-2^31 test included
set -uo pipefail
mkdir -p build && tar xJf build/calls6/gpu-host-nographs.tar.xz -C build && tar xJf build/calls6/native-tests.tar.xz -C build
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W/native; start=$(date +%s)
OUT=$W/native RUN_TIMEOUT=280 bash scripts/test_native_gpu.sh build/nt6 > $W/native/summary.txt 2>&1
echo "native exit $?"; cat $W/native/summary.txt | head -40
grep "BeyondInt32Edges \]" $W/native/gsssp_large_graph_test.log
echo "native $(( $(date +%s) - start )) s"
gzip -9 $W/native/*.log $W/native/*.xml 2>/dev/null
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
