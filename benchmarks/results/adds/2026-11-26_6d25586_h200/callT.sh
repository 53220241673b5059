#!/usr/bin/env bash
# call T (branch adds-spread: ADDS's expand_items spreads an assignment smaller than the block over every warp when
# GSSSP_ADDS_SPREAD=1): ADDS's native tests under the switch; then the wider suite in the harness, -a adds -r 3 -w 1,
# with 02d270d's library (main), this library with the switch off, on, off, and main's again.
set -uo pipefail
C=build/callsT
mkdir -p build && rm -rf build/bench-bundle build/ntT && tar xJf $C/bench.tar.xz -C build && tar xJf $C/nt.tar.xz -C build
mkdir -p build/mainlib && xz -dc $C/libgsssp-main.so.xz > build/mainlib/libgsssp.so
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
lib=$PWD/build/lib; rm -rf $lib; mkdir -p $lib
python3 -c "import zipfile; zipfile.ZipFile('build/bench-bundle/gsssp-bench.jar').extract('native/linux-x86_64/libgsssp.so', '$lib')"
lib=$lib/native/linux-x86_64
W=$OUT/w; mkdir -p $W; start=$(date +%s)
GSSSP_ADDS_SPREAD=1 OUT=$W/native LIB=$lib RUN_TIMEOUT=120 bash scripts/test_native_gpu.sh build/ntT > $W/native.txt 2>&1
echo "native (spread) exit $?"; cat $W/native.txt | head -8
echo "t=$(( $(date +%s) - start )) s"
mkdir -p ../shared; ln -sfn "$(cd $C/graphs && pwd)" ../shared/graphs
grep -v '^#' benchmarks/suites/wider.txt | grep . > benchmarks/suites/wider-all.txt
for run in main off on off2 on2 main2; do
  ( case $run in main*) export JAVA_TOOL_OPTIONS="-Dgsssp.library.path=$PWD/build/mainlib/libgsssp.so";; on*) export GSSSP_ADDS_SPREAD=1;; esac
    build/bench-bundle/gsssp-bench run --suite benchmarks/suites/wider-all.txt -a adds -r 3 -w 1 -o $W/$run > $W/$run.log 2>&1 )
  echo "$run runner exit $?"
  grep -E '^\[' $W/$run.log | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)//; s/,seed=1,w=/ w=/'
  echo "t=$(( $(date +%s) - start )) s"
  [ $(( $(date +%s) - start )) -gt 420 ] && break
done
gzip -9 $W/native/*.log $W/*.log 2>/dev/null; rm -f $W/native/*.xml
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
