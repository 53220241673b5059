#!/usr/bin/env bash
# call Q4 (kVariantBlockFarMin, bit 8): native Near-Far tests under GSSSP_NF_VARIANT=15; then the wider suite in the
# harness, -a near-far -r 2 -w 1, variant 7 (the default) and 15 in turn, twice.
set -uo pipefail
C=build/callsQ
mkdir -p build && rm -rf build/bench-bundle build/ntP && tar xJf $C/bench.tar.xz -C build && tar xJf $C/nt.tar.xz -C build
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
lib=$PWD/build/lib; rm -rf $lib; mkdir -p $lib
python3 -c "import zipfile; zipfile.ZipFile('build/bench-bundle/gsssp-bench.jar').extract('native/linux-x86_64/libgsssp.so', '$lib')"
lib=$lib/native/linux-x86_64
W=$OUT/w; mkdir -p $W; start=$(date +%s)
rm -rf build/ntV && mkdir -p build/ntV && cp build/ntP/gsssp_generated_graphs_test build/ntP/gsssp_device_api_test build/ntP/gsssp_concurrency_test build/ntV/
GSSSP_NF_VARIANT=15 OUT=$W/native-15 LIB=$lib RUN_TIMEOUT=150 bash scripts/test_native_gpu.sh build/ntV > $W/native-15.txt 2>&1
echo "native variant 15 exit $?"; cat $W/native-15.txt | head -12
mkdir -p ../shared; ln -sfn "$(cd $C/graphs && pwd)" ../shared/graphs
grep -v '^#' benchmarks/suites/wider.txt | grep . > benchmarks/suites/wider-all.txt
for run in 7a 15a 7b 15b; do
  ( export GSSSP_NF_VARIANT=${run%?}
    build/bench-bundle/gsssp-bench run --suite benchmarks/suites/wider-all.txt -a near-far -r 2 -w 1 -o $W/v$run > $W/v$run.log 2>&1 )
  echo "variant $run runner exit $?"
  grep -E '^\[' $W/v$run.log | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)//; s/,seed=1,w=/ w=/'
  echo "t=$(( $(date +%s) - start )) s"
done
gzip -9 $W/native-*/*.log 2>/dev/null; rm -f $W/native-*/*.xml
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
