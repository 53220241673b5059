#!/usr/bin/env bash
# call JC: main at d6b0741 (ADDS carry mode beyond L2 where the raise rule is off or degrees are skewed). Every native
# GPU test and the Java GPU suite (scripts/test_gpu_carry.sh), then the native ADDS and generated-graph tests again with
# carry mode forced on every graph (GSSSP_ADDS_CARRY=1).
set -uo pipefail
D=build/callsJC
start=$(date +%s)
bash scripts/test_gpu_carry.sh $D/tests.tar.xz $D/graphs.tar $D/native.tar.xz 330 > $OUT/carry.txt 2>&1; echo "test_gpu_carry: rc=$? t=$(( $(date +%s) - start )) s"
grep -E "exit|tests (found|successful|failed|aborted|skipped)|checks:|PASSED|FAILED" $OUT/carry.txt | head -40
python3 -c "import zipfile,glob; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; open('build/libgsssp.so','wb').write(zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'))"
for t in adds generated_graphs; do
  GSSSP_ADDS_CARRY=1 LD_LIBRARY_PATH=build timeout 100 build/nt22/gsssp_${t}_test > $OUT/$t-carry1.txt 2>&1
  echo "$t, carry forced: rc=$? $(grep -E 'checks:|^\[  (PASSED|FAILED)' $OUT/$t-carry1.txt | tr '\n' ' ') t=$(( $(date +%s) - start )) s"
done
grep -h "FAILED" $OUT/*-carry1.txt | head
cd $OUT && gzip -9 *.txt && cd - > /dev/null
exit 0
