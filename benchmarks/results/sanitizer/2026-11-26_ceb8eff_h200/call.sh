#!/usr/bin/env bash
# call C (HEAD ceb8eff): correctness of the multi-source Bellman-Ford, the batch entry point and ADDS's early exit
# (native driver --quick, the Java GPU tests that cover them) beside the compute-sanitizer sweep (JOBS=12)
set -uo pipefail
T0=$(date +%s)
mkdir -p build && tar xJf build/carry2/gpu-host.tar.xz -C build && tar xJf build/calls/san-carry.tar.xz -C build
lib=$(mktemp -d)
python3 -c "import zipfile,sys,glob; zipfile.ZipFile([j for j in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in j][0]).extract('native/linux-x86_64/libgsssp.so', sys.argv[1])" $lib
nvidia-smi --query-gpu=name,driver_version,memory.used,memory.total --format=csv,noheader | tee $OUT/gpu.txt
W=/tmp/w; mkdir -p $W/san
( OUT=$W/san CARRY=build/san-carry JOBS=12 RUN_TIMEOUT=240 timeout 470 bash scripts/sanitize_native.sh memcheck racecheck synccheck > $W/san-summary.txt 2>&1; echo "sanitize exit $?" >> $W/san-summary.txt ) &
san=$!
( LD_LIBRARY_PATH=$lib/native/linux-x86_64 timeout 200 build/selftest-mini/gsssp_selftest --quick > $W/selftest-quick.txt 2>&1; echo "selftest exit $?" >> $W/selftest-quick.txt ) &
st=$!
timeout 300 build/gpu-bundle/run-tests.sh --details=tree --select-class org.gsssp.MultiBellmanFordGpuTest --select-class org.gsssp.EarlyExitGpuTest --select-class org.gsssp.BatchGpuTest > $W/tests.txt 2>&1
echo "java tests exit $?" >> $W/tests.txt
wait $st
echo "== selftest"; grep -E "passed, .* failed|FAIL|exit" $W/selftest-quick.txt | head -20
echo "== java"; grep -E "tests (successful|failed|found)|✘|exit" $W/tests.txt | head -20
wait $san
echo "== sanitizer (after $(( $(date +%s) - T0 )) s)"; grep -v "| exit 0 |" $W/san-summary.txt | head -40
grep -c "| exit 0 |" $W/san-summary.txt
cp $W/san-summary.txt $W/selftest-quick.txt $W/tests.txt $OUT/
tar czf $OUT/san-logs.tgz -C $W san
