#!/usr/bin/env bash
# call CE-1 (H100): main's HEAD (6f3eb38: streaming edge loads by the L2 rule): the native tests against the bundle jar's
# library, then its A/B in one library: the rule (auto) against GSSSP_ADDS_STREAM=1 (always) and =0 (never).
set -uo pipefail
C=build/callsCE
rm -rf build/gpu-bundle build/ntCE && tar xJf $C/bench-slim.tar.xz -C build && tar xf build/callsCD/graphs.tar -C build && tar xJf $C/nt.tar.xz -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
python3 -c "import zipfile,hashlib; print(hashlib.md5(zipfile.ZipFile('build/gpu-bundle/lib/gsssp-0.1.0-SNAPSHOT.jar').read('native/linux-x86_64/libgsssp.so')).hexdigest())" | tee $OUT/lib.txt
W=$OUT/w; mkdir -p $W
start=$(date +%s)
OUT=$W/native RUN_TIMEOUT=150 bash scripts/test_native_gpu.sh build/ntCE > $W/native-summary.txt 2>&1
echo "native exit $? t=$(( $(date +%s) - start )) s"; cat $W/native-summary.txt
export BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs
OUT=$W/ab5 ROUNDS=2 REPS=5 bash scripts/bench_libraries.sh $C/ab5.txt auto=- always=-,GSSSP_ADDS_STREAM=1 never=-,GSSSP_ADDS_STREAM=0 > $W/ab5.txt 2>&1
echo "ab5 exit $? t=$(( $(date +%s) - start )) s"; cat $W/ab5/table.md
gzip -9 $W/native/*.log $W/ab5.txt; rm -f $W/native/*.xml
tar czf $OUT/w.tgz -C $OUT w && rm -rf $W
exit 0
