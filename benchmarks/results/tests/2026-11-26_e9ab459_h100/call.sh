#!/usr/bin/env bash
# call X (e9ab459: the predecessor pass as TWC), one H100: every native test, gsssp_time on R-MAT 22 (ADDS and
# Near-Far with predecessors: the query's total against its search), then the Java GPU suite (USA-road-t.NY left out
# of the carry: its tests skip themselves).
set -uo pipefail
mkdir -p build && tar xJf build/calls8/gpu-host-nographs.tar.xz -C build && tar xf build/calls8/graphs-suite.tar -C build \
  && tar xJf build/calls8/native-tests.tar.xz -C build
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W/native $W/suite; start=$(date +%s)
OUT=$W/native RUN_TIMEOUT=200 bash scripts/test_native_gpu.sh build/nt8 > $W/native/summary.txt 2>&1
echo "native exit $?"; cat $W/native/summary.txt | head -30
grep -E "BeyondInt32Edges \].*(ms,|batch|queries)" $W/native/gsssp_large_graph_test.log
echo "t=$(( $(date +%s) - start )) s"
lib=/tmp/newlib; mkdir -p $lib
jar=$(ls build/gpu-bundle/lib/gsssp-*.jar | grep -v tests | head -1)
python3 -c "import zipfile, sys; zipfile.ZipFile(sys.argv[1]).extract('native/linux-x86_64/libgsssp.so', sys.argv[2])" "$jar" $lib
LD_LIBRARY_PATH=$lib/native/linux-x86_64 timeout 120 build/nt8/gsssp_time --gen rmat:22 --only adds,near-far --repeat 3 \
  > $W/time-rmat22.txt 2>&1
echo "gsssp_time exit $?"; tail -10 $W/time-rmat22.txt
echo "t=$(( $(date +%s) - start )) s"
OUT=$W/suite bash scripts/test_gpu_suite.sh 380 --include-tag gpu
echo "t=$(( $(date +%s) - start )) s"
gzip -9 $W/native/*.log $W/suite/tests.log 2>/dev/null; rm -f $W/native/*.xml
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
