#!/usr/bin/env bash
# call Q1 (nf-persistent + GSSSP_NF_VARIANT): the small-pile levers in the persistent Near-Far (grid.sync(), mode 2).
# Native Near-Far tests under variants 3 and 1; then the harness on 9 graphs (build/callsQ/nf-subset.txt, paths as from
# benchmarks/suites/) per variant 0 / 1 / 2 / 3, -a near-far -r 2 -w 1, LonestarGPU Near-Far beside variant 0.
set -uo pipefail
C=build/callsQ
mkdir -p build && rm -rf build/bench-bundle build/ntP && tar xJf $C/bench.tar.xz -C build && tar xJf $C/nt.tar.xz -C build
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
lib=$PWD/build/lib; mkdir -p $lib
python3 -c "import zipfile; zipfile.ZipFile('build/bench-bundle/gsssp-bench.jar').extract('native/linux-x86_64/libgsssp.so', '$lib')"
lib=$lib/native/linux-x86_64; echo "$lib" > build/libpath.txt
W=$OUT/w; mkdir -p $W; start=$(date +%s)
rm -rf build/ntV && mkdir -p build/ntV && cp build/ntP/gsssp_generated_graphs_test build/ntP/gsssp_device_api_test build/ntP/gsssp_concurrency_test build/ntV/
for v in 3 1; do
  GSSSP_NF_PERSISTENT=2 GSSSP_NF_VARIANT=$v OUT=$W/native-v$v LIB=$lib RUN_TIMEOUT=150 bash scripts/test_native_gpu.sh build/ntV > $W/native-v$v.txt 2>&1
  echo "native variant $v exit $?"; cat $W/native-v$v.txt | head -12
done
echo "t=$(( $(date +%s) - start )) s"
mkdir -p ../shared; ln -sfn "$(cd $C/graphs && pwd)" ../shared/graphs
cp $C/nf-subset.txt benchmarks/suites/nf-subset.txt
for v in 0 1 2 3; do
  peer=(); [ $v = 0 ] && peer=(--peer nf=$C/peers/nf_fix2 --peer-timeout 25)
  GSSSP_NF_PERSISTENT=2 GSSSP_NF_VARIANT=$v build/bench-bundle/gsssp-bench run --suite benchmarks/suites/nf-subset.txt -a near-far \
    -r 2 -w 1 -o $W/v$v "${peer[@]}" > $W/v$v.log 2>&1
  echo "variant $v runner exit $?"
  grep -E '^\[' $W/v$v.log | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)//'
  echo "t=$(( $(date +%s) - start )) s"
done
gzip -9 $W/native-v*/*.log 2>/dev/null; rm -f $W/native-v*/*.xml
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
