#!/usr/bin/env bash
# call N (d7036b6): the native tests after their helpers were shared, against d7036b6's library
set -uo pipefail
mkdir -p build /tmp/lib && tar xJf build/carryN/native-tests.tar.xz -C build && xz -dc build/carryN/libgsssp.so.xz > /tmp/lib/libgsssp.so
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W/native
OUT=$W/native LIB=/tmp/lib RUN_TIMEOUT=240 bash scripts/test_native_gpu.sh build/native-tests
grep -h "target queries\|pair queries" $W/native/*.log
gzip -9 $W/native/*.log
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
