#!/usr/bin/env bash
# call EA: read_latency (how fast a few device values reach the host, by method); native tests at 10a615a; the resident
# probe on R-MAT 22 and a 1,000-vertex graph, plain and with GSSSP_STAGE_TRACE=1.
set -uo pipefail
D=build/callsEA  # carried: read_latency (nvcc -O2 -std=c++17 -arch=sm_90 -cudart static benchmarks/src/native/read_latency.cu), nt.tar.xz (scripts/bundle_native_tests.sh at 10a615a), lib.so.xz (10a615a's libgsssp.so)
tar xJf $D/nt.tar.xz -C build || exit 3
mkdir -p build/libs/head && xz -dc $D/lib.so.xz > build/libs/head/libgsssp.so
md5sum build/libs/head/libgsssp.so | tee $OUT/lib.txt
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W/native
start=$(date +%s)
timeout 120 build/ntEA/read_latency 2000 200 > $W/read_latency-1.txt 2>&1; echo "read_latency exit $? t=$(( $(date +%s) - start ))"; cat $W/read_latency-1.txt
OUT=$W/native LIB=build/libs/head RUN_TIMEOUT=150 bash scripts/test_native_gpu.sh build/ntEA > $W/native/summary.txt 2>&1
echo "native exit $? t=$(( $(date +%s) - start ))"; head -14 $W/native/summary.txt
for round in 1 2; do
  LD_LIBRARY_PATH=build/libs/head timeout 120 build/ntEA/gsssp_time --probe --only resident --gen rmat:22 --repeat 30 > $W/probe-$round.txt 2>&1
  echo "== probe round $round exit $? t=$(( $(date +%s) - start ))"; grep -vE "^stage" $W/probe-$round.txt | tail -6
done
GSSSP_STAGE_TRACE=1 LD_LIBRARY_PATH=build/libs/head timeout 100 build/ntEA/gsssp_time --probe --only resident --gen rmat:22 --repeat 10 > $W/trace-resident.txt 2>&1
echo "== trace t=$(( $(date +%s) - start ))"; grep stage-trace $W/trace-resident.txt | tail -8
GSSSP_STAGE_TRACE=1 LD_LIBRARY_PATH=build/libs/head timeout 60 build/ntEA/gsssp_time --probe --only gpu,resident --gen random:1000:7 --repeat 20 > $W/trace-1k.txt 2>&1
echo "== trace 1k t=$(( $(date +%s) - start ))"; grep -v "stage-trace" $W/trace-1k.txt | tail -8; grep "stage-trace" $W/trace-1k.txt | tail -3
timeout 120 build/ntEA/read_latency 2000 5000 > $W/read_latency-2.txt 2>&1; echo "read_latency 5 ms exit $?"; cat $W/read_latency-2.txt
tar czf $OUT/w.tgz -C $OUT w && rm -rf $W
exit 0
