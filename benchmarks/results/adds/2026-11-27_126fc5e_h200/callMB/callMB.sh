#!/usr/bin/env bash
# call MB: stale geometry. A worker places its pushes by the geometry entry of its assignment; a push aimed before the
# assignment's bucket at a bucket the head has retired since lands in what is now the ring's far end. Library
# build/expMB/libgsssp.so = exp/raise-history + profile counts of such pushes (behind) + GSSSP_ADDS_FRESH_PUSH=1 placing
# them by the newest entry. 1. 100 profiled 2-D rgg queries: main, stale (counts only), fresh. 2. A/B main vs fresh.
set -uo pipefail
bash scripts/unpack_call.sh build/callsMB || exit 3
start=$(date +%s)
export BENCH=build/gpu-bundle/gsssp-bench
L=$PWD/build/expMB/libgsssp.so
mkdir -p $OUT/p
echo 'rgg:n=1048576,d=10,dim=2,seed=1,w=1..1000' > $OUT/p/s.txt
OUT=$OUT/p REPS=100 timeout 200 bash scripts/profile_adds.sh $OUT/p/s.txt main=- stale=$L fresh=$L,GSSSP_ADDS_FRESH_PUSH=1 > $OUT/profile.txt 2>&1
echo "profile rc=$? t=$(( $(date +%s) - start ))"; grep -h "exit" $OUT/profile.txt
for v in main stale fresh; do
  echo "$v: $(grep -h 'adds profile' $OUT/p/$v.log | awk '{print $3}' | sort -n | awk '{a[NR]=$1} END {print "n",NR,"min",a[1],"med",a[int((NR+1)/2)],"p90",a[int(NR*0.9)],"max",a[NR]; }') slow>9ms: $(grep -h 'adds profile' $OUT/p/$v.log | awk '$3>9' | wc -l)"
done
for v in stale fresh; do echo "== $v"; paste -d' ' <(grep -h 'adds profile' $OUT/p/$v.log | awk '{print $3, $0}' | sed 's/adds profile: [^;]*; //') \
  <(grep -h 'adds Delta history' $OUT/p/$v.log | sed 's/adds Delta history: //; s/; changes.*//') | sort -n | sed -n '1,3p;50p;$p'
  echo "slow runs:"; paste -d' ' <(grep -h 'adds profile' $OUT/p/$v.log | awk '{print $3}') <(grep -h 'adds Delta history' $OUT/p/$v.log | sed 's/adds Delta history: //; s/; changes.*//') | awk '$1>8.5'
done
grep -v '^#' benchmarks/suites/wider.txt | grep . | grep -v shared/graphs > benchmarks/suites/.ab_MB.txt
OUT=$OUT/ab ROUNDS=2 REPS=5 ALGORITHMS=adds timeout $(( 560 - ($(date +%s) - start) )) bash scripts/bench_libraries.sh \
  benchmarks/suites/.ab_MB.txt main=- fresh=$L,GSSSP_ADDS_FRESH_PUSH=1 > $OUT/ab.txt 2>&1
echo "ab exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab/table.md
find $OUT -name traces.csv -delete; find $OUT -name results.json -delete
gzip -9 $OUT/*.txt; tar czf $OUT/ab.tgz -C $OUT ab p && rm -rf $OUT/ab $OUT/p
exit 0
