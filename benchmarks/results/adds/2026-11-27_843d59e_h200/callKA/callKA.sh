#!/usr/bin/env bash
# call KA: main at a636079 plus two changes (uncommitted): local rounds from up to 256 items once Delta has risen 4-fold
# (GSSSP_ADDS_LOCAL_RAISE, kLocalRaiseFactor; GSSSP_ADDS_LOCAL_ITEMS_RAISED) and packed edges in carry mode on uniform
# graphs (GSSSP_ADDS_PACKED, graph/packed_edges). The native ADDS test as is, with both forced everywhere
# (GSSSP_ADDS_PACKED=1 GSSSP_ADDS_LOCAL_RAISE=1), and the generated-graph tests both ways; then an A/B over the wider
# suite, ADDS only, 2 rounds of 5 after 1 warm-up: off (both off: a636079's behaviour), new (the defaults).

set -uo pipefail
bash scripts/unpack_call.sh build/callsKA || exit 3
start=$(date +%s)
run_test() {  # NAME TEST [VAR=VALUE...]
  local name=$1 t=$2; shift 2
  env "$@" LD_LIBRARY_PATH=build timeout 200 build/nt/gsssp_${t}_test > $OUT/$name.txt 2>&1
  echo "$name: rc=$? $(grep -E 'checks:|^\[  (PASSED|FAILED|SKIPPED)' $OUT/$name.txt | tr '\n' ' ') t=$(( $(date +%s) - start )) s"
}
run_test adds adds
run_test adds-forced adds GSSSP_ADDS_PACKED=1 GSSSP_ADDS_LOCAL_RAISE=1
run_test generated generated_graphs
run_test generated-forced generated_graphs GSSSP_ADDS_PACKED=1 GSSSP_ADDS_LOCAL_RAISE=1
export BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs
OUT=$OUT/ab ROUNDS=2 REPS=5 ALGORITHMS=adds timeout 480 bash scripts/bench_libraries.sh benchmarks/suites/wider.txt \
  off=-,GSSSP_ADDS_PACKED=0,GSSSP_ADDS_LOCAL_RAISE=0 new=- > $OUT/ab.txt 2>&1
echo "ab exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab/table.md
find $OUT/ab -name traces.csv -delete
gzip -9 $OUT/*.txt; tar czf $OUT/ab.tgz -C $OUT ab && rm -rf $OUT/ab
exit 0
