#!/usr/bin/env bash
# call JU: main at b97f7b8 (the starvation test's floor). Every native GPU test executable (scripts/test_native_gpu.sh,
# the executables of f93b86c, whose test sources b97f7b8 did not change, against b97f7b8's library), then the 100-run
# repeat over the wider suite (AddsRepeatedRunsTest, ADDS and Near-Far).
set -uo pipefail
C=build/callsJU
rm -rf build/gpu-bundle build/nt22
tar xJf $C/bundle.tar.xz -C build && tar xf $C/graphs.tar -C build && tar xJf $C/native.tar.xz -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
python3 -c "import zipfile,glob,hashlib; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; d=zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'); print(hashlib.md5(d).hexdigest())" | tee $OUT/lib.txt
start=$(date +%s)
mkdir -p $OUT/native
OUT=$OUT/native RUN_TIMEOUT=150 bash scripts/test_native_gpu.sh build/nt22 > $OUT/native/summary.txt 2>&1
echo "native exit $? t=$(( $(date +%s) - start )) s"; head -30 $OUT/native/summary.txt
GSSSP_ADDS_REPEAT_SUITE=wider timeout $(( 580 - ($(date +%s) - start) )) build/gpu-bundle/run-tests.sh --details=tree --disable-ansi-colors \
  --select-class org.gsssp.AddsRepeatedRunsTest > $OUT/repeat.txt 2>&1
echo "repeat exit $? t=$(( $(date +%s) - start )) s"
grep -E "tests (found|successful|failed|aborted)|Test run finished" $OUT/repeat.txt; grep -c "100 runs identical" $OUT/repeat.txt
grep "100 runs identical" $OUT/repeat.txt | sed -E 's/AddsRepeatedRunsTest: ([^ ]+).*\[([A-Za-z-]+)\].*ms min ([0-9.]+) median ([0-9.]+) max ([0-9.]+).*delta=([0-9.]+).*/\1 \2 \3 \4 \5 \6/'
rm -f $OUT/native/*.xml; gzip -9 $OUT/native/*.log $OUT/repeat.txt; tar cf $OUT/native.tar -C $OUT native && rm -rf $OUT/native
exit 0
