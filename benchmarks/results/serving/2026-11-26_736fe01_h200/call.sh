#!/usr/bin/env bash
# call R (final code): block-bf's kernels as the policy now places them: native checks (single queries and batches),
# the Java tests that run block-bf, then FfmCallBenchmark.gpuQuery1kBlock and a rome99 batch
set -uo pipefail
mkdir -p build && tar xJf build/carry13/gpu-host.tar.xz -C build
lib=$(mktemp -d)
python3 -c "import zipfile,sys,glob; zipfile.ZipFile([j for j in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in j][0]).extract('native/linux-x86_64/libgsssp.so', sys.argv[1])" $lib
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
G=build/gpu-bundle/graphs; B=build/gpu-bundle/gsssp-bench
( export LD_LIBRARY_PATH=$lib/native/linux-x86_64; S=build/selftest-mini/gsssp_selftest
  timeout 60 $S --gr $G/rome99.gr.gz --only block-bf,block-nf --repeat 3; echo "exit $?"
  timeout 60 $S --probe --gen random:1000:7 --repeat 200 --only gpu ) > $OUT/native.txt 2>&1
grep -E "passed, .* failed|exit|block-bf +(mean|compact)" $OUT/native.txt
timeout 150 build/gpu-bundle/run-tests.sh --details=tree --select-class org.gsssp.BlockBellmanFordTest --select-class org.gsssp.MultiBellmanFordGpuTest --select-class org.gsssp.ServingGpuTest --select-class org.gsssp.CompactDistancesGpuTest > $OUT/tests.txt 2>&1
echo "tests exit $?"; grep -E "tests (successful|failed|found)|✘" $OUT/tests.txt | head
timeout 60 $B jmh FfmCallBenchmark.gpuQuery1kBlock -f 1 -wi 2 -i 3 -w 1s -r 1s -rf json -rff $OUT/ffm.json > $OUT/ffm.log 2>&1
grep -E "^FfmCallBenchmark" $OUT/ffm.log
timeout 40 $B jmh BatchBenchmark.batch -f 1 -wi 1 -i 2 -w 1s -r 2s -p "graph=$G/rome99.gr.gz" -p algorithm=auto -rf json -rff $OUT/batch.json > $OUT/batch.log 2>&1
grep -E "^BatchBenchmark" $OUT/batch.log
tar czf $OUT/callR.tgz -C $OUT $(cd $OUT && ls | grep -v callR.tgz)
