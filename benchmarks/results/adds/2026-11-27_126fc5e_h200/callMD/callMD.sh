#!/usr/bin/env bash
# call MD: held pushes. build/expMD/libgsssp.so = main (126fc5e) + no push lands before the assignment's own bucket
# (GSSSP_ADDS_HELD_PUSH=0 turns it off). 1. 100 profiled 2-D rgg queries: main, held, held0. 2. A/B over the wider suite.
set -uo pipefail
bash scripts/unpack_call.sh build/callsMD || exit 3
start=$(date +%s)
export BENCH=build/gpu-bundle/gsssp-bench
L=$PWD/build/expMD/libgsssp.so
mkdir -p $OUT/p
echo 'rgg:n=1048576,d=10,dim=2,seed=1,w=1..1000' > $OUT/p/s.txt
OUT=$OUT/p REPS=100 timeout 150 bash scripts/profile_adds.sh $OUT/p/s.txt main=- held=$L held0=$L,GSSSP_ADDS_HELD_PUSH=0 > $OUT/profile.txt 2>&1
echo "profile rc=$? t=$(( $(date +%s) - start ))"; grep -h "exit" $OUT/profile.txt
for v in main held held0; do
  echo "$v: $(grep -h 'adds profile' $OUT/p/$v.log | awk '{print $3}' | sort -n | awk '{a[NR]=$1} END {print "n",NR,"min",a[1],"med",a[int((NR+1)/2)],"p90",a[int(NR*0.9)],"max",a[NR]; }') slow>9ms: $(grep -h 'adds profile' $OUT/p/$v.log | awk '$3>9' | wc -l) switches: $(grep -h 'adds profile' $OUT/p/$v.log | grep -o '[0-9]* switches' | sort | uniq -c | tr '\n' ' ')"
done
grep -v USA-road benchmarks/suites/wider.txt > benchmarks/suites/.ab_MD.txt
OUT=$OUT/ab ROUNDS=2 REPS=5 ALGORITHMS=adds timeout $(( 560 - ($(date +%s) - start) )) bash scripts/bench_libraries.sh \
  benchmarks/suites/.ab_MD.txt main=- held=$L held0=$L,GSSSP_ADDS_HELD_PUSH=0 > $OUT/ab.txt 2>&1
echo "ab exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab/table.md
find $OUT -name traces.csv -delete; find $OUT -name results.json -delete
gzip -9 $OUT/*.txt; tar czf $OUT/ab.tgz -C $OUT ab p && rm -rf $OUT/ab $OUT/p
exit 0
