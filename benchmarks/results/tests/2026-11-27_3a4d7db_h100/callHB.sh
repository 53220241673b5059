#!/usr/bin/env bash
# call HB (main at the block-bf delivery commit): every native GPU test and the Java GPU suite (scripts/test_gpu_carry.sh);
# the ADDS tests with the kernels' delivery off (GSSSP_BLOCK_DELIVERY=0) and with the one-block schedule forced
# (GSSSP_ADDS_BLOCK=1); gsssp_time probes on a 1,000-vertex graph with the delivery on and off; memcheck on the probe.
set -uo pipefail
D=build/callsHB
bash scripts/test_gpu_carry.sh $D/tests.tar.xz $D/graphs.tar $D/native.tar.xz 330 > $OUT/carry.txt 2>&1; echo "test_gpu_carry: rc=$?"
grep -E "exit|tests (found|successful|failed|aborted|skipped)" $OUT/carry.txt | head -20
python3 -c "import zipfile,glob; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; open('build/libgsssp.so','wb').write(zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'))"
export LD_LIBRARY_PATH=build
NT=build/ntHB
GSSSP_BLOCK_DELIVERY=0 timeout 150 $NT/gsssp_adds_test > $OUT/adds-delivery-off.txt 2>&1; echo "adds, GSSSP_BLOCK_DELIVERY=0: rc=$? $(grep -E 'one-block|checks|^\[  (PASSED|FAILED)' $OUT/adds-delivery-off.txt | tr '\n' ' ')"
GSSSP_ADDS_BLOCK=1 timeout 150 $NT/gsssp_adds_test > $OUT/adds-forced.txt 2>&1; echo "adds, GSSSP_ADDS_BLOCK=1: rc=$? $(grep -E 'one-block|checks|^\[  (PASSED|FAILED)' $OUT/adds-forced.txt | tr '\n' ' ')"
timeout 60 compute-sanitizer --tool memcheck --print-limit 3 $NT/gsssp_time --probe --gen random:1000:7 --only gpu --repeat 3 > $OUT/memcheck.txt 2>&1; echo "memcheck probe: $(grep -E 'ERROR SUMMARY' $OUT/memcheck.txt)"
for dl in 1 0; do
  echo "delivery=$dl probe random:1000:7:"; GSSSP_BLOCK_DELIVERY=$dl timeout 60 $NT/gsssp_time --probe --gen random:1000:7 --only gpu --repeat 200 2>&1 | grep -E "compact|differ"
done 2>&1 | tee $OUT/probe.txt
cd $OUT && tar czf logs.tgz *.txt && cd - > /dev/null
