#!/usr/bin/env bash
# call 3 (da8317a), two GPUs: native partitioned tests (NCCL exchange too), the beyond-2^31 test of every GPU
# algorithm, Java partitioned and DeviceGroup GPU tests; R-MAT 26: ADDS on one GPU against the partitioned search
# with peer copies and with NCCL; DeviceGroupBenchmark.batch on R-MAT 22 (1 GPU, both), pooled workers (this code)
# against fixed slices (57e7000's Java, same native library).
set -uo pipefail
mkdir -p build && tar xJf build/calls5/gpu-host.tar.xz -C build
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
nvidia-smi topo -m >> $OUT/gpu.txt 2>&1
nccl=$(python3 -c "import nvidia.nccl, os; print(os.path.join(list(nvidia.nccl.__path__)[0], 'lib', 'libnccl.so.2'))" 2>/dev/null)
echo "nccl: $nccl"; ls -la "$nccl" 2>&1 | head -2
export GSSSP_NCCL_LIBRARY=$nccl NCCL_NVLS_ENABLE=0
W=$OUT/w; mkdir -p $W/native $W/java; start=$(date +%s)
lib=/tmp/newlib; mkdir -p $lib
jar=$(ls build/gpu-bundle/lib/gsssp-*.jar | grep -v tests | head -1)
python3 -c "import zipfile, sys; zipfile.ZipFile(sys.argv[1]).extract('native/linux-x86_64/libgsssp.so', sys.argv[2])" "$jar" $lib
for t in gsssp_partition_plan_test gsssp_partitioned_test gsssp_large_graph_test; do
  LD_LIBRARY_PATH=$lib/native/linux-x86_64 timeout 300 build/calls5/nt/$t > $W/native/$t.log 2>&1
  echo "$t exit $?"; grep -E "^\[  (PASSED|FAILED|SKIPPED) |^\[ +(OK|FAILED) \]|BeyondInt32Edges \]" $W/native/$t.log | head -40; grep -E "checks" $W/native/$t.log | tail -1
  echo "t=$(( $(date +%s) - start )) s"
done
timeout 240 build/gpu-bundle/run-tests.sh --details=tree --select-class org.gsssp.PartitionedGraphGpuTest \
  --select-class org.gsssp.PartitionedGraphTest --select-class org.gsssp.DeviceGroupGpuTest > $W/java/tests.txt 2>&1
echo "java exit $?"; grep -E "tests (found|successful|failed|skipped|aborted)|✘" $W/java/tests.txt
echo "t=$(( $(date +%s) - start )) s"
OUT=$W/scale REPS=3 WARMUP=1 ALGORITHMS=adds PARTITIONED=0,1 PART_EXCHANGE=peer,nccl timeout 240 bash scripts/bench_scale.sh 26 \
  | grep -v "upload .*%"
echo "t=$(( $(date +%s) - start )) s"
B=build/gpu-bundle/gsssp-bench
sed 's#-cp "$cp"#-cp "'$PWD'/build/calls5/gsssp-old.jar:$cp"#' $B > build/gpu-bundle/gsssp-bench-old && chmod +x build/gpu-bundle/gsssp-bench-old
for v in new old new old; do
  b=$B; [ $v = old ] && b=build/gpu-bundle/gsssp-bench-old
  timeout 150 $b jmh 'DeviceGroupBenchmark.batch' -f 1 -p "graph=rmat:scale=22;ef=16;seed=1;w=1..1000" -p devices=1,all \
    -rf json -rff $W/group-$v-$RANDOM.json > $W/group-$v.log 2>&1
  echo "jmh $v exit $?"; grep -E "^DeviceGroupBenchmark.batch|DeviceGroupBenchmark:|Exception" $W/group-$v.log | head -6
  echo "t=$(( $(date +%s) - start )) s"
done
gzip -9 $W/native/*.log 2>/dev/null
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
