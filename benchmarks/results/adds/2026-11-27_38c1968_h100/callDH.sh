#!/usr/bin/env bash
# call DH (H100): A/B in one harness session, 38c1968 (the bundle jar's library) against 6f3eb38's library (main before
# this session's native changes), ADDS on the grid and USA-road-d.NY, two rounds of 5 repetitions: the no-regression
# run (call DG) found both 5% slower than b9f9702's call CC-2, a different machine.
set -uo pipefail
D=build/callsDF
if [ ! -d build/gpu-bundle/lib ]; then rm -rf build/gpu-bundle && tar xJf $D/gpu-all.tar.xz -C build && tar xf build/callsCC/graphs.tar -C build || exit 3; fi
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
mkdir -p build/libs/base && xz -dc build/callsDH/main.so.xz > build/libs/base/libgsssp.so
export BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs
OUT=$OUT/ab ROUNDS=2 REPS=5 timeout 300 bash scripts/bench_libraries.sh build/callsDH/ab.txt head=- base=build/libs/base/libgsssp.so > $OUT/ab.txt 2>&1
echo "ab exit $?"; cat $OUT/ab/table.md
