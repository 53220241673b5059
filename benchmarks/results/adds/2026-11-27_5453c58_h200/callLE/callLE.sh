#!/usr/bin/env bash
# call LE: the 2-D rgg's slow runs. At 5453c58 its ADDS time is bimodal: about 7.6 ms, and now and then 9.3-10.9 ms
# (call LD's peers run: 7.61, 10.39, 10.55; call LC's 100-run repeat: median 7.58, max 10.63). GSSSP_ADDS_PROFILE=1 over
# 30 queries, with the bundle's library as it is and with the raise rule's starvation test changed through its
# switches (one look instead of two; off), to see what a slow run does differently (sweeps, switches, Delta, depth).
set -uo pipefail
bash scripts/unpack_call.sh build/callsLE || exit 3
start=$(date +%s)
export BENCH=build/gpu-bundle/gsssp-bench
mkdir -p $OUT/p
echo 'rgg:n=1048576,d=10,dim=2,seed=1,w=1..1000' > $OUT/p/s.txt
OUT=$OUT/p REPS=30 timeout 200 bash scripts/profile_adds.sh $OUT/p/s.txt main=- looks1=-,GSSSP_ADDS_STARVE_LOOKS=1 \
  nostarve=-,GSSSP_ADDS_STARVE_RAISE=0 > $OUT/profile.txt 2>&1
echo "profile rc=$? t=$(( $(date +%s) - start ))"
sed -E 's/ \(.*hand-out [0-9.]+\)//; s/, per sweep: / | /; s/ handed out; / | /' $OUT/profile.txt
find $OUT -name traces.csv -delete; find $OUT -name results.json -delete
gzip -9 $OUT/*.txt; tar czf $OUT/p.tgz -C $OUT p && rm -rf $OUT/p
exit 0
