#!/usr/bin/env bash
# call IB: working tree on edb17f8 + Near-Far's streaming edge loads (GSSSP_NF_STREAM) + ADDS's raise rule
# (GSSSP_ADDS_RAISE). The native ADDS and generated-graph tests by default and with the raise forced on every graph
# (GSSSP_ADDS_RAISE=1000: Delta doubles every 2 head switches up to 8x its start); then an A/B over the wider suite in
# one harness session: base (GSSSP_ADDS_RAISE=0 GSSSP_NF_STREAM=0, i.e. edb17f8's kernels) against new (the defaults),
# adds and near-far, 2 rounds of 5 timed runs after 1 warm-up.
set -uo pipefail
D=build/callsIB
rm -rf build/gpu-bundle build/nt22
tar xJf $D/tests.tar.xz -C build && tar xf $D/graphs.tar -C build && tar xJf $D/native.tar.xz -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
python3 -c "import zipfile,glob,hashlib; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; d=zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'); open('build/libgsssp.so','wb').write(d); print(hashlib.md5(d).hexdigest())" | tee $OUT/lib.txt
export LD_LIBRARY_PATH=build
start=$(date +%s)
for t in adds generated_graphs; do
  for raise in default 1000; do
    if [ $raise = default ]; then env=(); else env=(GSSSP_ADDS_RAISE=$raise); fi
    env "${env[@]}" timeout 150 build/nt22/gsssp_${t}_test > $OUT/$t-raise-$raise.txt 2>&1
    echo "$t, raise $raise: rc=$? $(grep -E 'checks:|^\[  (PASSED|FAILED)' $OUT/$t-raise-$raise.txt | tr '\n' ' ') t=$(( $(date +%s) - start )) s"
  done
done
export BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs
OUT=$OUT/ab ROUNDS=2 REPS=5 ALGORITHMS=adds,near-far timeout 330 bash scripts/bench_libraries.sh benchmarks/suites/wider.txt \
  base=-,GSSSP_ADDS_RAISE=0,GSSSP_NF_STREAM=0 new=- > $OUT/ab.txt 2>&1
echo "ab exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab/table.md
find $OUT/ab -name traces.csv -delete
gzip -9 $OUT/ab.txt $OUT/*-raise-*.txt
tar czf $OUT/ab.tgz -C $OUT ab && rm -rf $OUT/ab; tar czf $OUT/native.tgz -C $OUT $(cd $OUT && ls *-raise-*.txt.gz) && rm -f $OUT/*-raise-*.txt.gz
exit 0
