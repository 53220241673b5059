#!/usr/bin/env bash
# call JO: main at f93b86c (ADDS raise rule's starvation test). Every native GPU test and the Java GPU suite
# (scripts/test_gpu_carry.sh).
set -uo pipefail
D=build/callsJO
start=$(date +%s)
bash scripts/test_gpu_carry.sh $D/tests.tar.xz $D/graphs.tar $D/native.tar.xz 400 > $OUT/carry.txt 2>&1; echo "test_gpu_carry: rc=$? t=$(( $(date +%s) - start )) s"
grep -E "exit|tests (found|successful|failed|aborted|skipped)|checks:|PASSED|FAILED" $OUT/carry.txt | head -40
cd $OUT && gzip -9 *.txt && cd - > /dev/null
exit 0
