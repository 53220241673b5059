#!/usr/bin/env bash
# call CB (H100): the native tests against exp-sc's library (main ad3042e + streaming edge loads + the reached count
# from the atomics' old values), the resident probe on R-MAT 22 (main, sc), and an A/B main / stream / sc over ab3.txt.
set -uo pipefail
A=build/callsCA C=build/callsCB
rm -rf build/gpu-bundle build/ntCB && tar xJf $A/bench-slim.tar.xz -C build && tar xf $A/graphs-small.tar -C build && tar xJf $C/nt.tar.xz -C build || exit 3
mkdir -p build/libs/main build/libs/stream build/libs/sc
xz -dc $A/stream.so.xz > build/libs/stream/libgsssp.so; xz -dc $C/sc.so.xz > build/libs/sc/libgsssp.so
python3 -c "import zipfile; open('build/libs/main/libgsssp.so','wb').write(zipfile.ZipFile('build/gpu-bundle/lib/gsssp-0.1.0-SNAPSHOT.jar').read('native/linux-x86_64/libgsssp.so'))"
md5sum build/libs/*/libgsssp.so | tee $OUT/libs.txt
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
start=$(date +%s)
OUT=$OUT/native LIB=build/libs/sc RUN_TIMEOUT=150 bash scripts/test_native_gpu.sh build/ntCB > $OUT/native-summary.txt 2>&1
echo "native (sc) exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/native-summary.txt
for v in main sc main sc; do
  echo "== resident probe $v"; LD_LIBRARY_PATH=build/libs/$v timeout 120 build/ntCB/gsssp_time --probe --gen rmat:22 --only resident --repeat 30 2>&1 | grep -E "resident|probe"
done
for spec in random:1000:7 grid:2; do
  echo "== stage trace + profile, $spec (main)"; GSSSP_STAGE_TRACE=1 GSSSP_ADDS_PROFILE=1 LD_LIBRARY_PATH=build/libs/main timeout 60 build/ntCB/gsssp_time --gen $spec --only adds --repeat 6 2>&1 | grep -vE "^adds:|passed|^gsssp" | tail -24
done
echo "t=$(( $(date +%s) - start )) s"
export BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs
OUT=$OUT/ab3 ROUNDS=2 REPS=5 bash scripts/bench_libraries.sh $C/ab3.txt main=- stream=build/libs/stream/libgsssp.so sc=build/libs/sc/libgsssp.so > $OUT/ab3.txt 2>&1
echo "ab3 exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab3/table.md
gzip -9 $OUT/ab3.txt $OUT/native/*.log; rm -f $OUT/native/*.xml
tar czf $OUT/ab3.tgz -C $OUT ab3 && rm -rf $OUT/ab3; tar cf $OUT/native.tar -C $OUT native && rm -rf $OUT/native
exit 0
