#!/usr/bin/env bash
# call KC: main at 843d59e (local rounds from up to 256 items once Delta has risen 4-fold; the manager's sweep one round
# trip shorter). Every native GPU test and the Java GPU suite (scripts/test_gpu_carry.sh); then the native ADDS and
# generated-graph tests with the local-round rule forced on every graph (GSSSP_ADDS_LOCAL_RAISE=1).
set -uo pipefail
D=build/callsKC
start=$(date +%s)
bash scripts/test_gpu_carry.sh $D/tests.tar.xz $D/graphs.tar $D/native.tar.xz 400 > $OUT/carry.txt 2>&1; echo "test_gpu_carry: rc=$? t=$(( $(date +%s) - start )) s"
grep -E "exit|tests (found|successful|failed|aborted|skipped)|checks:|PASSED|FAILED" $OUT/carry.txt | head -40
python3 -c "import zipfile,glob; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; open('build/libgsssp.so','wb').write(zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'))"
for t in adds generated_graphs; do
  GSSSP_ADDS_LOCAL_RAISE=1 LD_LIBRARY_PATH=build timeout 100 build/nt/gsssp_${t}_test > $OUT/$t-forced.txt 2>&1
  echo "$t forced: rc=$? $(grep -E 'checks:|^\[  (PASSED|FAILED|SKIPPED)' $OUT/$t-forced.txt | tr '\n' ' ') t=$(( $(date +%s) - start )) s"
done
cd $OUT && gzip -9 *.txt && cd - > /dev/null
exit 0
