#!/usr/bin/env bash
# call GM (main at cc50ea1, the final code): every native GPU test and the Java GPU suite (scripts/test_gpu_carry.sh),
# the ADDS native tests with the one-block schedule forced (GSSSP_ADDS_BLOCK=1).
set -uo pipefail
D=build/callsGM
bash scripts/test_gpu_carry.sh $D/tests.tar.xz $D/graphs.tar $D/native.tar.xz 330 > $OUT/carry.txt 2>&1; echo "test_gpu_carry: rc=$?"
grep -E "exit|tests (found|successful|failed|aborted)" $OUT/carry.txt | head -20
python3 -c "import zipfile,glob; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; open('build/libgsssp.so','wb').write(zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'))"
LD_LIBRARY_PATH=build GSSSP_ADDS_BLOCK=1 timeout 200 build/ntGM/gsssp_adds_test > $OUT/native_adds_forced.txt 2>&1
echo "native adds, GSSSP_ADDS_BLOCK=1: rc=$? $(grep -E 'one-block|checks|^\[  (PASSED|FAILED)' $OUT/native_adds_forced.txt | tr '\n' ' ')"
