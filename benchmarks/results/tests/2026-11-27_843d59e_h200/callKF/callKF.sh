#!/usr/bin/env bash
# call KF: main at 843d59e. The 100-run repeat over the wider suite (AddsRepeatedRunsTest, ADDS and Near-Far), with the
# test bundle of call KC.
set -uo pipefail
bash scripts/unpack_call.sh build/callsKF || exit 3
start=$(date +%s)
GSSSP_ADDS_REPEAT_SUITE=wider timeout 420 build/gpu-bundle/run-tests.sh --details=tree --disable-ansi-colors \
  --select-class org.gsssp.AddsRepeatedRunsTest > $OUT/repeat.txt 2>&1
echo "repeat exit $? t=$(( $(date +%s) - start )) s"
grep -E "tests (found|successful|failed|aborted)|Test run finished" $OUT/repeat.txt; grep -c "100 runs identical" $OUT/repeat.txt
grep "100 runs identical" $OUT/repeat.txt | sed -E 's/AddsRepeatedRunsTest: ([^ ]+).*\[([A-Za-z-]+)\].*ms min ([0-9.]+) median ([0-9.]+) max ([0-9.]+).*delta=([0-9.]+).*/\1 \2 \3 \4 \5 \6/'
gzip -9 $OUT/repeat.txt
exit 0
