#!/usr/bin/env bash
# call JA: working tree on d42927f + ADDS carry mode (items carry their distance, no expansion filter, where the raise
# rule is off; GSSSP_ADDS_CARRY=0/1 forces it off/on). Native ADDS tests by default, with carry forced on and forced off
# (the new test only); generated-graph tests by default and forced on. Then an A/B over the wider suite, adds only, in
# one harness session: old (carry off), new (the default rule), forced (carry everywhere, raise off), noraise (carry
# off, raise off: forced's baseline on the wide-weight graphs), 2 rounds of 5 timed runs after 1 warm-up.
set -uo pipefail
D=build/callsJA
rm -rf build/gpu-bundle build/nt22
tar xJf $D/bundle.tar.xz -C build && tar xf $D/graphs.tar -C build && tar xJf $D/native.tar.xz -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
python3 -c "import zipfile,glob,hashlib; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; d=zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'); open('build/libgsssp.so','wb').write(d); print(hashlib.md5(d).hexdigest())" | tee $OUT/lib.txt
export LD_LIBRARY_PATH=build
start=$(date +%s)
run() {  # NAME TEST FILTER ENV...
  local name=$1 t=$2 filter=$3; shift 3
  env "$@" timeout 150 build/nt22/gsssp_${t}_test --gtest_filter="$filter" > $OUT/$name.txt 2>&1
  echo "$name: rc=$? $(grep -E 'checks:|^\[  (PASSED|FAILED)' $OUT/$name.txt | tr '\n' ' ') t=$(( $(date +%s) - start )) s"
}
run adds-default adds '*'
run adds-carry1 adds '*' GSSSP_ADDS_CARRY=1
run adds-carry0 adds 'Adds.Carry*:Adds.Compact*' GSSSP_ADDS_CARRY=0
run generated-default generated_graphs '*'
run generated-carry1 generated_graphs '*' GSSSP_ADDS_CARRY=1
grep -h "FAILED\|mismatch\|wrong" $OUT/*.txt | head -20
export BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs
OUT=$OUT/ab ROUNDS=2 REPS=5 ALGORITHMS=adds timeout $(( 585 - ($(date +%s) - start) )) bash scripts/bench_libraries.sh \
  benchmarks/suites/wider.txt old=-,GSSSP_ADDS_CARRY=0 new=- forced=-,GSSSP_ADDS_CARRY=1 \
  noraise=-,GSSSP_ADDS_CARRY=0,GSSSP_ADDS_RAISE=0 > $OUT/ab.txt 2>&1
echo "ab exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab/table.md
find $OUT/ab -name traces.csv -delete
gzip -9 $OUT/ab.txt $OUT/adds-*.txt $OUT/generated-*.txt
tar czf $OUT/ab.tgz -C $OUT ab && rm -rf $OUT/ab; tar czf $OUT/native.tgz -C $OUT $(cd $OUT && ls adds-*.txt.gz generated-*.txt.gz) && rm -f $OUT/adds-*.txt.gz $OUT/generated-*.txt.gz
exit 0
