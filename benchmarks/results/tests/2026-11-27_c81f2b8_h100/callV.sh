#!/usr/bin/env bash
# call V (main at c81f2b8: ADDS's spread on by default, cooperative_blocks_per_sm): the native GPU tests (all but the
# one past 2^31 edges), the Java GPU suite (USA-road-t.NY left out of the carry), then 100 runs each of ADDS and
# Near-Far on every wider-suite graph (AddsRepeatedRunsTest, GSSSP_ADDS_REPEAT_SUITE=wider).
set -uo pipefail
C=build/callsV
mkdir -p build && rm -rf build/gpu-bundle build/ntV && tar xJf $C/gpu-tests.tar.xz -C build && tar xf $C/graphs.tar -C build \
  && tar xJf $C/nt.tar.xz -C build
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
python3 -c "import zipfile,hashlib,glob; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-*.jar') if 'tests' not in x][0]; d=zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'); print(j, hashlib.md5(d).hexdigest(), b'GSSSP_ADDS_SPREAD' in d)" | tee $OUT/lib.txt
W=$OUT/w; mkdir -p $W/native $W/suite; start=$(date +%s)
OUT=$W/native RUN_TIMEOUT=150 bash scripts/test_native_gpu.sh build/ntV > $W/native/summary.txt 2>&1
echo "native exit $?"; head -30 $W/native/summary.txt
echo "t=$(( $(date +%s) - start )) s"
OUT=$W/suite bash scripts/test_gpu_suite.sh 330 --include-tag gpu
echo "suite exit $?"
echo "t=$(( $(date +%s) - start )) s"
mkdir -p ../shared; ln -sfn "$(cd build/gpu-bundle/graphs && pwd)" ../shared/graphs
for f in build/gpu-bundle/graphs/delaunay_n15.graph.gz; do [ -f ${f%.gz} ] || gunzip -kf $f; done
left=$(( 560 - ($(date +%s) - start) ))
GSSSP_ADDS_REPEAT_SUITE=wider timeout $left build/gpu-bundle/run-tests.sh --details=tree --disable-ansi-colors --select-class org.gsssp.AddsRepeatedRunsTest > $W/repeat.log 2>&1
echo "repeat exit $? after $(( $(date +%s) - start )) s"
grep -E "tests (found|successful|failed|aborted)|✘" $W/repeat.log | head -20
gzip -9 $W/native/*.log $W/suite/tests.log $W/repeat.log 2>/dev/null; rm -f $W/native/*.xml
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
