#!/usr/bin/env bash
# call HE (main at 38bb2d1: + the CPU inline buckets of cc06026): every native GPU test and the Java GPU suite (scripts/test_gpu_carry.sh);
# the ADDS tests with the kernels' delivery off (GSSSP_BLOCK_DELIVERY=0) and with the one-block schedule forced
# (GSSSP_ADDS_BLOCK=1); the host API tests (CPU Dijkstra) with the buckets as vectors and as inline cells.
set -uo pipefail
D=build/callsHE
bash scripts/test_gpu_carry.sh $D/tests.tar.xz $D/graphs.tar $D/native.tar.xz 330 > $OUT/carry.txt 2>&1; echo "test_gpu_carry: rc=$?"
grep -E "exit|tests (found|successful|failed|aborted|skipped)" $OUT/carry.txt | head -20
python3 -c "import zipfile,glob; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; open('build/libgsssp.so','wb').write(zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'))"
export LD_LIBRARY_PATH=build
NT=build/ntHE
GSSSP_BLOCK_DELIVERY=0 timeout 150 $NT/gsssp_adds_test > $OUT/adds-delivery-off.txt 2>&1; echo "adds, GSSSP_BLOCK_DELIVERY=0: rc=$? $(grep -E 'one-block|checks|^\[  (PASSED|FAILED)' $OUT/adds-delivery-off.txt | tr '\n' ' ')"
GSSSP_ADDS_BLOCK=1 timeout 150 $NT/gsssp_adds_test > $OUT/adds-forced.txt 2>&1; echo "adds, GSSSP_ADDS_BLOCK=1: rc=$? $(grep -E 'one-block|checks|^\[  (PASSED|FAILED)' $OUT/adds-forced.txt | tr '\n' ' ')"
for m in 0 1; do GSSSP_CPU_INLINE_BUCKETS=$m timeout 60 $NT/gsssp_host_api_test > $OUT/host-inline$m.txt 2>&1; echo "host api, GSSSP_CPU_INLINE_BUCKETS=$m: rc=$? $(grep -E 'wide-weight|checks|^\[  (PASSED|FAILED)' $OUT/host-inline$m.txt | tr '\n' ' ')"; done
cd $OUT && tar czf logs.tgz *.txt && cd - > /dev/null
