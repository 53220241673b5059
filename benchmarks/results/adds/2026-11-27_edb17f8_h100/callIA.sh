#!/usr/bin/env bash
# call IA: 4-byte search distances (common/compact_distances.cuh) in ADDS and Near-Far's persistent loop, working tree on
# d8b6cea. Every native GPU test (scripts/test_native_gpu.sh), the ADDS tests again with GSSSP_ADDS_COMPACT=0 and
# GSSSP_NF_COMPACT=0, then an A/B over the wider suite in one harness session: wide (both switches 0) against compact
# (the default), adds and near-far, 2 rounds of 5 timed runs after 1 warm-up.
set -uo pipefail
D=build/callsIA
rm -rf build/gpu-bundle build/nt22
tar xJf $D/tests.tar.xz -C build && tar xf $D/graphs.tar -C build && tar xJf $D/native.tar.xz -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
python3 -c "import zipfile,glob,hashlib; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; d=zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'); open('build/libgsssp.so','wb').write(d); print(hashlib.md5(d).hexdigest())" | tee $OUT/lib.txt
start=$(date +%s)
OUT=$OUT/native LIB=build RUN_TIMEOUT=150 bash scripts/test_native_gpu.sh build/nt22 > $OUT/native-summary.txt 2>&1
echo "native exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/native-summary.txt | tail -14
GSSSP_ADDS_COMPACT=0 GSSSP_NF_COMPACT=0 LD_LIBRARY_PATH=build timeout 150 build/nt22/gsssp_adds_test > $OUT/adds-compact-off.txt 2>&1
echo "adds, compact off: rc=$? $(grep -E 'checks|^\[  (PASSED|FAILED)' $OUT/adds-compact-off.txt | tr '\n' ' ') t=$(( $(date +%s) - start )) s"
export BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs
OUT=$OUT/ab ROUNDS=2 REPS=5 ALGORITHMS=adds,near-far timeout 330 bash scripts/bench_libraries.sh benchmarks/suites/wider.txt \
  wide=-,GSSSP_ADDS_COMPACT=0,GSSSP_NF_COMPACT=0 compact=- > $OUT/ab.txt 2>&1
echo "ab exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab/table.md
find $OUT/ab -name traces.csv -delete
gzip -9 $OUT/ab.txt $OUT/native/*.log 2>/dev/null; rm -f $OUT/native/*.xml
tar czf $OUT/ab.tgz -C $OUT ab && rm -rf $OUT/ab; tar cf $OUT/native.tar -C $OUT native && rm -rf $OUT/native
exit 0
