#!/usr/bin/env bash
# call MA (prepared in session 26, not yet run): the 2-D rgg's slow mode and an earlier starvation raise. The library
# (build/expMA/libgsssp.so) is branch exp/raise-history: main at 9d72419 plus the profile's Delta history (a second line
# per query, "adds Delta history": switch, sweep, rule and found share of each change of Delta, where the head ended and
# how many pushes were clipped into the last bucket),
# raise_delta's two found shares apart (GSSSP_ADDS_STARVE_FOUND now takes effect below 1/32; at its default the rule is
# main's), and GSSSP_ADDS_STARVE_FOUND_MAX. Carry build/callsMA with the bundle of call LA (5453c58, the same kernel
# code as main). 1. Thirty-one profiled 2-D rgg queries per variant: when did Delta double in the slow runs? 2. An A/B
# over the wider suite's ten generated graphs, two rounds: the starvation test from 1/128 and 1/512 of the vertices found.
set -uo pipefail
bash scripts/unpack_call.sh build/callsMA || exit 3
start=$(date +%s)
export BENCH=build/gpu-bundle/gsssp-bench
L=$PWD/build/expMA/libgsssp.so
mkdir -p $OUT/p
echo 'rgg:n=1048576,d=10,dim=2,seed=1,w=1..1000' > $OUT/p/s.txt
OUT=$OUT/p REPS=30 timeout 150 bash scripts/profile_adds.sh $OUT/p/s.txt main=- hist=$L \
  early128=$L,GSSSP_ADDS_STARVE_FOUND=0.0078125 early512=$L,GSSSP_ADDS_STARVE_FOUND=0.001953125 \
  max8=$L,GSSSP_ADDS_STARVE_FOUND_MAX=0.125 > $OUT/profile.txt 2>&1
echo "profile rc=$? t=$(( $(date +%s) - start ))"
for v in main hist early128 early512 max8; do
  echo "$v: $(grep -h 'adds profile' $OUT/p/$v.log | awk '{print $3}' | sort -n | tr '\n' ' ')"
done
for v in hist early128; do echo "== $v"; paste -d' ' <(grep -h 'adds profile' $OUT/p/$v.log | awk '{print $3}') \
  <(grep -h 'adds Delta history' $OUT/p/$v.log | sed 's/adds Delta history: //') | sort -n | sed -n '1,3p;$p'; done
grep -v '^#' benchmarks/suites/wider.txt | grep . | grep -v shared/graphs > benchmarks/suites/.ab_MA.txt
OUT=$OUT/ab ROUNDS=2 REPS=5 ALGORITHMS=adds timeout $(( 560 - ($(date +%s) - start) )) bash scripts/bench_libraries.sh \
  benchmarks/suites/.ab_MA.txt main=- early128=$L,GSSSP_ADDS_STARVE_FOUND=0.0078125 \
  early512=$L,GSSSP_ADDS_STARVE_FOUND=0.001953125 > $OUT/ab.txt 2>&1
echo "ab exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab/table.md
find $OUT -name traces.csv -delete; find $OUT -name results.json -delete
gzip -9 $OUT/*.txt; tar czf $OUT/ab.tgz -C $OUT ab p && rm -rf $OUT/ab $OUT/p
exit 0
