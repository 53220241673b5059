#!/usr/bin/env bash
# call JV: main at 3124a42 (b97f7b8's library). scripts/unpack_call.sh's first run on the GPU host; the native ADDS test
# against the unpacked library; GSSSP_ADDS_PROFILE=1 on the 2-D rgg with the starvation test on (default) and off.
set -uo pipefail
bash scripts/unpack_call.sh build/callsJV || exit 3
ls build build/gpu-bundle
LD_LIBRARY_PATH=build timeout 100 build/nt/gsssp_adds_test > $OUT/adds.txt 2>&1
echo "adds: rc=$? $(grep -E 'checks:|^\[  (PASSED|FAILED)' $OUT/adds.txt | tr '\n' ' ')"
echo 'rgg:n=1048576,d=10,dim=2,seed=1,w=1..1000' > $OUT/rgg.txt
for v in on off; do
  [ $v = off ] && export GSSSP_ADDS_STARVE_RAISE=0
  GSSSP_ADDS_PROFILE=1 timeout 90 build/gpu-bundle/gsssp-bench run --suite $OUT/rgg.txt -a adds -r 3 -w 1 -o $OUT/p$v > $OUT/p$v.log 2>&1
  echo "== $v rc=$?"; grep "adds profile" $OUT/p$v.log
done
rm -rf $OUT/pon $OUT/poff; gzip -9 $OUT/*.txt $OUT/*.log
exit 0
