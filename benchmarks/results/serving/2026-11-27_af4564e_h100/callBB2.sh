#!/usr/bin/env bash
# call BB-2 (H100, on BB-1's warm machine): ServingBenchmark.residentOneTarget and residentQueryOnly on R-MAT 22 with
# the working tree's library (in the bundle's jar) and with c5e4dfa's (old), in turn.
set -uo pipefail
[ -x build/gpu-bundle/run-tests.sh ] || { rm -rf build/gpu-bundle; tar xJf build/callsBB/gpu-tests.tar.xz -C build; }
xz -dc build/callsBB/gsssp-bench.jar.xz > build/gpu-bundle/gsssp-bench.jar
libs="new"; [ -f build/callsBB/libgsssp-old.so.xz ] && { mkdir -p build/lib-old && xz -dc build/callsBB/libgsssp-old.so.xz > build/lib-old/libgsssp.so; libs="new old"; }
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
B=build/gpu-bundle/gsssp-bench; mkdir -p $OUT/serving; start=$(date +%s)
for lib in $libs; do
  opts=""; [ $lib = old ] && opts="-Dgsssp.library.path=$PWD/build/lib-old/libgsssp.so"
  JAVA_TOOL_OPTIONS="$opts" $B jmh 'ServingBenchmark.resident' -f 1 -wi 2 -i 5 -w 1s -r 1s -rf json -rff $OUT/serving/resident-$lib.json > $OUT/serving/resident-$lib.log 2>&1
  echo "$lib exit $? t=$(( $(date +%s) - start )) s"; grep -E "^ServingBenchmark.*(avgt|sample) |^KERNEL" $OUT/serving/resident-$lib.log | grep -v "p0.[0-9]*9" | head -14
done
gzip -9 $OUT/serving/*.log
