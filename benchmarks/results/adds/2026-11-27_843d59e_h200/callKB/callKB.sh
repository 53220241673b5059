#!/usr/bin/env bash
# call KB: two manager changes on top of call KA's local-round rule (uncommitted), against that rule alone
# (build/lr/libgsssp-lr.so, built for sm_90 from a636079 plus the rule): the least clipped distance read in the
# flags' phase by the snapshot warp instead of by warp 0 in the queue phase, and scan_prefixes' resv load shuffled only
# after step 1's counter loads are issued (one round trip fewer on a sweep's path). An A/B over the wider suite's ten generated graphs (the carry
# held no graph files),
# ADDS only, 3 rounds of 5 after 1 warm-up; then GSSSP_ADDS_PROFILE=1 on four graphs with each library.
set -uo pipefail
bash scripts/unpack_call.sh build/callsKB || exit 3
start=$(date +%s)
export BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs
grep -v '^#' benchmarks/suites/wider.txt | grep . | grep -v shared/graphs > benchmarks/suites/.ab_KB.txt
OUT=$OUT/ab ROUNDS=3 REPS=5 ALGORITHMS=adds timeout 400 bash scripts/bench_libraries.sh benchmarks/suites/.ab_KB.txt \
  lr=build/lr/libgsssp-lr.so new=- > $OUT/ab.txt 2>&1
echo "ab exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab/table.md
mkdir -p $OUT/p
cat > $OUT/p/s.txt <<'SUITE'
rgg:n=1048576,d=10,dim=2,seed=1,w=1..1000
random:n=4194304,d=7,seed=1,w=1..10
grid:2048x2048,seed=1,w=1..1000
road:2048x2048,hw=16,seed=1,w=1..1000
SUITE
for v in lr new; do
  opt=""; [ $v = lr ] && opt="-Dgsssp.library.path=$PWD/build/lr/libgsssp-lr.so"
  JAVA_TOOL_OPTIONS="$opt" GSSSP_ADDS_PROFILE=1 timeout 120 $BENCH run --suite $OUT/p/s.txt -a adds -r 2 -w 1 -o $OUT/p/$v > $OUT/p/$v.log 2>&1
  echo "profile $v rc=$? t=$(( $(date +%s) - start ))"; grep -E "adds profile" $OUT/p/$v.log | sed 's/, per sweep.*//'
done
find $OUT -name traces.csv -delete
gzip -9 $OUT/*.txt; tar czf $OUT/ab.tgz -C $OUT ab p && rm -rf $OUT/ab $OUT/p
exit 0
