#!/usr/bin/env bash
# call 1 (57e7000: chunked expansion of large vertices, resident grids), two GPUs: the native partitioned and plan
# tests, the Java partitioned GPU tests, then R-MAT 26: ADDS on one GPU against the partitioned search over {0,1}
# (forced by an 8 GB per-part cap, C = 2 and 8), and the previous library (aeb1079) on the same machine.
set -uo pipefail
mkdir -p build && tar xJf build/calls4/gpu-host.tar.xz -C build
xz -dc build/calls4/old.so.xz > /tmp/old-libgsssp.so
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
nvidia-smi topo -m >> $OUT/gpu.txt 2>&1
W=$OUT/w; mkdir -p $W/native $W/java; start=$(date +%s)
lib=/tmp/newlib; mkdir -p $lib
jar=$(ls build/gpu-bundle/lib/gsssp-*.jar | grep -v tests | head -1)
python3 -c "import zipfile, sys; zipfile.ZipFile(sys.argv[1]).extract('native/linux-x86_64/libgsssp.so', sys.argv[2])" "$jar" $lib
for t in gsssp_partition_plan_test gsssp_partitioned_test; do
  LD_LIBRARY_PATH=$lib/native/linux-x86_64 timeout 240 build/calls4/nt/$t > $W/native/$t.log 2>&1
  echo "$t exit $?"; grep -E "^\[  (PASSED|FAILED|SKIPPED) " $W/native/$t.log | head; grep -E "checks" $W/native/$t.log | tail -2
done
echo "native $(( $(date +%s) - start )) s"
timeout 200 build/gpu-bundle/run-tests.sh --details=tree --select-class org.gsssp.PartitionedGraphGpuTest \
  --select-class org.gsssp.PartitionedGraphTest > $W/java/tests.txt 2>&1
echo "java exit $?"; grep -E "tests (found|successful|failed|skipped|aborted)" $W/java/tests.txt
echo "java $(( $(date +%s) - start )) s"
OUT=$W/new REPS=3 WARMUP=1 ALGORITHMS=adds PARTITIONED=0,1 PART_CAP=8000000000 PART_DELTA_CONSTANTS=2,8 \
  timeout 280 bash scripts/bench_scale.sh 26
echo "new $(( $(date +%s) - start )) s"
sed 's#--enable-native-access#-Dgsssp.library.path=/tmp/old-libgsssp.so --enable-native-access#' \
  build/gpu-bundle/gsssp-bench > build/gpu-bundle/gsssp-bench-old && chmod +x build/gpu-bundle/gsssp-bench-old
BENCH=build/gpu-bundle/gsssp-bench-old OUT=$W/old REPS=3 WARMUP=1 ALGORITHMS=adds PARTITIONED=0,1 PART_DELTA_CONSTANTS=2 \
  timeout 240 bash scripts/bench_scale.sh 26
echo "total $(( $(date +%s) - start )) s"
gzip -9 $W/native/*.log 2>/dev/null
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
