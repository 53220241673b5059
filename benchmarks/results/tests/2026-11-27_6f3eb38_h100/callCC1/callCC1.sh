#!/usr/bin/env bash
# call CC-1 (H100): main's HEAD (see lib.txt): the native tests and the Java GPU suite (scripts/test_gpu_carry.sh), then
# ADDS's kernel time on two small graphs with GSSSP_ADDS_PROFILE=1 and GSSSP_STAGE_TRACE=1 (init_kernel's grid, b9f9702).
set -uo pipefail
C=build/callsCC
bash scripts/test_gpu_carry.sh $C/gpu-tests.tar.xz $C/graphs.tar $C/nt.tar.xz 400
rc=$?
lib=$(bash scripts/extract_library.sh)
for spec in random:1000:7 grid:2; do
  echo "== $spec"; GSSSP_STAGE_TRACE=1 GSSSP_ADDS_PROFILE=1 LD_LIBRARY_PATH=$lib timeout 60 build/ntCC/gsssp_time --gen $spec --only adds --repeat 6 2>&1 | grep -vE "^adds:|^gsssp" | tail -16
done > $OUT/small-adds.txt 2>&1
cat $OUT/small-adds.txt | grep -E "^==|adds  |mean"
exit $rc
