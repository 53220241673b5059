#!/usr/bin/env bash
# call E (HEAD dd2dee6, after call D on the same machine): correctness. The whole Java GPU suite, the native driver
# --quick, and compute-sanitizer again where the first sweep found hazards or ran out of time (racecheck: near-far,
# block-bf, the matrix variants) and on the early exit after its fix (targets: all three tools)
set -uo pipefail
T0=$(date +%s)
[ -d build/gpu-bundle ] || { mkdir -p build && tar xJf build/carry3/gpu-host.tar.xz -C build; }
tar xJf build/calls/san-carry.tar.xz -C build
lib=$(mktemp -d)
python3 -c "import zipfile,sys,glob; zipfile.ZipFile([j for j in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in j][0]).extract('native/linux-x86_64/libgsssp.so', sys.argv[1])" $lib
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
W=/tmp/e; mkdir -p $W/san $W/suite
( OUT=$W/san CARRY=build/san-carry JOBS=8 RUN_TIMEOUT=300 ONLY=near-far,block-bf,da2cf-f-matrix,da2cf-u-matrix timeout 520 bash scripts/sanitize_native.sh racecheck > $W/san-racecheck.txt 2>&1
  echo "exit $?" >> $W/san-racecheck.txt ) &
s1=$!
( OUT=$W/san CARRY=build/san-carry JOBS=3 RUN_TIMEOUT=300 ONLY=targets timeout 520 bash scripts/sanitize_native.sh memcheck racecheck synccheck > $W/san-targets.txt 2>&1
  echo "exit $?" >> $W/san-targets.txt ) &
s2=$!
( LD_LIBRARY_PATH=$lib/native/linux-x86_64 timeout 300 build/selftest-mini/gsssp_selftest --quick > $W/selftest-quick.txt 2>&1; echo "selftest exit $?" >> $W/selftest-quick.txt ) &
s3=$!
OUT=$W/suite bash scripts/test_gpu_suite.sh 330 --include-tag gpu > $W/suite-summary.txt 2>&1
wait $s3
echo "== suite"; cat $W/suite-summary.txt
echo "== selftest"; grep -E "passed, .* failed|FAIL|exit" $W/selftest-quick.txt | head
wait $s1 $s2
echo "== sanitizer (after $(( $(date +%s) - T0 )) s)"; cat $W/san-racecheck.txt $W/san-targets.txt
gzip -9 $W/suite/tests.log
cp $W/suite-summary.txt $W/selftest-quick.txt $W/san-racecheck.txt $W/san-targets.txt $W/suite/tests.log.gz $OUT/
tar czf $OUT/san-logs.tgz -C $W san
