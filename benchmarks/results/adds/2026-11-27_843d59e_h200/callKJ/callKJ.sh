#!/usr/bin/env bash
# call KJ: two shorter chains on warp 0's path (build/exp/libgsssp-micro.so: 843d59e plus the change, sm_90), against the
# bundle's library (843d59e): manage_blocks skips its three mapping scans when no bucket needs a block (one ballot), and
# plan_work divides in 32 bits instead of 64 where the total fits. Calls KG and KH found both functions slow by their own
# code. GSSSP_ADDS_PROFILE=1 on four graphs with each; then an A/B over the wider suite's ten generated graphs, three
# rounds.
set -uo pipefail
bash scripts/unpack_call.sh build/callsKJ || exit 3
start=$(date +%s)
export BENCH=build/gpu-bundle/gsssp-bench
L=$PWD/build/exp/libgsssp-micro.so
mkdir -p $OUT/p
cat > $OUT/p/s.txt <<'SUITE'
rgg:n=1048576,d=10,dim=2,seed=1,w=1..1000
random:n=4194304,d=7,seed=1,w=1..10
random:n=4194304,d=4,seed=1,w=1..10
road:2048x2048,hw=16,seed=1,w=1..1000
SUITE
for v in main micro; do
  opt=""; [ $v = micro ] && opt="-Dgsssp.library.path=$L"
  JAVA_TOOL_OPTIONS="$opt" GSSSP_ADDS_PROFILE=1 timeout 120 $BENCH run --suite $OUT/p/s.txt -a adds -r 2 -w 1 -o $OUT/p/$v > $OUT/p/$v.log 2>&1
  echo "profile $v rc=$? t=$(( $(date +%s) - start ))"; grep -E "adds profile" $OUT/p/$v.log | sed 's/, per sweep.*//'
done
grep -v '^#' benchmarks/suites/wider.txt | grep . | grep -v shared/graphs > benchmarks/suites/.ab_KJ.txt
OUT=$OUT/ab ROUNDS=3 REPS=5 ALGORITHMS=adds timeout 400 bash scripts/bench_libraries.sh benchmarks/suites/.ab_KJ.txt \
  main=- micro=$L > $OUT/ab.txt 2>&1
echo "ab exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab/table.md
find $OUT -name traces.csv -delete; find $OUT -name results.json -delete
gzip -9 $OUT/*.txt; tar czf $OUT/ab.tgz -C $OUT ab p && rm -rf $OUT/ab $OUT/p
exit 0
