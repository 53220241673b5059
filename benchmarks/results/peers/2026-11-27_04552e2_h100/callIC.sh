#!/usr/bin/env bash
# call IC (main at 04552e2: compact distances, NF's streaming edge loads, ADDS's raise rule): gsssp beside LonestarGPU
# Near-Far and the ADDS artifact over the wider suite (scripts/bench_peers.sh, -r 3 -w 1, peer timeout 25 s, as calls
# W and CG), then AddsRepeatedRunsTest over the wider suite (ADDS and Near-Far, 100 runs each per graph).
set -uo pipefail
C=build/callsIC
rm -rf build/gpu-bundle build/peers && tar xJf $C/tests.tar.xz -C build && tar xf $C/graphs.tar -C build \
  && tar xJf $C/peers.tar.xz -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
python3 -c "import zipfile,glob,hashlib; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; print(hashlib.md5(zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so')).hexdigest())" | tee $OUT/lib.txt
W=$OUT/w; mkdir -p $W; start=$(date +%s)
GSSSP_COMMIT=04552e2 OUT=$W/peers BENCH=build/gpu-bundle/gsssp-bench timeout 380 bash scripts/bench_peers.sh benchmarks/suites/wider.txt > $W/bench_peers.txt 2>&1
echo "bench_peers exit $? t=$(( $(date +%s) - start )) s"
grep -E "^\[" $W/bench_peers.txt | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)//'
left=$(( 575 - ($(date +%s) - start) ))
GSSSP_ADDS_REPEAT_SUITE=wider timeout $left build/gpu-bundle/run-tests.sh --details=tree --disable-ansi-colors --select-class org.gsssp.AddsRepeatedRunsTest > $W/repeat.log 2>&1
echo "repeat exit $? after $(( $(date +%s) - start )) s"
grep -E "tests (found|successful|failed|aborted)|✘" $W/repeat.log | head -20
find $W -name traces.csv -delete; gzip -9 $W/repeat.log
tar czf $OUT/w.tgz -C $OUT w && rm -rf $W
exit 0
