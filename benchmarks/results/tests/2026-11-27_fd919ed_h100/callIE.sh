#!/usr/bin/env bash
# call IE (main's final code of the session: compact distances, NF's streaming edge loads, ADDS's raise rule at 2.5):
# every native GPU test and the Java GPU suite (scripts/test_gpu_carry.sh).
set -uo pipefail
D=build/callsIE
bash scripts/test_gpu_carry.sh $D/tests.tar.xz $D/graphs.tar $D/native.tar.xz 330 > $OUT/carry.txt 2>&1; echo "test_gpu_carry: rc=$?"
grep -E "exit|tests (found|successful|failed|aborted|skipped)" $OUT/carry.txt | head -20
cd $OUT && gzip -9 *.txt && cd - > /dev/null
exit 0
