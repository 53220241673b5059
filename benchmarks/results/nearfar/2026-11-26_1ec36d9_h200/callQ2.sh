#!/usr/bin/env bash
# call Q2 (nf-persistent + GSSSP_NF_VARIANT 4, spread): native Near-Far tests under variant 7 (solo pile default and 0),
# then the harness on the 9-graph subset: variant 3 (Q1's best) against 7 with GSSSP_NF_SOLO_ITEMS unset / 32 / 0.
set -uo pipefail
C=build/callsQ
mkdir -p build && rm -rf build/bench-bundle build/ntP && tar xJf $C/bench.tar.xz -C build && tar xJf $C/nt.tar.xz -C build
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
lib=$PWD/build/lib; rm -rf $lib; mkdir -p $lib
python3 -c "import zipfile; zipfile.ZipFile('build/bench-bundle/gsssp-bench.jar').extract('native/linux-x86_64/libgsssp.so', '$lib')"
lib=$lib/native/linux-x86_64
W=$OUT/w; mkdir -p $W; start=$(date +%s)
rm -rf build/ntV && mkdir -p build/ntV && cp build/ntP/gsssp_generated_graphs_test build/ntP/gsssp_device_api_test build/ntP/gsssp_concurrency_test build/ntV/
for solo in default 0; do
  ( [ $solo = 0 ] && export GSSSP_NF_SOLO_ITEMS=0
    GSSSP_NF_PERSISTENT=2 GSSSP_NF_VARIANT=7 OUT=$W/native-7-$solo LIB=$lib RUN_TIMEOUT=150 bash scripts/test_native_gpu.sh build/ntV > $W/native-7-$solo.txt 2>&1 )
  echo "native variant 7 solo $solo exit $?"; cat $W/native-7-$solo.txt | head -12
done
echo "t=$(( $(date +%s) - start )) s"
mkdir -p ../shared; ln -sfn "$(cd $C/graphs && pwd)" ../shared/graphs
cp $C/nf-subset.txt benchmarks/suites/nf-subset.txt
for run in 3:default 7:default 7:32 7:0 3:default; do
  v=${run%%:*}; solo=${run##*:}
  ( [ $solo != default ] && export GSSSP_NF_SOLO_ITEMS=$solo
    GSSSP_NF_PERSISTENT=2 GSSSP_NF_VARIANT=$v build/bench-bundle/gsssp-bench run --suite benchmarks/suites/nf-subset.txt -a near-far \
    -r 2 -w 1 -o $W/v$v-solo$solo-$(date +%s) > $W/v$v-solo$solo.log 2>&1 )
  echo "variant $v solo $solo runner exit $?"
  grep -E '^\[' $W/v$v-solo$solo.log | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)//'
  echo "t=$(( $(date +%s) - start )) s"
done
gzip -9 $W/native-*/*.log 2>/dev/null; rm -f $W/native-*/*.xml
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
