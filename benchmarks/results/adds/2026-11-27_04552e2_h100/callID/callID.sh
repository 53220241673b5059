#!/usr/bin/env bash
# call ID: working tree on 04552e2 + ADDS's 32-bit row offsets (graph/narrow_offsets.hpp, GSSSP_ADDS_OFFSETS32) and the
# raise rule's found-share switch (GSSSP_ADDS_RAISE_FOUND). The native ADDS and generated-graph tests with the 32-bit
# offsets forced on every graph; then an A/B over the wider suite in one harness session, adds only, 2 rounds of 5:
# base (GSSSP_ADDS_OFFSETS32=0: 04552e2's kernels), off32 (the default), r25 (+ raise threshold 2.5), f8 (+ the rule
# looking once 1/8 of the vertices are found instead of 1/32).
set -uo pipefail
D=build/callsID
rm -rf build/gpu-bundle build/nt22
tar xJf $D/tests.tar.xz -C build && tar xf $D/graphs.tar -C build && tar xJf $D/native.tar.xz -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
python3 -c "import zipfile,glob,hashlib; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; d=zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'); open('build/libgsssp.so','wb').write(d); print(hashlib.md5(d).hexdigest())" | tee $OUT/lib.txt
export LD_LIBRARY_PATH=build
start=$(date +%s)
for t in adds generated_graphs; do
  GSSSP_ADDS_OFFSETS32=1 timeout 150 build/nt22/gsssp_${t}_test > $OUT/$t-offsets32.txt 2>&1
  echo "$t, GSSSP_ADDS_OFFSETS32=1: rc=$? $(grep -E 'checks:|^\[  (PASSED|FAILED)' $OUT/$t-offsets32.txt | tr '\n' ' ') t=$(( $(date +%s) - start )) s"
done
export BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs
OUT=$OUT/ab ROUNDS=2 REPS=5 ALGORITHMS=adds timeout 420 bash scripts/bench_libraries.sh benchmarks/suites/wider.txt \
  base=-,GSSSP_ADDS_OFFSETS32=0 off32=- r25=-,GSSSP_ADDS_RAISE=2.5 f8=-,GSSSP_ADDS_RAISE_FOUND=8 > $OUT/ab.txt 2>&1
echo "ab exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab/table.md
find $OUT/ab -name traces.csv -delete
gzip -9 $OUT/ab.txt $OUT/*-offsets32.txt
tar czf $OUT/ab.tgz -C $OUT ab && rm -rf $OUT/ab
exit 0
