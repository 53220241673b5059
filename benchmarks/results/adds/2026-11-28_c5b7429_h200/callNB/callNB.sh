#!/usr/bin/env bash
# call NB (NA's third library: main's expand_items kept as it was for the rounds without ranged keeping): ranged keeping (exp/ranged-local). build/expNB/libgsssp.so = main (c5b7429) + kept vertices carry their row
# range, loaded beside the atomic that lowered them, so that a local round loads its edges beside its distance
# (GSSSP_ADDS_RANGED=0 turns it off). 1. the native ADDS, generated-graph and host API tests with it. 2. 10 profiled 2-D rgg queries,
# main and new. 3. A/B over the wider suite (NY not carried), three rounds.
set -uo pipefail
bash scripts/unpack_call.sh build/callsNB || exit 3
start=$(date +%s)
export BENCH=build/gpu-bundle/gsssp-bench
L=$PWD/build/expNB/libgsssp.so
md5sum $L | tee $OUT/exp-lib.txt
mkdir -p $OUT/nt
# The ADDS tests first, and nothing else if they fail (a hung kernel costs the whole call: the first try of NA did).
for t in gsssp_adds_test gsssp_generated_graphs_test gsssp_host_api_test; do
  LD_LIBRARY_PATH=build/expNB timeout 100 build/nt/$t --gtest_output=xml:$OUT/nt/$t.xml > $OUT/nt/$t.log 2>&1
  rc=$?
  echo "$t exit $rc t=$(( $(date +%s) - start )): $(grep -E '^\[  PASSED|^\[  FAILED  \] [0-9]|^checks:' $OUT/nt/$t.log | tr '\n' ' ')"
  grep -E '^\[  FAILED  \] [A-Za-z]|Failure$' -A3 $OUT/nt/$t.log | head -20
  if [ $t = gsssp_adds_test ] && [ $rc -ne 0 ]; then gzip -9 $OUT/nt/*.log; exit 0; fi
done
mkdir -p $OUT/p
echo 'rgg:n=1048576,d=10,dim=2,seed=1,w=1..1000' > $OUT/p/s.txt
OUT=$OUT/p REPS=10 timeout 100 bash scripts/profile_adds.sh $OUT/p/s.txt main=- new=$L > $OUT/profile.txt 2>&1
echo "profile rc=$? t=$(( $(date +%s) - start ))"
for v in main new; do
  echo "$v: $(grep -h 'adds profile' $OUT/p/$v.log | awk '{print $3}' | sort -n | awk '{a[NR]=$1} END {print "n",NR,"min",a[1],"med",a[int((NR+1)/2)],"max",a[NR]; }')"
  grep -h 'adds profile' $OUT/p/$v.log | head -2
done
grep -v USA-road benchmarks/suites/wider.txt > benchmarks/suites/.ab_NB.txt
OUT=$OUT/ab ROUNDS=3 REPS=5 ALGORITHMS=adds timeout $(( 570 - ($(date +%s) - start) )) bash scripts/bench_libraries.sh \
  benchmarks/suites/.ab_NB.txt main=- new=$L off=$L,GSSSP_ADDS_RANGED=0 > $OUT/ab.txt 2>&1
echo "ab exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab/table.md
find $OUT -name traces.csv -delete; find $OUT -name results.json -delete
gzip -9 $OUT/*.txt $OUT/nt/*.log; tar czf $OUT/ab.tgz -C $OUT ab p && rm -rf $OUT/ab $OUT/p
exit 0
