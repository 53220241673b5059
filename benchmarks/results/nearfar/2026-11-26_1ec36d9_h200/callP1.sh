#!/usr/bin/env bash
# call P1 (nf-persistent, rebased on 8c1ab5c): Near-Far's persistent loop on a GPU for the first time.
# A smoke run per mode (timeout 60 s), the native GPU tests that cover Near-Far once per GSSSP_NF_PERSISTENT mode
# 0 / 1 / 2, then scripts/bench_nf_persistent.sh (road NY, grid 2048^2, R-MAT 22, random 4M x 7; 5 runs each).
set -uo pipefail
C=build/callsP
mkdir -p build && rm -rf build/bench-bundle build/ntP && tar xJf $C/bench.tar.xz -C build && tar xJf $C/nt.tar.xz -C build
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
lib=$PWD/build/lib; mkdir -p $lib
python3 -c "import zipfile; zipfile.ZipFile('build/bench-bundle/gsssp-bench.jar').extract('native/linux-x86_64/libgsssp.so', '$lib')"
lib=$lib/native/linux-x86_64; echo "$lib" > build/libpath.txt
W=$OUT/w; mkdir -p $W; start=$(date +%s)
for m in 0 1 2; do
  GSSSP_NF_PERSISTENT=$m LD_LIBRARY_PATH=$lib timeout 60 build/ntP/gsssp_time --gr $C/graphs/USA-road-d.NY.gr.gz --only near-far --repeat 3 > $W/smoke$m.log 2>&1
  echo "smoke mode $m exit $?"; grep -E 'near-far|gsssp:|FAIL|differ' $W/smoke$m.log | head -6
done
echo "t=$(( $(date +%s) - start )) s"
OUT=$W/native LIB=$lib RUN_TIMEOUT=150 NF_PERSISTENT_MODES="0 1 2" bash scripts/test_native_gpu.sh build/ntP > $W/native-summary.txt 2>&1
echo "native exit $?"; cat $W/native-summary.txt | head -40
echo "t=$(( $(date +%s) - start )) s"
OUT=$W/ab LIB=$lib GRAPHS=$C/graphs REPEAT=5 RUN_TIMEOUT=120 bash scripts/bench_nf_persistent.sh build/ntP
echo "ab exit $?; t=$(( $(date +%s) - start )) s"
gzip -9 $W/native/*.log $W/ab/*.log 2>/dev/null; rm -f $W/native/*.xml
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
