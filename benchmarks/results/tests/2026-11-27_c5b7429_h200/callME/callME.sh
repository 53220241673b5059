#!/usr/bin/env bash
# call ME: main at 45ba9f4 (ADDS: no push lands before the bucket the worker holds). Every native GPU test and the Java GPU
# suite (scripts/test_gpu_carry.sh), then the 100-run repeat over the wider suite (AddsRepeatedRunsTest, ADDS and
# Near-Far), as call LC did for 5453c58.
set -uo pipefail
D=build/callsME
start=$(date +%s)
bash scripts/test_gpu_carry.sh $D/tests.tar.xz $D/graphs.tar $D/native.tar.xz 330 > $OUT/carry.txt 2>&1; echo "test_gpu_carry: rc=$? t=$(( $(date +%s) - start )) s"
grep -E "exit|tests (found|successful|failed|aborted|skipped)|checks:|PASSED|FAILED" $OUT/carry.txt | head -40
left=$(( 588 - ($(date +%s) - start) ))
echo "repeat gets $left s"
GSSSP_ADDS_REPEAT_SUITE=wider timeout $left build/gpu-bundle/run-tests.sh --details=tree --disable-ansi-colors \
  --select-class org.gsssp.AddsRepeatedRunsTest > $OUT/repeat.txt 2>&1
echo "repeat exit $? t=$(( $(date +%s) - start )) s"
grep -E "tests (found|successful|failed|aborted)|Test run finished" $OUT/repeat.txt; grep -c "100 runs identical" $OUT/repeat.txt
grep "100 runs identical" $OUT/repeat.txt | sed -E 's/AddsRepeatedRunsTest: ([^ ]+).*\[([A-Za-z-]+)\].*ms min ([0-9.]+) median ([0-9.]+) max ([0-9.]+).*delta=([0-9.]+).*/\1 \2 \3 \4 \5 \6/'
cd $OUT && gzip -9 *.txt && cd - > /dev/null
exit 0
