#!/usr/bin/env bash
# call JH: main at 1a81cc6 (ADDS local rounds from assignments of up to 128 items). The native ADDS and generated-graph
# tests; an A/B over the wider suite, adds only, 2 rounds of 5 after 1 warm-up: old (GSSSP_ADDS_LOCAL_ITEMS=64) against
# new (128, the default); then gsssp beside the peers over the wider suite (scripts/bench_peers.sh), as calls IF and JB.
set -uo pipefail
C=build/callsJH
rm -rf build/gpu-bundle build/nt22 build/peers
tar xJf $C/bundle.tar.xz -C build && tar xf $C/graphs.tar -C build && tar xJf $C/native.tar.xz -C build \
  && tar xJf $C/peers.tar.xz -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
python3 -c "import zipfile,glob,hashlib; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; d=zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'); open('build/libgsssp.so','wb').write(d); print(hashlib.md5(d).hexdigest())" | tee $OUT/lib.txt
start=$(date +%s)
for t in adds generated_graphs; do
  LD_LIBRARY_PATH=build timeout 100 build/nt22/gsssp_${t}_test > $OUT/$t.txt 2>&1
  echo "$t: rc=$? $(grep -E 'checks:|^\[  (PASSED|FAILED)' $OUT/$t.txt | tr '\n' ' ') t=$(( $(date +%s) - start )) s"
done
export BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs
OUT=$OUT/ab ROUNDS=2 REPS=5 ALGORITHMS=adds timeout 200 bash scripts/bench_libraries.sh benchmarks/suites/wider.txt \
  old=-,GSSSP_ADDS_LOCAL_ITEMS=64 new=- > $OUT/ab.txt 2>&1
echo "ab exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab/table.md
find $OUT/ab -name traces.csv -delete
W=$OUT/w; mkdir -p $W
GSSSP_COMMIT=1a81cc6 OUT=$W/peers BENCH=build/gpu-bundle/gsssp-bench timeout $(( 585 - ($(date +%s) - start) )) bash scripts/bench_peers.sh benchmarks/suites/wider.txt > $W/bench_peers.txt 2>&1
echo "bench_peers exit $? t=$(( $(date +%s) - start )) s"
grep "^|" $W/bench_peers.txt | tail -16
find $W -name traces.csv -delete
gzip -9 $OUT/*.txt; tar czf $OUT/ab.tgz -C $OUT ab && rm -rf $OUT/ab; tar czf $OUT/w.tgz -C $OUT w && rm -rf $W
exit 0
